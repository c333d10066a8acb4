import Foundation
import Testing

@testable import JanuaryTestServer

@Suite("Simulator writes that fail after storing", suiteTimeLimit())
struct WriteFailureTests {
    static let window = [("start_date", "2026-03-10"), ("end_date", "2026-03-10"), ("timezone", "UTC")]

    @Test func aFoodLogIsStoredExactlyOnceThoughTheAnswerIs503() async throws {
        let harness = try SimulatorHarness()
        harness.simulator.failNextWrites(pathPrefix: "/v1.2/food-logs")
        let rejected = try await harness.call("POST", "/v1.2/food-logs", body: #"{"foods":[]}"#, endUser: "u1")
        #expect(rejected.status == 400)  // nothing stored: the scripted failure waits for a real write
        #expect(harness.simulator.pendingScriptedFailures == 1)
        let reply = try await harness.call(
            "POST", "/v1.2/food-logs", body: FoodLogTests.log("1001", "5001", 1),
            endUser: "u1")
        reply.expect(status: 503, code: "service_unavailable")
        #expect(reply.header("Location") == nil)
        let listed = try await harness.call("GET", "/v1.2/food-logs", query: Self.window, endUser: "u1")
        #expect(listed.json["items"]?.count == 1)
        #expect(harness.simulator.requestLog.map(\.wasScripted) == [false, true, false])
        #expect(harness.simulator.pendingScriptedFailures == 0)
    }

    @Test func aWaterLogIsStoredThoughTheConnectionCloses() async throws {
        let harness = try SimulatorHarness()
        harness.simulator.failNextWrites(afterStoringWith: .closeConnection, method: "POST")
        await #expect(throws: (any Error).self) {
            try await harness.call(
                "POST", "/v1.2/water-logs", body: #"{"amount":{"value":500,"unit":"ml"}}"#,
                endUser: "u1")
        }
        let listed = try await harness.call(
            "GET", "/v1.2/water-logs", query: Self.window + [("unit", "ml")],
            endUser: "u1")
        #expect(listed.json["items"]?[0]?["total"]?["value"]?.doubleValue == 500)
        #expect(harness.simulator.requestLog.first?.status == nil)
    }

    @Test func updatesAndWeightLogsCanFailAfterStoringToo() async throws {
        let harness = try SimulatorHarness()
        let created = try await harness.call(
            "POST", "/v1.2/food-logs", body: FoodLogTests.log("1001", "5001", 1),
            endUser: "u1")
        let path = "/v1.2/food-logs/\(created.json["id"]?.stringValue ?? "")"
        harness.simulator.failNextWrites(2, afterStoringWith: .internalError)
        let patched = try await harness.call("PATCH", path, body: #"{"name":"Renamed"}"#, endUser: "u1")
        #expect(patched.status == 500)
        let fetched = try await harness.call("GET", path, endUser: "u1")
        #expect(fetched.json["name"]?.stringValue == "Renamed")
        let weighed = try await harness.call(
            "POST", "/v1.2/weight-logs", body: #"{"weight":{"value":70,"unit":"kg"}}"#,
            endUser: "u1")
        #expect(weighed.status == 500)
        let weights = try await harness.call("GET", "/v1.2/weight-logs", query: Self.window, endUser: "u1")
        #expect(weights.json["items"]?.count == 1)
        let deleted = try await harness.call("DELETE", path, endUser: "u1")
        #expect(deleted.status == 204)  // deletes are not writes that can be failed after storing
    }
}
