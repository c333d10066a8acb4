import Foundation
import Testing

@testable import JanuaryTestServer

@Suite("Simulator food log summary", suiteTimeLimit())
struct FoodLogSummaryTests {
    /// Four logs in Los Angeles from Monday 2 March to Sunday 8 March 2026, one after the window:
    /// banana 105 kcal and 2 eggs 156 kcal on the 2nd, a cup of rice 205 kcal on the 4th, a cup of oatmeal
    /// 166 kcal at 23:30 on the 8th (07:30 UTC on the 9th), and an apple on the 10th.
    static func seeded() async throws -> SimulatorHarness {
        let harness = try SimulatorHarness()
        for (food, serving, quantity, time) in [
            ("1001", "5001", 1.0, "2026-03-02T08:00:00-08:00"),
            ("1003", "5006", 2.0, "2026-03-02T19:00:00-08:00"),
            ("1006", "5012", 1.0, "2026-03-04T12:00:00-08:00"),
            ("1004", "5008", 1.0, "2026-03-08T23:30:00-07:00"),
            ("1002", "5004", 1.0, "2026-03-10T12:00:00-07:00"),
        ] {
            let reply = try await harness.call(
                "POST", "/v1.2/food-logs",
                body: FoodLogTests.log(food, serving, quantity, at: time), endUser: "u1")
            #expect(reply.status == 201)
        }
        return harness
    }

    static func summary(_ harness: SimulatorHarness, _ extra: [(String, String)]) async throws -> JSONValue {
        let reply = try await harness.call(
            "GET",
            "/v1.2/food-logs/summary",
            query: [("start_date", "2026-03-01"), ("end_date", "2026-03-09"), ("timezone", "America/Los_Angeles")]
                + extra,
            endUser: "u1"
        )
        #expect(reply.status == 200)
        return reply.json
    }

    struct Bucket: Equatable, CustomStringConvertible {
        let start: String
        let end: String
        let logs: Int
        let days: Int
        let calories: Double?
        var description: String { "\(start)…\(end) \(logs)/\(days) \(calories.map { "\($0)" } ?? "-")" }
    }

    static func buckets(_ json: JSONValue) -> [Bucket] {
        (json["buckets"]?.arrayValue ?? []).map {
            Bucket(
                start: $0["start_date"]?.stringValue ?? "",
                end: $0["end_date"]?.stringValue ?? "",
                logs: $0["logs_count"]?.intValue ?? -1,
                days: $0["days_with_logs"]?.intValue ?? -1,
                calories: $0["nutrients"]?["calories"]?["value"]?.doubleValue
            )
        }
    }

