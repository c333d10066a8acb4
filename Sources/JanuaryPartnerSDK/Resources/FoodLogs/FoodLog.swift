import Foundation
import JanuaryCore

/// A meal a user logged: the foods eaten, with their portions and nutrition, and when.
///
/// Its ``id`` tells it apart from every other log, so a SwiftUI `List` or `ForEach` of logs needs no `id:`, even
/// when January sent a log without an identifier.
public struct FoodLog: Hashable, Sendable, Codable, Identifiable {
    /// The log's identity: January's identifier, for ``JanuaryUserClient/FoodLogs/get(id:)``,
    /// ``JanuaryUserClient/FoodLogs/update(id:_:)`` and ``JanuaryUserClient/FoodLogs/delete(id:)``, or, for a log
    /// January's upstream stored without one, a stand-in made on the device (``isAddressable`` is `false`).
    ///
    /// January sends `null` only for such a log. A stand-in is unique (a new random UUID inside), so two logs
    /// without January's identifier never share an `id`; it is made anew each time the log is read, so two
    /// reads of that log compare unequal. It is never sent: `get`, `update` and `delete` refuse it before
    /// sending, and encoding writes `null`, as January did.
    public var id: FoodLogID

    /// Whether ``id`` is January's, so that the log can be fetched, updated and deleted: `false` only for a log
    /// January's upstream stored without an identifier, which can be listed but not addressed.
    public var isAddressable: Bool {
        !id.isStandIn
    }

    /// The foods eaten, each with its nutrition scaled to the portion.
    public var foods: [LoggedFood]

    /// When the meal was eaten.
    public var eatenAt: Date

    /// The meal's name, such as "Lunch", or `nil` when none was given.
    public var name: String?

    /// The meal's totals: calories and each nutrient summed over its foods, whose nutrients January already
    /// scaled to the portion eaten (see ``NutritionFacts/sum(_:)`` for nutrients in different units).
    public var totals: NutritionFacts {
        NutritionFacts.sum(foods.map(\.nutrients))
    }

    /// Creates a food log, as your tests may need.
    ///
    /// - Parameters:
    ///   - id: January's identifier of the log, or `nil` for a log January sent without one: it gets a unique
    ///     stand-in (see ``id``).
    ///   - foods: The foods eaten.
    ///   - eatenAt: When the meal was eaten.
    ///   - name: The meal's name.
    public init(id: FoodLogID?, foods: [LoggedFood], eatenAt: Date, name: String? = nil) {
        self.id = id ?? .standIn()
        self.foods = foods
        self.eatenAt = eatenAt
        self.name = name
    }

    /// Decodes a food log from January's JSON; a missing or `null` list of foods reads as empty, and a missing or
    /// `null` identifier as a unique stand-in (see ``id``).
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` when `eaten_at` is missing or a field is malformed.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: WireKey.self)
        self.id = try container.decodeIfPresent(FoodLogID.self, forKey: Keys.id) ?? .standIn()
        self.foods = try container.decodeList([LoggedFood].self, forKey: Keys.foods)
        self.eatenAt = try container.decodeTimestamp(forKey: Keys.eatenAt, orRevisionKey: Keys.createdAt)
        self.name = try container.decodeIfPresent(String.self, forKey: Keys.name)
    }

    /// Encodes the food log as January writes it, with `null` for what is absent, the identifier included when
    /// ``id`` is a stand-in.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: WireKey.self)
        try container.encode(isAddressable ? id : nil, forKey: Keys.id)
        try container.encode(foods, forKey: Keys.foods)
        try container.encodeTimestamp(eatenAt, forKey: Keys.eatenAt)
        try container.encode(name, forKey: Keys.name)
    }

    private enum Keys {
        static var id: WireKey { WireKey("id") }
        static var foods: WireKey { WireKey("foods") }
        static var eatenAt: WireKey { WireKey("eaten_at") }
        /// One published contract revision's name for `eaten_at`; read, never written.
        static var createdAt: WireKey { WireKey("created_at") }
        static var name: WireKey { WireKey("name") }
    }
}

/// The answer to `GET /v1.2/food-logs`; a missing or `null` list means no logs.
typealias ListFoodLogsResponse = ListResponse<FoodLog>

/// January's identifier of one food log entry of an end user.
///
/// A food log id is a UUID, such as `3f2b9c1e-8d4a-4e6f-9b7a-2c1d0e5f6a7b`, assigned by January when the log
/// is created.
///
/// On the wire the identifier is always a string; the SDK also reads it from a JSON integer and always writes
/// it back as a string. Treat it as opaque: compare it, store it, send it back, but do not compute with it.
///
/// ```swift
/// let id: FoodLogID = "3f2b9c1e-8d4a-4e6f-9b7a-2c1d0e5f6a7b"
/// ```
public typealias FoodLogID = JanuaryIdentifier<FoodLog>

extension FoodLog: IdentifierOwner {
    static var identifierForm: IdentifierForm { .uuid }
}

extension FoodLogID {
    /// What starts a stand-in's string: not a UUID, so that the UUID check of every operation that sends a log id
    /// refuses a stand-in too.
    private static var standInPrefix: String { "unidentified-" }

