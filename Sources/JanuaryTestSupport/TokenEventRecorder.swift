import JanuaryAuth
import JanuaryCore

/// Collects ``JanuaryTokenEvent``s from an `onEvent` callback, for tests to inspect.
package final class TokenEventRecorder: Sendable {
    private struct State: Sendable {
        var events: [JanuaryTokenEvent] = []
        var watchers = ThresholdWaiters()
    }

    private let state = Locked(State())

    /// Creates an empty recorder.
    package init() {}

    /// The callback to hand to the code under test.
    package var handler: @Sendable (JanuaryTokenEvent) -> Void {
        { [self] event in record(event) }
    }

    /// Every event recorded so far, in delivery order.
    package var events: [JanuaryTokenEvent] {
        state.withLock { $0.events }
    }

    /// The recorded events of one kind, in delivery order.
    ///
    /// - Parameter kind: The kind to keep.
    /// - Returns: The matching events.
    package func events(_ kind: JanuaryTokenEvent.Kind) -> [JanuaryTokenEvent] {
        events.filter { $0.kind == kind }
    }

    /// Records one event.
    ///
    /// - Parameter event: The event delivered.
    package func record(_ event: JanuaryTokenEvent) {
        let watchers = state.withLock { state in
            state.events.append(event)
            return state.watchers.satisfied(by: state.events.count)
        }
        for watcher in watchers { watcher.resume() }
    }

    /// Returns once at least `count` events have been recorded.
    ///
    /// - Parameter count: The number of events to wait for.
    package func waitForEvents(_ count: Int) async {
        await withCheckedContinuation { continuation in
            state.withLock { $0.watchers.add(continuation, threshold: count, count: $0.events.count) }?.resume()
        }
    }
}
