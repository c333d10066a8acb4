/// One day or one week of a ``FoodLogSummary``.
public struct FoodLogSummaryBucket: Hashable, Sendable, Codable {
    /// The bucket's first day.
    public var startDate: JanuaryDate

    /// The bucket's last day, included; the same as ``startDate`` for a day.
    public var endDate: JanuaryDate

    /// How many logs fall in the bucket.
    public var logsCount: Int

    /// How many of the bucket's days have at least one log.
    public var daysWithLogs: Int

    /// The nutrients of the bucket's logs added up. Empty both when there are no logs and when January could
    /// not resolve them: tell the two apart with ``logsCount``.
    public var nutrients: NutritionFacts

    /// Creates a bucket, as your tests may need.
    ///
    /// - Parameters:
    ///   - startDate: The bucket's first day.
    ///   - endDate: The bucket's last day.
    ///   - logsCount: How many logs fall in the bucket.
    ///   - daysWithLogs: How many of its days have a log.
    ///   - nutrients: The nutrients added up.
    public init(
        startDate: JanuaryDate,
        endDate: JanuaryDate,
        logsCount: Int,
        daysWithLogs: Int,
        nutrients: NutritionFacts
    ) {
        self.startDate = startDate
        self.endDate = endDate
        self.logsCount = logsCount
        self.daysWithLogs = daysWithLogs
        self.nutrients = nutrients
    }

    /// Decodes a bucket from January's JSON; missing or `null` counts read as 0 and nutrients as none.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` when a date is missing or a field is malformed.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.startDate = try container.decode(JanuaryDate.self, forKey: .startDate)
        self.endDate = try container.decode(JanuaryDate.self, forKey: .endDate)
        self.logsCount = try container.decodeIfPresent(Int.self, forKey: .logsCount) ?? 0
        self.daysWithLogs = try container.decodeIfPresent(Int.self, forKey: .daysWithLogs) ?? 0
        self.nutrients = try container.decodeNutrition(forKey: .nutrients)
    }

    private enum CodingKeys: String, CodingKey {
        case startDate = "start_date"
        case endDate = "end_date"
        case logsCount = "logs_count"
        case daysWithLogs = "days_with_logs"
        case nutrients
    }
}
