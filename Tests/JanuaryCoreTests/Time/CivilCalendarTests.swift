import Foundation
import JanuaryCore
import Testing

@Suite("CivilCalendar", suiteTimeLimit())
struct CivilCalendarTests {
    @Test(
        "known days, from the year 1 to 9999",
        arguments: [
            (1970, 1, 1, 0), (1969, 12, 31, -1), (2000, 2, 29, 11_016), (2038, 1, 19, 24_855),
            (2100, 3, 1, 47_541), (1, 1, 1, -719_162), (9999, 12, 31, 2_932_896),
        ] as [(Int64, Int64, Int64, Int64)]
    )
    func knownDays(year: Int64, month: Int64, day: Int64, days: Int64) {
        #expect(CivilCalendar.daysFromCivil(year: year, month: month, day: day) == days)
        #expect(CivilCalendar.civilFromDays(days) == (year, month, day))
    }

    @Test("every day from 1600 to 2400 agrees with Foundation's Gregorian calendar in UTC, both ways")
    func agreesWithFoundation() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        let first = CivilCalendar.daysFromCivil(year: 1600, month: 1, day: 1)
        let last = CivilCalendar.daysFromCivil(year: 2400, month: 12, day: 31)
        var mismatches = 0
        // Every 29th day keeps the run short (about 10,000 days) and still lands on every day of the month and every
        // weekday; the century leap rules are pinned by `knownDays` and `leapYears`.
        for days in stride(from: first, through: last, by: 29) {
            let date = Date(timeIntervalSince1970: TimeInterval(days * CivilCalendar.secondsPerDay))
            let parts = calendar.dateComponents([.year, .month, .day], from: date)
            let civil = CivilCalendar.civilFromDays(days)
            if Int64(parts.year ?? 0) != civil.year || Int64(parts.month ?? 0) != civil.month
                || Int64(parts.day ?? 0) != civil.day
                || CivilCalendar.daysFromCivil(year: civil.year, month: civil.month, day: civil.day) != days
            {
                mismatches += 1
            }
        }
        #expect(mismatches == 0)
    }

    @Test("leap years and month lengths", arguments: [(1900, false), (2000, true), (2024, true), (2100, false)])
    func leapYears(year: Int64, isLeap: Bool) {
        #expect(CivilCalendar.isLeapYear(year) == isLeap)
        #expect(CivilCalendar.isValid(year: year, month: 2, day: 29) == isLeap)
        #expect(!CivilCalendar.isValid(year: year, month: 4, day: 31))
        #expect(!CivilCalendar.isValid(year: year, month: 13, day: 1))
        #expect(!CivilCalendar.isValid(year: year, month: 1, day: 0))
    }

    @Test("seconds since 1970 past 2038 and in the year 9999 do not overflow and round-trip to the day")
    func farSeconds() {
        let seconds = CivilCalendar.secondsSince1970(year: 9999, month: 12, day: 31, hour: 23, minute: 59, second: 59)
        #expect(seconds == 253_402_300_799)
        let (days, secondOfDay) = CivilCalendar.floorDivision(seconds, CivilCalendar.secondsPerDay)
        #expect(CivilCalendar.civilFromDays(days) == (9999, 12, 31))
        #expect(secondOfDay == 86_399)
        #expect(CivilCalendar.floorDivision(-1, 86_400) == (-1, 86_399))
    }
}
