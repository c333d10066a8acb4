import Foundation

/// A meal a user logged: the foods eaten, with their portions and nutrition, and when.
public struct FoodLog: Hashable, Sendable, Codable, Identifiable {
    /// January's identifier of the log, for ``JanuaryUserClient/FoodLogs/get(id:)``, ``JanuaryUserClient/FoodLogs/update(id:_:)``
    /// and ``JanuaryUserClient/FoodLogs/delete(id:)``.
    ///
    /// `nil` only when January's upstream sent none; such a log can be listed but not addressed.
    public var id: FoodLogID?

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
    ///   - id: January's identifier of the log.
    ///   - foods: The foods eaten.
    ///   - eatenAt: When the meal was eaten.
    ///   - name: The meal's name.
    public init(id: FoodLogID?, foods: [LoggedFood], eatenAt: Date, name: String? = nil) {
        self.id = id
        self.foods = foods
        self.eatenAt = eatenAt
        self.name = name
    }

    /// Decodes a food log from January's JSON; a missing or `null` list of foods reads as empty.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` when `eaten_at` is missing or a field is malformed.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.id = try container.decodeIfPresent(FoodLogID.self, forKey: .id)
        self.foods = try container.decodeList([LoggedFood].self, forKey: .foods)
        self.eatenAt = try container.decodeTimestamp(forKey: .eatenAt, orRevisionKey: .createdAt)
        self.name = try container.decodeIfPresent(String.self, forKey: .name)
    }

    /// Encodes the food log as January writes it, with `null` for what is absent.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(foods, forKey: .foods)
        try container.encodeTimestamp(eatenAt, forKey: .eatenAt)
        try container.encode(name, forKey: .name)
    }

    private enum CodingKeys: String, CodingKey {
        case id
        case foods
        case eatenAt = "eaten_at"
        /// One published contract revision's name for `eaten_at`; read, never written.
        case createdAt = "created_at"
        case name
    }
}

/// The answer to `GET /v1.2/food-logs`; a missing or `null` list means no logs.
typealias ListFoodLogsResponse = ListResponse<FoodLog>
