import Foundation

/// Dishes matching a search at restaurants near a location, nearest first.
public struct SearchRestaurantMenuItemsResponse: Sendable, Hashable, Codable {
    /// The dishes; empty when none matched, which is not an error.
    public var items: [RestaurantMenuSearchItem]

    /// Creates a response.
    ///
    /// - Parameter items: The results.
    public init(items: [RestaurantMenuSearchItem]) {
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
        self.items = try container.decodeList([RestaurantMenuSearchItem].self, forKey: .items)
    }
}
