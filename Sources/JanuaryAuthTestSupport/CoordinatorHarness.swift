import Foundation
import JanuaryAuth
import JanuaryCore

/// A ``TokenCoordinator`` wired to a manual clock, a scripted provider and an event recorder, for tests of the
/// token cache and of anything built on it.
///
/// Back-off defaults to none, so that only the tests about back-off see requests fail fast after a failure.
///
/// ```swift
/// let harness = CoordinatorHarness(script: [.suspend])
/// let request = Task { try await harness.coordinator.credential() }
/// try await harness.probe.waitForSuspendedCalls(1)
/// harness.probe.resumeOldestSuspendedCall(with: .issue(lifetime: 3600))
/// ```
package struct CoordinatorHarness: Sendable {
    /// The clock the coordinator and the provider read.
    package let clock: ManualClock

    /// The scripted provider, which counts its calls.
    package let probe: TokenProviderProbe

    /// Every event the coordinator delivered.
    package let events: TokenEventRecorder
    /// The delivery the coordinator's events go through, shared as the facade shares it for its own events.
    package let delivery: EventDelivery

    /// The coordinator under test.
    package let coordinator: TokenCoordinator

    /// Creates a coordinator on a new manual clock.
    ///
    /// - Parameters:
    ///   - script: The provider's first steps, in order.
    ///   - defaultStep: The provider's step once the script is used up.
    ///   - configuration: The coordinator's configuration; no back-off unless given.
    ///   - tokenPrefix: The start of every issued token's value.
    package init(
        script: [TokenProviderProbe.Step] = [],
        defaultStep: TokenProviderProbe.Step = .issue(lifetime: 3600),
        configuration: TokenCoordinator.Configuration = .init(backoff: .none),
        tokenPrefix: String = "token"
    ) {
        let clock = ManualClock()
        let probe = TokenProviderProbe(clock: clock, tokenPrefix: tokenPrefix, script: script, defaultStep: defaultStep)
        let events = TokenEventRecorder()
        self.clock = clock
        self.probe = probe
        self.events = events
        let delivery = EventDelivery(capacity: configuration.eventBufferCapacity, handler: events.handler)
        self.delivery = delivery
        self.coordinator = TokenCoordinator(
            provider: probe.provider,
            configuration: configuration,
            clock: clock,
            events: delivery
        )
    }

    /// Starts `count` concurrent requests, each in its own task.
    ///
    /// - Parameters:
    ///   - count: How many requests.
    ///   - body: One request, given its index.
    /// - Returns: The tasks, in index order.
    package func concurrently(
        _ count: Int,
        _ body: @escaping @Sendable (TokenCoordinator, Int) async throws -> Credential
    ) -> [Task<Credential, any Error>] {
        let coordinator = coordinator
        return (0..<count).map { index in Task { try await body(coordinator, index) } }
    }

    /// Returns once exactly `count` requests are waiting for a provider call.
    ///
    /// - Parameters:
    ///   - count: How many waiting requests.
    ///   - timeout: Real seconds to wait at most.
    /// - Throws: ``EventuallyTimeoutError`` when the count is not reached in time.
    package func waitForWaitingRequests(_ count: Int, timeout: TimeInterval = testDeadline) async throws {
        let coordinator = coordinator
        try await eventually("\(count) waiting requests", timeout: timeout) {
            coordinator.waitingRequestCount == count
        }
    }
}
