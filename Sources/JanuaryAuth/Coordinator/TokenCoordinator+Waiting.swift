import Foundation
import JanuaryCore

// The slow path: suspending a caller until the fetch it needs has a result.
extension TokenCoordinator {
    /// Suspends the caller as waiter `id` until `request` (a transition of the machine) has it resumed.
    ///
    /// Cancellation is checked under the same lock that registers the waiter: if the task is already
    /// cancelled it is never registered, and if it is cancelled afterwards the handler finds it registered.
    /// Either way it returns at once with `.cancelled`, and the fetch carries on for the other waiters.
    func wait(
        as id: Machine.WaiterID,
        _ request: (inout Machine, Waiter, Date) -> Machine.Actions
    ) async throws -> Credential {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: Waiter) in
                let now = clock.now()
                let effects = state.withLock { state -> Effects in
                    if Task.isCancelled {
                        let failure = JanuaryError.cancelled("The request for a January credential was cancelled.")
                        let resumption = Machine.Resumption(waiters: [continuation], result: .failure(failure))
                        return state.commit(Machine.Actions(resume: resumption))
                    }
                    return state.commit(request(&state.machine, continuation, now))
                }
                perform(effects)
            }
        } onCancel: {
            let now = clock.now()
            perform(state.withLock { $0.commit($0.machine.waiterCancelled(id, at: now)) })
        }
    }

    /// Fails fast when called from inside this coordinator's own provider, which would otherwise wait for
    /// itself.
    func checkNotInsideProvider() throws {
        guard ProviderCallContext.coordinators.contains(identity) else {
            return
        }
        throw JanuaryError.tokenProvider(
            "The token provider asked the January SDK for a credential; that request would wait for the provider "
                + "itself. Fetch the token from your backend without calling the SDK."
        )
    }
}
