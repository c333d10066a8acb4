import Foundation
import JanuaryAuth
import JanuaryCore

/// A one-way gate that tasks wait at until the test opens it, counting who has arrived: for holding a provider
/// call or a transport answer open while a test cancels, signs out or piles up requests. Every wait has a
/// real-time deadline, so a test that goes wrong fails instead of hanging.
package final class TestGate: Sendable {
    private struct State: Sendable {
        var isOpen = false
        var arrived = 0
        var openWaiters = ThresholdWaiters()
        var arrivalWaiters = ThresholdWaiters()
    }

    private let state = Locked(State())

    /// Creates a closed gate.
    package init() {}

    /// Arrives at the gate and returns once it is open.
    ///
    /// - Parameters:
    ///   - awaited: What is awaited, for the error.
    ///   - timeout: Real seconds to wait at most.
    /// - Throws: `WaitTimeoutError` when the gate stays closed past the deadline.
    package func wait(_ awaited: String = "the gate to open", timeout: TimeInterval = testDeadline) async throws {
        let state = state
        try await waitWithDeadline(
            awaited,
            timeout: timeout,
            register: { continuation in
                let (id, ready, arrivals) = state.withLock { state in
                    state.arrived += 1
                    let (id, ready) = state.openWaiters.add(continuation, threshold: 1, count: state.isOpen ? 1 : 0)
                    return (id, ready, state.arrivalWaiters.satisfied(by: state.arrived))
                }
                for arrival in arrivals {
                    arrival.resume()
                }
                ready?.resume()
                return id
            },
            remove: { id in state.withLock { $0.openWaiters.remove(id) } }
        )
    }

    /// Opens the gate: every waiter, present and future, goes on.
    package func open() {
        let waiters = state.withLock { state in
            state.isOpen = true
            return state.openWaiters.satisfied(by: 1)
        }
        for waiter in waiters {
            waiter.resume()
        }
    }

    /// Returns once `count` tasks have arrived at the gate.
    ///
    /// - Parameters:
    ///   - count: How many arrivals to wait for.
    ///   - timeout: Real seconds to wait at most.
    /// - Throws: `WaitTimeoutError` when they do not arrive in time.
    package func waitForArrivals(_ count: Int, timeout: TimeInterval = testDeadline) async throws {
        let state = state
        try await waitWithDeadline(
            "\(count) tasks at the gate",
            timeout: timeout,
            register: { continuation in
                let (id, ready) = state.withLock { state in
                    state.arrivalWaiters.add(continuation, threshold: count, count: state.arrived)
                }
                ready?.resume()
                return id
            },
            remove: { id in state.withLock { $0.arrivalWaiters.remove(id) } }
        )
    }
}
