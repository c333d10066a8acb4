import Dispatch
import Foundation
import JanuaryAuth
import JanuaryCore
import JanuaryCoreTesting

/// A ``JanuaryClock`` whose time moves only when a test calls ``advance(by:)``.
///
/// Inject it into `JanuaryPartnerClient.Configuration.clock` to test token expiry, refresh, back-off and
/// retry waits in milliseconds: sleepers wait until the clock has been advanced to or past their deadline,
/// however long that takes in real time.
///
/// Because a sleep is armed by another task, a test must not advance before the sleep exists, or the
/// sleep's deadline would be computed from the advanced time. ``waitForSleepers(_:timeout:)`` closes that gap:
///
/// ```swift
/// let clock = ManualClock()
/// var configuration = JanuaryPartnerClient.Configuration(baseURL: simulator.baseURL)
/// configuration.clock = clock
/// // … a request is rate limited with Retry-After: 1 and the client waits …
/// try await clock.waitForSleepers(1)   // the retry wait is armed
/// clock.advance(by: 1)                  // and now it ends
/// ```
///
/// The wall clock (``now()``) and the monotonic clock (``uptime()``) advance together; ``adjustWallClock(by:)``
/// moves the wall clock alone, like a user changing the device's time.
///
/// A test never hangs on a sleep it forgot: when a task has slept on the clock and nothing has advanced it for
/// ``stallTimeout`` seconds of real time, the sleep throws ``StallError``, whose message names the wait (for the
/// SDK's sleeps, which retry of which request, or which timeout) and how far to advance. The SDK ends the request
/// that was waiting with that error, so the test's `try await` fails with it instead of waiting forever.
public final class ManualClock: JanuaryClock {
    /// Where a clock starts unless told otherwise: 2026-01-01T00:00:00Z, so that failures read well.
    public static let defaultStart = Date(timeIntervalSince1970: 1_767_225_600)

    /// How long, in real seconds, a sleeper waits with nothing advancing the clock before its sleep throws
    /// ``StallError``, unless the clock is created with another: 45, the deadline of every other wait of the
    /// package's test helpers.
    ///
    /// Far above any honest pause between a sleep and the advance that ends it, so that a busy machine (a CI
    /// runner, a suite run in parallel on two cores) slows a test down without failing it; and below the
    /// one-minute time limit of the package's suites, so that the stall's message comes first.
    public static let defaultStallTimeout: TimeInterval = testDeadline

    private struct Sleeper: Sendable {
        let deadline: TimeInterval
        /// The duration the sleeper asked for, which ``waitForSleeper(lasting:timeout:)`` matches.
        let duration: TimeInterval
        let order: UInt64
        let continuation: CheckedContinuation<Void, any Error>
        /// What the sleep is for, as the SDK named it (``StallError/purpose``).
        let purpose: String?
        /// The clock's wall-clock time when the sleep began.
        let began: Date
        /// The clock's uptime when the sleep began.
        let beganAtUptime: TimeInterval
        /// The real time when the sleep began, in `DispatchTime` nanoseconds.
        let beganInRealTime: UInt64
    }

    private struct State: Sendable {
        var now: Date
        var uptime: TimeInterval = 0
        /// The real time of the last ``advance(by:)`` that moved the clock, in `DispatchTime` nanoseconds.
        var lastAdvanceInRealTime: UInt64
        var lastSleeperID: UInt64 = 0
        var sleepers: [UInt64: Sleeper] = [:]
        var sleeperWatchers = ThresholdWaiters()
        /// Tests waiting for a sleeper of one duration: the duration and how many such sleepers have started.
        var durationWatchers: [UInt64: (duration: TimeInterval, continuation: CheckedContinuation<Void, any Error>)] =
            [:]
        var lastWatcherID: UInt64 = 0

