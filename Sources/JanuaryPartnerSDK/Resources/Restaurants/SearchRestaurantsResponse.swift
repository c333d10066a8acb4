import Foundation

/// Restaurants matching a search, nearest first.
public struct SearchRestaurantsResponse: Sendable, Hashable, Codable {
    /// The restaurants; empty when none matched, which is not an error.
    public var items: [Restaurant]

    /// Creates a response.
    ///
    /// - Parameter items: The results.
    public init(items: [Restaurant]) {
        self.items = items
    }

    enum CodingKeys: String, CodingKey {
        case items
    }

    /// Decodes the response; a missing `items` decodes as empty.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` when a result is malformed.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.items = try container.decodeList([Restaurant].self, forKey: .items)
    }
}
