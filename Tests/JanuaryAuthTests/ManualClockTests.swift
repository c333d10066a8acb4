import Foundation
import JanuaryTestSupport
import Testing

@Suite("ManualClock")
struct ManualClockTests {
    @Test func timeMovesOnlyWhenAdvanced() {
        let clock = ManualClock()
        #expect(clock.now() == ManualClock.defaultStart)
        clock.advance(by: 90)
        #expect(clock.now() == ManualClock.defaultStart.addingTimeInterval(90))
    }

    @Test(arguments: [0.0, -3.0, .nan])
    func aNonPositiveSleepReturnsAtOnce(seconds: TimeInterval) async throws {
        let clock = ManualClock()
        try await clock.sleep(for: seconds)
        #expect(clock.sleeperCount == 0)
    }

    @Test func aSleeperWakesExactlyAtItsDeadline() async throws {
        let clock = ManualClock()
        let sleeper = Task { try await clock.sleep(for: 10) }
        await clock.waitForSleepers(1)
        clock.advance(by: 9.5)
        #expect(clock.sleeperCount == 1)
        clock.advance(by: 0.5)
        #expect(clock.sleeperCount == 0)
        try await sleeper.value
    }

    @Test func aCancelledSleeperThrowsWithoutTheClockMoving() async throws {
        let clock = ManualClock()
        let sleeper = Task { try await clock.sleep(for: 10) }
        await clock.waitForSleepers(1)
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
        #expect(clock.sleeperCount == 0)
    }

    @Test func waitForSleepersCountsConcurrentSleepers() async throws {
        let clock = ManualClock()
        let sleepers = (1...50).map { index in Task { try await clock.sleep(for: TimeInterval(index)) } }
        await clock.waitForSleepers(50)
        #expect(clock.sleeperDeadlines.first == clock.now().addingTimeInterval(1))
        clock.advance(by: 25)
        #expect(clock.sleeperCount == 25)
        clock.advance(by: 25)
        for sleeper in sleepers {
            try await sleeper.value
        }
    }
}
