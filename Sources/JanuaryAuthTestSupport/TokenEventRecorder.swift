import Foundation
import JanuaryAuth
import JanuaryCore

/// Collects ``JanuaryEvent``s from an `onEvent` callback, for tests to inspect.
///
/// Events arrive asynchronously on the SDK's event thread, so a test that expects an event waits for it with
/// ``waitForEvents(_:timeout:)`` or ``waitForEvents(of:count:timeout:)`` before asserting.
package final class TokenEventRecorder: Sendable {
    private struct State: Sendable {
        var events: [JanuaryEvent] = []
        var watchers = ThresholdWaiters()
        var kindWatchers: [JanuaryEvent.Kind: ThresholdWaiters] = [:]
    }

    private let state = Locked(State())

    /// Creates an empty recorder.
    package init() {}

    /// The callback to hand to the code under test.
    package var handler: @Sendable (JanuaryEvent) -> Void {
        { [self] event in record(event) }
    }

    /// Every event recorded so far, in delivery order.
    package var events: [JanuaryEvent] {
        state.withLock { $0.events }
    }

    /// The recorded events of one kind, in delivery order.
    ///
    /// - Parameter kind: The kind to keep.
    /// - Returns: The matching events.
    package func events(_ kind: JanuaryEvent.Kind) -> [JanuaryEvent] {
        events.filter { $0.kind == kind }
    }

    /// How many events of one kind were recorded.
    ///
    /// - Parameter kind: The kind to count.
    /// - Returns: The count.
    package func count(of kind: JanuaryEvent.Kind) -> Int {
        events(kind).count
    }

    /// Records one event.
    ///
    /// - Parameter event: The event delivered.
    package func record(_ event: JanuaryEvent) {
        let watchers = state.withLock { state in
            state.events.append(event)
            let ofKind = state.events.lazy.filter { $0.kind == event.kind }.count
            return state.watchers.satisfied(by: state.events.count)
                + (state.kindWatchers[event.kind]?.satisfied(by: ofKind) ?? [])
        }
        for watcher in watchers { watcher.resume() }
    }

    /// Returns once at least `count` events have been recorded.
    ///
    /// - Parameters:
    ///   - count: The number of events to wait for.
    ///   - timeout: Real seconds to wait at most.
    /// - Throws: `WaitTimeoutError` when they do not arrive in time.
    package func waitForEvents(_ count: Int, timeout: TimeInterval = testDeadline) async throws {
        let state = state
        try await waitWithDeadline(
            "\(count) events",
            timeout: timeout,
            register: { continuation in
                let (id, ready) = state.withLock {
                    $0.watchers.add(continuation, threshold: count, count: $0.events.count)
                }
                ready?.resume()
                return id
            },
            remove: { id in state.withLock { $0.watchers.remove(id) } }
        )
    }

    /// Returns once at least `count` events of `kind` have been recorded.
    ///
    /// - Parameters:
    ///   - kind: The kind to wait for.
    ///   - count: How many of them.
    ///   - timeout: Real seconds to wait at most.
    /// - Throws: `WaitTimeoutError` when they do not arrive in time.
    package func waitForEvents(of kind: JanuaryEvent.Kind, count: Int = 1, timeout: TimeInterval = testDeadline)
        async throws
    {
        let state = state
        try await waitWithDeadline(
            "\(count) \(kind) events",
            timeout: timeout,
            register: { continuation in
                let (id, ready) = state.withLock { state in
                    let have = state.events.lazy.filter { $0.kind == kind }.count
                    return state.kindWatchers[kind, default: ThresholdWaiters()].add(
                        continuation,
                        threshold: count,
                        count: have
                    )
                }
                ready?.resume()
                return id
            },
            remove: { id in state.withLock { $0.kindWatchers[kind]?.remove(id) } }
        )
    }
}
