import Foundation

/// January's timestamps, the one parser and writer for the SDK's models, its JSON coder and a token's
/// `expires_at`. Models read and write them themselves rather than through a decoder's `dateDecodingStrategy`, so
/// that a model decodes the same whatever decoder a partner or a test hands it.
///
/// Reading accepts RFC 3339 / ISO 8601 date-times with a `T`, seconds, an optional fraction of any length and a
/// `Z` or numeric offset (`+05:30`, `-0800`); January sends UTC with milliseconds. Writing always produces UTC
/// with milliseconds and `Z`, such as `2026-08-26T18:35:11.000Z`, which every January endpoint accepts.
///
/// The parser is written out rather than delegated to `ISO8601FormatStyle` so that it behaves identically on
/// every platform: Foundation's parsers differ between releases in whether they require or refuse a fraction,
/// and some accept trailing garbage or impossible dates such as February 30.
package enum JanuaryTimestamp {
    /// Parses a timestamp, or returns `nil` when the text is not a complete date-time with an offset.
    ///
    /// - Parameter text: A date-time such as `2026-08-26T18:35:11.123Z` or `2026-08-26T20:35:11+02:00`.
    /// - Returns: The instant, or `nil`.
    package static func parse(_ text: String) -> Date? {
        var scanner = DigitScanner(Array(text.utf8))
        guard let year = scanner.number(digits: 4), scanner.take("-"),
            let month = scanner.number(digits: 2), scanner.take("-"),
            let day = scanner.number(digits: 2), scanner.take("T") || scanner.take("t"),
            let hour = scanner.number(digits: 2), scanner.take(":"),
            let minute = scanner.number(digits: 2), scanner.take(":"),
            let second = scanner.number(digits: 2)
        else {
            return nil
        }
        var fraction = 0.0
        if scanner.take(".") {
            guard let value = scanner.fraction() else {
                return nil
            }
            fraction = value
        }
        guard let offsetSeconds = scanner.offset(), scanner.isAtEnd else {
            return nil
        }
        // A leap second (60) is accepted as RFC 3339 allows and lands on the next minute's first second.
        guard CivilCalendar.isValid(year: year, month: month, day: day), hour <= 23, minute <= 59, second <= 60 else {
            return nil
        }
        let wholeSeconds =
            CivilCalendar.secondsSince1970(
                year: year, month: month, day: day, hour: hour, minute: minute, second: second
            ) - offsetSeconds
        return Date(timeIntervalSince1970: Double(wholeSeconds) + fraction)
    }

    /// The span ECMAScript dates cover, ±10⁸ days around 1970 in milliseconds, which is more than any request
    /// needs; validation refuses non-finite dates before they get here, and this keeps formatting total.
    private static let representableMilliseconds = 8.64e15

    /// Formats a date as UTC with milliseconds and `Z`.
    ///
    /// - Parameter date: The instant.
    /// - Returns: Text such as `2026-08-26T18:35:11.000Z`.
    package static func string(from date: Date) -> String {
        let raw = (date.timeIntervalSince1970 * 1000).rounded()
        let clamped = raw.isNaN ? 0 : min(max(raw, -representableMilliseconds), representableMilliseconds)
        let milliseconds = Int64(clamped)
        let (wholeSeconds, millisecond) = CivilCalendar.floorDivision(milliseconds, 1000)
        let (days, secondOfDay) = CivilCalendar.floorDivision(wholeSeconds, CivilCalendar.secondsPerDay)
        let (year, month, day) = CivilCalendar.civilFromDays(days)
        let hour = secondOfDay / 3_600
        let minute = secondOfDay % 3_600 / 60
        let second = secondOfDay % 60
        return pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) + "T" + pad(hour, 2) + ":" + pad(minute, 2)
            + ":" + pad(second, 2) + "." + pad(millisecond, 3) + "Z"
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value.magnitude)
        let sign = value < 0 ? "-" : ""
        return sign + String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}

/// Reads the ASCII pieces of a timestamp.
private struct DigitScanner {
    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    var isAtEnd: Bool {
        index == bytes.count
    }

    mutating func take(_ character: Unicode.Scalar) -> Bool {
        guard index < bytes.count, bytes[index] == UInt8(ascii: character) else {
            return false
        }
        index += 1
        return true
    }

    /// Exactly `digits` ASCII digits.
    mutating func number(digits: Int) -> Int64? {
        guard index + digits <= bytes.count else {
            return nil
        }
        var value: Int64 = 0
        for byte in bytes[index..<(index + digits)] {
            guard let digit = Self.digit(byte) else {
                return nil
            }
            value = value * 10 + digit
        }
        index += digits
        return value
    }

    /// One or more digits after the decimal point, as a fraction of a second.
    mutating func fraction() -> Double? {
        let start = index
        while index < bytes.count, Self.digit(bytes[index]) != nil {
            index += 1
        }
        guard index > start else {
            return nil
        }
        // Nanoseconds are the most a Date can hold; further digits cannot change it.
        let text = String(decoding: bytes[start..<min(index, start + 9)], as: UTF8.self)
        return Double("0." + text)
    }

    /// `Z`, `z`, or `±HH:MM` / `±HHMM`, as seconds east of UTC.
    mutating func offset() -> Int64? {
        if take("Z") || take("z") {
            return 0
        }
        let sign: Int64
        if take("+") {
            sign = 1
        } else if take("-") {
            sign = -1
        } else {
            return nil
        }
        guard let hours = number(digits: 2) else {
            return nil
        }
        _ = take(":")
        guard let minutes = number(digits: 2), hours <= 23, minutes <= 59 else {
            return nil
        }
        return sign * (hours * 3_600 + minutes * 60)
    }

    private static func digit(_ byte: UInt8) -> Int64? {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) ? Int64(byte - UInt8(ascii: "0")) : nil
    }
}

extension KeyedDecodingContainer {
    /// Decodes a required timestamp written as an ISO 8601 string.
    package func decodeTimestamp(forKey key: Key) throws -> Date {
        let text = try decode(String.self, forKey: key)
        guard let date = JanuaryTimestamp.parse(text) else {
            throw DecodingError.dataCorruptedError(
                forKey: key,
                in: self,
                debugDescription: "Expected an ISO 8601 date-time with an offset."
            )
        }
        return date
    }

    /// Decodes a log's timestamp under the newest contract's `key`, or under `created_at` (`revisionKey`), the
    /// name one published revision gives every log timestamp; `key` wins when both are present.
    package func decodeTimestamp(forKey key: Key, orRevisionKey revisionKey: Key) throws -> Date {
        if try decodeIfPresent(String.self, forKey: key) == nil, contains(revisionKey) {
            return try decodeTimestamp(forKey: revisionKey)
        }
        return try decodeTimestamp(forKey: key)
    }

    /// Decodes an optional timestamp: a missing key and `null` both give `nil`; a malformed one throws.
    package func decodeTimestampIfPresent(forKey key: Key) throws -> Date? {
        guard try decodeIfPresent(String.self, forKey: key) != nil else {
            return nil
        }
        return try decodeTimestamp(forKey: key)
    }
}

extension KeyedEncodingContainer {
    /// Encodes a timestamp as UTC with milliseconds and `Z`.
    package mutating func encodeTimestamp(_ date: Date, forKey key: Key) throws {
        try encode(JanuaryTimestamp.string(from: date), forKey: key)
    }

    /// Encodes a timestamp when there is one, and nothing (not `null`) otherwise.
    package mutating func encodeTimestampIfPresent(_ date: Date?, forKey key: Key) throws {
        if let date {
            try encodeTimestamp(date, forKey: key)
        }
    }
}
