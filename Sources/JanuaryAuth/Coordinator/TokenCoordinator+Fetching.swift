import Foundation
import JanuaryCore

// One fetch: an optional backoff wait, then one provider call raced against the timeout.
extension TokenCoordinator {
    /// Starts the task for `start` and registers it so that it can be cancelled.
    ///
    /// The task holds the coordinator only weakly, and never across the provider call, so a provider that
    /// never returns cannot keep a discarded coordinator alive.
    func startFetch(_ start: Machine.FetchStart) {
        guard let provider else {
            return
        }
        let clock = clock
        let timeout = providerTimeout
        let task = Task { [weak self] in
            if start.delay > 0 {
                do {
                    try await clock.sleep(for: start.delay)
                } catch {
                    return  // Cancelled: the machine has already moved on.
                }
            }
            guard let context = self?.providerCallStarting(start.id) else {
                return
            }
            let timer =
                timeout.isFinite
                ? Task { [weak self] in
                    do {
                        try await clock.sleep(for: timeout)
                    } catch {
                        return
                    }
                    self?.providerTimedOut(start.id, after: timeout)
                } : nil
            let result = await Self.call(provider, inside: context, cancelling: timer)
            timer?.cancel()
            self?.providerReturned(start.id, result: result)
        }
        // The fetch may have been abandoned before its task existed; then no one else will cancel it.
        let isWanted = state.withLock { state -> Bool in
            guard state.machine.isInFlight(start.id) else {
                return false
            }
            state.fetchTasks[start.id] = task
            return true
        }
        if !isWanted {
            task.cancel()
        }
    }

    /// Marks the provider call as started; the provider context to run it in, or `nil` if abandoned.
    private func providerCallStarting(_ fetch: Machine.FetchID) -> [UInt64]? {
        let now = clock.now()
        let effects = state.withLock { state in
            state.machine.providerCallStarting(fetch, at: now).map { state.commit($0) }
        }
        guard let effects else {
            return nil
        }
        perform(effects)
        return ProviderCallContext.coordinators + [identity]
    }

    private func providerTimedOut(_ fetch: Machine.FetchID, after timeout: TimeInterval) {
        let now = clock.now()
        perform(state.withLock { $0.commit($0.machine.providerTimedOut(fetch, after: timeout, at: now)) })
    }

    private func providerReturned(_ fetch: Machine.FetchID, result: Result<JanuaryClientToken, any Error>) {
        let now = clock.now()
        perform(
            state.withLock { state in
                state.fetchTasks[fetch] = nil
                return state.commit(state.machine.providerReturned(fetch, result: result, at: now))
            }
        )
    }

    /// Runs the provider with the re-entrancy context set; cancelling the fetch task cancels the timer too.
    private static func call(
        _ provider: Provider,
        inside context: [UInt64],
        cancelling timer: Task<Void, Never>?
    ) async -> Result<JanuaryClientToken, any Error> {
        await withTaskCancellationHandler {
            do {
                let token = try await ProviderCallContext.$coordinators.withValue(context) {
                    try await provider()
                }
                return .success(token)
            } catch {
                return .failure(error)
            }
        } onCancel: {
            timer?.cancel()
        }
    }
}
