import Foundation

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

    enum CodingKeys: String, CodingKey {
        case id
        case type
        case name
        case brandName = "brand_name"
        case imageURL = "image_url"
        case nutrients
    }

    /// Decodes a suggestion; only the `id` is required.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` when the `id` is missing or a present value has the wrong type.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.id = try container.decode(FoodID.self, forKey: .id)
        self.type = try container.decodeIfPresent(FoodType.self, forKey: .type)
        self.name = try container.decodeIfPresent(String.self, forKey: .name)
        self.brandName = try container.decodeIfPresent(String.self, forKey: .brandName)
        self.imageURL = container.decodeURLIfPresent(forKey: .imageURL)
        self.nutrients = try container.decodeNutrition(forKey: .nutrients)
    }

    /// Encodes the suggestion with January's keys, `null` for missing values.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encodeNullable(type, forKey: .type)
        try container.encodeNullable(name, forKey: .name)
        try container.encodeNullable(brandName, forKey: .brandName)
        try container.encodeNullableURL(imageURL, forKey: .imageURL)
        try container.encode(nutrients, forKey: .nutrients)
    }
}
