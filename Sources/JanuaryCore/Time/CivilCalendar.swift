/// Day arithmetic on the proleptic Gregorian calendar, the one copy the SDK's timestamps and days and the
/// transport's HTTP dates share.
///
/// Everything is `Int64`: `Int` is 32 bits on watchOS's arm64_32, where seconds since 1970 overflow in 2038 and a
/// hostile year such as 9999 would trap. Plain integer arithmetic rather than `Calendar`, so that a date means the
/// same instant and a span the same number of days whatever the device's time zone, calendar or locale.
package enum CivilCalendar {
    /// Seconds in a civil day (leap seconds are not counted, as in POSIX time and `Date`).
    package static let secondsPerDay: Int64 = 86_400

    /// Whether `year` has a February 29.
    package static func isLeapYear(_ year: Int64) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    /// The number of days in `month` (1 to 12) of `year`.
    package static func daysInMonth(_ month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Whether `year-month-day` names a day that exists.
    package static func isValid(year: Int64, month: Int64, day: Int64) -> Bool {
        (1...12).contains(month) && (1...daysInMonth(month, year: year)).contains(day)
    }

    /// Days since 1970-01-01 (negative before it) of a valid date: H. Hinnant's `days_from_civil`, which counts
    /// 400-year eras of 146,097 days from a year that starts on March 1 so that February's length comes last.
    package static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date of a day count since 1970-01-01: the inverse of ``daysFromCivil(year:month:day:)``.
    package static func civilFromDays(_ days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// Seconds since 1970 of a UTC wall-clock time on a valid date; `second` may be 60 (a leap second), which
    /// lands on the next minute's first second.
    package static func secondsSince1970(
        year: Int64,
        month: Int64,
        day: Int64,
        hour: Int64,
        minute: Int64,
        second: Int64
    ) -> Int64 {
        daysFromCivil(year: year, month: month, day: day) * secondsPerDay + hour * 3_600 + minute * 60 + second
    }

    /// `value / divisor` rounded towards negative infinity, with the remainder that goes with it (never negative
    /// for a positive divisor), so that instants before 1970 fall on the right day.
    package static func floorDivision(_ value: Int64, _ divisor: Int64) -> (quotient: Int64, remainder: Int64) {
        let quotient = value / divisor
        let remainder = value % divisor
        return remainder < 0 ? (quotient - 1, remainder + divisor) : (quotient, remainder)
    }
}
