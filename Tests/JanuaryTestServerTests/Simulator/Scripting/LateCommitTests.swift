import Foundation
import Testing

@testable import JanuaryTestServer

/// Issue 39: the simulator can store a write after its answer was lost, so a client's reconciliation can be tested
/// against a January that commits late.
@Suite("Simulator writes stored late", suiteTimeLimit())
struct LateCommitTests {
    static let window = WriteFailureTests.window
    static let meal = FoodLogTests.log("1001", "5001", 1)

    static func count(_ harness: SimulatorHarness) async throws -> Int? {
        let listed = try await harness.call("GET", "/v1.2/food-logs", query: Self.window, endUser: "u1")
        return listed.json["items"]?.count
    }

    @Test func aWriteCommittedAfterSecondsIsAbsentUntilThen() async throws {
        let harness = try SimulatorHarness()
        harness.simulator.failNextWrites(answering: .serviceUnavailable, committing: .after(30), method: "POST")
        let reply = try await harness.call("POST", "/v1.2/food-logs", body: Self.meal, endUser: "u1")
        reply.expect(status: 503, code: "service_unavailable")
        #expect(harness.simulator.pendingLateWrites == 1)
        #expect(try await Self.count(harness) == 0, "not stored yet")
        harness.clock.advance(by: 29)
        #expect(try await Self.count(harness) == 0, "29 s later, still not")
        harness.clock.advance(by: 1)
        #expect(try await Self.count(harness) == 1, "stored once 30 s have passed")
        #expect(try await Self.count(harness) == 1, "and only once")
        #expect(harness.simulator.pendingLateWrites == 0)
        #expect(harness.simulator.pendingScriptedFailures == 0)
    }

    @Test func aWriteCommittedAfterTheNextRequestIsSeenByIt() async throws {
        let harness = try SimulatorHarness()
        harness.simulator.failNextWrites(committing: .afterNextRequest, method: "POST")
        await #expect(throws: (any Error).self) {
            try await harness.call("POST", "/v1.2/food-logs", body: Self.meal, endUser: "u1")
        }
        #expect(try await Self.count(harness) == 1)
        #expect(try await Self.count(harness) == 1)
    }

    @Test func aRejectedWriteLeavesTheEntryForTheNext() async throws {
        let harness = try SimulatorHarness()
        harness.simulator.failNextWrites(committing: .after(0), method: "POST")
        let rejected = try await harness.call("POST", "/v1.2/food-logs", body: #"{"foods":[]}"#, endUser: "u1")
        #expect(rejected.status == 400)
        #expect(harness.simulator.pendingScriptedFailures == 1)
        #expect(harness.simulator.pendingLateWrites == 0)
        #expect(try await Self.count(harness) == 0)
    }

    @Test func theLateWriteKeepsTheTimeItArrivedAt() async throws {
        let harness = try SimulatorHarness()
        harness.simulator.failNextWrites(answering: .internalError, committing: .after(3_600), method: "POST")
        let body = #"{"foods":[{"food_id":"1001","serving_id":"5001","quantity":1}]}"#
        _ = try await harness.call("POST", "/v1.2/food-logs", body: body, endUser: "u1")
        harness.clock.advance(by: 3_600)
        let listed = try await harness.call("GET", "/v1.2/food-logs", query: Self.window, endUser: "u1")
        #expect(listed.json["items"]?[0]?["eaten_at"]?.stringValue == "2026-03-10T15:00:00.000Z")
    }
}
