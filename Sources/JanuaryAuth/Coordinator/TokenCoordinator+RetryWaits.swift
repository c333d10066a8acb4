import Foundation
import JanuaryCore

// The wait before a retry, part of the session fence: a request of a session that has ended will never be sent
// again, so it must not sit out a `Retry-After` or a back-off of up to a minute before saying so.
extension TokenCoordinator {
    /// Waits `seconds` on the coordinator's clock, or until the session `epoch` ends, whichever comes first.
    ///
    /// Then the request asks ``credential(inEpoch:)`` for its session's credential, which throws `signed_out`
    /// when the session has ended.
    ///
    /// - Parameters:
    ///   - seconds: The delay.
    ///   - purpose: Which retry of which request waits, and why, for a test clock's stall message.
    ///   - epoch: The session of the waiting request.
    /// - Throws: `CancellationError` when the calling task is cancelled, or what the clock's sleep threw (a test
    ///   clock's stall error), which ends the request.
    package func waitBeforeRetry(_ seconds: TimeInterval, purpose: String, inEpoch epoch: UInt64) async throws {
        let clock = clock
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await ClockSleepPurpose.sleep(for: seconds, on: clock, purpose: purpose) }
            group.addTask { try await self.untilSessionEnds(epoch) }
            defer { group.cancelAll() }
            _ = try await group.next()
        }
    }

    /// Returns when ``reset()`` ends the session `epoch`, at once if it has ended already; throws
    /// `CancellationError` when cancelled (the delay ran out first, or the caller gave up).
    private func untilSessionEnds(_ epoch: UInt64) async throws {
        let id = state.withLock { $0.retryWaits.makeID() }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (waiter: RetryWaitList.Waiter) in
                // Under the lock that starts a new session: a session that ended before is seen here, and one
                // that ends after finds this wait registered.
                let outcome = state.withLock { state -> Result<Void, any Error>? in
                    if Task.isCancelled {
                        return .failure(CancellationError())
                    }
                    if state.machine.epoch != epoch {
                        return .success(())
                    }
                    state.retryWaits.add(waiter, id: id)
                    return nil
                }
                if let outcome {
                    waiter.resume(with: outcome)
                }
            }
        } onCancel: {
            state.withLock { $0.retryWaits.remove(id) }?.resume(throwing: CancellationError())
        }
    }
}
