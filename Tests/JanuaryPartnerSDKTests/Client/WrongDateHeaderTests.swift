import Foundation
import JanuaryPartnerSDK
import JanuaryPartnerSDKTestSupport
import JanuaryTestServer
import Testing

/// One response with a wrong `Date` (a broken proxy, a hostile server) must neither brick the client nor keep an
/// expired token alive: January's clock is estimated from several 2xx responses, checked against the device's.
@Suite("A wrong Date header", suiteTimeLimit())
struct WrongDateHeaderTests {
    /// A client whose provider returns an `expires_in` token on its first call and `expires_at` tokens (valid for
    /// 30 minutes by the device's clock, which is right) on later calls.
    private static func harness() throws -> ClientHarness {
        try ClientHarness(
            tokenLifetime: 7_200,
            provider: { simulator, clock in
                CountingProvider { call in
                    guard call > 1 else {
                        let token = simulator.mintToken(endUserID: ClientHarness.endUserID)
                        return JanuaryClientToken(value: token.value, expiresIn: TimeInterval(token.expiresIn))
                    }
                    let token = simulator.mintToken(endUserID: ClientHarness.endUserID, lifetime: 1_800)
                    return JanuaryClientToken(value: token.value, expiresAt: clock.now().addingTimeInterval(1_800))
                }
            }
        )
    }

    @Test("one response dated an hour ahead does not make the next expires_at token look expired")
    func oneResponseAhead() async throws {
        let harness = try Self.harness()
        harness.simulatorSkew.withLock { $0 = 3_600 }
        _ = try await harness.client.send(.autocomplete)
        harness.simulatorSkew.withLock { $0 = 0 }
        harness.clock.advance(by: 7_200)
        let response = try await harness.client.send(.autocomplete)
        #expect(response.statusCode == 200)
        #expect(harness.provider.callCount == 2)
    }

    @Test("one response dated 1970 does not keep an expires_at token past its expiry")
    func oneResponseFrom1970() async throws {
        let harness = try Self.harness()
        _ = try await harness.client.send(.autocomplete)  // the first token, by expires_in
        harness.simulatorSkew.withLock { $0 = 1_000 - harness.clock.now().timeIntervalSince1970 }
        _ = try await harness.client.send(.autocomplete)  // answered with a Date in 1970
        harness.simulatorSkew.withLock { $0 = 0 }
        harness.clock.advance(by: 7_200)
        _ = try await harness.client.send(.autocomplete)  // the second token, by expires_at
        harness.clock.advance(by: 5_400)
        _ = try await harness.client.send(.autocomplete)  // 1.5 h later: the second token has expired
        #expect(harness.provider.callCount == 3)
        let rejected = harness.simulator.requestLog.filter { $0.status == 401 }
        #expect(rejected.isEmpty, "an expired token was sent: \(rejected.map(\.errorCode))")
    }
}
