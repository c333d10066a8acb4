import Foundation
import JanuaryPartnerSDK
import JanuaryPartnerSDKTestSupport
import Testing

/// A backend that passes milliseconds as `expires_in` must not have its tokens cached for weeks: no client token
/// lives longer than January's maximum TTL, 7,200 s.
@Suite("A provider's lifetime beyond January's maximum", suiteTimeLimit())
struct TokenLifetimeClampTests {
    @Test("is clamped to 7,200 s", arguments: [1_800_000.0, 7_201, 1e300])
    func clamped(lifetime: TimeInterval) async throws {
        let harness = try ScriptedClient(
            provider: CountingProvider { call in
                JanuaryClientToken(value: "ct-token-\(call)", expiresIn: lifetime)
            })
        _ = try await harness.client.send(.autocomplete)
        harness.clock.advance(by: 7_200 - 60 - 0.001)
        _ = try await harness.client.send(.autocomplete)
        #expect(harness.provider.callCount == 1)
        harness.clock.advance(by: 0.001)
        _ = try await harness.client.send(.autocomplete)
        #expect(harness.provider.callCount == 2, "refreshed a leeway before 7,200 s")
    }

    @Test("a lifetime of 7,200 s is used as it is")
    func atTheMaximum() async throws {
        let harness = try ScriptedClient(
            provider: CountingProvider { call in
                JanuaryClientToken(value: "ct-token-\(call)", expiresIn: 7_200)
            })
        _ = try await harness.client.send(.autocomplete)
        harness.clock.advance(by: 7_139)
        _ = try await harness.client.send(.autocomplete)
        #expect(harness.provider.callCount == 1)
        #expect(harness.events.count(of: .init("tokenLifetimeClamped")) == 0)
    }
}