        /// What a stall deadline of sleeper `id` means at real time `now`: ended (it woke or was cancelled),
        /// later (the clock advanced meanwhile), or a stall, which removes the sleeper to fail it.
        mutating func stallVerdict(for id: UInt64, stallTimeout: TimeInterval, now: UInt64) -> DeadlineVerdict {
            guard let sleeper = sleepers[id] else {
                return .ended
            }
            if let left = ManualClock.stallTimeLeft(
                sleptSince: sleeper.beganInRealTime,
                lastAdvance: lastAdvanceInRealTime,
                now: now,
                stallTimeout: stallTimeout
            ) {
                return .extend(left)
            }
            sleepers[id] = nil
            let others = sleepers.values.sorted { $0.order < $1.order }.map {
                StallError.Sleep(requestedDuration: $0.duration, purpose: $0.purpose)
            }
            let error = StallError(
                requestedDuration: sleeper.duration,
                remainingDuration: sleeper.deadline - uptime,
                began: sleeper.began,
                beganAtUptime: sleeper.beganAtUptime,
                purpose: sleeper.purpose,
                stallTimeout: stallTimeout,
                otherSleepers: others
            )
            return .fail(sleeper.continuation, error)
        }
    }

    private let state: Locked<State>

    /// How long, in real seconds, a sleeper waits with nothing advancing the clock before its sleep throws
    /// ``StallError``; `infinity` when stalls are never reported.
    public let stallTimeout: TimeInterval

    /// Creates a clock standing at `now`.
    ///
    /// - Parameters:
    ///   - now: The initial wall-clock time.
    ///   - stallTimeout: How long, in real seconds, a sleeper may wait with nothing advancing the clock before
    ///     its sleep throws ``StallError``; ``defaultStallTimeout`` (45) by default. Must be positive; `infinity`
    ///     never reports a stall, for a clock that nothing is meant to advance, such as a preview's.
    public init(now: Date = ManualClock.defaultStart, stallTimeout: TimeInterval = ManualClock.defaultStallTimeout) {
        precondition(stallTimeout > 0, "ManualClock's stallTimeout must be positive (infinity turns it off)")
        state = Locked(State(now: now, lastAdvanceInRealTime: DispatchTime.now().uptimeNanoseconds))
        self.stallTimeout = stallTimeout
    }

    /// The clock's current wall-clock time, which changes only through ``advance(by:)`` and
    /// ``adjustWallClock(by:)``.
    ///
    /// - Returns: The current time.
    public func now() -> Date {
        state.withLock { $0.now }
    }

    /// The clock's monotonic time: seconds advanced since it was created.
    ///
    /// - Returns: The current reading.
    public func uptime() -> TimeInterval {
        state.withLock { $0.uptime }
    }

    /// How many tasks are sleeping on this clock now.
    public var sleeperCount: Int {
        state.withLock { $0.sleepers.count }
    }

    /// How long each current sleeper has left to wait, shortest first, to check how long something chose to
    /// wait.
    ///
    /// It shrinks as the clock advances; ``sleeperRequestedDurations`` has what each sleeper asked for, which does
    /// not.
    public var sleeperRemainingDurations: [TimeInterval] {
        state.withLock { state in state.sleepers.values.map { $0.deadline - state.uptime }.sorted() }
    }

    /// The duration each current sleeper asked for, shortest first, the durations
    /// ``waitForSleeper(lasting:timeout:)`` matches.
    ///
    /// It does not change as the clock advances; ``sleeperRemainingDurations`` has how long each has left.
    public var sleeperRequestedDurations: [TimeInterval] {
        state.withLock { state in state.sleepers.values.map(\.duration).sorted() }
    }

    /// How long each current sleeper has left to wait, shortest first.
    ///
    /// Renamed ``sleeperRemainingDurations`` so that it and ``sleeperRequestedDurations`` say which duration
    /// each is.
    @available(*, deprecated, renamed: "sleeperRemainingDurations")
    public var sleeperDelays: [TimeInterval] {
        sleeperRemainingDurations
    }

