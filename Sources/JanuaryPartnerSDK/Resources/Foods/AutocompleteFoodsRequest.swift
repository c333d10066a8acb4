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

    /// Only `.generic` or only `.branded` foods, or `nil` (the default) for both, generic
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
        return try JanuaryOperation.autocompleteFoods.request(query: items)
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

    /// Encodes the suggestions as January writes it.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: WireKey.self)
        try container.encode(items, forKey: Keys.items)
    }

    private enum Keys {
        static var items: WireKey { WireKey("items") }
    }

    /// Decodes the response; a missing `items` decodes as empty.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` when a suggestion is malformed.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: WireKey.self)
        self.items = try container.decodeList([FoodSuggestion].self, forKey: Keys.items)
    }
}

/// A type-ahead suggestion from ``JanuaryPartnerClient/Foods/autocomplete(_:)``: enough to show a row, with only
/// calories for nutrition.
///
/// Get the full food with ``JanuaryPartnerClient/Foods/get(id:)`` when the user picks one.
public struct FoodSuggestion: Sendable, Hashable, Codable, Identifiable {
    /// The food's id.
    public var id: FoodID

    /// Generic or branded.
    public var type: FoodType?

    /// The name; generic names are lower case.
    public var name: String?

    /// The brand, for a branded product.
    public var brandName: String?

    /// A thumbnail.
    public var imageURL: URL?

    /// Only ``NutritionFacts/calories`` of one default serving, when known; may be empty.
    public var nutrients: NutritionFacts

    /// Creates a suggestion, for previews and tests.
    ///
    /// - Parameters:
    ///   - id: The food's id.
    ///   - type: Generic or branded.
    ///   - name: The name.
    ///   - brandName: The brand.
    ///   - imageURL: A thumbnail.
    ///   - nutrients: Calories of one default serving.
    public init(
        id: FoodID,
        type: FoodType? = nil,
        name: String? = nil,
        brandName: String? = nil,
        imageURL: URL? = nil,
        nutrients: NutritionFacts = NutritionFacts()
    ) {
        self.id = id
        self.type = type
        self.name = name
        self.brandName = brandName
        self.imageURL = imageURL
        self.nutrients = nutrients
    }

    private enum Keys {
        static var id: WireKey { WireKey("id") }
        static var type: WireKey { WireKey("type") }
        static var name: WireKey { WireKey("name") }
        static var brandName: WireKey { WireKey("brand_name") }
        static var imageURL: WireKey { WireKey("image_url") }
        static var nutrients: WireKey { WireKey("nutrients") }
    }

    /// Decodes a suggestion; only the `id` is required.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` when the `id` is missing or a present value has the wrong type.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: WireKey.self)
        self.id = try container.decode(FoodID.self, forKey: Keys.id)
        self.type = try container.decodeIfPresent(FoodType.self, forKey: Keys.type)
        self.name = try container.decodeIfPresent(String.self, forKey: Keys.name)
        self.brandName = try container.decodeIfPresent(String.self, forKey: Keys.brandName)
        self.imageURL = container.decodeURLIfPresent(forKey: Keys.imageURL)
        self.nutrients = try container.decodeNutrition(forKey: Keys.nutrients)
    }

    /// Encodes the suggestion with January's keys, `null` for missing values.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: WireKey.self)
        try container.encode(id, forKey: Keys.id)
        try container.encodeNullable(type, forKey: Keys.type)
        try container.encodeNullable(name, forKey: Keys.name)
        try container.encodeNullable(brandName, forKey: Keys.brandName)
        try container.encodeNullableURL(imageURL, forKey: Keys.imageURL)
        try container.encode(nutrients, forKey: Keys.nutrients)
    }
}

extension AutocompleteFoodsResponse {
    /// Hashes the suggestions' ids alone: equal responses have equal ids.
    ///
    /// Hashing every nested value as well compiled a copy of the standard library's array hashing for each nested
    /// type into the app (Docs/Benchmarks.md, "Size in an app"); values that compare equal still hash equally.
    ///
    /// - Parameter hasher: The hasher to feed.
    public func hash(into hasher: inout Hasher) {
        for item in items {
            hasher.combine(item.id)
        }
    }
}
