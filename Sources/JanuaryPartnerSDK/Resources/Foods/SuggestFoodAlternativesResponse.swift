import Foundation

/// Healthier alternatives to a food.
public struct SuggestFoodAlternativesResponse: Sendable, Hashable, Codable {
    /// The alternatives; empty when January has none, which is not an error.
    public var alternatives: [AlternativeFood]

    /// Creates a response.
    ///
    /// - Parameter alternatives: The alternatives.
    public init(alternatives: [AlternativeFood]) {
        self.alternatives = alternatives
    }

    enum CodingKeys: String, CodingKey {
        case alternatives
    }

    /// Decodes the response; a missing `alternatives` decodes as empty.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` when an alternative is malformed.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.alternatives = try container.decodeList([AlternativeFood].self, forKey: .alternatives)
    }
}
