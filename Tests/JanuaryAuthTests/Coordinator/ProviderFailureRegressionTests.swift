import Foundation
import JanuaryAuth
import JanuaryAuthTestSupport
import JanuaryCore
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A failing provider used to make every request wait out the back-off before failing, and an offline device
/// was reported as a provider bug.
@Suite("Regression: back-off fails fast, and an offline provider is a network failure", suiteTimeLimit())
struct ProviderFailureRegressionTests {
    @Test func duringTheBackoffRequestsFailAtOnceAndTheFirstRequestAfterItCallsTheProviderOnce() async throws {
        let harness = CoordinatorHarness(
            script: [.fail(BackendUnavailable()), .fail(BackendUnavailable()), .suspend],
            configuration: .init(backoff: .default)
        )
        let coordinator = harness.coordinator
        for call in 1...2 {
            let failure = try await result(of: Task { try await coordinator.credential() }).januaryError
            #expect(failure?.code == JanuaryError.Code.clientTokenProviderFailed && failure?.retryAfter == nil)
            #expect(harness.probe.callCount == call, "one failure costs no wait")
        }

        let refused = try await result(of: Task { try await coordinator.credential() }).januaryError
        #expect(refused?.category == .tokenProvider && refused?.code == JanuaryError.Code.clientTokenProviderFailed)
        #expect(refused?.underlyingError is BackendUnavailable, "the last failure, handed on")
        #expect(refused?.retryAfter == 1)
        #expect(harness.probe.callCount == 2 && harness.clock.sleeperCount == 0, "no call and no wait")
        harness.clock.advance(by: 0.25)
        #expect(try await result(of: Task { try await coordinator.credential() }).januaryError?.retryAfter == 0.75)

        harness.clock.advance(by: 0.75)
        let tasks = harness.concurrently(100) { coordinator, _ in try await coordinator.credential() }
        try await harness.waitForWaitingRequests(100)
        try await harness.probe.waitForSuspendedCalls(1)
        #expect(harness.probe.callCount == 3, "the requests after the back-off share one call")
        harness.probe.resumeOldestSuspendedCall(with: .issue(lifetime: 3600))
        #expect(try await results(of: tasks).allSatisfy { $0.value == harness.probe.issuedValue(forCall: 3) })
    }

    @Test(
        "a provider that cannot reach its backend because the device is offline is a network failure",
        arguments: [
            URLError.Code.notConnectedToInternet, .networkConnectionLost, .timedOut, .cannotFindHost,
            .cannotConnectToHost, .dnsLookupFailed,
        ]
    )
    func offlineProvider(code: URLError.Code) async throws {
        let harness = CoordinatorHarness(script: [.fail(URLError(code))])
        let coordinator = harness.coordinator
        let failure = try await result(of: Task { try await coordinator.credential() }).januaryError
        #expect(failure?.category == .network)
        #expect((failure?.underlyingError as? URLError)?.code == code)
        try await harness.events.waitForEvents(of: .providerCallFinished)
        #expect(harness.events.events(.providerCallFinished).first?.outcome == .network)
    }

    @Test func anotherURLErrorIsTheProvidersFailure() async throws {
        let harness = CoordinatorHarness(script: [.fail(URLError(.badServerResponse))])
        let coordinator = harness.coordinator
        let failure = try await result(of: Task { try await coordinator.credential() }).januaryError
        #expect(failure?.category == .tokenProvider && failure?.code == JanuaryError.Code.clientTokenProviderFailed)
        #expect((failure?.underlyingError as? URLError)?.code == .badServerResponse)
    }
}
