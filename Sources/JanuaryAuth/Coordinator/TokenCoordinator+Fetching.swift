import Foundation
import JanuaryCore

// One fetch: one provider call raced against the timeout.
extension TokenCoordinator {
    /// Starts the task for `fetch` and registers it so that it can be cancelled.
    ///
    /// The task is detached, at user-initiated priority: the call serves every request waiting for it, so it
    /// must not run at the priority of whichever request happened to start it (a background prefetch), nor
    /// with that request's task-local values. The only context carried over is the re-entrancy markers of
    /// provider calls still running around the starter. The task holds the coordinator only weakly, and never
    /// across the provider call, so a provider that never returns cannot keep a discarded coordinator alive.
    func startFetch(_ fetch: Machine.FetchID) {
        guard case .provider(let provider) = source else {
            return
        }
        let clock = clock
        let timeout = providerTimeout
        let inherited = ProviderCallContext.runningMarkers
        let task = Task.detached(priority: .userInitiated) { [weak self, identity] in
            guard self?.providerCallStarting(fetch) == true else {
                return
            }
            let timer =
                timeout.isFinite
                ? Task.detached(priority: .userInitiated) { [weak self] in
                    do {
                        try await ClockSleepPurpose.sleep(
                            for: timeout,
                            on: clock,
                            purpose: "the token provider's \(JanuaryError.seconds(timeout)) s timeout, while it runs"
                        )
                    } catch {
                        return
                    }
                    self?.providerTimedOut(fetch, after: timeout)
                } : nil
            let marker = ProviderCallMarker(coordinator: identity)
            let result = await Self.call(provider, markers: inherited + [marker], cancelling: timer)
            marker.finish()
            timer?.cancel()
            self?.providerReturned(fetch, result: result)
        }
        // The fetch may have been abandoned before its task existed; then no one else will cancel it.
        let isWanted = state.withLock { state -> Bool in
            guard state.machine.isInFlight(fetch) else {
                return false
            }
            state.fetchTasks[fetch] = task
            return true
        }
        if !isWanted {
            task.cancel()
        }
    }

    /// Marks the provider call as started; `false` if the fetch was abandoned and must not call the provider.
    private func providerCallStarting(_ fetch: Machine.FetchID) -> Bool {
        let now = clock.reading()
        let effects = state.withLock { state in
            state.machine.providerCallStarting(fetch, at: now).map { state.commit($0, events: events) }
        }
        guard let effects else {
            return false
        }
        perform(effects)
        return true
    }

    private func providerTimedOut(_ fetch: Machine.FetchID, after timeout: TimeInterval) {
        let now = clock.reading()
        perform(
            state.withLock { $0.commit($0.machine.providerTimedOut(fetch, after: timeout, at: now), events: events) }
        )
    }

    private func providerReturned(_ fetch: Machine.FetchID, result: Result<JanuaryClientToken, any Error>) {
        let now = clock.reading()
        let januaryNow = januarysClock.time(at: now)
        perform(
            state.withLock { state in
                state.fetchTasks[fetch] = nil
                return state.commit(
                    state.machine.providerReturned(fetch, result: result, at: now, januaryNow: januaryNow),
                    events: events
                )
            }
        )
    }

    /// Runs the provider with the re-entrancy markers set; cancelling the fetch task cancels the timer too.
    private static func call(
        _ provider: Provider,
        markers: [ProviderCallMarker],
        cancelling timer: Task<Void, Never>?
    ) async -> Result<JanuaryClientToken, any Error> {
        await withTaskCancellationHandler {
            do {
                let token = try await ProviderCallContext.markers.withValue(markers) {
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
