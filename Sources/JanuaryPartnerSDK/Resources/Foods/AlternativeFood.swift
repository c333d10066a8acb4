import Foundation

/// A healthier food January suggests instead of another, with a recommended portion.
///
/// Each of ``servings`` has ``ServingSummary/quantity`` set to the recommended portion of that serving.
public struct AlternativeFood: Sendable, Hashable, Codable, Identifiable {
    /// The alternative's id.
    public var id: FoodID

    /// The name.
    public var name: String?

    /// The brand, for a branded product.
    public var brandName: String?

    /// The alternative's nutrients.
    public var nutrients: NutritionFacts

    /// Servings with the recommended portion; may be empty.
    public var servings: [ServingSummary]

    /// Creates an alternative, for previews and tests.
    ///
    /// - Parameters:
    ///   - id: The food's id.
    ///   - name: The name.
    ///   - brandName: The brand.
    ///   - nutrients: The nutrients.
    ///   - servings: Servings with the recommended portion.
    public init(
        id: FoodID,
        name: String? = nil,
        brandName: String? = nil,
        nutrients: NutritionFacts = NutritionFacts(),
        servings: [ServingSummary] = []
    ) {
        self.id = id
        self.name = name
        self.brandName = brandName
        self.nutrients = nutrients
        self.servings = servings
    }

    enum CodingKeys: String, CodingKey {
        case id
        case name
        case brandName = "brand_name"
        case nutrients
        case servings
    }

    /// Older contracts wrapped each alternative as `{"food": {…}}`.
    private enum WrapperKeys: String, CodingKey {
        case food
    }

    /// Decodes an alternative; only the `id` is required. Also reads the older `{"food": {…}}` wrapping.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` when the `id` is missing or a present value has the wrong type.
    public init(from decoder: any Decoder) throws {
        var container = try decoder.container(keyedBy: CodingKeys.self)
        if !container.contains(.id) {
            let wrapper = try decoder.container(keyedBy: WrapperKeys.self)
            if wrapper.contains(.food) {
                container = try wrapper.nestedContainer(keyedBy: CodingKeys.self, forKey: .food)
            }
        }
        self.id = try container.decode(FoodID.self, forKey: .id)
        self.name = try container.decodeIfPresent(String.self, forKey: .name)
        self.brandName = try container.decodeIfPresent(String.self, forKey: .brandName)
        self.nutrients = try container.decodeNutrition(forKey: .nutrients)
        self.servings = try container.decodeList([ServingSummary].self, forKey: .servings)
    }

    /// Encodes the alternative with January's keys, `null` for missing values.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encodeNullable(name, forKey: .name)
        try container.encodeNullable(brandName, forKey: .brandName)
        try container.encode(nutrients, forKey: .nutrients)
        try container.encode(servings, forKey: .servings)
    }
}
