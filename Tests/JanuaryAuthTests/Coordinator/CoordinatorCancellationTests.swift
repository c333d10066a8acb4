import Foundation
import JanuaryAuth
import JanuaryAuthTestSupport
import JanuaryCore
import Testing

@Suite("TokenCoordinator: cancellation, timeout and reset with real tasks", suiteTimeLimit())
struct CoordinatorCancellationTests {
    @Test func cancellingOneWaiterThrowsCancellationErrorAndLeavesTheCallToTheOthers() async throws {
        let harness = CoordinatorHarness(script: [.suspend])
        let tasks = harness.concurrently(200) { coordinator, _ in try await coordinator.credential() }
        try await harness.waitForWaitingRequests(200)
        try await harness.probe.waitForSuspendedCalls(1)

        for task in tasks.dropLast() {
            task.cancel()
        }
        let cancelled = try await results(of: Array(tasks.dropLast()))
        #expect(cancelled.allSatisfy { $0.isCancellationError }, "a cancelled waiter throws CancellationError")
        #expect(cancelled.allSatisfy { $0.januaryError == nil })
        #expect(harness.probe.cancellationCount == 0, "the last waiter still wants the call")
        #expect(harness.coordinator.waitingRequestCount == 1)

        harness.probe.resumeOldestSuspendedCall(with: .issue(lifetime: 3600))
        let survivor = try await result(of: try #require(tasks.last))
        #expect(survivor.value == harness.probe.issuedValue(forCall: 1))
        try await harness.events.waitForEvents(of: .providerCallFinished)
        #expect(harness.events.events(.providerCallFinished).first?.waiterCount == 1)
        #expect(harness.probe.callCount == 1)
    }

    @Test func cancellingEveryWaiterCancelsTheCallAndTheNextRequestCallsAgain() async throws {
        let harness = CoordinatorHarness(script: [.suspend], configuration: .init(backoff: .default))
        let tasks = harness.concurrently(100) { coordinator, _ in try await coordinator.credential() }
        try await harness.waitForWaitingRequests(100)
        try await harness.probe.waitForSuspendedCalls(1)

        for task in tasks {
            task.cancel()
        }
        #expect(try await results(of: tasks).allSatisfy { $0.isCancellationError })
        try await harness.probe.waitForCancellations(1)
        try await harness.events.waitForEvents(of: .providerCallFinished)
        let finished = harness.events.events(.providerCallFinished)
        #expect(finished.first?.outcome == .cancelled && finished.first?.waiterCount == 0)
        #expect(harness.coordinator.phase == .idle(cachedGeneration: nil), "abandoned, not failed")

        let next = try await withDeadline("a new request") { try await harness.coordinator.credential() }
        #expect(next.value == harness.probe.issuedValue(forCall: 2) && next.generation == 1)
    }

    @Test func anAlreadyCancelledCallerThrowsAtOnceWithoutCallingTheProvider() async throws {
        let harness = CoordinatorHarness()
        let coordinator = harness.coordinator
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await coordinator.credential()
        }
        #expect(try await result(of: task).isCancellationError)
        #expect(harness.probe.callCount == 0 && coordinator.waitingRequestCount == 0)
        #expect(coordinator.phase == .idle(cachedGeneration: nil))
    }

