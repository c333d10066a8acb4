import Foundation

/// Type-ahead suggestions, generic foods first unless a type was asked for.
public struct AutocompleteFoodsResponse: Sendable, Hashable, Codable {
    /// The suggestions; empty when the query has fewer than two letters or digits, nothing matched, or January's
    /// search index was unavailable (autocomplete fails open rather than with an error).
    public var items: [FoodSuggestion]

    /// Creates a response.
    ///
    /// - Parameter items: The suggestions.
    public init(items: [FoodSuggestion]) {
        self.items = items
    }

    enum CodingKeys: String, CodingKey {
        case items
    }

    /// Decodes the response; a missing `items` decodes as empty.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` when a suggestion is malformed.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.items = try container.decodeList([FoodSuggestion].self, forKey: .items)
    }
}
