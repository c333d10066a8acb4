import Foundation

/// A dish found by ``JanuaryPartnerClient/Restaurants/searchMenuItems(_:)`` at a restaurant near a location.
///
/// Its ``id`` is a food id: use it with `foods.get(id:)`, in food logs and in glucose predictions.
public struct RestaurantMenuSearchItem: Sendable, Hashable, Codable, Identifiable {
    /// Always `.menuItem` today.
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

    private enum Keys {
        static var type: WireKey { WireKey("type") }
        static var id: WireKey { WireKey("id") }
        static var name: WireKey { WireKey("name") }
        static var restaurantName: WireKey { WireKey("restaurant_name") }
        static var isChain: WireKey { WireKey("is_chain") }
        static var nutrients: WireKey { WireKey("nutrients") }
        static var glycemicIndex: WireKey { WireKey("glycemic_index") }
        static var glycemicLoad: WireKey { WireKey("glycemic_load") }
        static var imageURL: WireKey { WireKey("image_url") }
        static var distanceMeters: WireKey { WireKey("distance_meters") }
        static var servings: WireKey { WireKey("servings") }
    }

    /// Decodes a result; only the `id` is required.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` when the `id` is missing or a present value has the wrong type.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: WireKey.self)
        self.type = try container.decodeIfPresent(RestaurantResultType.self, forKey: Keys.type)
        self.id = try container.decode(FoodID.self, forKey: Keys.id)
        self.name = try container.decodeIfPresent(String.self, forKey: Keys.name)
        self.restaurantName = try container.decodeIfPresent(String.self, forKey: Keys.restaurantName)
        self.isChain = try container.decodeIfPresent(Bool.self, forKey: Keys.isChain)
        self.nutrients = try container.decodeNutrition(forKey: Keys.nutrients)
        self.glycemicIndex = try container.decodeIfPresent(Double.self, forKey: Keys.glycemicIndex)
        self.glycemicLoad = try container.decodeIfPresent(Double.self, forKey: Keys.glycemicLoad)
        self.imageURL = container.decodeURLIfPresent(forKey: Keys.imageURL)
        self.distanceMeters = try container.decodeIfPresent(Double.self, forKey: Keys.distanceMeters)
        self.servings = try container.decodeList([ServingOption].self, forKey: Keys.servings)
    }

    /// Encodes the result with January's keys, `null` for missing values.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: WireKey.self)
        try container.encodeNullable(type, forKey: Keys.type)
        try container.encode(id, forKey: Keys.id)
        try container.encodeNullable(name, forKey: Keys.name)
        try container.encodeNullable(restaurantName, forKey: Keys.restaurantName)
        try container.encodeNullable(isChain, forKey: Keys.isChain)
        try container.encode(nutrients, forKey: Keys.nutrients)
        try container.encodeNullable(glycemicIndex, forKey: Keys.glycemicIndex)
        try container.encodeNullable(glycemicLoad, forKey: Keys.glycemicLoad)
        try container.encodeNullableURL(imageURL, forKey: Keys.imageURL)
        try container.encodeNullable(distanceMeters, forKey: Keys.distanceMeters)
        try container.encode(servings, forKey: Keys.servings)
    }
}

extension RestaurantMenuSearchItem {
    /// Hashes the item's ``id`` alone: equal items have equal ids.
    ///
    /// Hashing every nested value as well compiled a copy of the standard library's array hashing for each nested
    /// type into the app (Docs/Benchmarks.md, "Size in an app"); values that compare equal still hash equally.
    ///
    /// - Parameter hasher: The hasher to feed.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
    }
}
