import Foundation

/// A dish found by ``JanuaryPartnerClient/Restaurants/searchMenuItems(_:)`` at a restaurant near a location.
///
/// Its ``id`` is a food id: use it with `foods.get(id:)`, in food logs and in glucose predictions.
public struct RestaurantMenuSearchItem: Sendable, Hashable, Codable, Identifiable {
    /// Always ``RestaurantResultType/menuItem`` today.
    public var type: RestaurantResultType?

    /// The dish's id, usable wherever a ``FoodID`` is.
    public var id: FoodID

    /// The dish's name.
    public var name: String?

    /// The name of the restaurant serving it.
    public var restaurantName: String?

    /// Whether that restaurant belongs to a chain.
    public var isChain: Bool?

    /// Nutrients of one serving.
    public var nutrients: NutritionFacts

    /// The dish's glycemic index. It does not change with the portion size.
    public var glycemicIndex: Double?

    /// The glycemic load of one serving.
    public var glycemicLoad: Double?

    /// A picture of the dish.
    public var imageURL: URL?

    /// How far the restaurant is from the searched location, in metres; `nil` when January cannot place it.
    public var distanceMeters: Double?

    /// The dish's servings.
    public var servings: [ServingOption]

    /// Creates a menu search result, for previews and tests.
    ///
    /// - Parameters:
    ///   - type: The result type.
    ///   - id: The dish's id.
    ///   - name: The name.
    ///   - restaurantName: The restaurant's name.
    ///   - isChain: Whether the restaurant belongs to a chain.
    ///   - nutrients: Nutrients of one serving.
    ///   - glycemicIndex: The glycemic index.
    ///   - glycemicLoad: The glycemic load of one serving.
    ///   - imageURL: A picture of the dish.
    ///   - distanceMeters: The distance from the searched location, in metres.
    ///   - servings: The dish's servings.
    public init(
        type: RestaurantResultType? = .menuItem,
        id: FoodID,
        name: String? = nil,
        restaurantName: String? = nil,
        isChain: Bool? = nil,
        nutrients: NutritionFacts = NutritionFacts(),
        glycemicIndex: Double? = nil,
        glycemicLoad: Double? = nil,
        imageURL: URL? = nil,
        distanceMeters: Double? = nil,
        servings: [ServingOption] = []
    ) {
        self.type = type
        self.id = id
        self.name = name
        self.restaurantName = restaurantName
        self.isChain = isChain
        self.nutrients = nutrients
        self.glycemicIndex = glycemicIndex
        self.glycemicLoad = glycemicLoad
        self.imageURL = imageURL
        self.distanceMeters = distanceMeters
        self.servings = servings
    }

    enum CodingKeys: String, CodingKey {
        case type
        case id
        case name
        case restaurantName = "restaurant_name"
        case isChain = "is_chain"
        case nutrients
        case glycemicIndex = "glycemic_index"
        case glycemicLoad = "glycemic_load"
        case imageURL = "image_url"
        case distanceMeters = "distance_meters"
        case servings
    }

    /// Decodes a result; only the `id` is required.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` when the `id` is missing or a present value has the wrong type.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.type = try container.decodeIfPresent(RestaurantResultType.self, forKey: .type)
        self.id = try container.decode(FoodID.self, forKey: .id)
        self.name = try container.decodeIfPresent(String.self, forKey: .name)
        self.restaurantName = try container.decodeIfPresent(String.self, forKey: .restaurantName)
        self.isChain = try container.decodeIfPresent(Bool.self, forKey: .isChain)
        self.nutrients = try container.decodeNutrition(forKey: .nutrients)
        self.glycemicIndex = try container.decodeIfPresent(Double.self, forKey: .glycemicIndex)
        self.glycemicLoad = try container.decodeIfPresent(Double.self, forKey: .glycemicLoad)
        self.imageURL = container.decodeURLIfPresent(forKey: .imageURL)
        self.distanceMeters = try container.decodeIfPresent(Double.self, forKey: .distanceMeters)
        self.servings = try container.decodeList([ServingOption].self, forKey: .servings)
    }

    /// Encodes the result with January's keys, `null` for missing values.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeNullable(type, forKey: .type)
        try container.encode(id, forKey: .id)
        try container.encodeNullable(name, forKey: .name)
        try container.encodeNullable(restaurantName, forKey: .restaurantName)
        try container.encodeNullable(isChain, forKey: .isChain)
        try container.encode(nutrients, forKey: .nutrients)
        try container.encodeNullable(glycemicIndex, forKey: .glycemicIndex)
        try container.encodeNullable(glycemicLoad, forKey: .glycemicLoad)
        try container.encodeNullableURL(imageURL, forKey: .imageURL)
        try container.encodeNullable(distanceMeters, forKey: .distanceMeters)
        try container.encode(servings, forKey: .servings)
    }
}
