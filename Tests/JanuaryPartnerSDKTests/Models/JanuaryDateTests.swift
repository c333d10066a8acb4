import Foundation
import JanuaryPartnerSDK
import Testing

@Suite("JanuaryDate", suiteTimeLimit())
struct JanuaryDateTests {
    @Test(
        "parses yyyy-MM-dd and spells it back unchanged",
        arguments: [
            ("2026-08-26", 2026, 8, 26), ("0001-01-01", 1, 1, 1), ("9999-12-31", 9999, 12, 31),
            ("2028-02-29", 2028, 2, 29), ("2000-02-29", 2000, 2, 29), ("2026-04-30", 2026, 4, 30),
        ]
    )
    func parsesAndFormats(text: String, year: Int, month: Int, day: Int) throws {
        let date = try JanuaryDate(text)
        #expect(date.year == year && date.month == month && date.day == day)
        #expect(date.description == text)
        #expect(try JanuaryDate(year: year, month: month, day: day) == date)
    }

    @Test(
        "refuses text that is not a real day spelled yyyy-MM-dd",
        arguments: [
            "2026-02-30", "2027-02-29", "1900-02-29", "2100-02-29", "2026-04-31", "2026-13-01", "2026-00-10",
            "2026-01-00", "0000-01-01", "2026-8-26", "26-08-26", "2026/08/26", "2026-08-26T00:00:00Z", " 2026-08-26",
            "2026-08-26 ", "\u{FF12}026-08-26", "", "2026-08-2a", "+2026-08-26", "2026-08--1",
        ]
    )
    func refusesInvalidText(text: String) {
        let error = #expect(throws: JanuaryError.self) { try JanuaryDate(text) }
        #expect(error?.category == .invalidInput)
    }

    @Test(
        "refuses parts that are not a day of the calendar",
        arguments: [
            (2026, 2, 29), (2026, 2, 30), (2026, 6, 31), (2026, 0, 1), (2026, 13, 1), (2026, 1, 0),
            (2026, 1, 32), (0, 1, 1), (10000, 1, 1), (-1, 1, 1),
        ]
    )
    func refusesInvalidParts(year: Int, month: Int, day: Int) {
        #expect(throws: JanuaryError.self) { try JanuaryDate(year: year, month: month, day: day) }
    }

    @Test("a 23:30 instant in Los Angeles is that day there and the next day in UTC")
    func dayDependsOnTheZone() throws {
        let instant = utc("2026-03-11T06:30:00Z")  // 23:30 PDT on March 10
        let zones: [(String, String)] = [
            ("America/Los_Angeles", "2026-03-10"), ("UTC", "2026-03-11"), ("Asia/Tokyo", "2026-03-11"),
            ("Pacific/Pago_Pago", "2026-03-10"), ("Pacific/Kiritimati", "2026-03-11"), ("Asia/Kolkata", "2026-03-11"),
        ]
        for (zone, expected) in zones {
            #expect(
                try JanuaryDate(instant, in: try #require(TimeZone(identifier: zone))).description == expected,
                "\(zone)")
        }
        let lateInTheYear = utc("2027-01-01T07:59:59Z")  // 23:59:59 PST on December 31
        #expect(try JanuaryDate(lateInTheYear, in: TimeZone(identifier: "America/Los_Angeles")!) == day("2026-12-31"))
        #expect(try JanuaryDate(lateInTheYear, in: TimeZone(identifier: "UTC")!) == day("2027-01-01"))
    }

    @Test("a day starts at its first instant in the zone")
    func startOfDay() throws {
        let losAngeles = try #require(TimeZone(identifier: "America/Los_Angeles"))
        #expect(day("2026-03-10").start(in: losAngeles) == utc("2026-03-10T07:00:00Z"))
        // The day daylight saving starts still starts at midnight standard time.
        #expect(day("2026-03-08").start(in: losAngeles) == utc("2026-03-08T08:00:00Z"))
        #expect(day("2026-03-09").start(in: losAngeles) == utc("2026-03-09T07:00:00Z"))
        #expect(day("2026-03-10").start(in: TimeZone(identifier: "UTC")!) == utc("2026-03-10T00:00:00Z"))
        for zone in ["America/Los_Angeles", "Asia/Kolkata", "Australia/Lord_Howe", "America/Sao_Paulo"] {
            let timeZone = try #require(TimeZone(identifier: zone))
            for offset in stride(from: 0, to: 400, by: 7) {
                let date = day("2018-01-01").advanced(by: offset)
                #expect(try JanuaryDate(date.start(in: timeZone), in: timeZone) == date, "\(zone) \(date)")
                #expect(try JanuaryDate(date.start(in: timeZone) - 1, in: timeZone) == date.advanced(by: -1))
            }
        }
    }

