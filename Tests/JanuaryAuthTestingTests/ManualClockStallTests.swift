import Foundation
import JanuaryAuth
import JanuaryAuthTesting
import Testing

// A sleep that nothing advances throws `ManualClock.StallError` instead of hanging. These tests give the clock a
// stall timeout of a few hundredths of a second and never advance it, so the stall is certain and the only real
// time that matters is the hang guard of `result(of:)`: no test here depends on how fast the machine is. Whether
// an advance restarts the quiet time is the rule `stallTimeLeft`, tested as a table; that a test which advances
// never trips the default timeout is every other ManualClock test of the package, which run with it.
@Suite("ManualClock stalls", suiteTimeLimit())
struct ManualClockStallTests {
    @Test("a sleep nothing advances throws a StallError naming it, and leaves the clock")
    func aSleepNobodyAdvancesThrowsNamingTheWait() async throws {
        let clock = ManualClock(stallTimeout: 0.05)
        clock.adjustWallClock(by: 90)  // the wall clock, not the uptime, dates the sleep
        let sleeper = Task {
            try await ClockSleepPurpose.sleep(for: 2, on: clock, purpose: "the test's own wait")
        }
        let outcome = try await result(of: sleeper, "the stalled sleep to throw")
        let error = try #require(throws: ManualClock.StallError.self) { try outcome.get() }
        #expect(error.purpose == "the test's own wait")
        #expect(error.requestedDuration == 2 && error.remainingDuration == 2 && error.beganAtUptime == 0)
        #expect(error.began == ManualClock.defaultStart.addingTimeInterval(90) && error.stallTimeout == 0.05)
        #expect(
            error.description
                == "ManualClock stalled: a 2 s sleep began at 2026-01-01T00:01:30.000Z (uptime 0 s), and nothing "
                + "advanced the clock for 0.050 s of real time. It was the test's own wait. The sleep throws this "
                + "error so that the test fails instead of hanging. To end such a wait, advance the clock once the "
                + "sleep has begun: `try await clock.waitForSleepers(1)`, then `clock.advance(by: 2)`."
        )
        #expect(clock.sleeperCount == 0 && clock.uptime() == 0)
    }

    @Test("a sleep the SDK did not name says so")
    func anUnnamedSleepSaysSo() async throws {
        let clock = ManualClock(stallTimeout: 0.05)
        let sleeper = Task { try await clock.sleep(for: 7) }
        let outcome = try await result(of: sleeper, "the stalled sleep to throw")
        let error = try #require(throws: ManualClock.StallError.self) { try outcome.get() }
        #expect(error.purpose == nil)
        #expect(error.description.contains("It was a sleep the SDK did not name."))
    }

    @Test("every sleeper of a stalled clock throws, each with its own duration")
    func everyStalledSleeperThrows() async throws {
        let clock = ManualClock(stallTimeout: 0.05)
        let sleepers = (1...20).map { index in Task { try await clock.sleep(for: TimeInterval(index)) } }
        var durations: [TimeInterval] = []
        for (index, sleeper) in sleepers.enumerated() {
            let outcome = try await result(of: sleeper, "sleeper \(index + 1) to throw")
            let error = try #require(throws: ManualClock.StallError.self) { try outcome.get() }
            durations.append(error.requestedDuration)
        }
        #expect(durations == (1...20).map(TimeInterval.init))
        #expect(clock.sleeperCount == 0)
    }

    @Test("a cancelled sleeper throws CancellationError, not a stall")
    func cancellationComesFirst() async throws {
        let clock = ManualClock()
        let sleeper = Task { try await clock.sleep(for: 10) }
        try await clock.waitForSleepers(1)
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await result(of: sleeper, "the sleeper").get() }
    }

    /// Quiet-time cases, in seconds: when the sleep began, when the clock last advanced, and when the deadline is
    /// checked, with a 45 s stall timeout; and the quiet time left, `nil` for a stall.
    static let quietTimes: [(began: Double, lastAdvance: Double, now: Double, left: Double?)] = [
        (10, 0, 20, 35),  // an advance before the sleep began does not count
        (0, 40, 45, 40),  // an advance restarts the quiet time
        (0, 0, 44, 1),
        (0, 0, 45, nil),  // exactly the timeout: stalled
        (0, 30, 80, nil),  // the last advance was too long ago
        (0, 50, 45, 45),  // an advance read after the check's own time leaves the whole timeout
    ]

    @Test("a sleeper stalls once nothing advanced the clock for the timeout since it began", arguments: quietTimes)
    func stallRule(began: Double, lastAdvance: Double, now: Double, left: Double?) {
        func nanoseconds(_ seconds: Double) -> UInt64 { UInt64(seconds * 1_000_000_000) + 1_000_000_000 }
        let computed = ManualClock.stallTimeLeft(
            sleptSince: nanoseconds(began),
            lastAdvance: nanoseconds(lastAdvance),
            now: nanoseconds(now),
            stallTimeout: 45
        )
        #expect(computed == left)
    }

    @Test("the message lists what else sleeps, and rounds the advance it suggests up")
    func theMessageListsTheOtherSleepers() {
        let error = ManualClock.StallError(
            requestedDuration: 0.4213,
            remainingDuration: 0.4213,
            began: ManualClock.defaultStart,
            beganAtUptime: 12,
            purpose: "the wait before retry 1 of GET /v1.2/foods/1001, after a transport failure (no answer)",
            stallTimeout: 45,
            otherSleepers: [
                .init(requestedDuration: 30, purpose: "the token provider's 30 s timeout, while it runs"),
                .init(requestedDuration: 5, purpose: nil),
            ]
        )
        #expect(
            error.description
                == "ManualClock stalled: a 0.421 s sleep began at 2026-01-01T00:00:00.000Z (uptime 12 s), and nothing "
                + "advanced the clock for 45 s of real time. It was the wait before retry 1 of GET /v1.2/foods/1001, "
                + "after a transport failure (no answer). The sleep throws this error so that the test fails instead "
                + "of hanging. To end such a wait, advance the clock once the sleep has begun: "
                + "`try await clock.waitForSleepers(1)`, then `clock.advance(by: 0.422)`. Also sleeping on the "
                + "clock: 30 s (the token provider's 30 s timeout, while it runs); 5 s (not named)."
        )
    }

    @Test("a clock advanced past its sleepers wakes them all, with the default stall timeout")
    func advancingNeverTripsIt() async throws {
        let clock = ManualClock()
        #expect(clock.stallTimeout == ManualClock.defaultStallTimeout && ManualClock.defaultStallTimeout == 45)
        let sleepers = (1...100).map { index in Task { try await clock.sleep(for: TimeInterval(index % 10 + 1)) } }
        try await clock.waitForSleepers(100)
        for _ in 1...10 {
            clock.advance(by: 1)
        }
        for sleeper in sleepers {
            try await result(of: sleeper, "a sleeper").get()
        }
    }
}
