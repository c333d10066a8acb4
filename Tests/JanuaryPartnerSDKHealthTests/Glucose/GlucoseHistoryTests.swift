import Foundation
import JanuaryPartnerSDK
import Testing

@testable import JanuaryPartnerSDKHealth

@Suite("CGM history: binning, units, pairing, caps and January's five complete days", suiteTimeLimit())
struct GlucoseHistoryTests {
    static let utc = TimeZone(identifier: "UTC")!
    static let losAngeles = TimeZone(identifier: "America/Los_Angeles")!
    static let newYork = TimeZone(identifier: "America/New_York")!
    static let kathmandu = TimeZone(identifier: "Asia/Kathmandu")!

    /// Seconds in a day without a daylight-saving change.
    static let day: TimeInterval = 86_400

    /// 2026-01-05T00:00:00Z, a Monday.
    static let monday = Date(timeIntervalSince1970: 1_767_571_200)

    static func at(_ seconds: Double, _ value: Double = 100, _ unit: GlucoseUnit = .milligramsPerDeciliter)
        -> HealthGlucoseReading
    {
        HealthGlucoseReading(date: monday.addingTimeInterval(seconds), value: value, unit: unit)
    }

    static func meal(_ date: Date, quantity: Double? = 1) -> FoodLog {
        FoodLog(
            id: FoodLogID(rawValue: UUID().uuidString),
            foods: [
                LoggedFood(
                    foodID: "1004", nutrients: NutritionFacts(), quantity: quantity,
                    serving: ServingSummary(id: "5008", quantity: 1))
            ],
            eatenAt: date)
    }

    static func history(_ readings: [HealthGlucoseReading], _ logs: [FoodLog] = [], days: Double = 1) -> GlucoseHistory
    {
        GlucoseHistory(
            readings: readings, foodLogs: logs, from: monday, to: monday.addingTimeInterval(days * day),
            timeZone: utc)
    }

    struct Binning: Sendable, CustomTestStringConvertible {
        let name: String
        let readings: [HealthGlucoseReading]
        let kept: [CGMReading]
        var testDescription: String { name }
    }

    static let binnings: [Binning] = [
        Binning(
            name: "a window's first instant opens it and its last belongs to it",
            readings: [at(0, 101), at(899.999, 102), at(900, 103)],
            kept: [
                CGMReading(timestamp: monday, value: 101),
                CGMReading(timestamp: monday.addingTimeInterval(900), value: 103),
            ]),
        Binning(
            name: "five-minute readings keep the first of each window",
            readings: [at(1_200, 120), at(300, 105), at(600, 110), at(0, 100), at(900, 115)],
            kept: [
                CGMReading(timestamp: monday, value: 100),
                CGMReading(timestamp: monday.addingTimeInterval(900), value: 115),
            ]),
        Binning(
            name: "two sources at the same instant keep the lower value, whatever Health's order",
            readings: [at(60, 130), at(60, 125)],
            kept: [CGMReading(timestamp: monday.addingTimeInterval(60), value: 125)]),
        Binning(
            name: "out of January's range is dropped before binning, so the window keeps a valid reading",
            readings: [at(0, 9.9), at(60, 600.1), at(120, 10), at(1_000, 600)],
            kept: [
                CGMReading(timestamp: monday.addingTimeInterval(120), value: 10),
                CGMReading(timestamp: monday.addingTimeInterval(1_000), value: 600),
            ]),
        Binning(
            name: "mmol/L is converted with HealthKit's molar mass of glucose",
            readings: [at(0, 5.5, .millimolesPerLiter)],
            kept: [CGMReading(timestamp: monday, value: 5.5 * 180.15588000005408 / 10)]),
        Binning(
            name: "a unit other than mg/dL or mmol/L, a NaN, an infinity are dropped",
            readings: [at(0, 100, "mg/L"), at(900, .nan), at(1_800, .infinity), at(2_700, 99)],
            kept: [CGMReading(timestamp: monday.addingTimeInterval(2_700), value: 99)]),
        Binning(
            name: "the period's start is in, its end is out, and so is anything around it",
            readings: [at(-0.001), at(0, 90), at(86_399.999, 91), at(86_400, 92), at(-86_400), at(.nan)],
            kept: [
                CGMReading(timestamp: monday, value: 90),
                CGMReading(timestamp: monday.addingTimeInterval(86_399.999), value: 91),
            ]),
    ]

