import Foundation
import JanuaryCoreTesting
import JanuaryPartnerSDKTesting
import Testing

@testable import JanuaryPartnerSDKUI

@Suite("Voice capture's one timer, on the manual clock", suiteTimeLimit())
struct VoiceCaptureWakeUpTests {
    final class Counter {
        var wakes = 0
    }

    @Test("it calls back once, when the clock reaches the delay and not before")
    @MainActor
    func once() async throws {
        let clock = ManualClock()
        let counter = Counter()
        let wakeUp = VoiceCaptureWakeUp(clock: clock) { counter.wakes += 1 }
        wakeUp.schedule(afterMilliseconds: 2_000)
        try await clock.waitForSleeper(lasting: 2)
        clock.advance(by: 1.999)
        // A later sleeper proves the clock's earlier wake-ups have run.
        #expect(counter.wakes == 0)
        clock.advance(by: 0.001)
        try await eventuallyOnMain("the wake") { counter.wakes == 1 }
        #expect(!wakeUp.isScheduled)
        clock.advance(by: 10)
        #expect(clock.sleeperCount == 0)
        #expect(counter.wakes == 1)
    }

    @Test("asking again replaces the pending call, earlier or later")
    @MainActor
    func replaces() async throws {
        let clock = ManualClock()
        let counter = Counter()
        let wakeUp = VoiceCaptureWakeUp(clock: clock) { counter.wakes += 1 }
        wakeUp.schedule(afterMilliseconds: 8_000)
        try await clock.waitForSleeper(lasting: 8)
        wakeUp.schedule(afterMilliseconds: 2_000)
        try await clock.waitForSleeper(lasting: 2)
        // The first sleep was cancelled: only the second is left.
        #expect(clock.sleeperRequestedDurations == [2])
        clock.advance(by: 8)
        try await eventuallyOnMain("the wake") { counter.wakes == 1 }
        #expect(clock.sleeperCount == 0)
        #expect(counter.wakes == 1)
    }

    @Test("cancel drops the pending call")
    @MainActor
    func cancel() async throws {
        let clock = ManualClock()
        let counter = Counter()
        let wakeUp = VoiceCaptureWakeUp(clock: clock) { counter.wakes += 1 }
        wakeUp.schedule(afterMilliseconds: 500)
        try await clock.waitForSleeper(lasting: 0.5)
        wakeUp.cancel()
        #expect(!wakeUp.isScheduled)
        #expect(clock.sleeperCount == 0)
        clock.advance(by: 1)
        // A second timer on the same clock fires: had the first not been cancelled, it would have fired first.
        wakeUp.schedule(afterMilliseconds: 0)
        try await eventuallyOnMain("the zero wake") { counter.wakes == 1 }
        #expect(counter.wakes == 1)
    }
}
