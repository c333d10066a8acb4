/// How much water a user drank on one day of their calendar.
public struct DailyWaterTotal: Hashable, Sendable, Codable {
    /// The day, in the user's time zone.
    public var date: JanuaryDate

    /// The day's total, in the unit the list asked for.
    public var total: Volume

    /// Creates a daily total, as your tests may need.
    ///
    /// - Parameters:
    ///   - date: The day, in the user's time zone.
    ///   - total: The day's total.
    public init(date: JanuaryDate, total: Volume) {
        self.date = date
        self.total = total
    }

    private enum CodingKeys: String, CodingKey {
        case date
        case total
    }
}

/// The answer to `GET /v1.2/water-logs`; a missing or `null` list means no days.
typealias ListWaterLogsResponse = ListResponse<DailyWaterTotal>
