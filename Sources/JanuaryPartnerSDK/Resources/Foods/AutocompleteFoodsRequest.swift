import Foundation
import JanuaryCore

/// A type-ahead lookup of food names as the user types.
///
/// A query with fewer than two letters or digits returns no suggestions rather than an error.
///
/// ```swift
/// let suggestions = try await january.foods.autocomplete(AutocompleteFoodsRequest(query: "ban"))
/// ```
public struct AutocompleteFoodsRequest: Sendable, Hashable {
    /// What the user has typed so far: at most 64 characters.
    public var query: String

    /// Only ``FoodType/generic`` or only ``FoodType/branded`` foods, or `nil` (the default) for both, generic
    /// first. Autocomplete has no recipes.
    public var type: FoodType?

    /// How many suggestions: 1 to 20. Defaults to 8.
    public var limit: Int

    /// Creates a lookup.
    ///
    /// - Parameters:
    ///   - query: What the user has typed: at most 64 characters.
    ///   - type: Generic or branded only; `nil` for both.
    ///   - limit: How many suggestions: 1 to 20.
    public init(query: String, type: FoodType? = nil, limit: Int = 8) {
        self.query = query
        self.type = type
        self.limit = limit
    }

    /// Checks January's rules, so that a mistake costs no request.
    ///
    /// - Throws: `JanuaryError` of category `invalidInput` naming the field that breaks a rule.
    public func validate() throws {
        try Validation.text(query, field: "AutocompleteFoodsRequest.query", length: 0...64, allowsBlank: true)
        try Validation.integer(limit, field: "AutocompleteFoodsRequest.limit", in: 1...20)
        if type == .recipe {
            throw JanuaryError.invalidInput("AutocompleteFoodsRequest.type must be generic or branded; use search.")
        }
    }

    func makeRequest() throws -> JanuaryRequest {
        try validate()
        var items = [URLQueryItem(name: "query", value: query)]
        if let type {
            items.append(URLQueryItem(name: "type", value: type.rawValue))
        }
        items.append(URLQueryItem("limit", number: limit))
        return JanuaryRequest(method: .get, path: "/v1.2/foods/autocomplete", queryItems: items)
    }
}

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
