import Foundation
import Testing

@testable import JanuaryTestServer

@Suite("Simulator end-user identity", suiteTimeLimit())
struct EndUserTests {
    static let window = [("start_date", "2026-03-10"), ("end_date", "2026-03-10"), ("timezone", "UTC")]
    static let egg = #"{"foods":[{"food_id":"1003","serving_id":"5006","quantity":1}]}"#

    enum Rule: String, Sendable, CaseIterable {
        case keyWithoutHeader, keyWithHeader, tokenWithoutHeader, tokenWithSameHeader, tokenWithOtherHeader
    }

    @Test(arguments: Rule.allCases)
    func perUserOperationsResolveTheEndUserAsSection3_2Says(_ rule: Rule) async throws {
        let harness = try SimulatorHarness()
        try await harness.call("POST", "/v1.2/food-logs", body: Self.egg, endUser: "u1")
        let token = harness.token(for: "u1")
        let reply: Reply
        switch rule {
        case .keyWithoutHeader:
            reply = try await harness.call("GET", "/v1.2/food-logs", query: Self.window)
        case .keyWithHeader:
            reply = try await harness.call("GET", "/v1.2/food-logs", query: Self.window, endUser: "u1")
        case .tokenWithoutHeader:
            reply = try await harness.call("GET", "/v1.2/food-logs", query: Self.window, credential: .token(token))
        case .tokenWithSameHeader:
            reply = try await harness.call(
                "GET", "/v1.2/food-logs", query: Self.window, credential: .token(token), endUser: "u1")
        case .tokenWithOtherHeader:
            reply = try await harness.call(
                "GET", "/v1.2/food-logs", query: Self.window, credential: .token(token), endUser: "u2")
        }
        switch rule {
        case .keyWithoutHeader:
            reply.expect(status: 400, code: "end_user_id_required")
        case .tokenWithOtherHeader:
            reply.expect(status: 403, code: "end_user_id_mismatch")
        default:
            #expect(reply.status == 200)
            #expect(reply.json["items"]?.count == 1)
        }
    }

    @Test func logsBelongToOneEndUserAndTheHeaderIsReadRaw() async throws {
        let harness = try SimulatorHarness()
        try await harness.call("POST", "/v1.2/food-logs", body: Self.egg, endUser: "a%20b")
        let raw = try await harness.call("GET", "/v1.2/food-logs", query: Self.window, endUser: "a%20b")
        let decoded = try await harness.call("GET", "/v1.2/food-logs", query: Self.window, endUser: "a b")
        let other = try await harness.call("GET", "/v1.2/food-logs", query: Self.window, endUser: "u2")
        #expect(raw.json["items"]?.count == 1)
        #expect(decoded.json["items"]?.count == 0)
        #expect(other.json["items"]?.count == 0)
        #expect(harness.simulator.requestLog.last?.endUserHeader == "u2")
    }

    @Test func otherOperationsIgnoreTheHeader() async throws {
        let harness = try SimulatorHarness()
        let token = harness.token(for: "u1")
        let food = try await harness.call("GET", "/v1.2/foods/1001", credential: .token(token), endUser: "someone")
        #expect(food.status == 200)
        let keyed = try await harness.call("GET", "/v1.2/foods/1001")
        #expect(keyed.status == 200)
    }
}
