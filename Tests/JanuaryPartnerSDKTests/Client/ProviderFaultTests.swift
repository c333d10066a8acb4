import Foundation
import JanuaryPartnerSDK
import JanuaryPartnerSDKTestSupport
import JanuaryTestServer
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A partner's token provider misbehaving, through the whole client and the simulator.
@Suite("Provider faults through the client", suiteTimeLimit())
struct ProviderFaultTests {
    struct BackendDown: Error {}

    @Test("repeated failures back off, and during the back-off requests fail at once with retryAfter")
    func backoffFailsFast() async throws {
        let harness = try ClientHarness(
            provider: { _, _ in CountingProvider { _ in throw BackendDown() } },
            configure: { $0.refreshBackoff = TokenRefreshBackoff(initialDelay: 1, multiplier: 2, maximumDelay: 30) }
        )
        for expectedCalls in 1...2 {
            let error = await #expect(throws: JanuaryError.self) { try await harness.client.send(.autocomplete) }
            #expect(error?.category == .tokenProvider)
            #expect(error?.code == "client_token_provider_failed")
            #expect(error?.underlyingError is BackendDown)
            #expect(harness.provider.callCount == expectedCalls)
        }
        // Two failures in a row: the provider is left alone for 1 s, and nobody waits for it.
        let during = await #expect(throws: JanuaryError.self) { try await harness.client.send(.autocomplete) }
        #expect(during?.code == "client_token_provider_failed")
        #expect(during?.retryAfter == 1)
        #expect(harness.provider.callCount == 2)
        harness.clock.advance(by: 0.5)
        let later = await #expect(throws: JanuaryError.self) { try await harness.client.send(.autocomplete) }
        #expect(later?.retryAfter == 0.5)
        harness.clock.advance(by: 0.5)
        await #expect(throws: JanuaryError.self) { try await harness.client.send(.autocomplete) }
        #expect(harness.provider.callCount == 3, "one request after the back-off calls the provider again")
        #expect(harness.server.receivedRequests.isEmpty)
    }

    @Test("a provider that fails because the device is offline gives network, not tokenProvider")
    func offlineProvider() async throws {
        let harness = try ClientHarness(provider: { _, _ in
            CountingProvider { _ in throw URLError(.notConnectedToInternet) }
        })
        let error = await #expect(throws: JanuaryError.self) { try await harness.client.send(.autocomplete) }
        #expect(error?.category == .network)
        #expect((error?.underlyingError as? URLError)?.code == .notConnectedToInternet)
    }

    @Test("a provider that hangs times out on the clock, and the next request tries again")
    func hangingProviderTimesOut() async throws {
        let gate = TestGate()
        let harness = try ClientHarness(
            provider: { simulator, _ in
                CountingProvider { call in
                    if call == 1 {
                        try await gate.wait()
                    }
                    let token = simulator.mintToken(endUserID: ClientHarness.endUserID)
                    return JanuaryClientToken(value: token.value, expiresIn: TimeInterval(token.expiresIn))
                }
            },
            configure: { $0.tokenProviderTimeout = 30 }
        )
        let waiting = Task { try await harness.client.send(.autocomplete) }
        try await gate.waitForArrivals(1)
        try await harness.clock.waitForSleepers(1)
        harness.clock.advance(by: 30)
        let error = await #expect(throws: JanuaryError.self) { try await waiting.value }
        #expect(error?.category == .tokenProvider)
        #expect(error?.message.contains("did not return within 30") == true)
        let response = try await harness.client.send(.autocomplete)
        #expect(response.statusCode == 200)
        #expect(harness.provider.callCount == 2)
        gate.open()
    }

    @Test(
        "an unusable token is refused before it is sent",
        arguments: [
            ("", 3_600.0, "invalid_client_token"), ("ct-has space", 3_600, "invalid_client_token"),
            ("ct-ok", 30, "invalid_client_token_expiration"), ("ct-ok", -5, "invalid_client_token_expiration"),
            ("ct-ok", .nan, "invalid_client_token_expiration"), ("sk-live-key", 3_600, "api_key_as_client_token"),
        ] as [(String, TimeInterval, String)]
    )
    func unusableTokens(value: String, lifetime: TimeInterval, code: String) async throws {
        let harness = try ClientHarness(provider: { _, _ in
            CountingProvider { _ in JanuaryClientToken(value: value, expiresIn: lifetime) }
        })
        let error = await #expect(throws: JanuaryError.self) { try await harness.client.send(.autocomplete) }
        #expect(error?.category == .tokenProvider)
        #expect(error?.code?.rawValue == code)
        #expect(harness.server.receivedRequests.isEmpty)
    }

    @Test("tokens January keeps rejecting open the breaker: seven requests cost three provider calls")
    func breakerBoundsProviderCalls() async throws {
        let harness = try ClientHarness(provider: { _, _ in
            CountingProvider { call in JanuaryClientToken(value: "ct-never-issued-\(call)", expiresIn: 3_600) }
        })
        var codes: [String?] = []
        for _ in 0..<7 {
            do {
                _ = try await harness.client.send(.autocomplete)
            } catch let error as JanuaryError {
                codes.append(error.code?.rawValue)
            }
        }
        #expect(harness.provider.callCount == 3)
        #expect(codes.count == 7)
        // An unknown token is surfaced, not refreshed: each of the first three requests costs one provider call
        // and fails with January's token_invalid; the third rejection opens the breaker for the other four.
        #expect(
            codes == Array(repeating: "token_invalid", count: 3)
                + Array(repeating: "token_rejected_repeatedly", count: 4))
        #expect(harness.apiRequestCount == 3, "requests after the breaker opened reach no server")
        try await harness.events.waitForEvents(of: .circuitBreakerOpened)
        #expect(harness.events.events(.circuitBreakerOpened).first?.retryAfter == 30)
    }

    @Test("a provider that succeeds after failures recovers", arguments: [1, 3])
    func succeedsAfterFailures(failures: Int) async throws {
        let harness = try ClientHarness(
            provider: { simulator, _ in
                CountingProvider { call in
                    if call <= failures {
                        throw BackendDown()
                    }
                    let token = simulator.mintToken(endUserID: ClientHarness.endUserID)
                    return JanuaryClientToken(value: token.value, expiresIn: TimeInterval(token.expiresIn))
                }
            },
            configure: { $0.refreshBackoff = .none }
        )
        for _ in 0..<failures {
            await #expect(throws: JanuaryError.self) { try await harness.client.send(.autocomplete) }
        }
        #expect(try await harness.client.send(.autocomplete).statusCode == 200)
        #expect(harness.provider.callCount == failures + 1)
    }
}