    @Test(
        "counts days across months, years and leap days",
        arguments: [
            ("2026-01-31", "2026-02-01", 1), ("2025-12-31", "2026-01-01", 1), ("2028-02-28", "2028-02-29", 1),
            ("2028-02-28", "2028-03-01", 2), ("2027-02-28", "2027-03-01", 1), ("2026-01-01", "2026-12-31", 364),
            ("2028-01-01", "2028-12-31", 365), ("2026-03-01", "2026-02-28", -1), ("2000-02-28", "2000-03-01", 2),
            ("1900-02-28", "1900-03-01", 1), ("2026-08-26", "2026-08-26", 0), ("2021-03-11", "2026-03-11", 1826),
            ("0001-01-01", "9999-12-31", 3_652_058),
        ]
    )
    func spans(from start: String, to end: String, days: Int) {
        #expect(day(start).distance(to: day(end)) == days)
        #expect(day(end).distance(to: day(start)) == -days)
        #expect(day(start).advanced(by: days) == day(end))
        #expect(day(end).advanced(by: -days) == day(start))
    }

    @Test("day arithmetic agrees with Foundation's Gregorian calendar, day by day, 1999 to 2032")
    func agreesWithCalendar() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        let origin = day("1999-01-01")
        var instant = utc("1999-01-01T12:00:00Z")
        for offset in 0..<(366 * 33) {
            let expected = calendar.dateComponents([.year, .month, .day], from: instant)
            let computed = origin.advanced(by: offset)
            #expect(
                computed.year == expected.year && computed.month == expected.month && computed.day == expected.day,
                "offset \(offset)"
            )
            #expect(origin.distance(to: computed) == offset)
            instant = try #require(calendar.date(byAdding: .day, value: 1, to: instant))
        }
    }

    @Test("orders days and iterates a closed range, both ends included")
    func ordersAndIterates() {
        let days = ["2026-03-01", "2025-12-31", "2026-02-28", "2026-03-10", "2024-02-29"].map(day)
        #expect(
            days.sorted().map(\.description) == [
                "2024-02-29", "2025-12-31", "2026-02-28", "2026-03-01", "2026-03-10",
            ])
        #expect(day("2026-02-28") < day("2026-03-01"))
        #expect(!(day("2026-03-01") < day("2026-03-01")))
        let week = Array(day("2026-02-26")...day("2026-03-04"))
        #expect(week.count == 7)
        #expect(
            week.map(\.description) == [
                "2026-02-26", "2026-02-27", "2026-02-28", "2026-03-01", "2026-03-02", "2026-03-03", "2026-03-04",
            ])
        #expect(Set([day("2026-03-01"), try! JanuaryDate(year: 2026, month: 3, day: 1)]).count == 1)
    }

    @Test("codes as its yyyy-MM-dd string")
    func codable() throws {
        let data = try JSONEncoder().encode([day("2026-08-26")])
        #expect(String(decoding: data, as: UTF8.self) == #"["2026-08-26"]"#)
        #expect(try JSONDecoder().decode([JanuaryDate].self, from: data) == [day("2026-08-26")])
    }

    @Test(
        "refuses to decode anything but a real day", arguments: [#""2026-02-30""#, #""2026-8-1""#, "20260826", "null"])
    func decodingRefusesInvalid(json: String) {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([JanuaryDate].self, from: Data("[\(json)]".utf8))
        }
    }

    @Test("the current day in a zone is the day of now there")
    func today() throws {
        let zone = try #require(TimeZone(identifier: "Pacific/Kiritimati"))
        let before = try JanuaryDate(Date(), in: zone)
        let today = try JanuaryDate(Date(), in: zone)
        let after = try JanuaryDate(Date(), in: zone)
        #expect(before <= today && today <= after)
    }
}
