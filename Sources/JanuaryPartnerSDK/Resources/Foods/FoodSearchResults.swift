import Foundation

/// One page of a food search: the best match first.
public struct FoodSearchResults: Sendable, Hashable, Codable {
    /// The foods found; empty when nothing matched, which is not an error. Each lists its default serving only.
    public var items: [Food]

    /// Creates a page of results.
    ///
    /// - Parameter items: The foods found.
    public init(items: [Food]) {
        self.items = items
    }

    enum CodingKeys: String, CodingKey {
        case items
    }

    /// Decodes a page; a missing `items` decodes as empty.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` when a food is malformed.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.items = try container.decodeList([Food].self, forKey: .items)
    }
}