    @Test func aProviderThatNeverReturnsTimesOutOnTheManualClockAndItsLateTokenIsDropped() async throws {
        let harness = CoordinatorHarness(
            script: [.suspendIgnoringCancellation],
            configuration: .init(providerTimeout: 30, backoff: .none)
        )
        let tasks = harness.concurrently(5) { coordinator, _ in try await coordinator.credential() }
        try await harness.waitForWaitingRequests(5)
        try await harness.probe.waitForSuspendedCalls(1)
        try await harness.clock.waitForSleepers(1)
        #expect(harness.clock.sleeperRemainingDurations == [30])

        harness.clock.advance(by: 29.999)
        #expect(harness.clock.sleeperCount == 1 && harness.coordinator.waitingRequestCount == 5)
        harness.clock.advance(by: 0.001)
        let all = try await results(of: tasks)
        for result in all {
            let error = try #require(result.januaryError)
            #expect(error.category == .tokenProvider && error.code == JanuaryError.Code.clientTokenProviderFailed)
            #expect(error.message.contains("within 30"))
        }
        try await harness.probe.waitForCancellations(1)
        try await harness.events.waitForEvents(of: .providerCallFinished)
        let finished = try #require(harness.events.events(.providerCallFinished).first)
        #expect(finished.outcome == .tokenProvider && finished.duration == 30 && finished.waiterCount == 5)

        harness.probe.resumeOldestSuspendedCall(with: .token(.init(value: "late-token", expiresIn: 3600)))
        let next = try await withDeadline("a new request") { try await harness.coordinator.credential() }
        #expect(next.value == harness.probe.issuedValue(forCall: 2), "the late token was dropped")
        #expect(harness.probe.callCount == 2)
    }

    @Test func aProviderThatReturnsJustBeforeTheTimeoutSucceedsAndDisarmsIt() async throws {
        let harness = CoordinatorHarness(script: [.suspend], configuration: .init(providerTimeout: 30, backoff: .none))
        let task = Task { [coordinator = harness.coordinator] in try await coordinator.credential() }
        try await harness.probe.waitForSuspendedCalls(1)
        try await harness.clock.waitForSleepers(1)
        harness.clock.advance(by: 29.999)
        #expect(harness.clock.sleeperCount == 1)
        harness.probe.resumeOldestSuspendedCall(with: .issue(lifetime: 3600))
        #expect(try await result(of: task).value == harness.probe.issuedValue(forCall: 1))
        #expect(harness.clock.sleeperCount == 0, "the timeout is disarmed once the provider returns")
    }

    @Test("a timeout that is not positive means the default of 30 s", arguments: [0.0, -1, .nan])
    func defaultTimeout(timeout: TimeInterval) async throws {
        let harness = CoordinatorHarness(script: [.suspend], configuration: .init(providerTimeout: timeout))
        let task = Task { [coordinator = harness.coordinator] in try await coordinator.credential() }
        try await harness.clock.waitForSleepers(1)
        #expect(harness.clock.sleeperRemainingDurations == [30])
        task.cancel()
        #expect(try await result(of: task).isCancellationError)
    }

    @Test(
        "reset during a fetch fails its waiters with signed_out and the late token is never used",
        arguments: [TokenProviderProbe.Step.suspend, .suspendIgnoringCancellation]
    )
    func resetDuringAFetch(providerBehaviour: TokenProviderProbe.Step) async throws {
        let harness = CoordinatorHarness(script: [providerBehaviour])
        let coordinator = harness.coordinator
        let tasks = harness.concurrently(10) { coordinator, _ in try await coordinator.credential() }
        try await harness.waitForWaitingRequests(10)
        try await harness.probe.waitForSuspendedCalls(1)

        coordinator.reset()
        let all = try await results(of: tasks)
        #expect(all.allSatisfy { $0.januaryError?.isSignedOut == true })
        try await harness.probe.waitForCancellations(1)
        #expect(coordinator.currentEpoch == 1)

        if case .suspendIgnoringCancellation = providerBehaviour {
            harness.probe.resumeOldestSuspendedCall(with: .token(.init(value: "late-token", expiresIn: 3600)))
        }
        let next = try await withDeadline("a request of the new session") { try await coordinator.credential() }
        #expect(next.value == harness.probe.issuedValue(forCall: 2) && next.epoch == 1)
        #expect(harness.probe.callCount == 2)
        try await harness.events.waitForEvents(of: .providerCallFinished, count: 2)
        #expect(harness.events.events(.providerCallFinished).map(\.outcome) == [.cancelled, nil])
        #expect(harness.events.count(of: .tokenCacheCleared) == 1)
    }
}
