import Foundation
import JanuaryAuth
import JanuaryCore
import JanuaryTestSupport
import Testing

@Suite("TokenCoordinator cancellation, timeout and reset")
struct TokenCoordinatorCancellationTests {
    @Test(
        "reset during a fetch fails its waiters and the late token is never used",
        arguments: [TokenProviderProbe.Step.suspend, .suspendIgnoringCancellation]
    )
    func resetDuringFetch(providerBehaviour: TokenProviderProbe.Step) async throws {
        let harness = Harness(script: [providerBehaviour])
        let coordinator = harness.coordinator
        async let results = concurrently(10) { _ in try await coordinator.credential() }
        await harness.waitForWaitingRequests(10)
        await harness.probe.waitForSuspendedCalls(1)

        coordinator.reset()
        let all = await results
        #expect(all.allSatisfy { $0.januaryError?.category == .cancelled })
        #expect(all.allSatisfy { $0.januaryError?.message.contains("reset") == true })
        await harness.probe.waitForCancellations(1)
        #expect(harness.probe.cancellationCount == 1, "the provider's task is cancelled")

        if case .suspendIgnoringCancellation = providerBehaviour {
            harness.probe.resumeOldestSuspendedCall(with: .token(.init(value: "late-token", expiresAt: .distantFuture)))
        }
        let next = try await coordinator.credential()
        #expect(next.value == harness.probe.issuedValue(forCall: 2))
        #expect(harness.probe.callCount == 2)
        #expect(harness.events.events(.coordinatorReset).count == 1)
    }

    @Test func cancellingOneWaiterLeavesTheCallRunningForTheOthers() async throws {
        let harness = Harness(script: [.suspend])
        let coordinator = harness.coordinator
        let tasks = (0..<1_000).map { _ in Task { try await coordinator.credential() } }
        await harness.waitForWaitingRequests(1_000)
        await harness.probe.waitForSuspendedCalls(1)

        for task in tasks.dropLast() {
            task.cancel()
        }
        for task in tasks.dropLast() {
            let result = await task.result
            #expect(result.januaryError?.category == .cancelled)
        }
        #expect(harness.probe.cancellationCount == 0, "others still wait for the call")
        #expect(coordinator.waitingRequestCount == 1)

        harness.probe.resumeOldestSuspendedCall(with: .issue(lifetime: 3600))
        let survivor = try await #require(tasks.last).value
        #expect(survivor.value == harness.probe.issuedValue(forCall: 1))
        #expect(harness.events.events(.providerCallFinished).first?.waiterCount == 1)
    }

    @Test func cancellingTheLastWaiterCancelsTheCallAndReturnsToIdle() async throws {
        let harness = Harness(script: [.suspend], backoff: .default)
        let coordinator = harness.coordinator
        let tasks = (0..<100).map { _ in Task { try await coordinator.credential() } }
        await harness.waitForWaitingRequests(100)
        await harness.probe.waitForSuspendedCalls(1)

        for task in tasks {
            task.cancel()
        }
        for task in tasks {
            #expect(await task.result.januaryError?.category == .cancelled)
        }
        await harness.probe.waitForCancellations(1)
        #expect(harness.probe.cancellationCount == 1)
        #expect(harness.events.events(.providerCallFinished).first?.outcome == .cancelled)

        // Idle, not failed: the next request calls at once, with no backoff sleep on the clock.
        let next = try await coordinator.credential()
        #expect(next.value == harness.probe.issuedValue(forCall: 2))
        #expect(harness.clock.sleeperCount == 0)
    }

    @Test func anAlreadyCancelledCallerReturnsWithoutStartingACall() async throws {
        let harness = Harness()
        let coordinator = harness.coordinator
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await coordinator.credential()
        }
        #expect(await task.result.januaryError?.category == .cancelled)
        #expect(harness.probe.callCount == 0)
        #expect(coordinator.waitingRequestCount == 0)
    }

    @Test func aProviderThatNeverReturnsTimesOutOnTheInjectedClock() async throws {
        let harness = Harness(script: [.suspendIgnoringCancellation], providerTimeout: 30)
        let coordinator = harness.coordinator
        async let results = concurrently(5) { _ in try await coordinator.credential() }
        await harness.waitForWaitingRequests(5)
        await harness.probe.waitForSuspendedCalls(1)
        await harness.clock.waitForSleepers(1)
        #expect(harness.clock.sleeperDeadlines == [harness.clock.now().addingTimeInterval(30)])

        harness.clock.advance(by: 30)
        let all = await results
        #expect(all.allSatisfy { $0.januaryError?.category == .tokenProvider })
        #expect(all.allSatisfy { $0.januaryError?.message.contains("30") == true })
        await harness.probe.waitForCancellations(1)
        let finished = try #require(harness.events.events(.providerCallFinished).first)
        #expect(finished.outcome == .tokenProvider && finished.duration == 30 && finished.waiterCount == 5)

        harness.probe.resumeOldestSuspendedCall(with: .token(.init(value: "late-token", expiresAt: .distantFuture)))
        let next = try await coordinator.credential()
        #expect(next.value == harness.probe.issuedValue(forCall: 2), "the late token was dropped")
        #expect(harness.probe.callCount == 2)
    }

    @Test func aProviderThatReturnsJustBeforeTheTimeoutSucceeds() async throws {
        let harness = Harness(script: [.suspend], providerTimeout: 30)
        let coordinator = harness.coordinator
        async let result = coordinator.credential()
        await harness.probe.waitForSuspendedCalls(1)
        await harness.clock.waitForSleepers(1)
        harness.clock.advance(by: 29.999)
        #expect(harness.clock.sleeperCount == 1)
        harness.probe.resumeOldestSuspendedCall(with: .issue(lifetime: 3600))
        #expect(try await result.value == harness.probe.issuedValue(forCall: 1))
        #expect(harness.clock.sleeperCount == 0, "the timeout is disarmed once the provider returns")
    }
}
