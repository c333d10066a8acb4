import Foundation

// The tolerance rules every model follows: a missing key and `null` mean the same, a list or a nutrition object
// January promises but does not send is empty rather than fatal, and unknown keys are ignored (no model lists
// them). Only an identity the model cannot exist without, such as an `id`, makes decoding fail.
extension KeyedDecodingContainer {
    /// A list, or `[]` when the key is missing or `null`.
    func decodeList<Element: Decodable>(_ type: [Element].Type, forKey key: Key) throws -> [Element] {
        try decodeIfPresent(type, forKey: key) ?? []
    }

    /// Nutrition facts, or empty facts when the key is missing or `null`.
    func decodeNutrition(forKey key: Key) throws -> NutritionFacts {
        try decodeIfPresent(NutritionFacts.self, forKey: key) ?? NutritionFacts()
    }

    /// A URL sent as a string, or `nil` when the key is missing, `null`, not a string or not a URL: an image
    /// link is decoration, and a bad one must not cost the partner the food it belongs to.
    func decodeURLIfPresent(forKey key: Key) -> URL? {
        guard let text = (try? decodeIfPresent(String.self, forKey: key)) ?? nil, !text.isEmpty else {
            return nil
        }
        return URL(string: text)
    }
}

extension KeyedEncodingContainer {
    /// Writes a value, or an explicit `null` when there is none: January's response shapes list every key, and
    /// some request shapes (a correction's `confidence`, `name`, `unit`) require the key even when it is `null`.
    mutating func encodeNullable<Value: Encodable>(_ value: Value?, forKey key: Key) throws {
        if let value {
            try encode(value, forKey: key)
        } else {
            try encodeNil(forKey: key)
        }
    }

    /// Writes a URL as its string, or an explicit `null`.
    mutating func encodeNullableURL(_ url: URL?, forKey key: Key) throws {
        try encodeNullable(url?.absoluteString, forKey: key)
    }
}

/// The answer of a list endpoint January wraps as `{"items": […]}`; a missing or `null` list means none.
///
/// The internal log lists (food, water and weight) decode through this one type. The public pages, such as
/// `FoodSearchResults`, keep types of their own: each documents what its empty list means to a partner.
struct ListResponse<Item: Decodable>: Decodable {
    var items: [Item]

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: WireKey.self)
        self.items = try container.decodeList([Item].self, forKey: Keys.items)
    }

    private enum Keys {
        static var items: WireKey { WireKey("items") }
    }
}