    @Test func byDayTilesTheRangeWithEmptyDays() async throws {
        let harness = try await Self.seeded()
        let json = try await Self.summary(harness, [])
        #expect(json["group_by"]?.stringValue == "day")
        #expect(json["week_start"]?.isNull == true)
        #expect(json["timezone"]?.stringValue == "America/Los_Angeles")
        #expect(json["start_date"]?.stringValue == "2026-03-01")
        #expect(json["end_date"]?.stringValue == "2026-03-09")
        #expect(
            Self.buckets(json) == [
                Bucket(start: "2026-03-01", end: "2026-03-01", logs: 0, days: 0, calories: nil),
                Bucket(start: "2026-03-02", end: "2026-03-02", logs: 2, days: 1, calories: 261),
                Bucket(start: "2026-03-03", end: "2026-03-03", logs: 0, days: 0, calories: nil),
                Bucket(start: "2026-03-04", end: "2026-03-04", logs: 1, days: 1, calories: 205),
                Bucket(start: "2026-03-05", end: "2026-03-05", logs: 0, days: 0, calories: nil),
                Bucket(start: "2026-03-06", end: "2026-03-06", logs: 0, days: 0, calories: nil),
                Bucket(start: "2026-03-07", end: "2026-03-07", logs: 0, days: 0, calories: nil),
                Bucket(start: "2026-03-08", end: "2026-03-08", logs: 1, days: 1, calories: 166),
                Bucket(start: "2026-03-09", end: "2026-03-09", logs: 0, days: 0, calories: nil),
            ])
        #expect(json["buckets"]?[0]?["nutrients"]?.objectValue?.isEmpty == true)
        #expect(json["totals"]?["logs_count"]?.intValue == 4)
        #expect(json["totals"]?["days_with_logs"]?.intValue == 3)
        #expect(json["totals"]?["nutrients"]?["calories"]?["value"]?.doubleValue == 632)
        #expect(json["totals"]?["nutrients"]?["protein"]?["value"]?.doubleValue == 24.1)
        #expect(json["average_per_logged_day"]?["nutrients"]?["calories"]?["value"]?.doubleValue == 210.67)
        #expect(json["average_per_logged_day"]?["nutrients"]?["protein"]?["value"]?.doubleValue == 8.03)
        #expect(json["average_per_logged_day"]?["nutrients"]?["calories"]?["unit"]?.stringValue == "kcal")
    }

    @Test func byWeekStartingMondayClipsTheFirstAndLastWeeks() async throws {
        let harness = try await Self.seeded()
        let json = try await Self.summary(harness, [("group_by", "week")])
        #expect(json["week_start"]?.stringValue == "monday")
        #expect(
            Self.buckets(json) == [
                Bucket(start: "2026-03-01", end: "2026-03-01", logs: 0, days: 0, calories: nil),
                Bucket(start: "2026-03-02", end: "2026-03-08", logs: 4, days: 3, calories: 632),
                Bucket(start: "2026-03-09", end: "2026-03-09", logs: 0, days: 0, calories: nil),
            ])
    }

    @Test func byWeekStartingSunday() async throws {
        let harness = try await Self.seeded()
        let json = try await Self.summary(harness, [("group_by", "week"), ("week_start", "sunday")])
        #expect(json["week_start"]?.stringValue == "sunday")
        #expect(
            Self.buckets(json) == [
                Bucket(start: "2026-03-01", end: "2026-03-07", logs: 3, days: 2, calories: 466),
                Bucket(start: "2026-03-08", end: "2026-03-09", logs: 1, days: 1, calories: 166),
            ])
    }

    @Test func anEmptyRangeAveragesToAnEmptyObject() async throws {
        let harness = try SimulatorHarness()
        let json = try await Self.summary(harness, [])
        #expect(json["totals"]?["days_with_logs"]?.intValue == 0)
        #expect(json["average_per_logged_day"]?["nutrients"]?.objectValue?.isEmpty == true)
        #expect(json["buckets"]?.count == 9)
    }

    @Test(arguments: [
        ([("start_date", "2025-01-01"), ("end_date", "2026-01-02"), ("timezone", "UTC")], "date_range_too_large"),
        (
            [("start_date", "2026-03-01"), ("end_date", "2026-03-09"), ("timezone", "UTC"), ("group_by", "month")],
            "invalid_request"
        ),
        (
            [("start_date", "2026-03-01"), ("end_date", "2026-03-09"), ("timezone", "UTC"), ("week_start", "friday")],
            "invalid_request"
        ),
    ])
    func summaryValidatesItsParameters(_ query: [(String, String)], _ code: String) async throws {
        let harness = try SimulatorHarness()
        let reply = try await harness.call("GET", "/v1.2/food-logs/summary", query: query, endUser: "u1")
        reply.expect(status: 400, code: code)
        let full = try await harness.call(
            "GET",
            "/v1.2/food-logs/summary",
            query: [("start_date", "2025-01-01"), ("end_date", "2026-01-01"), ("timezone", "UTC")],
            endUser: "u1"
        )
        #expect(full.status == 200)
        #expect(full.json["buckets"]?.count == 366)
    }
}
