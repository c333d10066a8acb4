import Foundation
import JanuaryPartnerSDK
import JanuaryPartnerSDKTestSupport
import JanuaryTestServer
import Testing

/// A device clock minutes off January's, with the manual clock at +10 and −10 minutes: tokens are judged in
/// January's time, learnt from the `Date` of its responses, and counted down on the monotonic clock.
@Suite("Clock skew end to end", suiteTimeLimit())
struct ClockSkewEndToEndTests {
    /// Which kind of token the provider returns now.
    final class Mode: Sendable {
        let absolute = Locked(false)
    }

    /// A client whose device clock is `skew` seconds ahead of the simulator's, whose provider returns 300 s
    /// tokens with `expires_in`, or with `expires_at` only once `mode.absolute` is set.
    private static func harness(skew: TimeInterval, mode: Mode) throws -> ClientHarness {
        try ClientHarness(
            tokenLifetime: 300,
            provider: { simulator, _ in
                CountingProvider { _ in
                    let token = simulator.mintToken(endUserID: ClientHarness.endUserID)
                    if mode.absolute.withLock({ $0 }) {
                        return JanuaryClientToken(value: token.value, expiresAt: token.expiresAt)
                    }
                    return JanuaryClientToken(value: token.value, expiresIn: TimeInterval(token.expiresIn))
                }
            },
            configure: { _ in },
            simulatorSkew: -skew
        )
    }

    @Test("with the device 10 min ahead, an expires_at token the device thinks expired is used", arguments: [600.0])
    func deviceAhead(skew: TimeInterval) async throws {
        let mode = Mode()
        let harness = try Self.harness(skew: skew, mode: mode)
        _ = try await harness.client.send(.autocomplete)  // an expires_in token; January's Date is seen
        mode.absolute.withLock { $0 = true }
        harness.simulator.failNext(with: .tokenExpired)
        let response = try await harness.client.send(.autocomplete)  // refreshed with an expires_at token
        #expect(response.statusCode == 200)
        #expect(harness.provider.callCount == 2)
        _ = try await harness.client.send(.autocomplete)
        #expect(harness.provider.callCount == 2, "the expires_at token is still fresh in January's time")
        #expect(harness.simulator.statistics.tokensRejected == 1)
    }

    @Test("with the device 10 min behind, an expires_at token is refreshed a minute before January's expiry")
    func deviceBehind() async throws {
        let mode = Mode()
        let harness = try Self.harness(skew: -600, mode: mode)
        _ = try await harness.client.send(.autocomplete)
        mode.absolute.withLock { $0 = true }
        harness.simulator.failNext(with: .tokenExpired)
        _ = try await harness.client.send(.autocomplete)
        #expect(harness.provider.callCount == 2)
        harness.clock.advance(by: 300 - 61)
        _ = try await harness.client.send(.autocomplete)
        #expect(harness.provider.callCount == 2)
        harness.clock.advance(by: 1)
        _ = try await harness.client.send(.autocomplete)
        #expect(harness.provider.callCount == 3, "refreshed before January would reject it")
        #expect(harness.simulator.statistics.tokensRejected == 1)
    }

    @Test("expires_in tokens ignore the skew entirely", arguments: [600.0, -600.0])
    func lifetimeTokens(skew: TimeInterval) async throws {
        let harness = try Self.harness(skew: skew, mode: Mode())
        _ = try await harness.client.send(.autocomplete)
        harness.clock.advance(by: 239)
        _ = try await harness.client.send(.autocomplete)
        #expect(harness.provider.callCount == 1)
        harness.clock.advance(by: 1)
        _ = try await harness.client.send(.autocomplete)
        #expect(harness.provider.callCount == 2)
        #expect(harness.simulator.statistics.tokensRejected == 0)
    }

    @Test("before January's clock is known, a token that looks expired is refused with a message about clock skew")
    func expiredBeforeAnyResponse() async throws {
        let mode = Mode()
        mode.absolute.withLock { $0 = true }
        let harness = try Self.harness(skew: 600, mode: mode)
        let error = await #expect(throws: JanuaryError.self) { try await harness.client.send(.autocomplete) }
        #expect(error?.category == .tokenProvider)
        #expect(error?.code == "invalid_client_token_expiration")
        #expect(error?.message.contains("already expired") == true)
        #expect(error?.message.contains("clock skew") == true)
        #expect(harness.server.receivedRequests.count == 0)
    }
}
