import Foundation

/// One drink of water January recorded for a user.
public struct WaterLog: Hashable, Sendable, Codable, Identifiable {
    /// January's identifier of the log, for ``JanuaryUserClient/WaterLogs/delete(id:)``.
    public var id: WaterLogID

    /// The amount, in the unit it was logged in.
    public var amount: WaterAmount

    /// When the user drank it.
    public var consumedAt: Date

    /// Creates a water log, as your tests may need.
    ///
    /// - Parameters:
    ///   - id: January's identifier of the log.
    ///   - amount: The amount, in the unit it was logged in.
    ///   - consumedAt: When the user drank it.
    public init(id: WaterLogID, amount: WaterAmount, consumedAt: Date) {
        self.id = id
        self.amount = amount
        self.consumedAt = consumedAt
    }

    /// Decodes a water log from January's JSON.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` when a field is missing or malformed.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.id = try container.decode(WaterLogID.self, forKey: .id)
        self.amount = try container.decode(WaterAmount.self, forKey: .amount)
        self.consumedAt = try container.decodeTimestamp(forKey: .consumedAt, orRevisionKey: .createdAt)
    }

    /// Encodes the water log as January writes it.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(amount, forKey: .amount)
        try container.encodeTimestamp(consumedAt, forKey: .consumedAt)
    }

    private enum CodingKeys: String, CodingKey {
        case id
        case amount
        case consumedAt = "consumed_at"
        /// One published contract revision's name for `consumed_at`; read, never written.
        case createdAt = "created_at"
    }
}

/// The body of `POST /v1.2/water-logs`.
struct CreateWaterLogBody: Encodable {
    var amount: WaterAmount
    /// `nil` leaves the time to January, which stamps the log with its own now.
    var consumedAt: Date?

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(amount, forKey: .amount)
        try container.encodeTimestampIfPresent(consumedAt, forKey: .consumedAt)
    }

    private enum CodingKeys: String, CodingKey {
        case amount
        case consumedAt = "consumed_at"
    }
}

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

extension DailyWaterTotal: Identifiable {
    /// The day: January lists one total per day, so the day tells the values of a list apart.
    public var id: JanuaryDate { date }
}
