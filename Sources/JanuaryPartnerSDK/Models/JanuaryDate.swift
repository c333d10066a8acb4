import Foundation
import JanuaryCore

/// A calendar day, such as 2026-02-28, without a time or a time zone: the unit in which January lists logs.
///
/// January groups a user's logs by the days of the user's own calendar, so a day is always read in a time
/// zone. Make one from a `Date` in the user's zone, from its parts, or from its `yyyy-MM-dd` spelling, which is
/// also how it travels on the wire and how it is coded:
///
/// ```swift
/// let today = try JanuaryDate(Date(), in: user.timeZone)  // or try user.today(), on the client's clock
/// let leapDay = try JanuaryDate(year: 2028, month: 2, day: 29)
/// let parsed = try JanuaryDate("2026-08-26")
/// let lastWeek = today.advanced(by: -6)
/// for day in lastWeek...today { print(day) }
/// ```
///
/// Every value is a real day of the Gregorian calendar between the years 1 and 9999: 2026-02-30 is refused.
public struct JanuaryDate: Hashable, Sendable {
    /// The year, from 1 to 9999.
    public let year: Int

    /// The month, from 1 (January) to 12.
    public let month: Int

    /// The day of the month, from 1 to 28, 29, 30 or 31.
    public let day: Int

    /// The years a date may have: those that `yyyy` can spell.
    static let years = 1...9999

