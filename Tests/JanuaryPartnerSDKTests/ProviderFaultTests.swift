import Foundation
import JanuaryCore
import JanuaryPartnerSDK
import JanuaryTestServer
import JanuaryTestSupport
import Testing

@Suite("Token provider faults, through the client")
struct ProviderFaultTests {
    struct BackendDown: Error {}

    @Test("a provider that always throws is called a bounded number of times, with backoff, never in a loop")
    func alwaysThrowingProviderBacksOff() async throws {
        let harness = try Harness(provider: { _, _ in CountingProvider { _ in throw BackendDown() } })
        for expectedCalls in 1...2 {
            let error = await #expect(throws: JanuaryError.self) { try await harness.client.send(.ping) }
            #expect(error?.category == .tokenProvider)
            #expect(error?.underlyingError is BackendDown)
            #expect(harness.provider.callCount == expectedCalls, "the request after a failure calls again at once")
        }
        // Third attempt: the default backoff makes it wait 1 s (on the manual clock) before calling.
        let third = Task { try await harness.client.send(.ping) }
        await harness.clock.waitForSleepers(1)
        #expect(harness.provider.callCount == 2)
        harness.clock.advance(by: 1)
        let error = await #expect(throws: JanuaryError.self) { try await third.value }
        #expect(error?.category == .tokenProvider)
        #expect(harness.provider.callCount == 3)
        #expect(harness.server.receivedRequests.isEmpty)
    }

    @Test("a provider that hangs times out, and the next request tries again")
    func hangingProviderTimesOut() async throws {
        let harness = try Harness(
            provider: { simulator, _ in
                CountingProvider { call in
                    if call == 1 {
                        try await Task.sleep(nanoseconds: 3_600_000_000_000)  // cancelled by the timeout
                    }
                    return simulator.mintClientToken()
                }
            },
            configure: { $0.tokenProviderTimeout = 5 }
        )
        let first = Task { try await harness.client.send(.ping) }
        await harness.clock.waitForSleepers(1)
        harness.clock.advance(by: 5)
        let error = await #expect(throws: JanuaryError.self) { try await first.value }
        #expect(error?.category == .tokenProvider)
        #expect(error?.message.contains("did not return within 5.0 seconds") == true)
        let second = try await harness.client.send(.ping)
        #expect(second.statusCode == 200)
        #expect(harness.provider.callCount == 2)
    }

    @Test(
        "an empty, malformed or already expiring token is refused without a refresh loop",
        arguments: [("", 3600.0), ("has space", 3600), ("line\nbreak", 3600), ("ok", 30), ("ok", -10)]
    )
    func unusableTokenIsRefused(value: String, lifetime: TimeInterval) async throws {
        let harness = try Harness(provider: { _, clock in
            CountingProvider { _ in
                JanuaryClientToken(value: value, expiresAt: clock.now().addingTimeInterval(lifetime))
            }
        })
        let error = await #expect(throws: JanuaryError.self) { try await harness.client.send(.ping) }
        #expect(error?.category == .tokenProvider)
        #expect(harness.provider.callCount == 1)
        #expect(harness.server.receivedRequests.isEmpty)
    }

    @Test("a provider whose tokens January always rejects causes one retry per request and no storm")
    func alwaysRejectedTokensAreBounded() async throws {
        let harness = try Harness(provider: { _, _ in
            CountingProvider { _ in
                JanuaryClientToken(value: "rejected-\(UUID().uuidString)", expiresAt: .distantFuture)
            }
        })
        let requests = 5
        for _ in 0..<requests {
            let error = await #expect(throws: JanuaryError.self) { try await harness.client.send(.ping) }
            #expect(error?.category == .authentication)
        }
        #expect(harness.server.receivedRequests.count == 2 * requests)
        #expect(harness.events.count(of: .requestRetried) == requests)
        #expect(harness.provider.callCount == requests + 1)
    }

    @Test("a provider that succeeds after failures recovers", arguments: [1, 3])
    func succeedsAfterFailures(failures: Int) async throws {
        let harness = try Harness(
            provider: { simulator, _ in
                CountingProvider { call in
                    guard call > failures else { throw BackendDown() }
                    return simulator.mintClientToken()
                }
            },
            configure: { $0.refreshBackoff = .none }
        )
        for _ in 0..<failures {
            await #expect(throws: JanuaryError.self) { try await harness.client.send(.ping) }
        }
        #expect(try await harness.client.send(.ping).statusCode == 200)
        #expect(harness.provider.callCount == failures + 1)
    }
}
