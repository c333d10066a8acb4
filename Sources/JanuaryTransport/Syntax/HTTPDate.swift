import Foundation
import JanuaryCore

/// HTTP-date (RFC 9110 §5.6.7): the preferred IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`) and the two
/// obsolete forms a recipient must accept (rfc850-date `Sunday, 06-Nov-94 08:49:37 GMT` and asctime-date
/// `Sun Nov  6 08:49:37 1994`).
///
/// Parsed by hand rather than with a `DateFormatter`, which would cost microseconds on every response that
/// carries a `Date` field.
package enum HTTPDate {
    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// The instant `text` names, or `nil` if it is not an HTTP-date.
    ///
    /// - Parameter text: A field value such as `Date` or `Retry-After`.
    /// - Returns: The date, always in UTC as the grammar requires.
    package static func parse(_ text: String) -> Date? {
        if let date = parseFixdate(text) {
            return date
        }
        let fields = HTTPSyntax.pieces(of: text, omittingEmpty: true) { $0 == " " || $0 == "\t" }
        switch fields.count {
        case 6 where fields[5] == "GMT":
            // IMF-fixdate: day-name "," SP day SP month SP year SP time SP "GMT"
            return make(day: fields[1], month: fields[2], year: fields[3], time: fields[4], twoDigitYear: false)
        case 4 where fields[3] == "GMT":
            // rfc850-date: day-name-l "," SP day "-" month "-" 2DIGIT SP time SP "GMT"
            let parts = HTTPSyntax.pieces(of: fields[1], omittingEmpty: false) { $0 == "-" }
            guard parts.count == 3 else {
                return nil
            }
            return make(day: parts[0], month: parts[1], year: parts[2], time: fields[2], twoDigitYear: true)
        case 5:
            // asctime-date: day-name SP month SP ( 2DIGIT / ( SP DIGIT )) SP time SP year
            return make(day: fields[2], month: fields[1], year: fields[4], time: fields[3], twoDigitYear: false)
        default:
            return nil
        }
    }

    /// IMF-fixdate, the form every current server sends (January's `Date` on every response), read from its 29
    /// bytes at their fixed offsets without allocating: `Sun, 06 Nov 1994 08:49:37 GMT`.
    private static func parseFixdate(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { bytes -> Date? in
            guard bytes.count == 29, bytes[3] == UInt8(ascii: ","), bytes[4] == 0x20, bytes[7] == 0x20,
                bytes[11] == 0x20, bytes[16] == 0x20, bytes[19] == UInt8(ascii: ":"),
                bytes[22] == UInt8(ascii: ":"), bytes[25] == 0x20, bytes[26] == UInt8(ascii: "G"),
                bytes[27] == UInt8(ascii: "M"), bytes[28] == UInt8(ascii: "T")
            else {
                return nil
            }
            func digits(_ start: Int, _ count: Int) -> Int64? {
                var value: Int64 = 0
                for index in start..<(start + count) {
                    let byte = bytes[index]
                    guard byte >= 0x30, byte <= 0x39 else {
                        return nil
                    }
                    value = value * 10 + Int64(byte - 0x30)
                }
                return value
            }
            let monthKey = (UInt32(bytes[8] | 0x20) << 16) | (UInt32(bytes[9] | 0x20) << 8) | UInt32(bytes[10] | 0x20)
            guard let day = digits(5, 2), let year = digits(12, 4), let hour = digits(17, 2),
                let minute = digits(20, 2), let second = digits(23, 2),
                let month = monthKeys.firstIndex(of: monthKey).map({ Int64($0) + 1 }),
                CivilCalendar.isValid(year: year, month: month, day: day), hour < 24, minute < 60, second <= 60
            else {
                return nil
            }
            return instant(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        }
    }

    /// The three lower-case letters of each month, packed, to compare without making strings.
    private static let monthKeys: [UInt32] = months.map { name in
        name.utf8.reduce(UInt32(0)) { ($0 << 8) | UInt32($1) }
    }

    private static func make(day: String, month: String, year: String, time: String, twoDigitYear: Bool) -> Date? {
        guard let day = HTTPSyntax.decimalNumber(day, digits: 1...2), (1...31).contains(day),
            let month = months.firstIndex(of: month.lowercased()).map({ Int64($0) + 1 }),
            var year = HTTPSyntax.decimalNumber(year, digits: twoDigitYear ? 2...2 : 4...4)
        else {
            return nil
        }
        if twoDigitYear {
            // RFC 9110: a two-digit year more than 50 years in the future means the past century.
            year += year < 70 ? 2000 : 1900
        }
        let clock = HTTPSyntax.pieces(of: time, omittingEmpty: false) { $0 == ":" }
        guard clock.count == 3, let hour = HTTPSyntax.decimalNumber(clock[0], digits: 2...2),
            let minute = HTTPSyntax.decimalNumber(clock[1], digits: 2...2),
            let second = HTTPSyntax.decimalNumber(clock[2], digits: 2...2), hour < 24, minute < 60, second <= 60
        else {
            return nil
        }
        guard CivilCalendar.isValid(year: year, month: month, day: day) else {
            return nil
        }
        return instant(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    }

    /// The instant, computed in `Int64` so that a date from 2038 on (or a hostile year 9999) cannot overflow a
    /// 32-bit `Int` on watchOS: this runs on every response that carries a `Date` field.
    private static func instant(year: Int64, month: Int64, day: Int64, hour: Int64, minute: Int64, second: Int64)
        -> Date
    {
        let seconds = CivilCalendar.secondsSince1970(
            year: year, month: month, day: day, hour: hour, minute: minute, second: second
        )
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

}
