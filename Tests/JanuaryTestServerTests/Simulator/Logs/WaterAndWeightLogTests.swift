import Foundation
import Testing

@testable import JanuaryTestServer

@Suite("Simulator water and weight logs", suiteTimeLimit())
struct WaterAndWeightLogTests {
    static func water(_ value: Double, _ unit: String, at time: String? = nil) -> String {
        let at = time.map { #","consumed_at":"\#($0)""# } ?? ""
        return #"{"amount":{"value":\#(value),"unit":"\#(unit)"}\#(at)}"#
    }

    static func weight(_ value: Double, _ unit: String, at time: String? = nil) -> String {
        let at = time.map { #","measured_at":"\#($0)""# } ?? ""
        return #"{"weight":{"value":\#(value),"unit":"\#(unit)"}\#(at)}"#
    }

    static func list(_ start: String, _ end: String, unit: String? = "fl_oz", zone: String = "America/Los_Angeles")
        -> [(String, String)]
    {
        [("start_date", start), ("end_date", end), ("timezone", zone)] + (unit.map { [("unit", $0)] } ?? [])
    }

    @Test func createEchoesTheAmountAsSent() async throws {
        let harness = try SimulatorHarness()
        let reply = try await harness.call("POST", "/v1.2/water-logs", body: Self.water(1.5, "cup"), endUser: "u1")
        #expect(reply.status == 201)
        #expect(UUID(uuidString: reply.json["id"]?.stringValue ?? "") != nil)
        #expect(reply.json["amount"]?["value"]?.doubleValue == 1.5)
        #expect(reply.json["amount"]?["unit"]?.stringValue == "cup")
        #expect(reply.json["consumed_at"]?.stringValue == "2026-03-10T15:00:00.000Z")
    }

    @Test func theCreatedAtRevisionNamesEveryLogTimestampCreatedAtAndReadsIt() async throws {
        let harness = try SimulatorHarness()
        harness.simulator.namesLogTimestampsCreatedAt = true
        let water = try await harness.call(
            "POST", "/v1.2/water-logs",
            body: #"{"amount":{"value":250,"unit":"ml"},"created_at":"2026-03-10T08:00:00Z"}"#,
            endUser: "u1")
        #expect(water.json["created_at"]?.stringValue == "2026-03-10T08:00:00.000Z")
        #expect(water.json["consumed_at"] == nil)
        let weight = try await harness.call(
            "POST", "/v1.2/weight-logs", body: Self.weight(70, "kg", at: "2026-03-10T07:00:00Z"), endUser: "u1")
        #expect(weight.json["created_at"]?.stringValue == "2026-03-10T07:00:00.000Z")
        #expect(weight.json["measured_at"] == nil)
        harness.simulator.namesLogTimestampsCreatedAt = false
        let newest = try await harness.call("POST", "/v1.2/water-logs", body: Self.water(250, "ml"), endUser: "u1")
        #expect(newest.json["consumed_at"] != nil)
        #expect(newest.json["created_at"] == nil)
    }

    @Test(arguments: [
        (0.9, "fl_oz"), (811.6, "fl_oz"), (0.12, "cup"), (101.5, "cup"), (29, "ml"), (24_001, "ml"), (100, "l"),
    ])
    func createRefusesAmountsOutOfRange(_ value: Double, _ unit: String) async throws {
        let harness = try SimulatorHarness()
        let reply = try await harness.call("POST", "/v1.2/water-logs", body: Self.water(value, unit), endUser: "u1")
        reply.expect(status: 400, code: "invalid_request")
        #expect(reply.json["message"]?.stringValue?.contains("amount.") == true)
    }

    @Test(arguments: [(1.0, "fl_oz"), (811.5, "fl_oz"), (0.125, "cup"), (101.4, "cup"), (30, "ml"), (24_000, "ml")])
    func createAcceptsTheRangeLimits(_ value: Double, _ unit: String) async throws {
        let harness = try SimulatorHarness()
        let reply = try await harness.call("POST", "/v1.2/water-logs", body: Self.water(value, unit), endUser: "u1")
        #expect(reply.status == 201)
    }

    @Test func theDailyCapCountsTheUTCDayAndListsGroupByLocalDay() async throws {
        let harness = try SimulatorHarness()
        // Each POST in turn: fluid ounces, when, for whom, and the code of its refusal (nil: it is logged).
        let posts: [(Double, String, String, String?)] = [
            (800, "2026-03-10T01:00:00Z", "u1", nil),
            (12, "2026-03-10T23:00:00Z", "u1", "daily_water_limit_exceeded"),
            (12, "2026-03-10T23:00:00Z", "u2", nil),
            // 00:30 UTC on the 11th is another UTC day, though still the 10th in Los Angeles.
            (12, "2026-03-11T00:30:00Z", "u1", nil),
        ]
        var replies: [Reply] = []
        for (ounces, time, user, refusal) in posts {
            let reply = try await harness.call(
                "POST", "/v1.2/water-logs", body: Self.water(ounces, "fl_oz", at: time), endUser: user)
            #expect(reply.status == (refusal == nil ? 201 : 400), "\(ounces) fl oz at \(time) for \(user)")
            #expect(reply.code == refusal, "\(ounces) fl oz at \(time) for \(user)")
            replies.append(reply)
        }
        let first = replies[0]

        let ounces = try await harness.call(
            "GET", "/v1.2/water-logs", query: Self.list("2026-03-01", "2026-03-10"),
            endUser: "u1")
        #expect(
            ounces.json["items"]?.arrayValue?.compactMap { $0["date"]?.stringValue } == ["2026-03-09", "2026-03-10"])
        #expect(ounces.json["items"]?[0]?["total"]?["value"]?.doubleValue == 800)
        #expect(ounces.json["items"]?[0]?["total"]?["unit"]?.stringValue == "fl_oz")
        #expect(ounces.json["items"]?[1]?["total"]?["value"]?.doubleValue == 12)
        let milliliters = try await harness.call(
            "GET", "/v1.2/water-logs",
            query: Self.list("2026-03-01", "2026-03-10", unit: "ml"), endUser: "u1")
        #expect(milliliters.json["items"]?[0]?["total"]?["value"]?.doubleValue == 23_658.8)
        let cups = try await harness.call(
            "GET", "/v1.2/water-logs",
            query: Self.list("2026-03-01", "2026-03-10", unit: "cup"), endUser: "u1")
        #expect(cups.json["items"]?.arrayValue?.compactMap { $0["total"]?["value"]?.doubleValue } == [100, 1.5])

        let id = try #require(first.json["id"]?.stringValue)
        for _ in 0..<2 {
            let deleted = try await harness.call("DELETE", "/v1.2/water-logs/\(id)", endUser: "u1")
            #expect(deleted.status == 204)
        }
        let afterDelete = try await harness.call(
            "POST", "/v1.2/water-logs",
            body: Self.water(12, "fl_oz", at: "2026-03-10T23:00:00Z"), endUser: "u1")
        #expect(afterDelete.status == 201)
        let malformed = try await harness.call("DELETE", "/v1.2/water-logs/nope", endUser: "u1")
        #expect(malformed.status == 400)
    }

    @Test func listsReachBackFiveYearsAndKeepTheLatestHundredDays() async throws {
        let harness = try SimulatorHarness()
        let tooOld = try await harness.call(
            "GET", "/v1.2/water-logs", query: Self.list("2021-03-09", "2026-03-10"),
            endUser: "u1")
        tooOld.expect(status: 400, code: "date_range_too_large")
        let oldest = try await harness.call(
            "GET", "/v1.2/weight-logs",
            query: Self.list("2021-03-10", "2026-03-10", unit: nil), endUser: "u1")
        #expect(oldest.status == 200)
        let weightTooOld = try await harness.call(
            "GET", "/v1.2/weight-logs",
            query: Self.list("2021-03-09", "2026-03-10", unit: nil), endUser: "u1")
        #expect(weightTooOld.code == "date_range_too_large")
        for day in 0..<105 {
            let time = Timestamp.format(Date(timeIntervalSince1970: 1_773_144_000 - Double(day) * 86_400))
            let reply = try await harness.call(
                "POST", "/v1.2/water-logs", body: Self.water(250, "ml", at: time),
                endUser: "u1")
            #expect(reply.status == 201)
        }
        let listed = try await harness.call(
            "GET", "/v1.2/water-logs",
            query: Self.list("2025-01-01", "2026-03-10", unit: "ml", zone: "UTC"),
            endUser: "u1")
        let dates = listed.json["items"]?.arrayValue?.compactMap { $0["date"]?.stringValue } ?? []
        #expect(dates.count == 100)
        #expect(dates.last == "2026-03-10")
        #expect(dates.first == "2025-12-01")
        #expect(dates == dates.sorted())
        #expect(listed.json["items"]?[0]?["total"]?["value"]?.doubleValue == 250)
    }

    @Test(arguments: [
        ([("start_date", "2026-03-01"), ("end_date", "2026-03-10"), ("timezone", "UTC")], "`unit`"),
        ([("start_date", "2026-03-01"), ("end_date", "2026-03-10"), ("timezone", "UTC"), ("unit", "l")], "`unit`"),
        (
            [("start_date", "2026-03-11"), ("end_date", "2026-03-10"), ("timezone", "UTC"), ("unit", "ml")],
            "`end_date`"
        ),
    ])
    func waterListValidatesItsParameters(_ query: [(String, String)], _ mention: String) async throws {
        let harness = try SimulatorHarness()
        let reply = try await harness.call("GET", "/v1.2/water-logs", query: query, endUser: "u1")
        reply.expect(status: 400, code: "invalid_request")
        #expect(reply.json["message"]?.stringValue?.contains(mention) == true)
    }

    @Test func weightCreateAnswersWithoutAnID() async throws {
        let harness = try SimulatorHarness()
        let reply = try await harness.call(
            "POST", "/v1.2/weight-logs",
            body: Self.weight(180.5, "lb", at: "2026-03-10T07:00:00-08:00"), endUser: "u1")
        #expect(reply.status == 201)
        #expect(reply.json.objectValue?.keys.sorted() == ["measured_at", "weight"])
        #expect(reply.json["weight"]?["value"]?.doubleValue == 180.5)
        #expect(reply.json["weight"]?["unit"]?.stringValue == "lb")
        #expect(reply.json["measured_at"]?.stringValue == "2026-03-10T15:00:00.000Z")
    }

    @Test(arguments: [(9.9, "lb"), (1000.1, "lb"), (4.4, "kg"), (453.7, "kg"), (70, "st")])
    func weightCreateRefusesValuesOutOfRange(_ value: Double, _ unit: String) async throws {
        let harness = try SimulatorHarness()
        let reply = try await harness.call("POST", "/v1.2/weight-logs", body: Self.weight(value, unit), endUser: "u1")
        reply.expect(status: 400, code: "invalid_request")
    }

    @Test func weightListKeepsTheLatestMeasurementOfEachLocalDayInItsOwnUnit() async throws {
        let harness = try SimulatorHarness()
        for (value, unit, time) in [
            (81.0, "kg", "2026-03-09T20:00:00-07:00"),
            (180.0, "lb", "2026-03-09T08:00:00-07:00"),
            (179.0, "lb", "2026-03-10T07:00:00-07:00"),
            (90.0, "kg", "2026-03-08T23:30:00-07:00"),
        ] {
            let reply = try await harness.call(
                "POST", "/v1.2/weight-logs", body: Self.weight(value, unit, at: time),
                endUser: "u1")
            #expect(reply.status == 201)
        }
        let listed = try await harness.call(
            "GET", "/v1.2/weight-logs",
            query: Self.list("2026-03-01", "2026-03-10", unit: nil), endUser: "u1")
        let days = (listed.json["items"]?.arrayValue ?? []).map {
            "\($0["date"]?.stringValue ?? "") \($0["weight"]?["value"]?.doubleValue ?? 0) \($0["weight"]?["unit"]?.stringValue ?? "")"
        }
        #expect(days == ["2026-03-08 90.0 kg", "2026-03-09 81.0 kg", "2026-03-10 179.0 lb"])
    }
}
