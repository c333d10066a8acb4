import Foundation
import JanuaryCore

extension TokenRefreshStateMachine {
    /// What the owner must do after a transition, once it has released its lock.
    ///
    /// Carry them out in this order: cancel the abandoned fetch, start the new one, queue the events, then
    /// resume the waiters.
    package struct Actions: Sendable {
        /// The fetch whose task must be cancelled: it timed out, was reset, or has no waiters left.
        package var cancelFetch: FetchID?
        /// A fetch to start: report ``providerCallStarting(_:at:)`` and call the provider.
        package var startFetch: FetchID?
        /// Events for the event callback, in order.
        package var events: [JanuaryEvent]
        /// Waiters to resume, all with the same result.
        package var resume: Resumption?

        /// Creates a set of actions.
        ///
        /// - Parameters:
        ///   - cancelFetch: The fetch to cancel, if any.
        ///   - startFetch: The fetch to start, if any.
        ///   - events: Events to emit, in order.
        ///   - resume: Waiters to resume, if any.
        package init(
            cancelFetch: FetchID? = nil,
            startFetch: FetchID? = nil,
            events: [JanuaryEvent] = [],
            resume: Resumption? = nil
        ) {
            self.cancelFetch = cancelFetch
            self.startFetch = startFetch
            self.events = events
            self.resume = resume
        }

        /// Nothing to do.
        package static var none: Actions {
            Actions()
        }
    }

    /// Waiters to resume with one result: the waiters, in no particular order, and what each of them receives (a
    /// credential, a `JanuaryError`, or `CancellationError` for a cancelled task). A pair rather than a struct of its
    /// own, whose metadata and value witnesses would cost more than the two fields.
    package typealias Resumption = (waiters: [WaiterID], result: Result<Credential, any Error>)
}