    /// The duration each current sleeper asked for, shortest first.
    ///
    /// Renamed ``sleeperRequestedDurations`` so that it and ``sleeperRemainingDurations`` say which duration
    /// each is.
    @available(*, deprecated, renamed: "sleeperRequestedDurations")
    public var sleeperDurations: [TimeInterval] {
        sleeperRequestedDurations
    }

    /// Moves time forward and wakes, in deadline order, every sleeper whose deadline has been reached.
    ///
    /// The woken tasks resume asynchronously; wait for their effects, not for this call. A call that moves the
    /// clock also restarts, for every sleeper still waiting, the real time after which it counts as stalled
    /// (``stallTimeout``): a test that keeps advancing is driving the clock, whatever it advances by.
    ///
    /// - Parameter seconds: How far to move; must not be negative.
    public func advance(by seconds: TimeInterval) {
        precondition(seconds >= 0, "ManualClock only moves forward")
        let due = state.withLock { state -> [CheckedContinuation<Void, any Error>] in
            state.now.addTimeInterval(seconds)
            state.uptime += seconds
            if seconds > 0 {
                state.lastAdvanceInRealTime = DispatchTime.now().uptimeNanoseconds
            }
            let uptime = state.uptime
            let due = state.sleepers.filter { $0.value.deadline <= uptime }
            for id in due.keys {
                state.sleepers[id] = nil
            }
            return due.values.sorted { ($0.deadline, $0.order) < ($1.deadline, $1.order) }.map(\.continuation)
        }
        for continuation in due {
            continuation.resume()
        }
    }

    /// Moves the wall clock alone, forwards or backwards, as when a user sets the device's time; sleepers and
    /// ``uptime()`` are not affected.
    ///
    /// - Parameter seconds: How far to move the wall clock; negative moves it back.
    public func adjustWallClock(by seconds: TimeInterval) {
        state.withLock { $0.now.addTimeInterval(seconds) }
    }

