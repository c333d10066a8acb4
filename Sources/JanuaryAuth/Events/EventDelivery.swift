import Foundation
import JanuaryCore

/// Delivers events to the partner's callback on a thread of the SDK's own, one at a time and in order.
///
/// Callers only append to a bounded buffer: they never run the callback themselves, so a callback that blocks,
/// takes a lock or waits for the main thread cannot deadlock the thread that sent a request, cancelled a task
/// or signed out. The delivering thread is a plain thread started for each burst of events, not a Dispatch or
/// Swift concurrency worker: a callback that blocks holds only that thread, never one of the pool's few
/// threads that every task of the app needs (on Linux, a stuck callback on a worker thread was seen to stall
/// unrelated tasks for seconds). When the callback falls `capacity` events behind, the oldest are dropped and counted, and the
/// next event delivered is an `.eventsDropped` event with the count.
package final class EventDelivery: Sendable {
    private struct State: Sendable {
        var buffer: [JanuaryEvent] = []
        /// The index of the oldest undelivered event in `buffer`; the array is compacted when it is drained.
        var head = 0
        var dropped = 0
        var isDraining = false

        var count: Int {
            buffer.count - head
        }

        mutating func popFirst() -> JanuaryEvent? {
            guard head < buffer.count else {
                buffer.removeAll(keepingCapacity: true)
                head = 0
                return nil
            }
            defer { head += 1 }
            return buffer[head]
        }
    }

    /// The buffer's size unless told otherwise: far more than a healthy callback ever lags, small enough that a
    /// stuck one cannot grow memory without bound.
    package static let defaultCapacity = 1_024

    private let handler: @Sendable (JanuaryEvent) -> Void
    private let capacity: Int
    private let state = Locked(State())

    /// Creates a delivery for one callback.
    ///
    /// - Parameters:
    ///   - capacity: How many undelivered events are kept before the oldest are dropped; at least 1.
    ///   - handler: The partner's callback.
    package init(
        capacity: Int = EventDelivery.defaultCapacity, handler: @escaping @Sendable (JanuaryEvent) -> Void
    ) {
        self.capacity = max(1, capacity)
        self.handler = handler
    }

    /// Appends events in order; returns whether the caller must ``scheduleDrain()`` once it holds no lock.
    ///
    /// Cheap and never calls out, so it may be called under the caller's own lock, which is what keeps events
    /// from two threads in the order their changes were made.
    ///
    /// - Parameter events: The events, oldest first.
    /// - Returns: `true` when no drain is running or scheduled yet.
    package func append(_ events: [JanuaryEvent]) -> Bool {
        guard !events.isEmpty else {
            return false
        }
        return state.withLock { state in
            for event in events {
                if state.count >= capacity {
                    state.head += 1
                    state.dropped += 1
                }
                state.buffer.append(event)
            }
            if state.head > capacity {
                state.buffer.removeFirst(state.head)
                state.head = 0
            }
            guard !state.isDraining else {
                return false
            }
            state.isDraining = true
            return true
        }
    }

    /// Appends one event and starts a drain if none is running: for a caller that holds no lock, such as the
    /// facade sending a retry's event into the delivery it shares with the token cache.
    ///
    /// - Parameter event: The event.
    package func deliver(_ event: JanuaryEvent) {
        if append([event]) {
            scheduleDrain()
        }
    }

    /// Starts delivering on a thread of its own, after ``append(_:)`` returned `true`. The thread delivers until
    /// the buffer is empty, then ends; at most one runs at a time, so events stay in order.
    package func scheduleDrain() {
        let thread = Thread { [self] in drain() }
        thread.name = "ai.january.partner-sdk.events"
        thread.start()
    }

    /// How many events were dropped and not yet reported, for tests.
    package var pendingDropCount: Int {
        state.withLock { $0.dropped }
    }

    /// Whether a drain is due or running, for tests: a handler that has returned does not mean its drain has
    /// ended, so a test that needs a new drain to start waits for this to turn `false` first.
    package var isDraining: Bool {
        state.withLock { $0.isDraining }
    }

    private func drain() {
        while let event = next() {
            handler(event)
        }
    }

    private func next() -> JanuaryEvent? {
        state.withLock { state in
            if state.dropped > 0 {
                let dropped = state.dropped
                state.dropped = 0
                let date = state.head < state.buffer.count ? state.buffer[state.head].date : Date()
                return JanuaryEvent(kind: .eventsDropped, date: date, droppedCount: dropped)
            }
            guard let event = state.popFirst() else {
                state.isDraining = false
                return nil
            }
            return event
        }
    }
}
