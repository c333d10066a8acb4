import Foundation

/// One page of a restaurant's menu, ordered by name.
public struct GetRestaurantMenuItemsResponse: Sendable, Hashable, Codable {
    /// The dishes; empty when the restaurant has no menu or the offset is past its end. A page shorter than
    /// the request's limit is the last.
    public var items: [RestaurantMenuItem]

    /// Creates a response.
    ///
    /// - Parameter items: The results.
    public init(items: [RestaurantMenuItem]) {
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
        self.items = try container.decodeList([RestaurantMenuItem].self, forKey: .items)
    }
}