    /// Creates the day with the given parts.
    ///
    /// - Parameters:
    ///   - year: The year, from 1 to 9999.
    ///   - month: The month, from 1 to 12.
    ///   - day: The day of the month.
    /// - Throws: `JanuaryError` of category `invalidInput` when the parts do not name a day of the calendar,
    ///   such as February 30.
    public init(year: Int, month: Int, day: Int) throws {
        guard Self.years.contains(year),
            CivilCalendar.isValid(year: Int64(year), month: Int64(month), day: Int64(day))
        else {
            throw JanuaryError.invalidInput(
                "A JanuaryDate needs a year from 1 to 9999, a month from 1 to 12 and a day that exists in that month; "
                    + "year \(year), month \(month), day \(day) is not a day of the calendar."
            )
        }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Creates a day from its `yyyy-MM-dd` spelling, such as `2026-08-26`.
    ///
    /// - Parameter text: Four digits of year, two of month and two of day, separated by hyphens.
    /// - Throws: `JanuaryError` of category `invalidInput` when the text is not spelled `yyyy-MM-dd` or does not
    ///   name a day of the calendar.
    public init(_ text: String) throws {
        guard let parts = Self.parts(of: text) else {
            // The text is not quoted: it may be anything a caller passed in.
            throw JanuaryError.invalidInput("A JanuaryDate must be spelled yyyy-MM-dd, such as 2026-08-26.")
        }
        try self.init(year: parts.year, month: parts.month, day: parts.day)
    }

    /// The day on which an instant falls in a time zone.
    ///
    /// The same instant can be two different days: 2026-03-10 at 23:30 in Los Angeles is already 2026-03-11 in
    /// UTC. Pass the user's zone, as ``JanuaryUserClient/timeZone`` does.
    ///
    /// - Parameters:
    ///   - date: The instant.
    ///   - timeZone: The zone whose calendar names the day.
    /// - Throws: `JanuaryError` of category `invalidInput` when the instant is not finite or falls outside the
    ///   years 1 to 9999.
    public init(_ date: Date, in timeZone: TimeZone) throws {
        guard let day = Self.day(of: date, in: timeZone) else {
            throw JanuaryError.invalidInput("A JanuaryDate covers the years 1 to 9999; the instant lies outside them.")
        }
        self = day
    }

    /// The day on which an instant falls in a time zone, or `nil` outside the years 1 to 9999.
    ///
    /// Named in the proleptic Gregorian calendar, the one ``init(year:month:day:)`` validates and ``start(in:)``
    /// counts in, so that every day round-trips. Foundation's `.gregorian` calendar is Julian before 1582-10-15,
    /// which made 1582-10-05 to 14 valid days whose start was ten days later.
    static func day(of date: Date, in timeZone: TimeZone) -> JanuaryDate? {
        let seconds = date.timeIntervalSince1970
        // A bound well outside the years 1 to 9999 that keeps the conversion to Int64 from trapping.
        guard seconds.isFinite, abs(seconds) < 1e12 else {
            return nil
        }
        let local = Int64(seconds.rounded(.down)) + Int64(timeZone.secondsFromGMT(for: date))
        let dayNumber = CivilCalendar.floorDivision(local, CivilCalendar.secondsPerDay).quotient
        let (year, month, day) = CivilCalendar.civilFromDays(dayNumber)
        guard years.contains(Int(year)) else {
            return nil
        }
        // The calendar's own parts are always a real day.
        return JanuaryDate(uncheckedYear: Int(year), month: Int(month), day: Int(day))
    }

    /// Today, in a time zone, by the device's clock.
    ///
    /// Deprecated: it ignores the client's ``JanuaryPartnerClient/Configuration/clock`` (a `ManualClock` in tests),
    /// so the day it names can disagree with the one the client checks ranges against. Use
    /// ``JanuaryUserClient/today()``, or ``init(_:in:)`` with an instant of your choosing.
    ///
    /// - Parameter timeZone: The zone whose calendar names the day, usually the user's.
    /// - Returns: The day the current instant falls on in that zone.
    @available(*, deprecated, message: "Use JanuaryUserClient.today(), which reads the client's clock")
    public static func today(in timeZone: TimeZone) -> JanuaryDate {
        // The device's clock is within the years 1 to 9999 on any real device; the first day is only a value
        // that is not a trap.
        day(of: Date(), in: timeZone) ?? JanuaryDate(uncheckedYear: 1, month: 1, day: 1)
    }

    /// The first instant of the day in a time zone: usually its midnight, or the first moment after a
    /// daylight-saving gap that skips midnight.
    ///
    /// - Parameter timeZone: The zone whose calendar gives the day its start.
    /// - Returns: The instant the day begins.
    public func start(in timeZone: TimeZone) -> Date {
        // Noon always exists, so the day's start is found from it even when midnight was skipped. It is placed by
        // the proleptic Gregorian day number, as validation counts, not by Foundation's calendar, which is Julian
        // before 1582-10-15; the zone's offset at noon is read twice so that a change that day is honoured.
        let day = CivilCalendar.daysFromCivil(year: Int64(year), month: Int64(month), day: Int64(day))
        let noonUTC = Date(timeIntervalSince1970: TimeInterval(day * CivilCalendar.secondsPerDay + 43_200))
        let firstGuess = noonUTC.addingTimeInterval(-TimeInterval(timeZone.secondsFromGMT(for: noonUTC)))
        let noon = noonUTC.addingTimeInterval(-TimeInterval(timeZone.secondsFromGMT(for: firstGuess)))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        // The start of the day an instant falls in does not depend on how the calendar names that day.
        return calendar.startOfDay(for: noon)
    }

    /// Creates a day from parts already known to be valid.
    init(uncheckedYear year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// The numbers in `yyyy-MM-dd`, or `nil` when the text is spelled otherwise. ASCII digits only: other
    /// scripts' digits are not what January accepts.
    private static func parts(of text: String) -> (year: Int, month: Int, day: Int)? {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else {
            return nil
        }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in bytes[range] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else {
                    return nil
                }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else {
            return nil
        }
        return (year, month, day)
    }
}

extension JanuaryDate: CustomStringConvertible {
    /// The day spelled `yyyy-MM-dd`, as January writes it.
    public var description: String {
        Self.pad(year, to: 4) + "-" + Self.pad(month, to: 2) + "-" + Self.pad(day, to: 2)
    }

    private static func pad(_ value: Int, to width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}

extension JanuaryDate: Codable {
    /// Decodes a day from its `yyyy-MM-dd` string.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` when the value is not a string naming a day of the calendar.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let parts = Self.parts(of: text),
            let date = try? JanuaryDate(year: parts.year, month: parts.month, day: parts.day)
        else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "Expected a calendar day spelled yyyy-MM-dd."
            )
        }
        self = date
    }

