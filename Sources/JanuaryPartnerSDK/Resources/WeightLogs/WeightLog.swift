import Foundation

/// One weight measurement January recorded for a user.
///
/// Weight logs have no identifier: they cannot be fetched, changed or deleted one by one.
public struct WeightLog: Hashable, Sendable, Codable {
    /// The weight, in the unit it was logged in.
    public var weight: Weight

    /// When the user was weighed.
    public var measuredAt: Date

    /// Creates a weight log, as your tests may need.
    ///
    /// - Parameters:
    ///   - weight: The weight, in the unit it was logged in.
    ///   - measuredAt: When the user was weighed.
    public init(weight: Weight, measuredAt: Date) {
        self.weight = weight
        self.measuredAt = measuredAt
    }

    /// Decodes a weight log from January's JSON.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` when a field is missing or malformed.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: WireKey.self)
        self.weight = try container.decode(Weight.self, forKey: Keys.weight)
        self.measuredAt = try container.decodeTimestamp(forKey: Keys.measuredAt, orRevisionKey: Keys.createdAt)
    }

    /// Encodes the weight log as January writes it.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: WireKey.self)
        try container.encode(weight, forKey: Keys.weight)
        try container.encodeTimestamp(measuredAt, forKey: Keys.measuredAt)
    }

    private enum Keys {
        static var weight: WireKey { WireKey("weight") }
        static var measuredAt: WireKey { WireKey("measured_at") }
        /// One published contract revision's name for `measured_at`; read, never written.
        static var createdAt: WireKey { WireKey("created_at") }
    }
}

/// The body of `POST /v1.2/weight-logs`.
struct CreateWeightLogBody: Encodable {
    var weight: Weight
    /// `nil` leaves the time to January, which stamps the log with its own now.
    var measuredAt: Date?

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: WireKey.self)
        try container.encode(weight, forKey: Keys.weight)
        try container.encodeTimestampIfPresent(measuredAt, forKey: Keys.measuredAt)
    }

    private enum Keys {
        static var weight: WireKey { WireKey("weight") }
        static var measuredAt: WireKey { WireKey("measured_at") }
    }
}

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

    /// Decodes a day's weight from January's JSON.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` when a field is missing or malformed.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: WireKey.self)
        self.date = try container.decode(JanuaryDate.self, forKey: Keys.date)
        self.weight = try container.decode(Weight.self, forKey: Keys.weight)
    }

    /// Encodes a day's weight as January writes it.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: WireKey.self)
        try container.encode(date, forKey: Keys.date)
        try container.encode(weight, forKey: Keys.weight)
    }

    private enum Keys {
        static var date: WireKey { WireKey("date") }
        static var weight: WireKey { WireKey("weight") }
    }
}

/// The answer to `GET /v1.2/weight-logs`; a missing or `null` list means no days.
typealias ListWeightLogsResponse = ListResponse<DailyWeight>

extension DailyWeight: Identifiable {
    /// The day: January lists one weight per day, so the day tells the values of a list apart.
    public var id: JanuaryDate { date }
}
