import Foundation
import JanuaryPartnerSDK

/// The SDK's token and retry events, collected from `Configuration.onEvent` so that each step can print the
/// events it caused beneath its result. Events never carry a token, so they are safe to print.
///
/// The SDK delivers events asynchronously on a queue of its own, so a step that expects an event waits for it
/// (with a deadline) before printing, instead of hoping it has arrived.
final class SessionEvents: Sendable {
    private struct Waiter: Sendable {
        let id: Int
        let kind: JanuaryEvent.Kind
        let count: Int
        let continuation: CheckedContinuation<Bool, Never>
    }

    private struct State: Sendable {
        var events: [JanuaryEvent] = []
        var printed = 0
        var waiters: [Waiter] = []
        var lastWaiterID = 0
    }

    private let state = Guarded(State())

    /// The callback to give the client's configuration.
    var handler: @Sendable (JanuaryEvent) -> Void {
        { [self] event in record(event) }
    }

    /// How many events of `kind` arrived so far.
    func count(of kind: JanuaryEvent.Kind) -> Int {
        state.read().events.lazy.filter { $0.kind == kind }.count
    }

    /// The events that arrived since the last call.
    func takeUnprinted() -> [JanuaryEvent] {
        state.update { state in
            let fresh = Array(state.events[state.printed...])
            state.printed = state.events.count
            return fresh
        }
    }

    /// Waits until at least `count` events of `kind` have arrived, or `timeout` seconds have passed.
    ///
    /// - Returns: Whether they arrived.
    func waitFor(_ kind: JanuaryEvent.Kind, count: Int, timeout: TimeInterval = 5) async -> Bool {
        await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let id: Int? = state.update { state in
                guard state.events.lazy.filter({ $0.kind == kind }).count < count else {
                    return nil
                }
                state.lastWaiterID += 1
                state.waiters.append(
                    Waiter(id: state.lastWaiterID, kind: kind, count: count, continuation: continuation))
                return state.lastWaiterID
            }
            guard let id else {
                continuation.resume(returning: true)
                return
            }
            Task { [self] in
                try? await Task.sleep(nanoseconds: UInt64(timeout * 1_000_000_000))
                let expired = state.update { state -> Waiter? in
                    guard let index = state.waiters.firstIndex(where: { $0.id == id }) else {
                        return nil
                    }
                    return state.waiters.remove(at: index)
                }
                expired?.continuation.resume(returning: false)
            }
        }
    }

    private func record(_ event: JanuaryEvent) {
        let satisfied = state.update { state -> [Waiter] in
            state.events.append(event)
            let ready = state.waiters.filter { waiter in
                state.events.lazy.filter { $0.kind == waiter.kind }.count >= waiter.count
            }
            state.waiters.removeAll { waiter in ready.contains { $0.id == waiter.id } }
            return ready
        }
        // Resumed outside the lock.
        for waiter in satisfied {
            waiter.continuation.resume(returning: true)
        }
    }
}
