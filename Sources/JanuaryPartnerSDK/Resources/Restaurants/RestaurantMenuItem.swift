import Foundation

/// A dish on one restaurant's menu, from ``JanuaryPartnerClient/Restaurants/menuItems(_:)``.
///
/// Its ``id`` is a food id: use it with `foods.get(id:)`, in food logs and in glucose predictions. Its
/// ``nutrients`` describe its one serving; make a portion for other quantities.
public struct RestaurantMenuItem: Sendable, Hashable, Codable, Identifiable {
    /// The dish's id, usable wherever a ``FoodID`` is.
    public var id: FoodID

    /// The dish's name.
    public var name: String?

    /// Nutrients of one serving.
    public var nutrients: NutritionFacts

    /// The dish's glycemic index. It does not change with the portion size.
    public var glycemicIndex: Double?

    /// The glycemic load of one serving.
    public var glycemicLoad: Double?

    /// The dish's serving (January lists one).
    public var servings: [ServingOption]

    /// Creates a menu item, for previews and tests.
    ///
    /// - Parameters:
    ///   - id: The dish's id.
    ///   - name: The name.
    ///   - nutrients: Nutrients of one serving.
    ///   - glycemicIndex: The glycemic index.
    ///   - glycemicLoad: The glycemic load of one serving.
    ///   - servings: The dish's serving.
    public init(
        id: FoodID,
        name: String? = nil,
        nutrients: NutritionFacts = NutritionFacts(),
        glycemicIndex: Double? = nil,
        glycemicLoad: Double? = nil,
        servings: [ServingOption] = []
    ) {
        self.id = id
        self.name = name
        self.nutrients = nutrients
        self.glycemicIndex = glycemicIndex
        self.glycemicLoad = glycemicLoad
        self.servings = servings
    }

    private enum Keys {
        static var id: WireKey { WireKey("id") }
        static var name: WireKey { WireKey("name") }
        static var nutrients: WireKey { WireKey("nutrients") }
        static var glycemicIndex: WireKey { WireKey("glycemic_index") }
        static var glycemicLoad: WireKey { WireKey("glycemic_load") }
        static var servings: WireKey { WireKey("servings") }
    }

    /// Decodes a menu item; only the `id` is required.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` when the `id` is missing or a present value has the wrong type.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: WireKey.self)
        self.id = try container.decode(FoodID.self, forKey: Keys.id)
        self.name = try container.decodeIfPresent(String.self, forKey: Keys.name)
        self.nutrients = try container.decodeNutrition(forKey: Keys.nutrients)
        self.glycemicIndex = try container.decodeIfPresent(Double.self, forKey: Keys.glycemicIndex)
        self.glycemicLoad = try container.decodeIfPresent(Double.self, forKey: Keys.glycemicLoad)
        self.servings = try container.decodeList([ServingOption].self, forKey: Keys.servings)
    }

    /// Encodes the menu item with January's keys, `null` for missing values.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: WireKey.self)
        try container.encode(id, forKey: Keys.id)
        try container.encodeNullable(name, forKey: Keys.name)
        try container.encode(nutrients, forKey: Keys.nutrients)
        try container.encodeNullable(glycemicIndex, forKey: Keys.glycemicIndex)
        try container.encodeNullable(glycemicLoad, forKey: Keys.glycemicLoad)
        try container.encode(servings, forKey: Keys.servings)
    }
}

extension RestaurantMenuItem {
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
