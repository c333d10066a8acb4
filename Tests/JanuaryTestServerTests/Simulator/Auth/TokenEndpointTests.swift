import Foundation
import Testing

@testable import JanuaryTestServer

@Suite("Simulator token endpoints", suiteTimeLimit())
struct TokenEndpointTests {
    @Test func createClientTokenMintsABoundTokenThatWorks() async throws {
        let harness = try SimulatorHarness()
        let reply = try await harness.call(
            "POST",
            "/v1.2/auth/client-tokens",
            body: #"{"end_user_id":"partner-user-9","scopes":["food_logs:read","food_logs:read"],"ttl_seconds":300}"#
        )
        #expect(reply.status == 201)
        let token = try #require(reply.json["token"]?.stringValue)
        #expect(token.hasPrefix("ct-") && token.count == 46)
        #expect(reply.json["expires_in"]?.intValue == 300)
        #expect(reply.json["expires_at"]?.stringValue == "2026-03-10T15:05:00.000Z")
        #expect(reply.json["end_user_id"]?.stringValue == "partner-user-9")
        #expect(reply.json["scopes"]?.arrayValue?.compactMap(\.stringValue) == ["food_logs:read"])
        #expect(harness.simulator.statistics.tokensIssued == 1)
    }

    struct BadMint: Sendable, CustomTestStringConvertible {
        let body: String
        let mentions: String
        var testDescription: String { body }
    }

    @Test(arguments: [
        BadMint(body: #"{"scopes":["foods:read"]}"#, mentions: "end_user_id"),
        BadMint(body: #"{"end_user_id":"u"}"#, mentions: "scopes"),
        BadMint(body: #"{"end_user_id":"u","scopes":[]}"#, mentions: "scopes"),
        BadMint(body: #"{"end_user_id":"u","scopes":["foods:write"]}"#, mentions: "scopes[0]"),
        BadMint(body: #"{"end_user_id":"u","scopes":["foods:read"],"ttl_seconds":299}"#, mentions: "ttl_seconds"),
        BadMint(body: #"{"end_user_id":"u","scopes":["foods:read"],"ttl_seconds":7201}"#, mentions: "ttl_seconds"),
        BadMint(
            body: "{\"end_user_id\":\"\(String(repeating: "x", count: 65))\",\"scopes\":[\"foods:read\"]}",
            mentions: "end_user_id"),
        BadMint(body: "not json", mentions: "JSON"),
    ])
    func createClientTokenValidatesItsBody(_ item: BadMint) async throws {
        let harness = try SimulatorHarness()
        let reply = try await harness.call("POST", "/v1.2/auth/client-tokens", body: item.body)
        reply.expect(status: 400, code: "invalid_request")
        #expect(reply.json["message"]?.stringValue?.contains(item.mentions) == true)
    }

    @Test func createClientTokenIsForbiddenWhenClientTokensAreDisabled() async throws {
        let harness = try SimulatorHarness()
        harness.simulator.clientTokensEnabled = false
        let reply = try await harness.call(
            "POST",
            "/v1.2/auth/client-tokens",
            body: #"{"end_user_id":"u","scopes":["foods:read"]}"#
        )
        reply.expect(status: 403, code: "forbidden")
    }

    @Test func revocationCountsLiveTokensOfOneUserOnly() async throws {
        let harness = try SimulatorHarness(tokenLifetime: 600)
        let first = harness.token(for: "u1")
        _ = harness.token(for: "u1")
        _ = harness.token(for: "u2")
        _ = harness.simulator.mintToken(endUserID: "u1", lifetime: 1)
        harness.clock.advance(by: 5)  // the one-second token is expired, not live
        let reply = try await harness.call(
            "POST",
            "/v1.2/auth/client-token-revocations",
            body: #"{"end_user_id":"u1"}"#
        )
        #expect(reply.status == 200)
        #expect(reply.json["revoked_count"]?.intValue == 2)
        let again = try await harness.call(
            "POST",
            "/v1.2/auth/client-token-revocations",
            body: #"{"end_user_id":"u1"}"#
        )
        #expect(again.json["revoked_count"]?.intValue == 0)
        let refused = try await harness.call("GET", "/v1.2/credits", credential: .token(first))
        #expect(refused.code == "token_revoked")
    }

    @Test func partnerBackendMintsWithDefaultsOrTheBodysChoices() async throws {
        let harness = try SimulatorHarness(tokenLifetime: 120)
        let defaults = try await harness.call("POST", JanuaryAPISimulator.partnerBackendTokenPath, credential: .none)
        #expect(defaults.status == 201)
        #expect(defaults.json["end_user_id"]?.stringValue == JanuaryAPISimulator.defaultEndUserID)
        #expect(defaults.json["scopes"]?.count == 10)
        #expect(defaults.json["expires_in"]?.intValue == 120)
        #expect(defaults.json["expires_at"]?.stringValue == "2026-03-10T15:02:00.000Z")
        #expect(defaults.header("x-request-id") != nil)

        let chosen = try await harness.call(
            "POST",
            JanuaryAPISimulator.partnerBackendTokenPath,
            body: #"{"end_user_id":"app-user","scopes":["glucose:read"],"ttl_seconds":45}"#,
            credential: .none
        )
        #expect(chosen.json["end_user_id"]?.stringValue == "app-user")
        #expect(chosen.json["scopes"]?.arrayValue?.compactMap(\.stringValue) == ["glucose:read"])
        #expect(chosen.json["expires_in"]?.intValue == 45)

        let wrongMethod = try await harness.call("GET", JanuaryAPISimulator.partnerBackendTokenPath, credential: .none)
        #expect(wrongMethod.status == 405)
        #expect(wrongMethod.header("Content-Type") == "application/json")
        #expect(harness.simulator.statistics.tokensIssued == 2)
        #expect(harness.simulator.partnerBackendTokenURL.path == JanuaryAPISimulator.partnerBackendTokenPath)
    }

    @Test func creditsReportTheMonthAndTheCallsUsed() async throws {
        let harness = try SimulatorHarness()
        harness.simulator.creditPlan = .free
        let reply = try await harness.call("GET", "/v1.2/credits")
        #expect(reply.status == 200)
        #expect(reply.json["plan"]?.stringValue == "free")
        #expect(reply.json["period_start"]?.stringValue == "2026-03-01")
        #expect(reply.json["period_end"]?.stringValue == "2026-03-31")
        #expect(reply.json["resets_at"]?.stringValue == "2026-04-01T00:00:00.000Z")
        #expect(reply.json["included_credits"]?.intValue == 1000)
        #expect(reply.json["used_credits"]?.intValue == 0)
        #expect(reply.json["remaining_credits"]?.intValue == 1000)
    }
}
