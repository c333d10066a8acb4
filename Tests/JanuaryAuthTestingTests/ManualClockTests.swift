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
        #expect(clock.uptime() == 0 && clock.sleeperCount == 1 && clock.sleeperDelays == [10])
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
        #expect(clock.sleeperCount == 1 && clock.sleeperDelays == [0.5])
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
        #expect(clock.sleeperDelays == (1...50).map(TimeInterval.init))
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
}
