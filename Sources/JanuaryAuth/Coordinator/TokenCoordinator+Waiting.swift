import Foundation
import JanuaryCore

// The slow path: suspending a caller until the fetch it needs has a result.
extension TokenCoordinator {
    /// What a lookup of the machine means for the caller: the credential at once, the refusal, or a wait as the
    /// waiter `join` enqueues.
    func settle(
        _ lookup: Machine.Lookup,
        joining join: (inout Machine, Machine.WaiterID, ClockReading) -> Machine.Actions
    ) async throws -> Credential {
        switch lookup {
        case .fresh(let credential):
            return credential
        case .refused(let error):
            throw error
        case .mustWait(let id):
            try checkNotInsideProvider()
            return try await wait(as: id) { machine, now in join(&machine, id, now) }
        }
    }

    /// Suspends the caller as waiter `id` until `request` (a transition of the machine) has it resumed; its
    /// continuation waits in ``State/waiters`` meanwhile.
    ///
    /// Cancellation is checked under the same lock that registers the waiter: if the task is already
    /// cancelled it is never registered, and if it is cancelled afterwards the handler finds it registered.
    /// Either way it throws `CancellationError` at once, and the fetch carries on for the other waiters.
    func wait(
        as id: Machine.WaiterID,
        _ request: (inout Machine, ClockReading) -> Machine.Actions
    ) async throws -> Credential {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: Waiter) in
                let now = clock.reading()
                let effects = state.withLock { state -> Effects in
                    if Task.isCancelled {
                        return Effects(resume: ([continuation], .failure(CancellationError())))
                    }
                    state.waiters[id] = continuation
                    return state.commit(request(&state.machine, now), events: events)
                }
                perform(effects)
            }
        } onCancel: {
            let now = clock.reading()
            perform(state.withLock { $0.commit($0.machine.waiterCancelled(id, at: now), events: events) })
        }
    }

    /// Fails fast when called while this coordinator's own provider is running in the calling task (or a task it
    /// started), which would otherwise wait for itself.
    func checkNotInsideProvider() throws {
        guard ProviderCallContext.markers.get().contains(where: { $0.coordinator == identity && $0.isRunning }) else {
            return
        }
        throw JanuaryError.tokenProvider(
            "The token provider asked the January SDK for a credential; that request would wait for the provider "
                + "itself. Fetch the token from your backend without calling the SDK.",
            code: JanuaryError.Code.tokenProviderReentered
        )
    }
}
