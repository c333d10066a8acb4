import Foundation
import Testing

@testable import JanuaryTestServer

extension SimulatorConformance {
    /// Issue 25, item 7: revocation may lag and expired tokens are purged, each after a settable delay.
    @Suite("Token timings", suiteTimeLimit())
    struct TokenTimingTests {
        @Test func theDefaultsKeepRevocationImmediateAndExpiredTokensExpired() throws {
            let harness = try SimulatorHarness()
            #expect(harness.simulator.revocationDelay == 0)
            #expect(harness.simulator.expiredTokenPurgeDelay == nil)
        }

        @Test func revocationTakesEffectAfterTheDelay() async throws {
            let harness = try SimulatorHarness()
            harness.simulator.revocationDelay = 60
            let token = harness.token(for: "u1")
            let revoked = try await harness.call(
                "POST", "/v1.2/auth/client-token-revocations", body: #"{"end_user_id":"u1"}"#)
            #expect(revoked.json["revoked_count"]?.intValue == 1)
            let again = try await harness.call(
                "POST", "/v1.2/auth/client-token-revocations", body: #"{"end_user_id":"u1"}"#)
            #expect(again.json["revoked_count"]?.intValue == 0)
            #expect(try await harness.call("GET", "/v1.2/foods/1001", credential: .token(token)).status == 200)
            harness.clock.advance(by: 59.999)
            #expect(try await harness.call("GET", "/v1.2/foods/1001", credential: .token(token)).status == 200)
            harness.clock.advance(by: 0.001)
            let refused = try await harness.call("GET", "/v1.2/foods/1001", credential: .token(token))
            refused.expect(status: 401, code: "token_revoked")
        }

        @Test func anExpiredTokenIsInvalidOncePurged() async throws {
            let harness = try SimulatorHarness(tokenLifetime: 1800)
            harness.simulator.expiredTokenPurgeDelay = 300
            let token = harness.token(for: "u1")
            harness.clock.advance(by: 1800)
            #expect(
                try await harness.call("GET", "/v1.2/foods/1001", credential: .token(token)).code == "token_expired")
            harness.clock.advance(by: 299)
            #expect(
                try await harness.call("GET", "/v1.2/foods/1001", credential: .token(token)).code == "token_expired")
            harness.clock.advance(by: 1)
            let purged = try await harness.call("GET", "/v1.2/foods/1001", credential: .token(token))
            purged.expect(status: 401, code: "token_invalid")
            #expect(
                purged.header("WWW-Authenticate") == #"Bearer error="invalid_token", error_description="token invalid""#
            )
        }
    }
}
