import Foundation
import JanuaryPartnerSDK
import JanuaryPartnerSDKTestSupport
import JanuaryTestServer
import Testing

/// Stopping work: the caller's cancellation is CancellationError; sign-out fences the session's requests.
@Suite("Cancellation and sign-out through the client", suiteTimeLimit())
struct CancellationAndSignOutTests {
    @Test("cancelling a request that waits for the provider throws CancellationError")
    func cancelWhileWaitingForToken() async throws {
        let gate = TestGate()
        let harness = try ClientHarness(provider: { simulator, _ in
            CountingProvider { _ in
                try await gate.wait()
                let token = simulator.mintToken(endUserID: ClientHarness.endUserID)
                return JanuaryClientToken(value: token.value, expiresIn: TimeInterval(token.expiresIn))
            }
        })
        let request = Task { try await harness.client.send(.autocomplete) }
        try await gate.waitForArrivals(1)
        request.cancel()
        let outcome = await request.result
        guard case .failure(let error) = outcome else {
            Issue.record("expected a failure, got \(outcome)")
            return
        }
        #expect(error is CancellationError)
        gate.open()
        #expect(harness.server.receivedRequests.isEmpty)
    }

    @Test("cancelling a request in flight throws CancellationError")
    func cancelInFlight() async throws {
        let gate = TestGate()
        let transport = ClosureTransport { _ in
            try await gate.wait()
            return JanuaryHTTPResponse(statusCode: 200)
        }
        let harness = try ScriptedClient { $0.transport = transport }
        let request = Task { try await harness.client.send(.autocomplete) }
        try await gate.waitForArrivals(1)
        request.cancel()
        gate.open()
        let outcome = await request.result
        if case .failure(let error) = outcome {
            #expect(error is CancellationError)
        }
    }

    @Test("a request rejected after sign-out is not refreshed or replayed: it fails with signed_out")
    func signOutFencesARejection() async throws {
        let gate = TestGate()
        let answered = Locked(0)
        let transport = ClosureTransport { _ in
            let number = answered.withLock { count -> Int in
                count += 1
                return count
            }
            if number == 1 {
                try await gate.wait()
                return JanuaryHTTPResponse(
                    statusCode: 401,
                    headerFields: [
                        "WWW-Authenticate": #"Bearer error="invalid_token", error_description="token expired""#
                    ],
                    body: Data(#"{"code":"token_expired","message":"token expired"}"#.utf8)
                )
            }
            return JanuaryHTTPResponse(statusCode: 200)
        }
        let harness = try ScriptedClient { $0.transport = transport }
        let request = Task { try await harness.client.send(.autocomplete) }
        try await gate.waitForArrivals(1)
        harness.client.signOut()
        gate.open()
        let outcome = await request.result
        guard case .failure(let error as JanuaryError) = outcome else {
            Issue.record("expected a JanuaryError, got \(outcome)")
            return
        }
        #expect(error.category == .cancelled)
        #expect(error.code == "signed_out")
        #expect(harness.provider.callCount == 1)
        #expect(transport.requests.count == 1)
        // The next request belongs to the new session and gets a token of its own.
        _ = try await harness.client.send(.autocomplete)
        #expect(harness.provider.callCount == 2)
    }

    @Test("signOut() runs no partner code on the caller's thread, even with a callback that blocks")
    func signOutDoesNotRunTheCallback() async throws {
        let release = DispatchSemaphore(value: 0)
        let delivered = Locked(0)
        let harness = try ClientHarness(configure: { configuration in
            configuration.onEvent = { _ in
                delivered.withLock { $0 += 1 }
                release.wait()
            }
        })
        _ = try await harness.client.send(.autocomplete)
        // The callback is now stuck on the first event; sign-out must still return at once.
        harness.client.signOut()
        harness.client.signOut()
        for _ in 0..<16 {
            release.signal()
        }
        #expect(delivered.withLock { $0 } >= 1)
    }
}