    /// A stand-in for the identifier of a log January sent without one: unique, because a random UUID follows the
    /// prefix.
    static func standIn() -> FoodLogID {
        FoodLogID(rawValue: standInPrefix + UUID().uuidString.lowercased())
    }

    /// Whether this is a stand-in made on the device rather than January's identifier.
    var isStandIn: Bool {
        rawValue.hasPrefix(Self.standInPrefix)
    }
}

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
        let container = try decoder.container(keyedBy: WireKey.self)
        self.foodID = try container.decode(FoodID.self, forKey: Keys.foodID)
        self.name = try container.decodeIfPresent(String.self, forKey: Keys.name)
        self.brandName = try container.decodeIfPresent(String.self, forKey: Keys.brandName)
        self.imageURL = container.decodeURLIfPresent(forKey: Keys.imageURL)
        self.glycemicIndex = try container.decodeIfPresent(Double.self, forKey: Keys.glycemicIndex)
        self.glycemicLoad = try container.decodeIfPresent(Double.self, forKey: Keys.glycemicLoad)
        self.nutrients = try container.decodeNutrition(forKey: Keys.nutrients)
        self.quantity = try container.decodeIfPresent(Double.self, forKey: Keys.quantity)
        self.serving = try container.decode(ServingSummary.self, forKey: Keys.serving)
    }

    /// Encodes the logged food as January writes it, with `null` for what is absent.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: WireKey.self)
        try container.encode(foodID, forKey: Keys.foodID)
        try container.encode(name, forKey: Keys.name)
        try container.encode(brandName, forKey: Keys.brandName)
        try container.encodeNullableURL(imageURL, forKey: Keys.imageURL)
        try container.encode(glycemicIndex, forKey: Keys.glycemicIndex)
        try container.encode(glycemicLoad, forKey: Keys.glycemicLoad)
        try container.encode(nutrients, forKey: Keys.nutrients)
        try container.encode(quantity, forKey: Keys.quantity)
        try container.encode(serving, forKey: Keys.serving)
    }

    private enum Keys {
        static var foodID: WireKey { WireKey("food_id") }
        static var name: WireKey { WireKey("name") }
        static var brandName: WireKey { WireKey("brand_name") }
        static var imageURL: WireKey { WireKey("image_url") }
        static var glycemicIndex: WireKey { WireKey("glycemic_index") }
        static var glycemicLoad: WireKey { WireKey("glycemic_load") }
        static var nutrients: WireKey { WireKey("nutrients") }
        static var quantity: WireKey { WireKey("quantity") }
        static var serving: WireKey { WireKey("serving") }
    }
}

extension FoodLog {
    /// Hashes the log's ``id`` alone: equal logs have equal ids.
    ///
    /// Hashing every nested value as well compiled a copy of the standard library's array hashing for each nested
    /// type into the app (Docs/Benchmarks.md, "Size in an app"); values that compare equal still hash equally.
    ///
    /// - Parameter hasher: The hasher to feed.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
    }
}
