import Foundation
import Testing

@testable import JanuaryTestServer

@Suite("Simulator food logs", suiteTimeLimit())
struct FoodLogTests {
    static func window(_ start: String, _ end: String, _ zone: String = "America/Los_Angeles") -> [(String, String)] {
        [("start_date", start), ("end_date", end), ("timezone", zone)]
    }

    static func log(_ food: String, _ serving: String, _ quantity: Double, at eatenAt: String? = nil) -> String {
        let time = eatenAt.map { #","eaten_at":"\#($0)""# } ?? ""
        return #"{"foods":[{"food_id":"\#(food)","serving_id":"\#(serving)","quantity":\#(quantity)}]\#(time)}"#
    }

    /// Logs one banana for `u1` and returns the path of the new log.
    static func createdLogPath(_ harness: SimulatorHarness) async throws -> String {
        let created = try await harness.call("POST", "/v1.2/food-logs", body: log("1001", "5001", 1), endUser: "u1")
        return "/v1.2/food-logs/\(try #require(created.json["id"]?.stringValue))"
    }

    @Test func createAnswersTheHydratedLogWithALocation() async throws {
        let harness = try SimulatorHarness()
        let body =
            #"{"foods":[{"food_id":"1003","serving_id":"5006","quantity":2},{"food_id":"1006","serving_id":"5013","quantity":2}],"eaten_at":"2026-03-10T08:15:30.123456+01:00","name":"Breakfast"}"#
        let reply = try await harness.call("POST", "/v1.2/food-logs", body: body, endUser: "u1")
        #expect(reply.status == 201)
        let id = try #require(reply.json["id"]?.stringValue)
        #expect(UUID(uuidString: id) != nil)
        #expect(reply.header("Location") == "/v1.2/food-logs/\(id)")
        #expect(reply.json["eaten_at"]?.stringValue == "2026-03-10T07:15:30.123Z")
        #expect(reply.json["name"]?.stringValue == "Breakfast")
        let egg = try #require(reply.json["foods"]?[0])
        #expect(
            egg.objectValue?.keys.sorted() == [
                "brand_name", "food_id", "glycemic_index", "glycemic_load", "image_url", "name", "nutrients",
                "quantity",
                "serving",
            ])
        #expect(egg["name"]?.stringValue == "egg")
        #expect(egg["brand_name"]?.isNull == true)
        #expect(egg["glycemic_index"]?.isNull == true)
        #expect(egg["nutrients"]?["calories"]?["value"]?.doubleValue == 156)
        #expect(egg["quantity"]?.doubleValue == 2)
        #expect(egg["serving"]?["unit"]?.stringValue == "large")
        let rice = try #require(reply.json["foods"]?[1])
        #expect(rice["glycemic_index"]?.doubleValue == 73)
        #expect(rice["glycemic_load"]?.doubleValue == 40.32)  // 32 × 0.63 × 2
        #expect(rice["nutrients"]?["calories"]?["value"]?.doubleValue == 258.3)  // 205 × 0.63 × 2
        #expect(rice["serving"]?["quantity"]?.doubleValue == 100)

        let fetched = try await harness.call("GET", "/v1.2/food-logs/\(id.uppercased())", endUser: "u1")
        #expect(fetched.status == 200)
        #expect(fetched.data == reply.data)
        let unnamed = try await harness.call(
            "POST", "/v1.2/food-logs", body: Self.log("1001", "5001", 1), endUser: "u1")
        #expect(unnamed.json["name"]?.isNull == true)
        #expect(unnamed.json["eaten_at"]?.stringValue == "2026-03-10T15:00:00.000Z")  // the simulator's now
    }

