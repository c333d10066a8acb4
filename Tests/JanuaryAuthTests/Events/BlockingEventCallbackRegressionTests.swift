import Foundation
import JanuaryAuth
import JanuaryAuthTestSupport
import JanuaryCore
import Testing

/// Review item 3: the event callback ran on the thread that made the change, so a callback that blocked (on a
/// lock the app held while signing out, a semaphore, the main thread) blocked sign-out, cancellation and
/// requests, or deadlocked them.
@Suite("Regression 3: a blocking event callback blocks nothing", suiteTimeLimit())
struct BlockingEventCallbackRegressionTests {
    @Test func resetCancellationAndRequestsGoOnWhileTheCallbackIsStuckAndTheBufferDropsTheOldest() async throws {
        let gate = BlockingGate()
        defer { gate.release() }
        let recorder = TokenEventRecorder()
        let concurrency = Locked((inside: 0, most: 0))
        let clock = ManualClock()
        let probe = TokenProviderProbe(clock: clock, script: [.issue(lifetime: 3600), .suspend])
        let coordinator = TokenCoordinator(
            provider: probe.provider,
            configuration: .init(backoff: .none, eventBufferCapacity: 4),
            clock: clock,
            onEvent: { event in
                concurrency.withLock { state in
                    state.inside += 1
                    state.most = max(state.most, state.inside)
                }
                recorder.record(event)
                gate.pass()  // blocks, as a callback waiting on a lock the test holds
                concurrency.withLock { $0.inside -= 1 }
            }
        )

        // A request completes although the callback is stuck in its first event.
        let first = try await withDeadline("credential() with a stuck callback") {
            try await coordinator.credential()
        }
        try await recorder.waitForEvents(1)
        #expect(recorder.events.first?.kind == .providerCallStarted)
        #expect(try await withDeadline("a fresh credential") { try await coordinator.credential() } == first)

        // A waiting request is cancelled, from a plain thread, and returns at once.
        clock.advance(by: 3_540)
        let waiting = Task { try await coordinator.credential() }
        try await probe.waitForSuspendedCalls(1)
        try await returnsPromptly("cancelling a waiting request") { waiting.cancel() }
        #expect(try await result(of: waiting).isCancellationError)

        // Sign-out returns at once.
        try await returnsPromptly("reset()") { coordinator.reset() }
        #expect(coordinator.currentEpoch == 1)

        // And the new session gets its token.
        let second = try await withDeadline("the new session's token") { try await coordinator.credential() }
        #expect(second.epoch == 1 && second.generation == 2)
        #expect(recorder.events.count == 1, "nothing else was delivered while the callback was stuck")

        // Six events were queued behind the stuck one with room for four: the two oldest are reported dropped.
        gate.release()
        try await recorder.waitForEvents(6)
        let events = recorder.events
        #expect(
            events.map(\.kind) == [
                .providerCallStarted, .eventsDropped, .providerCallFinished, .tokenCacheCleared, .providerCallStarted,
                .providerCallFinished,
            ]
        )
        #expect(events[1].droppedCount == 2)
        #expect(events[2].attempt == 2 && events[2].outcome == .cancelled)
        #expect(events[4].attempt == 3 && events[5].attempt == 3 && events[5].generation == 2)
        #expect(concurrency.withLock { $0.most } == 1, "one event at a time")
    }

    @Test func aCallbackWaitingForTheThreadThatSignsOutDoesNotDeadlockIt() async throws {
        // The app signs out while holding its own lock; its callback takes that lock. Run inline, this deadlocks.
        let appLock = NSLock()
        let recorder = TokenEventRecorder()
        let coordinator = TokenCoordinator(
            provider: { JanuaryClientToken(value: "ct-lock", expiresIn: 3600) },
            clock: ManualClock(),
            onEvent: { event in
                appLock.lock()
                recorder.record(event)
                appLock.unlock()
            }
        )
        _ = try await withDeadline("a token") { try await coordinator.credential() }
        try await recorder.waitForEvents(2)
        try await returnsPromptly("reset() under the app's lock") {
            appLock.lock()
            coordinator.reset()
            appLock.unlock()
        }
        try await recorder.waitForEvents(of: .tokenCacheCleared)
    }
}