    @Test("readings are binned to one per 15-minute window in mg/dL", arguments: binnings)
    func binning(_ variant: Binning) {
        #expect(Self.history(variant.readings).cgmReadings == variant.kept)
    }

    @Test("what is left out is counted by reason")
    func discarded() {
        let history = Self.history(
            [
                Self.at(0, 100), Self.at(60, 101), Self.at(120, 9), Self.at(180, 100, "mg/L"), Self.at(-1),
                Self.at(86_400),
            ],
            [
                Self.meal(Self.monday.addingTimeInterval(60)), Self.meal(Self.monday.addingTimeInterval(-60)),
                Self.meal(Self.monday.addingTimeInterval(120), quantity: nil),
                Self.meal(Self.monday.addingTimeInterval(180), quantity: 0),
                Self.meal(Self.monday.addingTimeInterval(240), quantity: 10_001),
                Self.meal(Self.monday.addingTimeInterval(300), quantity: .nan),
                Self.meal(Self.monday.addingTimeInterval(360), quantity: 10_000),
            ])
        #expect(history.discarded.readingsOutsidePeriod == 2)
        #expect(history.discarded.readingsOutOfRange == 2)
        #expect(history.discarded.readingsInSameWindow == 1)
        #expect(history.discarded.readingsBeyondLimit == 0)
        #expect(history.discarded.foodsOutsidePeriod == 1)
        #expect(history.discarded.foodsWithoutQuantity == 4)
        #expect(history.consumedFoods.map(\.quantity) == [1, 10_000])
        #expect(
            history.consumedFoods.first
                == ConsumedHistoricalFood(
                    timestamp: Self.monday.addingTimeInterval(60), foodID: "1004", servingID: "5008", quantity: 1))
    }

    /// Readings every five minutes over `quarterHours` quarter hours from `start`.
    static func fiveMinute(from start: Date, quarterHours: Int, value: Double = 110) -> [HealthGlucoseReading] {
        (0..<(quarterHours * 3)).map {
            HealthGlucoseReading(
                date: start.addingTimeInterval(Double($0) * 300), value: value, unit: .milligramsPerDeciliter)
        }
    }

    struct Completeness: Sendable, CustomTestStringConvertible {
        let name: String
        let quarterHours: [Int]
        let meals: [Bool]
        let complete: Int
        var testDescription: String { name }
    }

    static let completeness: [Completeness] = [
        Completeness(name: "72 quarter hours and a food: complete", quarterHours: [72], meals: [true], complete: 1),
        Completeness(name: "71 quarter hours and a food: not", quarterHours: [71], meals: [true], complete: 0),
        Completeness(name: "96 quarter hours without food: not", quarterHours: [96], meals: [false], complete: 0),
        Completeness(
            name: "four complete days of five", quarterHours: [96, 96, 96, 96, 50],
            meals: [true, true, true, true, true], complete: 4),
        Completeness(
            name: "five complete days", quarterHours: [72, 80, 96, 72, 90], meals: [true, true, true, true, true],
            complete: 5),
    ]

    @Test("a day is complete with readings in 72 of its quarter hours and a food", arguments: completeness)
    func complete(_ variant: Completeness) {
        var readings: [HealthGlucoseReading] = []
        var meals: [FoodLog] = []
        for (day, quarterHours) in variant.quarterHours.enumerated() {
            let start = Self.monday.addingTimeInterval(Double(day) * 86_400)
            readings += Self.fiveMinute(from: start, quarterHours: quarterHours)
            if variant.meals[day] {
                meals.append(Self.meal(start.addingTimeInterval(12 * 3_600)))
            }
        }
        let history = Self.history(readings, meals, days: Double(variant.quarterHours.count))
        #expect(history.coverage.completeDays == variant.complete)
        #expect(history.coverage.days.map(\.quarterHoursWithReadings) == variant.quarterHours)
        #expect(history.coverage.isSufficient == (variant.complete >= 5))
        #expect(history.coverage.requiredDays == 5)
        #expect(history.coverage.description == "\(variant.complete) of 5 complete days")
    }

    @Test("days are the prediction's local days, not UTC's")
    func timeZones() throws {
        // 2026-01-05T07:50:00Z is 23:50 on Sunday the 4th in Los Angeles and 07:50 on Monday in UTC.
        let reading = Self.at(7 * 3_600 + 50 * 60)
        let start = Self.monday.addingTimeInterval(-86_400)
        let end = Self.monday.addingTimeInterval(86_400)
        let local = GlucoseHistory(readings: [reading], foodLogs: [], from: start, to: end, timeZone: Self.losAngeles)
        let sunday = try JanuaryDate("2026-01-04")
        #expect(local.coverage.days.first { $0.quarterHoursWithReadings == 1 }?.date == sunday)
        let utc = GlucoseHistory(readings: [reading], foodLogs: [], from: start, to: end, timeZone: Self.utc)
        let monday = try JanuaryDate("2026-01-05")
        #expect(utc.coverage.days.first { $0.quarterHoursWithReadings == 1 }?.date == monday)
        // Every UTC offset in use is a multiple of 15 minutes, so windows align with local quarter hours: a local day
        // in Kathmandu (+05:45) of readings every 5 minutes has exactly 96.
        let kathmanduMidnight = try JanuaryDate("2026-01-05").start(in: Self.kathmandu)
        let nepal = GlucoseHistory(
            readings: Self.fiveMinute(from: kathmanduMidnight, quarterHours: 96), foodLogs: [],
            from: kathmanduMidnight, to: kathmanduMidnight.addingTimeInterval(86_400), timeZone: Self.kathmandu)
        #expect(nepal.coverage.days.map(\.quarterHoursWithReadings) == [96])
    }

    @Test(
        "daylight-saving days have 92 or 100 quarter hours, and 72 still make them complete",
        arguments: [("2026-03-08", 92), ("2026-11-01", 100), ("2026-03-09", 96)])
    func daylightSaving(day: String, quarterHours: Int) throws {
        let date = try JanuaryDate(day)
        let start = date.start(in: Self.newYork)
        let end = date.advanced(by: 1).start(in: Self.newYork)
        #expect(end.timeIntervalSince(start) == Double(quarterHours) * 900)
        let windows = quarterHours
        let full = GlucoseHistory(
            readings: Self.fiveMinute(from: start, quarterHours: windows),
            foodLogs: [Self.meal(start.addingTimeInterval(3_600))],
            from: start, to: end, timeZone: Self.newYork)
        #expect(full.coverage.days.map(\.date) == [date])
        #expect(full.coverage.days.map(\.quarterHoursWithReadings) == [quarterHours])
        #expect(full.coverage.completeDays == 1)
        let thin = GlucoseHistory(
            readings: Self.fiveMinute(from: start, quarterHours: 71),
            foodLogs: [Self.meal(start.addingTimeInterval(3_600))],
            from: start, to: end, timeZone: Self.newYork)
        #expect(thin.coverage.completeDays == 0)
    }

    @Test("every day of the period is listed, the meal's own day included")
    func days() throws {
        let history = GlucoseHistory(
            readings: [], foodLogs: [], from: Self.monday, to: Self.monday.addingTimeInterval(2.5 * Self.day),
            timeZone: Self.utc)
        let expected = [try JanuaryDate("2026-01-05"), try JanuaryDate("2026-01-06"), try JanuaryDate("2026-01-07")]
        #expect(history.coverage.days.map(\.date) == expected)
        #expect(history.coverage.completeDays == 0)
        // A period ending at midnight does not list the day that starts then.
        let exact = GlucoseHistory(
            readings: [], foodLogs: [], from: Self.monday, to: Self.monday.addingTimeInterval(86_400),
            timeZone: Self.utc)
        #expect(exact.coverage.days.count == 1)
        let empty = GlucoseHistory(readings: [], foodLogs: [], from: Self.monday, to: Self.monday, timeZone: Self.utc)
        #expect(empty.coverage.days.isEmpty)
    }

    @Test("a period of centuries lists and counts its last 1,000 days, and a day with data among them")
    func longPeriod() throws {
        let end = Self.monday
        let reading = HealthGlucoseReading(
            date: end.addingTimeInterval(-3_600), value: 100, unit: .milligramsPerDeciliter)
        let history = GlucoseHistory(
            readings: [reading], foodLogs: [], from: .distantPast, to: end, timeZone: Self.utc)
        #expect(history.coverage.days.count == GlucoseHistory.maximumCoverageDays)
        let sunday = try JanuaryDate("2026-01-04")
        #expect(history.coverage.days.last?.date == sunday)
        #expect(history.coverage.days.last?.quarterHoursWithReadings == 1)
        #expect(history.cgmReadings.count == 1)
    }

    @Test("at most 5,000 readings, the most recent, and the foods they cover")
    func caps() {
        // 60 days of readings every 15 minutes: 5,760, of which the 760 oldest go.
        let readings = (0..<5_760).map { Self.at(Double($0) * 900 - 60 * 86_400) }
        let meals = (0..<60).map {
            Self.meal(Self.monday.addingTimeInterval(Double($0) * 86_400 - 60 * 86_400 + 43_200))
        }
        let history = GlucoseHistory(
            readings: readings, foodLogs: meals, from: Self.monday.addingTimeInterval(-60 * Self.day), to: Self.monday,
            timeZone: Self.utc)
        #expect(history.cgmReadings.count == 5_000)
        #expect(history.discarded.readingsBeyondLimit == 760)
        #expect(history.cgmReadings.first?.timestamp == Self.monday.addingTimeInterval(-5_000 * 900))
        #expect(history.cgmReadings.last?.timestamp == Self.monday.addingTimeInterval(-900))
        // The first kept reading is at 22:00 on the 8th day: that day's noon meal is before it.
        #expect(history.consumedFoods.count == 52)
        #expect(history.discarded.foodsOutsidePeriod == 8)
        #expect(history.consumedFoods.allSatisfy { $0.timestamp >= history.cgmReadings[0].timestamp })

        let many = (0..<5_001).map { Self.meal(Self.monday.addingTimeInterval(Double($0))) }
        let capped = Self.history([], many)
        #expect(capped.consumedFoods.count == 5_000)
        #expect(capped.discarded.foodsBeyondLimit == 1)
        #expect(capped.consumedFoods.first?.timestamp == Self.monday.addingTimeInterval(1))
    }

    @Test(
        "a reading's conversion to mg/dL",
        arguments: [
            (HealthGlucoseReading(date: monday, value: 100, unit: .milligramsPerDeciliter), 100.0),
            (HealthGlucoseReading(date: monday, value: 10, unit: .millimolesPerLiter), 180.15588000005408),
            (HealthGlucoseReading(date: monday, value: 5.5, unit: "mmol/L"), 5.5 * 18.015588000005408),
            (HealthGlucoseReading(date: monday, value: 1, unit: "mmol/l"), nil),
            (HealthGlucoseReading(date: monday, value: .nan, unit: .milligramsPerDeciliter), nil),
        ] as [(HealthGlucoseReading, Double?)])
    func conversion(reading: HealthGlucoseReading, expected: Double?) {
        if let expected, let value = reading.milligramsPerDeciliter {
            #expect(abs(value - expected) < 1e-9)
        } else {
            #expect(reading.milligramsPerDeciliter == expected)
        }
    }
}
