import Foundation
import Testing

@testable import JanuaryTestServer

extension SimulatorConformance {
    /// Issue 25, item 4: the limits January enforces on credits are enforced here too.
    @Suite("Credit limits", suiteTimeLimit())
    struct CreditLimitTests {
        @Test func sixtyCreditReadsAMinuteThenRateLimitedWithRetryAfter() {
            let simulator = DirectSimulator()
            for read in 1...60 {
                let reply = simulator.call("GET", "/v1.2/credits")
                #expect(reply.status == 200, "read \(read)")
                simulator.clock.advance(by: 0.5)
            }
            // 30 s into the window, which opened with the first read.
            let refused = simulator.call("GET", "/v1.2/credits")
            refused.expect(status: 429, code: "rate_limited")
            #expect(refused.header("Retry-After") == "30")
            simulator.clock.advance(by: 29.5)
            #expect(simulator.call("GET", "/v1.2/credits").header("Retry-After") == "1")
            simulator.clock.advance(by: 0.5)
            #expect(simulator.call("GET", "/v1.2/credits").status == 200)
        }

        @Test(arguments: [
            ("GET", "/v1.2/credits", nil),
            ("POST", "/v1.2/auth/client-tokens", #"{"end_user_id":"u1","scopes":["foods:read"]}"#),
            ("POST", "/v1.2/auth/client-token-revocations", #"{"end_user_id":"u1"}"#),
        ])
        func aScriptedRateLimitOnCreditsMintOrRevokeCarriesRetryAfter(_ method: String, _ path: String, _ body: String?)
            async throws
        {
            let harness = try SimulatorHarness()
            harness.simulator.failNext(with: .rateLimited())
            let reply = try await harness.call(method, path, body: body)
            #expect(reply.status == 429)
            #expect(reply.header("Retry-After") == "1")
            harness.simulator.failNext(with: .rateLimited(retryAfter: 9))
            #expect(try await harness.call(method, path, body: body).header("Retry-After") == "9")
        }

        @Test func aScriptedRateLimitElsewhereSendsRetryAfterOnlyWhenGiven() async throws {
            let harness = try SimulatorHarness()
            harness.simulator.failNext(with: .rateLimited())
            let reply = try await harness.call("GET", "/v1.2/foods", query: [("query", "egg")])
            #expect(reply.status == 429)
            #expect(reply.header("Retry-After") == nil)
        }

        @Test func aPlanWithIncludedCreditsEnforcesItsCeiling() async throws {
            let harness = try SimulatorHarness()
            #expect(harness.simulator.creditPlan == .unlimited)
            let unlimited = try await harness.call("GET", "/v1.2/credits")
            #expect(unlimited.json["plan"]?.stringValue == "unlimited")
            #expect(unlimited.json["included_credits"]?.isNull == true)
            #expect(unlimited.json["remaining_credits"]?.isNull == true)

            harness.simulator.creditPlan = JanuaryAPISimulator.CreditPlan(name: "free", includedCredits: 3)
            for _ in 1...3 {
                #expect(try await harness.call("GET", "/v1.2/foods/1001").status == 200)
            }
            let spent = try await harness.call("GET", "/v1.2/foods/1001")
            spent.expect(status: 429, code: "credit_limit_exceeded")
            #expect(spent.header("Retry-After") == nil)
            #expect(spent.json["message"]?.stringValue?.contains("2026-04-01T00:00:00.000Z") == true)
            // Refused calls cost nothing; minting and balance reads never do.
            let balance = try await harness.call("GET", "/v1.2/credits")
            #expect(balance.status == 200)
            #expect(balance.json["plan"]?.stringValue == "free")
            #expect(balance.json["included_credits"]?.intValue == 3)
            #expect(balance.json["used_credits"]?.intValue == 3)
            #expect(balance.json["remaining_credits"]?.intValue == 0)
            let minted = try await harness.call(
                "POST", "/v1.2/auth/client-tokens", body: #"{"end_user_id":"u1","scopes":["foods:read"]}"#)
            #expect(minted.status == 201)

            // The allowance reopens with the next UTC month.
            harness.clock.set(Date(timeIntervalSince1970: 1_775_001_600))  // 2026-04-01T00:00:00Z
            #expect(try await harness.call("GET", "/v1.2/foods/1001").status == 200)
            let april = try await harness.call("GET", "/v1.2/credits")
            #expect(april.json["used_credits"]?.intValue == 1)
            #expect(april.json["period_start"]?.stringValue == "2026-04-01")
        }
    }
}
