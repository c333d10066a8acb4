import Foundation
import JanuaryAuth
import JanuaryCore

/// A ``TokenClock`` whose time moves only when a test calls ``advance(by:)``.
///
/// Use it to test expiry, provider timeouts and backoff without sleeping: sleepers wait until the clock has
/// been advanced to or past their deadline, however long that takes in real time.
///
/// Because a sleep is armed by another task, a test must not advance before the sleep exists, or the
/// sleep's deadline would be computed from the advanced time. ``waitForSleepers(_:)`` closes that gap:
///
/// ```swift
/// let clock = ManualClock()
/// let coordinator = TokenCoordinator(provider: hangingProvider, clock: clock)
/// let request = Task { try await coordinator.credential() }
/// await clock.waitForSleepers(1)      // the provider timeout is armed
/// clock.advance(by: 30)               // and now it fires
/// ```
package final class ManualClock: TokenClock {
    /// Where a clock starts unless told otherwise: 2026-01-01T00:00:00Z, so that failures read well.
    package static let defaultStart = Date(timeIntervalSince1970: 1_767_225_600)

    private struct Sleeper: Sendable {
        let deadline: Date
        let order: UInt64
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State: Sendable {
        var now: Date
        var lastSleeperID: UInt64 = 0
        var sleepers: [UInt64: Sleeper] = [:]
        var sleeperWatchers = ThresholdWaiters()
    }

    private let state: Locked<State>

    /// Creates a clock standing at `now`.
    ///
    /// - Parameter now: The initial time.
    package init(now: Date = ManualClock.defaultStart) {
        state = Locked(State(now: now))
    }

    /// The clock's current time, which changes only through ``advance(by:)``.
    ///
    /// - Returns: The current time.
    package func now() -> Date {
        state.withLock { $0.now }
    }

    /// How many tasks are sleeping on this clock now.
    package var sleeperCount: Int {
        state.withLock { $0.sleepers.count }
    }

    /// The deadlines of the current sleepers, earliest first, to check how long something chose to wait.
    package var sleeperDeadlines: [Date] {
        state.withLock { $0.sleepers.values.map(\.deadline).sorted() }
    }

    /// Moves time forward and wakes, in deadline order, every sleeper whose deadline has been reached.
    ///
    /// The woken tasks resume asynchronously; wait for their effects, not for this call.
    ///
    /// - Parameter seconds: How far to move; must not be negative.
    package func advance(by seconds: TimeInterval) {
        precondition(seconds >= 0, "ManualClock only moves forward")
        let due = state.withLock { state -> [CheckedContinuation<Void, any Error>] in
            state.now.addTimeInterval(seconds)
            let now = state.now
            let due = state.sleepers.filter { $0.value.deadline <= now }
            for id in due.keys {
                state.sleepers[id] = nil
            }
            return due.values.sorted { ($0.deadline, $0.order) < ($1.deadline, $1.order) }.map(\.continuation)
        }
        for continuation in due {
            continuation.resume()
        }
    }

    /// Suspends until the clock has been advanced `seconds` past the time of the call.
    ///
    /// - Parameter seconds: How long to wait; non-positive or NaN returns at once.
    /// - Throws: `CancellationError` as soon as the task is cancelled, without waiting for the clock.
    package func sleep(for seconds: TimeInterval) async throws {
        try Task.checkCancellation()
        guard seconds > 0 else {
            return
        }
        let id = state.withLock { state -> UInt64 in
            state.lastSleeperID += 1
            return state.lastSleeperID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let watchers = state.withLock { state -> [CheckedContinuation<Void, Never>]? in
                    // Checked under the lock so that a cancellation either sees this sleeper or happened before.
                    guard !Task.isCancelled else {
                        return nil
                    }
                    let deadline = state.now.addingTimeInterval(seconds)
                    state.sleepers[id] = Sleeper(deadline: deadline, order: id, continuation: continuation)
                    return state.sleeperWatchers.satisfied(by: state.sleepers.count)
                }
                guard let watchers else {
                    continuation.resume(throwing: CancellationError())
                    return
                }
                for watcher in watchers {
                    watcher.resume()
                }
            }
        } onCancel: {
            let sleeper = state.withLock { $0.sleepers.removeValue(forKey: id) }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Returns once at least `count` tasks are sleeping on this clock.
    ///
    /// - Parameter count: How many sleepers to wait for.
    package func waitForSleepers(_ count: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state in
                state.sleeperWatchers.add(continuation, threshold: count, count: state.sleepers.count)
            }
            ready?.resume()
        }
    }
}
