import Foundation
import JanuaryCore

// Carrying out the machine's actions: the part under the lock, then the part after it.
extension TokenCoordinator {
    /// What is left to do once the lock is released.
    struct Effects {
        var taskToCancel: Task<Void, Never>?
        var startFetch: Machine.FetchID?
        var drainEvents: Bool
        var resume: Machine.Resumption?
    }

    /// Carries out `effects`: cancel, start, schedule event delivery, then resume waiters. Nothing here runs
    /// partner code: the provider runs in its own task and events on the SDK's event thread.
    func perform(_ effects: Effects) {
        effects.taskToCancel?.cancel()
        if let fetch = effects.startFetch {
            startFetch(fetch)
        }
        if effects.drainEvents {
            events?.scheduleDrain()
        }
        if let resumption = effects.resume {
            for waiter in resumption.waiters {
                waiter.resume(with: resumption.result)
            }
        }
    }
}

extension TokenCoordinator.State {
    /// Applies the bookkeeping part of `actions` under the lock and returns the rest.
    ///
    /// Events are appended to the delivery buffer here, under the coordinator's lock, so that events of changes
    /// made by different threads are delivered in the order the changes were made.
    mutating func commit(
        _ actions: TokenCoordinator.Machine.Actions,
        events: EventDelivery?
    ) -> TokenCoordinator.Effects {
        let drainEvents = events?.append(actions.events) ?? false
        let taskToCancel = actions.cancelFetch.flatMap { fetchTasks.removeValue(forKey: $0) }
        return TokenCoordinator.Effects(
            taskToCancel: taskToCancel,
            startFetch: actions.startFetch,
            drainEvents: drainEvents,
            resume: actions.resume
        )
    }
}