    static let badCreates: [(String, String)] = [
        (#"{}"#, "`foods`"),
        (#"{"foods":[]}"#, "`foods`"),
        (
            "{\"foods\":["
                + Array(repeating: #"{"food_id":"1001","serving_id":"5001","quantity":1}"#, count: 101)
                .joined(separator: ",") + "]}", "`foods`"
        ),
        (log("424242", "5001", 1), "`foods[0].food_id`"),
        (log("1001", "5004", 1), "`foods[0].serving_id`"),
        (log("1001", "5001", 0), "`foods[0].quantity`"),
        (log("1001", "5001", 10_001), "`foods[0].quantity`"),
        (#"{"foods":[{"food_id":1001,"serving_id":"5001","quantity":1}]}"#, "`foods[0].food_id`"),
        (log("1001", "5001", 1, at: "2026-03-10T08:00:00"), "`eaten_at`"),
        (
            #"{"foods":[{"food_id":"1001","serving_id":"5001","quantity":1}],"name":"\#(String(repeating: "n", count: 257))"}"#,
            "`name`"
        ),
    ]

    @Test(arguments: badCreates)
    func createValidatesItsBody(_ body: String, _ field: String) async throws {
        let harness = try SimulatorHarness()
        let reply = try await harness.call("POST", "/v1.2/food-logs", body: body, endUser: "u1")
        reply.expect(status: 400, code: "invalid_request", naming: field)
    }

    @Test func aLogLateInTheEveningListsOnItsLocalDay() async throws {
        let harness = try SimulatorHarness()
        let late = try await harness.call(
            "POST",
            "/v1.2/food-logs",
            body: Self.log("1001", "5001", 1, at: "2026-03-10T23:30:00-07:00"),
            endUser: "u1"
        )
        #expect(late.json["eaten_at"]?.stringValue == "2026-03-11T06:30:00.000Z")
        try await harness.call(
            "POST", "/v1.2/food-logs", body: Self.log("1002", "5004", 1, at: "2026-03-10T09:00:00-07:00"),
            endUser: "u1")
        let local = try await harness.call(
            "GET", "/v1.2/food-logs", query: Self.window("2026-03-10", "2026-03-10"),
            endUser: "u1")
        #expect(
            local.json["items"]?.arrayValue?.compactMap { $0["foods"]?[0]?["food_id"]?.stringValue } == [
                "1002", "1001",
            ])
        let utc = try await harness.call(
            "GET", "/v1.2/food-logs", query: Self.window("2026-03-10", "2026-03-10", "UTC"),
            endUser: "u1")
        #expect(utc.json["items"]?.arrayValue?.compactMap { $0["foods"]?[0]?["food_id"]?.stringValue } == ["1002"])
        let nextDay = try await harness.call(
            "GET", "/v1.2/food-logs", query: Self.window("2026-03-11", "2026-03-11", "UTC"),
            endUser: "u1")
        #expect(nextDay.json["items"]?.count == 1)
    }

    static let badWindows: [([(String, String)], String, String)] = [
        ([("end_date", "2026-03-10"), ("timezone", "UTC")], "invalid_request", "`start_date`"),
        ([("start_date", "2026-03-10"), ("timezone", "UTC")], "invalid_request", "`end_date`"),
        ([("start_date", "2026-03-10"), ("end_date", "2026-03-10")], "invalid_request", "`timezone`"),
        (window("2026-03-10", "2026-03-10", "Mars/Base"), "invalid_request", "`timezone`"),
        (window("2026-3-10", "2026-03-10"), "invalid_request", "`start_date`"),
        (window("2026-02-30", "2026-03-10"), "invalid_request", "`start_date`"),
        (window("2026-03-10", "2026-03-09"), "invalid_request", "`end_date`"),
        (window("2026-01-01", "2026-03-02"), "date_range_too_large", "61 days"),
    ]

    @Test(arguments: badWindows)
    func listValidatesItsWindow(_ query: [(String, String)], _ code: String, _ mention: String) async throws {
        let harness = try SimulatorHarness()
        let reply = try await harness.call("GET", "/v1.2/food-logs", query: query, endUser: "u1")
        reply.expect(status: 400, code: code)
        #expect(reply.json["message"]?.stringValue?.contains(mention) == true)
        let sixty = try await harness.call(
            "GET", "/v1.2/food-logs", query: Self.window("2026-01-01", "2026-03-01"),
            endUser: "u1")
        #expect(sixty.status == 200)
    }

    @Test func updateReplacesWhatItNamesAndRefusesTheRest() async throws {
        let harness = try SimulatorHarness()
        let path = try await Self.createdLogPath(harness)
        let renamed = try await harness.call("PATCH", path, body: #"{"name":"Snack"}"#, endUser: "u1")
        #expect(renamed.status == 200)
        #expect(renamed.json["name"]?.stringValue == "Snack")
        #expect(renamed.json["foods"]?[0]?["food_id"]?.stringValue == "1001")
        let refooded = try await harness.call(
            "PATCH",
            path,
            body:
                #"{"foods":[{"food_id":"1002","serving_id":"5005","quantity":2}],"eaten_at":"2026-03-09T10:00:00Z"}"#,
            endUser: "u1"
        )
        #expect(refooded.json["foods"]?.count == 1)
        #expect(refooded.json["foods"]?[0]?["food_id"]?.stringValue == "1002")
        #expect(refooded.json["foods"]?[0]?["nutrients"]?["calories"]?["value"]?.doubleValue == 114)  // 95 × 0.6 × 2
        #expect(refooded.json["eaten_at"]?.stringValue == "2026-03-09T10:00:00.000Z")
        #expect(refooded.json["name"]?.stringValue == "Snack")
        let fetched = try await harness.call("GET", path, endUser: "u1")
        #expect(fetched.data == refooded.data)

        for (body, status) in [
            (#"{}"#, 400), (#"{"calories":5}"#, 400), (#"{"foods":[]}"#, 400), (#"{"name":null}"#, 400),
        ] {
            let refused = try await harness.call("PATCH", path, body: body, endUser: "u1")
            #expect(refused.status == status, "\(body)")
            #expect(refused.code == "invalid_request", "\(body)")
        }
        let missing = try await harness.call(
            "PATCH", "/v1.2/food-logs/\(UUID().uuidString)", body: #"{"name":"x"}"#,
            endUser: "u1")
        missing.expect(status: 404, code: "not_found")
        let otherUser = try await harness.call("PATCH", path, body: #"{"name":"x"}"#, endUser: "u2")
        #expect(otherUser.status == 404)
    }

    @Test func getAndDeleteCheckTheIDAndDeleteIsIdempotent() async throws {
        let harness = try SimulatorHarness()
        let path = try await Self.createdLogPath(harness)
        let malformedGet = try await harness.call("GET", "/v1.2/food-logs/not-a-uuid", endUser: "u1")
        malformedGet.expect(status: 400, code: "invalid_request")
        let unknown = try await harness.call("GET", "/v1.2/food-logs/\(UUID().uuidString)", endUser: "u1")
        unknown.expect(status: 404, code: "not_found")
        for _ in 0..<2 {
            let deleted = try await harness.call("DELETE", path, endUser: "u1")
            #expect(deleted.status == 204)
            #expect(deleted.data.isEmpty)
            #expect(deleted.header("Content-Type") == nil)
        }
        let malformedDelete = try await harness.call("DELETE", "/v1.2/food-logs/12345", endUser: "u1")
        #expect(malformedDelete.status == 400)
        let gone = try await harness.call("GET", path, endUser: "u1")
        #expect(gone.status == 404)
    }
}