    /// Encodes the day as its `yyyy-MM-dd` string.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: Whatever the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

// Days are counted with plain integer arithmetic on the proleptic Gregorian calendar rather than with
// `Calendar`, so that a span is the same number of days whatever the time zone or daylight-saving rules.
extension JanuaryDate: Strideable {
    /// The number of days from this day to another: positive when the other is later.
    ///
    /// ```swift
    /// let start = try JanuaryDate("2026-03-01")
    /// let end = try JanuaryDate("2026-03-31")
    /// let span = start.distance(to: end) + 1  // 31: the days in start...end, both included
    /// ```
    ///
    /// - Parameter other: The other day.
    /// - Returns: `other` minus `self`, in days.
    public func distance(to other: JanuaryDate) -> Int {
        other.dayNumber - dayNumber
    }

    /// The day a number of days away: later for a positive count, earlier for a negative one.
    ///
    /// - Parameter days: How many days to move.
    /// - Returns: The day reached.
    /// - Precondition: The day reached lies between the years 1 and 9999.
    public func advanced(by days: Int) -> JanuaryDate {
        // In `Int64`, so that a count far past the year 9999 meets the precondition rather than an overflow trap.
        let (target, overflow) = Int64(dayNumber).addingReportingOverflow(Int64(days))
        precondition(!overflow && Self.dayNumbers.contains(target), "JanuaryDate covers the years 1 to 9999.")
        return JanuaryDate(dayNumber: target)
    }

    /// Orders days from the earliest to the latest.
    ///
    /// - Parameters:
    ///   - lhs: A day.
    ///   - rhs: Another day.
    /// - Returns: Whether `lhs` comes before `rhs`.
    public static func < (lhs: JanuaryDate, rhs: JanuaryDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// The same day of the month a number of years away, or the last day of the month when that day does not
    /// exist then (February 29 becomes February 28).
    ///
    /// - Parameter years: How many years to move; negative moves back.
    /// - Returns: The day reached, or `nil` when its year is not one of 1 to 9999: the day may come from a
    ///   partner's clock, which can read anything, so this is no precondition.
    func addingYears(_ years: Int) -> JanuaryDate? {
        let (year, overflow) = self.year.addingReportingOverflow(years)
        guard !overflow, Self.years.contains(year) else {
            return nil
        }
        let day = min(self.day, Int(CivilCalendar.daysInMonth(Int64(month), year: Int64(year))))
        return JanuaryDate(uncheckedYear: year, month: month, day: day)
    }

    /// Days since 1970-01-01 (negative before it); within ±3.7 million for the years 1 to 9999, so it fits any `Int`.
    private var dayNumber: Int {
        Int(CivilCalendar.daysFromCivil(year: Int64(year), month: Int64(month), day: Int64(day)))
    }

    /// The day numbers of 0001-01-01 to 9999-12-31.
    private static let dayNumbers = firstDayNumber...lastDayNumber
    private static let firstDayNumber = CivilCalendar.daysFromCivil(year: 1, month: 1, day: 1)
    private static let lastDayNumber = CivilCalendar.daysFromCivil(year: 9999, month: 12, day: 31)

    /// The day of a day number within ``dayNumbers``.
    private init(dayNumber: Int64) {
        let (year, month, day) = CivilCalendar.civilFromDays(dayNumber)
        self.init(uncheckedYear: Int(year), month: Int(month), day: Int(day))
    }
}
