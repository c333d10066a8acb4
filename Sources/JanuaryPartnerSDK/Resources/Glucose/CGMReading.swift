import Foundation

/// One continuous glucose monitor reading, for a prediction personalised by the person's history.
public struct CGMReading: Sendable, Hashable, Codable {
    /// The length of the windows January allows one reading in: 15 minutes.
    public static let windowSeconds: TimeInterval = 15 * 60

    /// When the reading was taken.
    public var timestamp: Date

    /// Blood glucose in mg/dL: 10 to 600.
    public var value: Double

    /// Creates a reading.
    ///
    /// - Parameters:
    ///   - timestamp: When the reading was taken.
    ///   - value: Blood glucose in mg/dL: 10 to 600.
    public init(timestamp: Date, value: Double) {
        self.timestamp = timestamp
        self.value = value
    }

    /// Keeps the first reading of each 15-minute window (windows start at :00, :15, :30 and :45 UTC), in time
    /// order, because January accepts at most one reading per window and most CGMs read every 5 minutes.
    ///
    /// ```swift
    /// let history = CGMReading.onePerWindow(readingsFromHealthKit)  // a CGM's 5-minute readings, thinned
    /// ```
    ///
    /// A reading whose timestamp is not a real instant (NaN, infinite, or beyond what a window number can count)
    /// falls in no window: it is kept, after the others, for ``PredictGlucoseRequest/validate()`` to refuse.
    ///
    /// - Parameter readings: Readings in any order.
    /// - Returns: At most one reading per window, oldest first.
    public static func onePerWindow(_ readings: [CGMReading]) -> [CGMReading] {
        var seen = Set<Int64>()
        var unplaced: [CGMReading] = []
        var placed: [(window: Int64, reading: CGMReading)] = []
        for reading in readings {
            if let window = window(of: reading.timestamp) {
                placed.append((window, reading))
            } else {
                unplaced.append(reading)
            }
        }
        let kept = placed.sortedByIndex { $0.reading.timestamp < $1.reading.timestamp }.filter {
            seen.insert($0.window).inserted
        }
        return kept.map(\.reading) + unplaced
    }

    /// The 15-minute window a date falls in, counted from 1970 (every UTC offset in use is a multiple of 15
    /// minutes, so the windows are also aligned in local time); `nil` when the date is not finite or the window
    /// number does not fit in an `Int64`. `package`, so that JanuaryPartnerSDKHealth counts a day's windows as
    /// validation does.
    package static func window(of date: Date) -> Int64? {
        let window = (date.timeIntervalSince1970 / windowSeconds).rounded(.down)
        // 2^63 is exactly representable; the open upper bound keeps Int64(_:) from trapping.
        guard window.isFinite, window >= -9_223_372_036_854_775_808.0, window < 9_223_372_036_854_775_808.0 else {
            return nil
        }
        return Int64(window)
    }

    private enum Keys {
        static var timestamp: WireKey { WireKey("timestamp") }
        static var value: WireKey { WireKey("value") }
    }

    /// Decodes a reading with an ISO 8601 timestamp.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` when a value is missing or malformed.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: WireKey.self)
        self.timestamp = try container.decodeTimestamp(forKey: Keys.timestamp)
        self.value = try container.decode(Double.self, forKey: Keys.value)
    }

    /// Encodes the reading with an ISO 8601 UTC timestamp.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: WireKey.self)
        try container.encodeTimestamp(timestamp, forKey: Keys.timestamp)
        try container.encode(value, forKey: Keys.value)
    }
}
