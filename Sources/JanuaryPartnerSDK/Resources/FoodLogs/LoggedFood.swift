import Foundation

/// One food of a ``FoodLog``: what was eaten, how much, and its nutrition for that portion.
///
/// The nutrients are already scaled to the portion eaten; do not multiply them by ``quantity`` again.
public struct LoggedFood: Hashable, Sendable, Codable {
    /// The food in January's catalogue.
    public var foodID: FoodID

    /// The food's name, when the catalogue has one.
    public var name: String?

    /// The brand, for a branded food.
    public var brandName: String?

    /// A picture of the food, when there is one.
    public var imageURL: URL?

    /// The food's glycemic index, when known.
    public var glycemicIndex: Double?

    /// The glycemic load of the portion eaten, when known.
    public var glycemicLoad: Double?

    /// The nutrition of the portion eaten; a nutrient January has no value for is absent, not zero.
    public var nutrients: NutritionFacts

    /// How many servings were eaten, when known.
    public var quantity: Double?

    /// The serving that ``quantity`` counts.
    public var serving: ServingSummary

    /// Creates a logged food, as your tests may need.
    ///
    /// - Parameters:
    ///   - foodID: The food in January's catalogue.
    ///   - name: The food's name.
    ///   - brandName: The brand, for a branded food.
    ///   - imageURL: A picture of the food.
    ///   - glycemicIndex: The food's glycemic index.
    ///   - glycemicLoad: The glycemic load of the portion eaten.
    ///   - nutrients: The nutrition of the portion eaten.
    ///   - quantity: How many servings were eaten.
    ///   - serving: The serving that `quantity` counts.
    public init(
        foodID: FoodID,
        name: String? = nil,
        brandName: String? = nil,
        imageURL: URL? = nil,
        glycemicIndex: Double? = nil,
        glycemicLoad: Double? = nil,
        nutrients: NutritionFacts,
        quantity: Double?,
        serving: ServingSummary
    ) {
        self.foodID = foodID
        self.name = name
        self.brandName = brandName
        self.imageURL = imageURL
        self.glycemicIndex = glycemicIndex
        self.glycemicLoad = glycemicLoad
        self.nutrients = nutrients
        self.quantity = quantity
        self.serving = serving
    }

    /// Decodes a logged food from January's JSON; missing or `null` nutrients read as none, and an image URL
    /// that is not a string or does not parse reads as `nil`, as on every catalogue food.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` when `food_id` or `serving` is missing or a field is malformed.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.foodID = try container.decode(FoodID.self, forKey: .foodID)
        self.name = try container.decodeIfPresent(String.self, forKey: .name)
        self.brandName = try container.decodeIfPresent(String.self, forKey: .brandName)
        self.imageURL = container.decodeURLIfPresent(forKey: .imageURL)
        self.glycemicIndex = try container.decodeIfPresent(Double.self, forKey: .glycemicIndex)
        self.glycemicLoad = try container.decodeIfPresent(Double.self, forKey: .glycemicLoad)
        self.nutrients = try container.decodeNutrition(forKey: .nutrients)
        self.quantity = try container.decodeIfPresent(Double.self, forKey: .quantity)
        self.serving = try container.decode(ServingSummary.self, forKey: .serving)
    }

    /// Encodes the logged food as January writes it, with `null` for what is absent.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(foodID, forKey: .foodID)
        try container.encode(name, forKey: .name)
        try container.encode(brandName, forKey: .brandName)
        try container.encodeNullableURL(imageURL, forKey: .imageURL)
        try container.encode(glycemicIndex, forKey: .glycemicIndex)
        try container.encode(glycemicLoad, forKey: .glycemicLoad)
        try container.encode(nutrients, forKey: .nutrients)
        try container.encode(quantity, forKey: .quantity)
        try container.encode(serving, forKey: .serving)
    }

    private enum CodingKeys: String, CodingKey {
        case foodID = "food_id"
        case name
        case brandName = "brand_name"
        case imageURL = "image_url"
        case glycemicIndex = "glycemic_index"
        case glycemicLoad = "glycemic_load"
        case nutrients
        case quantity
        case serving
    }
}
