/// The average of a ``FoodLogSummary`` per day with at least one log.
public struct FoodLogSummaryAverage: Hashable, Sendable, Codable {
    /// The total nutrients divided by the number of days with a log; empty when no day has one.
    public var nutrients: NutritionFacts

    /// Creates an average, as your tests may need.
    ///
    /// - Parameter nutrients: The nutrients per logged day.
    public init(nutrients: NutritionFacts) {
        self.nutrients = nutrients
    }

    /// Decodes an average from January's JSON; missing or `null` nutrients read as none.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` when a field is malformed.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.nutrients = try container.decodeIfPresent(NutritionFacts.self, forKey: .nutrients) ?? NutritionFacts()
    }

    private enum CodingKeys: String, CodingKey {
        case nutrients
    }
}
