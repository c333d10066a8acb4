import Foundation

/// Instants as January writes them (UTC with milliseconds) and reads them (RFC 3339 with `Z` or `±HH:MM`).
enum Timestamp {
    static let utcCalendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    /// `2026-08-26T18:35:11.000Z`: milliseconds truncated, as a server that stores milliseconds would.
    /// An instant outside the years 1 to 9999 (a test's clock or lifetime at `.infinity`, `1e300`, NaN) is written
    /// as the nearest one inside them, NaN as 1970: the conversion to `Int64` must not trap.
    static func format(_ date: Date) -> String {
        let milliseconds = Int64(representableMilliseconds(date.timeIntervalSince1970))
        let seconds = milliseconds >= 0 ? milliseconds / 1000 : (milliseconds - 999) / 1000
        let remainder = Int(milliseconds - seconds * 1000)
        let parts = utcCalendar.dateComponents(
            [.year, .month, .day, .hour, .minute, .second],
            from: Date(timeIntervalSince1970: TimeInterval(seconds))
        )
        return "\(HTTPDate.pad(parts.year, 4))-\(HTTPDate.pad(parts.month, 2))-\(HTTPDate.pad(parts.day, 2))"
            + "T\(HTTPDate.pad(parts.hour, 2)):\(HTTPDate.pad(parts.minute, 2)):\(HTTPDate.pad(parts.second, 2))"
            + ".\(HTTPDate.pad(remainder, 3))Z"
    }

    /// The first and last milliseconds of the years 1 to 9999, since 1970.
    static let representableMilliseconds: ClosedRange<Double> = -62_135_596_800_000...253_402_300_799_999

    /// `seconds` since 1970 in whole milliseconds, clamped to ``representableMilliseconds``; NaN is 0.
    static func representableMilliseconds(_ seconds: TimeInterval) -> Double {
        guard !seconds.isNaN else {
            return 0
        }
        let milliseconds = (seconds * 1000).rounded(.down)
        return min(max(milliseconds, representableMilliseconds.lowerBound), representableMilliseconds.upperBound)
    }

    /// Rounds to the millisecond the wire can carry, so a stored instant equals the one answered.
    static func truncated(_ date: Date) -> Date {
        Date(timeIntervalSince1970: (date.timeIntervalSince1970 * 1000).rounded(.down) / 1000)
    }

    /// Parses an RFC 3339 `date-time` (§5.6): `YYYY-MM-DDTHH:MM:SS`, optional fractional seconds (kept to the
    /// millisecond), then `Z` or `±HH:MM`; `T` and `Z` in capitals, as January documents them.
    ///
    /// Every field is range-checked instead of normalised, so `2026-02-30`, `24:00`, a leap second `:60` and an
    /// offset without its colon (`+0530`) are refused rather than rolled over into another instant, as a
    /// formatter in lenient mode would.
    static func parse(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        var cursor = 0
        func digits(_ count: Int) -> Int64? {
            guard cursor + count <= bytes.count else { return nil }
            var value: Int64 = 0
            for byte in bytes[cursor..<(cursor + count)] {
                guard (0x30...0x39).contains(byte) else { return nil }
                value = value * 10 + Int64(byte - 0x30)
            }
            cursor += count
            return value
        }
        func expect(_ allowed: Set<UInt8>) -> Bool {
            guard cursor < bytes.count, allowed.contains(bytes[cursor]) else { return false }
            cursor += 1
            return true
        }
        guard let year = digits(4), expect([0x2D]), let month = digits(2), expect([0x2D]), let day = digits(2),
            expect([0x54]), let hour = digits(2), expect([0x3A]), let minute = digits(2), expect([0x3A]),
            let second = digits(2)
        else {
            return nil
        }
        guard year >= 1, (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day),
            (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second)
        else {
            return nil
        }
        var milliseconds: Int64 = 0
        if expect([0x2E]) {
            var fractionDigits = 0
            while cursor < bytes.count, (0x30...0x39).contains(bytes[cursor]) {
                if fractionDigits < 3 {
                    milliseconds = milliseconds * 10 + Int64(bytes[cursor] - 0x30)
                }
                fractionDigits += 1
                cursor += 1
            }
            guard fractionDigits > 0 else { return nil }
            for _ in fractionDigits..<max(fractionDigits, 3) {
                milliseconds *= 10
            }
        }
        var offsetSeconds: Int64 = 0
        if !expect([0x5A]) {
            guard cursor < bytes.count, bytes[cursor] == 0x2B || bytes[cursor] == 0x2D else { return nil }
            let sign: Int64 = bytes[cursor] == 0x2D ? -1 : 1
            cursor += 1
            guard let offsetHours = digits(2), expect([0x3A]), let offsetMinutes = digits(2),
                (0...23).contains(offsetHours), (0...59).contains(offsetMinutes)
            else {
                return nil
            }
            offsetSeconds = sign * (offsetHours * 3600 + offsetMinutes * 60)
        }
        guard cursor == bytes.count else { return nil }
        let days = daysSinceEpoch(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
        return Date(timeIntervalSince1970: TimeInterval(seconds) + TimeInterval(milliseconds) / 1000)
    }

    private static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1970-01-01 to a proleptic Gregorian date, in whole-era arithmetic so no calendar (and no
    /// normalisation) is involved.
    private static func daysSinceEpoch(year: Int64, month: Int64, day: Int64) -> Int64 {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}

// The `Date` header's form lives with the JSON timestamps: both are the simulator's UTC wire times, and the
// timestamps borrow its zero-padding.

/// The `Date` header's IMF-fixdate form (RFC 9110 §5.6.7), such as `Sun, 06 Nov 1994 08:49:37 GMT`.
enum HTTPDate {
    private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    static func format(_ date: Date) -> String {
        let parts = Timestamp.utcCalendar.dateComponents(
            [.weekday, .day, .month, .year, .hour, .minute, .second],
            from: Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
        )
        let weekday = weekdays[(parts.weekday ?? 1) - 1]
        let month = months[(parts.month ?? 1) - 1]
        return "\(weekday), \(pad(parts.day, 2)) \(month) \(pad(parts.year, 4)) "
            + "\(pad(parts.hour, 2)):\(pad(parts.minute, 2)):\(pad(parts.second, 2)) GMT"
    }

    static func pad(_ value: Int?, _ width: Int) -> String {
        let digits = String(value ?? 0)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
