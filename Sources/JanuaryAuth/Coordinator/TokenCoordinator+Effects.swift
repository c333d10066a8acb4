import Foundation
import JanuaryCore

// Carrying out the machine's actions: the part under the lock, then the part after it.
extension TokenCoordinator {
    /// What is left to do once the lock is released.
    struct Effects {
        var taskToCancel: Task<Void, Never>?
        var startFetch: Machine.FetchID?
        var drainEvents = false
        /// The continuations of the waiters the machine resumed, all with one result.
        var resume: (waiters: [Waiter], result: Result<Credential, any Error>)?
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
        if let (waiters, result) = effects.resume {
            for waiter in waiters {
                waiter.resume(with: result)
            }
        }
    }
}

extension TokenCoordinator.State {
    /// Applies the bookkeeping part of `actions` under the lock and returns the rest: the resumed waiters leave
    /// ``waiters`` here, so that each continuation is resumed once.
    ///
    /// Events are appended to the delivery buffer here, under the coordinator's lock, so that events of changes
    /// made by different threads are delivered in the order the changes were made.
    mutating func commit(
        _ actions: TokenCoordinator.Machine.Actions,
        events: EventDelivery?
    ) -> TokenCoordinator.Effects {
        let drainEvents = events?.append(actions.events) ?? false
        let taskToCancel = actions.cancelFetch.flatMap { fetchTasks.removeValue(forKey: $0) }
        let resume = actions.resume.map { resumption in
            (waiters: resumption.waiters.compactMap { waiters.removeValue(forKey: $0) }, result: resumption.result)
        }
        return TokenCoordinator.Effects(
            taskToCancel: taskToCancel,
            startFetch: actions.startFetch,
            drainEvents: drainEvents,
            resume: resume
        )
    }
}
