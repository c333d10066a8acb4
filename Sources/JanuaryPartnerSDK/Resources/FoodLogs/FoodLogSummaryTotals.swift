/// The sums of a ``FoodLogSummary`` over its whole range.
public struct FoodLogSummaryTotals: Hashable, Sendable, Codable {
    /// How many logs the range holds.
    public var logsCount: Int

    /// How many days of the range have at least one log.
    public var daysWithLogs: Int

    /// The nutrients of all the logs added up; a nutrient without any value is absent, not zero.
    public var nutrients: NutritionFacts

    /// Creates totals, as your tests may need.
    ///
    /// - Parameters:
    ///   - logsCount: How many logs the range holds.
    ///   - daysWithLogs: How many days have a log.
    ///   - nutrients: The nutrients added up.
    public init(logsCount: Int, daysWithLogs: Int, nutrients: NutritionFacts) {
        self.logsCount = logsCount
        self.daysWithLogs = daysWithLogs
        self.nutrients = nutrients
    }

    /// Decodes totals from January's JSON; missing or `null` counts read as 0 and nutrients as none.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` when a field is malformed.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.logsCount = try container.decodeIfPresent(Int.self, forKey: .logsCount) ?? 0
        self.daysWithLogs = try container.decodeIfPresent(Int.self, forKey: .daysWithLogs) ?? 0
        self.nutrients = try container.decodeIfPresent(NutritionFacts.self, forKey: .nutrients) ?? NutritionFacts()
    }

    private enum CodingKeys: String, CodingKey {
        case logsCount = "logs_count"
        case daysWithLogs = "days_with_logs"
        case nutrients
    }
}
