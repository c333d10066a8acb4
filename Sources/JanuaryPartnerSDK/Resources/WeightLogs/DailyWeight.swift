/// A user's weight on one day of their calendar: the day's last measurement.
public struct DailyWeight: Hashable, Sendable, Codable {
    /// The day, in the user's time zone.
    public var date: JanuaryDate

    /// The measurement with the latest time that day, in the unit it was logged in: January does not convert.
    public var weight: Weight

    /// Creates a daily weight, as your tests may need.
    ///
    /// - Parameters:
    ///   - date: The day, in the user's time zone.
    ///   - weight: The day's last measurement.
    public init(date: JanuaryDate, weight: Weight) {
        self.date = date
        self.weight = weight
    }

    private enum CodingKeys: String, CodingKey {
        case date
        case weight
    }
}

/// The answer to `GET /v1.2/weight-logs`; a missing or `null` list means no days.
typealias ListWeightLogsResponse = ListResponse<DailyWeight>