    /// Suspends until the clock has been advanced `seconds` past the time of the call.
    ///
    /// - Parameter seconds: How long to wait; non-positive or NaN returns at once.
    /// - Throws: `CancellationError` as soon as the task is cancelled, without waiting for the clock; ``StallError``
    ///   when nothing has advanced the clock for ``stallTimeout`` real seconds since the sleep began or since the
    ///   last advance, whichever is later.
    public func sleep(for seconds: TimeInterval) async throws {
        try Task.checkCancellation()
        guard seconds > 0 else {
            return
        }
        let id = state.withLock { state -> UInt64 in
            state.lastSleeperID += 1
            return state.lastSleeperID
        }
        let purpose = ClockSleepPurpose.current.get()
        let (state, stallTimeout) = (state, stallTimeout)
        try await withTaskCancellationHandler {
            try await waitWithDeadline(
                timeout: stallTimeout,
                register: { continuation in
                    let watchers = state.withLock { state -> [CheckedContinuation<Void, any Error>]? in
                        // Checked under the lock so that a cancellation either sees this sleeper or happened before.
                        guard !Task.isCancelled else {
                            return nil
                        }
                        state.sleepers[id] = Sleeper(
                            deadline: state.uptime + seconds,
                            duration: seconds,
                            order: id,
                            continuation: continuation,
                            purpose: purpose,
                            began: state.now,
                            beganAtUptime: state.uptime,
                            beganInRealTime: DispatchTime.now().uptimeNanoseconds
                        )
                        let matching = state.durationWatchers.filter { $0.value.duration == seconds }
                        for watcher in matching.keys {
                            state.durationWatchers[watcher] = nil
                        }
                        return state.sleeperWatchers.satisfied(by: state.sleepers.count)
                            + matching.values.map(\.continuation)
                    }
                    guard let watchers else {
                        continuation.resume(throwing: CancellationError())
                        return nil
                    }
                    for watcher in watchers {
                        watcher.resume()
                    }
                    return id
                },
                atDeadline: { id in
                    let now = DispatchTime.now().uptimeNanoseconds
                    return state.withLock { $0.stallVerdict(for: id, stallTimeout: stallTimeout, now: now) }
                }
            )
        } onCancel: { [state] in
            let sleeper = state.withLock { $0.sleepers.removeValue(forKey: id) }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// How many more real seconds a sleeper may wait before it counts as stalled, or `nil` when it does: the quiet
    /// time runs from the later of the sleep's start and the clock's last advance, in `DispatchTime` nanoseconds.
    ///
    /// - Parameters:
    ///   - began: When the sleep began.
    ///   - lastAdvance: When an ``advance(by:)`` last moved the clock.
    ///   - now: The time of the check.
    ///   - stallTimeout: The quiet time that makes a stall, in seconds.
    /// - Returns: The quiet time still allowed, in seconds, or `nil` for a stall.
    package static func stallTimeLeft(
        sleptSince began: UInt64,
        lastAdvance: UInt64,
        now: UInt64,
        stallTimeout: TimeInterval
    ) -> TimeInterval? {
        let quietSince = max(began, lastAdvance)
        let quiet = Double(now > quietSince ? now - quietSince : 0) / 1_000_000_000
        let left = stallTimeout - quiet
        return left > 0 ? left : nil
    }

    /// Returns once at least `count` tasks are sleeping on this clock.
    ///
    /// - Parameters:
    ///   - count: How many sleepers to wait for.
    ///   - timeout: How many real seconds to wait at most; 45 by default, far above any honest wait, so that a
    ///     busy machine slows a test down without failing it.
    /// - Throws: ``WaitTimeoutError`` when the sleepers do not appear in time.
    public func waitForSleepers(_ count: Int, timeout: TimeInterval = 45) async throws {
        let state = state
        try await waitWithDeadline(
            "\(count) sleepers on the manual clock",
            timeout: timeout,
            register: { continuation in
                let (id, ready) = state.withLock { state in
                    state.sleeperWatchers.add(continuation, threshold: count, count: state.sleepers.count)
                }
                ready?.resume()
                return id
            },
            remove: { id in state.withLock { $0.sleeperWatchers.remove(id) } }
        )
    }

    /// Returns once a task is sleeping on this clock for exactly `seconds`, whatever else sleeps on it.
    ///
    /// Prefer it to ``waitForSleepers(_:timeout:)`` when more than one thing may sleep: a client that has no
    /// token yet also sleeps while its token provider runs (the 30-second provider timeout), so "one sleeper"
    /// may be that one rather than the retry wait a test means.
    ///
    /// ```swift
    /// try await clock.waitForSleeper(lasting: 2)   // the client waits out Retry-After: 2
    /// clock.advance(by: 2)
    /// ```
    ///
    /// - Parameters:
    ///   - seconds: The duration the sleeper asked for, such as a `Retry-After` delay; compared exactly.
    ///   - timeout: How many real seconds to wait at most; 10 by default.
    /// - Throws: ``WaitTimeoutError`` when no such sleeper appears in time.
    public func waitForSleeper(lasting seconds: TimeInterval, timeout: TimeInterval = 45) async throws {
        let state = state
        try await waitWithDeadline(
            "a \(seconds) s sleeper on the manual clock",
            timeout: timeout,
            register: { continuation in
                let id = state.withLock { state -> UInt64? in
                    guard !state.sleepers.values.contains(where: { $0.duration == seconds }) else {
                        return nil
                    }
                    state.lastWatcherID += 1
                    state.durationWatchers[state.lastWatcherID] = (seconds, continuation)
                    return state.lastWatcherID
                }
                if id == nil {
                    continuation.resume()
                }
                return id
            },
            remove: { id in state.withLock { $0.durationWatchers.removeValue(forKey: id)?.continuation } }
        )
    }
}
