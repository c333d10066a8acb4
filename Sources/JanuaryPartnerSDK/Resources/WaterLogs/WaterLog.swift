import Foundation
import JanuaryCore

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
        let container = try decoder.container(keyedBy: WireKey.self)
        self.id = try container.decode(WaterLogID.self, forKey: Keys.id)
        self.amount = try container.decode(WaterAmount.self, forKey: Keys.amount)
        self.consumedAt = try container.decodeTimestamp(forKey: Keys.consumedAt, orRevisionKey: Keys.createdAt)
    }

    /// Encodes the water log as January writes it.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: WireKey.self)
        try container.encode(id, forKey: Keys.id)
        try container.encode(amount, forKey: Keys.amount)
        try container.encodeTimestamp(consumedAt, forKey: Keys.consumedAt)
    }

    private enum Keys {
        static var id: WireKey { WireKey("id") }
        static var amount: WireKey { WireKey("amount") }
        static var consumedAt: WireKey { WireKey("consumed_at") }
        /// One published contract revision's name for `consumed_at`; read, never written.
        static var createdAt: WireKey { WireKey("created_at") }
    }
}

/// The body of `POST /v1.2/water-logs`.
struct CreateWaterLogBody: Encodable {
    var amount: WaterAmount
    /// `nil` leaves the time to January, which stamps the log with its own now.
    var consumedAt: Date?

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: WireKey.self)
        try container.encode(amount, forKey: Keys.amount)
        try container.encodeTimestampIfPresent(consumedAt, forKey: Keys.consumedAt)
    }

    private enum Keys {
        static var amount: WireKey { WireKey("amount") }
        static var consumedAt: WireKey { WireKey("consumed_at") }
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

    /// Decodes a day's total from January's JSON.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` when a field is missing or malformed.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: WireKey.self)
        self.date = try container.decode(JanuaryDate.self, forKey: Keys.date)
        self.total = try container.decode(Volume.self, forKey: Keys.total)
    }

    /// Encodes a day's total as January writes it.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: WireKey.self)
        try container.encode(date, forKey: Keys.date)
        try container.encode(total, forKey: Keys.total)
    }

    private enum Keys {
        static var date: WireKey { WireKey("date") }
        static var total: WireKey { WireKey("total") }
    }
}

/// The answer to `GET /v1.2/water-logs`; a missing or `null` list means no days.
typealias ListWaterLogsResponse = ListResponse<DailyWaterTotal>

extension DailyWaterTotal: Identifiable {
    /// The day: January lists one total per day, so the day tells the values of a list apart.
    public var id: JanuaryDate { date }
}

/// January's identifier of one water log entry of an end user.
///
/// A water log id is a UUID, such as `3f2b9c1e-8d4a-4e6f-9b7a-2c1d0e5f6a7b`, assigned by January when the log
/// is created.
///
/// On the wire the identifier is always a string; the SDK also reads it from a JSON integer and always writes
/// it back as a string. Treat it as opaque: compare it, store it, send it back, but do not compute with it.
///
/// ```swift
/// let id: WaterLogID = "3f2b9c1e-8d4a-4e6f-9b7a-2c1d0e5f6a7b"
/// ```
public typealias WaterLogID = JanuaryIdentifier<WaterLog>

extension WaterLog: IdentifierOwner {
    static var identifierForm: IdentifierForm { .uuid }
}
