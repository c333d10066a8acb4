import Foundation
import JanuaryAuthTesting
import Testing

@Suite("ManualClock", suiteTimeLimit())
struct ManualClockTests {
    @Test func timeMovesOnlyWhenAdvancedAndBothScalesTogether() {
        let clock = ManualClock()
        #expect(clock.now() == ManualClock.defaultStart && clock.uptime() == 0)
        clock.advance(by: 90)
        #expect(clock.now() == ManualClock.defaultStart.addingTimeInterval(90) && clock.uptime() == 90)
    }

    @Test(arguments: [-86_400.0, -600, 600, 86_400])
    func adjustingTheWallClockLeavesUptimeAndSleepersAlone(seconds: TimeInterval) async throws {
        let clock = ManualClock()
        let sleeper = Task { try await clock.sleep(for: 10) }
        try await clock.waitForSleepers(1)
        clock.adjustWallClock(by: seconds)
        #expect(clock.now() == ManualClock.defaultStart.addingTimeInterval(seconds))
        #expect(clock.uptime() == 0 && clock.sleeperCount == 1 && clock.sleeperRemainingDurations == [10])
        clock.advance(by: 10)
        try await result(of: sleeper, "the sleeper").get()
        #expect(clock.now() == ManualClock.defaultStart.addingTimeInterval(seconds + 10) && clock.uptime() == 10)
    }

    @Test(arguments: [0.0, -3.0, .nan])
    func aNonPositiveSleepReturnsAtOnce(seconds: TimeInterval) async throws {
        let clock = ManualClock()
        try await withDeadline("a sleep of \(seconds) s") { try await clock.sleep(for: seconds) }
        #expect(clock.sleeperCount == 0)
    }

    @Test func aSleeperWakesExactlyAtItsDeadline() async throws {
        let clock = ManualClock()
        let sleeper = Task { try await clock.sleep(for: 10) }
        try await clock.waitForSleepers(1)
        clock.advance(by: 9.5)
        #expect(clock.sleeperCount == 1 && clock.sleeperRemainingDurations == [0.5])
        clock.advance(by: 0.5)
        #expect(clock.sleeperCount == 0)
        try await result(of: sleeper, "the sleeper").get()
    }

    @Test func aCancelledSleeperThrowsWithoutTheClockMoving() async throws {
        let clock = ManualClock()
        let sleeper = Task { try await clock.sleep(for: 10) }
        try await clock.waitForSleepers(1)
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await result(of: sleeper, "the sleeper").get() }
        #expect(clock.sleeperCount == 0 && clock.uptime() == 0)
    }

    @Test func anAlreadyCancelledSleeperNeverRegisters() async throws {
        let clock = ManualClock()
        let sleeper = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await clock.sleep(for: 10)
        }
        await #expect(throws: CancellationError.self) { try await result(of: sleeper, "the sleeper").get() }
        #expect(clock.sleeperCount == 0)
    }

    @Test func waitForSleepersCountsConcurrentSleepersAndWakesThemInOrder() async throws {
        let clock = ManualClock()
        let sleepers = (1...50).map { index in Task { try await clock.sleep(for: TimeInterval(index)) } }
        try await clock.waitForSleepers(50)
        #expect(clock.sleeperRemainingDurations == (1...50).map(TimeInterval.init))
        clock.advance(by: 25)
        #expect(clock.sleeperCount == 25)
        clock.advance(by: 25)
        for sleeper in sleepers {
            try await result(of: sleeper, "a sleeper").get()
        }
    }

    @Test func waitForSleepersThrowsAfterItsDeadline() async throws {
        let clock = ManualClock()
        let error = try await #require(throws: WaitTimeoutError.self) {
            try await clock.waitForSleepers(1, timeout: 0.05)
        }
        #expect(error.awaited == "1 sleepers on the manual clock" && error.timeout == 0.05)
        #expect(error.description.contains("did not happen"))
    }

    /// How far the clock advances past sleepers of 60, 3 and 10 s, and what each list then reads.
    static let advances: [(advance: TimeInterval, remaining: [TimeInterval], requested: [TimeInterval])] = [
        (0, [3, 10, 60], [3, 10, 60]),
        (2.5, [0.5, 7.5, 57.5], [3, 10, 60]),
        (9, [1, 51], [10, 60]),  // the 3 s sleeper has woken and left both lists
    ]

    @Test("advancing shrinks what each sleeper has left, never what it asked for", arguments: advances)
    func remainingAndRequestedDurationsDifferOnceTheClockAdvances(
        advance seconds: TimeInterval,
        remaining: [TimeInterval],
        requested: [TimeInterval]
    ) async throws {
        let clock = ManualClock()
        let sleepers = [60.0, 3, 10].map { duration in Task { try await clock.sleep(for: duration) } }
        try await clock.waitForSleepers(3)
        clock.advance(by: seconds)
        #expect(clock.sleeperRemainingDurations == remaining)
        #expect(clock.sleeperRequestedDurations == requested)
        for sleeper in sleepers {
            sleeper.cancel()
        }
    }

    @Test("waitForSleeper(lasting:) waits for the sleeper it names, not for whichever sleeps first")
    func waitsForTheSleeperOfADuration() async throws {
        let clock = ManualClock()
        let timeout = Task { try await clock.sleep(for: 30) }  // like a token provider's timeout
        try await clock.waitForSleepers(1)
        let retry = Task { try await clock.sleep(for: 2) }
        try await clock.waitForSleeper(lasting: 2)
        #expect(clock.sleeperRequestedDurations == [2, 30])
        clock.advance(by: 2)
        try await result(of: retry, "the 2 s sleeper").get()
        #expect(clock.sleeperRequestedDurations == [30] && clock.sleeperRemainingDurations == [28])
        // Already sleeping: returns at once.
        try await clock.waitForSleeper(lasting: 30)
        timeout.cancel()
    }

    @Test("waitForSleeper(lasting:) fails by its deadline when no sleeper of that duration appears")
    func waitForSleeperHasADeadline() async throws {
        let clock = ManualClock()
        let other = Task { try await clock.sleep(for: 30) }
        try await clock.waitForSleepers(1)
        await #expect(throws: WaitTimeoutError.self) { try await clock.waitForSleeper(lasting: 2, timeout: 0.05) }
        other.cancel()
    }
}
