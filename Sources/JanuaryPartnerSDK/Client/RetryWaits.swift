import Foundation
import JanuaryAuth
import JanuaryCore

/// The waits of requests between two attempts (a `Retry-After` or a back-off), so that ``JanuaryPartnerClient/signOut()``
/// ends them at once: a request of a session that has ended will never be sent again, so it must not sit out a
/// wait of up to a minute before saying so.
///
/// A request waits for whichever comes first: the delay on the client's clock, or the sign-out. Then it asks the
/// token cache for its session's credential, which throws `signed_out` when the session has ended.
final class RetryWaits: Sendable {
    private struct State {
        var lastID: UInt64 = 0
        var waiting: [UInt64: CheckedContinuation<Void, any Error>] = [:]
    }

    private let state = Locked(State())

    /// Waits `seconds` on `clock`, or until the session `epoch` of `coordinator` ends, whichever is first.
    ///
    /// - Parameters:
    ///   - seconds: The delay.
    ///   - clock: The client's clock.
    ///   - purpose: Which retry of which request waits, and why, for a test clock's stall message.
    ///   - epoch: The session of the waiting request.
    ///   - coordinator: The token cache, whose epoch tells whether the session has ended.
    /// - Throws: `CancellationError` when the calling task is cancelled, or what the clock's sleep threw (a test
    ///   clock's stall error), which ends the request.
    func wait(
        _ seconds: TimeInterval,
        on clock: any JanuaryClock,
        purpose: String,
        epoch: UInt64,
        of coordinator: TokenCoordinator
    ) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await ClockSleepPurpose.sleep(for: seconds, on: clock, purpose: purpose) }
            group.addTask { try await self.untilSessionEnds(epoch, of: coordinator) }
            defer { group.cancelAll() }
            _ = try await group.next()
        }
    }

    /// Wakes every waiting request; called after the token cache has started a new session.
    func wakeAll() {
        let woken = state.withLock { state in
            defer { state.waiting.removeAll() }
            return Array(state.waiting.values)
        }
        for continuation in woken {
            continuation.resume()
        }
    }

    /// Returns when ``wakeAll()`` is called or at once if the session has already ended; throws
    /// `CancellationError` when cancelled (the delay ran out first, or the caller gave up).
    private func untilSessionEnds(_ epoch: UInt64, of coordinator: TokenCoordinator) async throws {
        let id = state.withLock { state -> UInt64 in
            state.lastID += 1
            return state.lastID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let registered = state.withLock { state -> Bool in
                    guard !Task.isCancelled else {
                        return false
                    }
                    state.waiting[id] = continuation
                    return true
                }
                guard registered else {
                    continuation.resume(throwing: CancellationError())
                    return
                }
                // Sign-out starts the new session before it wakes the waits, so a session that ended before the
                // registration is seen here, and one that ends after it wakes this wait.
                if coordinator.currentEpoch != epoch, let mine = state.withLock({ $0.waiting.removeValue(forKey: id) })
                {
                    mine.resume()
                }
            }
        } onCancel: {
            let cancelled = state.withLock { $0.waiting.removeValue(forKey: id) }
            cancelled?.resume(throwing: CancellationError())
        }
    }
}
