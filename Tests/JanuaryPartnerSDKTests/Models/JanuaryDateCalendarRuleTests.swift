import Foundation
import JanuaryPartnerSDK
import Testing

/// One calendar, the proleptic Gregorian, both validates a ``JanuaryDate`` and places it in time (issue 35,
/// fault 10): Foundation's `.gregorian` calendar is Julian before 1582-10-15, so 1582-10-05 was accepted and
/// started ten days later.
@Suite("JanuaryDate's calendar rule", suiteTimeLimit())
struct JanuaryDateCalendarRuleTests {
    /// Each day and its number of days after 1970-01-01 (negative before), as the proleptic Gregorian counts.
    static let days: [(String, Int64)] = [
        ("0001-01-01", -719_162), ("1582-10-04", -141_438), ("1582-10-05", -141_437), ("1582-10-10", -141_432),
        ("1582-10-14", -141_428), ("1582-10-15", -141_427), ("1600-02-29", -135_081), ("1969-12-31", -1),
        ("1970-01-01", 0), ("9999-12-31", 2_932_896),
    ]

    @Test("a day starts at its proleptic Gregorian midnight in UTC", arguments: days)
    func startInUTC(text: String, dayNumber: Int64) throws {
        let day = try JanuaryDate(text)
        let utc = try #require(TimeZone(identifier: "UTC"))
        #expect(day.start(in: utc) == Date(timeIntervalSince1970: TimeInterval(dayNumber) * 86_400))
    }

    @Test(
        "every day round-trips through its start, in zones east and west",
        arguments: ["UTC", "America/Los_Angeles", "Asia/Kolkata", "Pacific/Kiritimati"]
    )
    func roundTrips(zone: String) throws {
        let timeZone = try #require(TimeZone(identifier: zone))
        for (text, _) in Self.days {
            let day = try JanuaryDate(text)
            #expect(try JanuaryDate(day.start(in: timeZone), in: timeZone) == day, "\(text) in \(zone)")
            #expect(try JanuaryDate(day.start(in: timeZone).addingTimeInterval(86_399), in: timeZone) == day)
        }
    }
}
