import Foundation
import JanuaryCore

// Carrying out the machine's actions: the part under the lock, then the part after it.
extension TokenCoordinator {
    /// What is left to do once the lock is released.
    struct Effects {
        var taskToCancel: Task<Void, Never>?
        var startFetch: Machine.FetchStart?
        var hasEvents: Bool
        var resume: Machine.Resumption?
    }

    /// Carries out `effects`: cancel, start, deliver events, then resume waiters, so that a resumed caller
    /// already sees the events of the change that resumed it (unless another thread is mid-delivery).
    func perform(_ effects: Effects) {
        effects.taskToCancel?.cancel()
        if let start = effects.startFetch {
            startFetch(start)
        }
        if effects.hasEvents {
            deliverPendingEvents()
        }
        if let resumption = effects.resume {
            for waiter in resumption.waiters {
                waiter.resume(with: resumption.result.mapError { $0 as any Error })
            }
        }
    }

    /// Delivers queued events one at a time, in the order they were produced, never under the state lock.
    ///
    /// Whichever thread finds nobody delivering becomes the deliverer and drains the queue, including events
    /// queued by others meanwhile; so the callback is never run concurrently with itself, and it may call
    /// back into the coordinator without deadlocking.
    private func deliverPendingEvents() {
        guard let onEvent else {
            return
        }
        var batch = state.withLock { state -> [JanuaryTokenEvent] in
            guard !state.isDeliveringEvents, !state.pendingEvents.isEmpty else {
                return []
            }
            state.isDeliveringEvents = true
            return state.takePendingEvents()
        }
        while !batch.isEmpty {
            for event in batch {
                onEvent(event)
            }
            batch = state.withLock { state in
                if state.pendingEvents.isEmpty {
                    state.isDeliveringEvents = false
                }
                return state.takePendingEvents()
            }
        }
    }
}

extension TokenCoordinator.State {
    /// Applies the bookkeeping part of `actions` under the lock and returns the rest.
    mutating func commit(_ actions: TokenCoordinator.Machine.Actions) -> TokenCoordinator.Effects {
        if recordsEvents {
            pendingEvents.append(contentsOf: actions.events)
        }
        let taskToCancel = actions.cancelFetch.flatMap { fetchTasks.removeValue(forKey: $0) }
        return TokenCoordinator.Effects(
            taskToCancel: taskToCancel,
            startFetch: actions.startFetch,
            hasEvents: recordsEvents && !actions.events.isEmpty,
            resume: actions.resume
        )
    }

    mutating func takePendingEvents() -> [JanuaryTokenEvent] {
        defer { pendingEvents.removeAll() }
        return pendingEvents
    }
}
