import Dispatch
import Foundation

/// Tasks waiting for a counter to reach a threshold, resumed by whoever raises the counter, or by their deadline.
///
/// Waiting on a continuation instead of spinning on `Task.yield()` keeps test helpers from burning a core while
/// the work they wait for runs; the deadline keeps a test that goes wrong from hanging instead of failing.
package struct ThresholdWaiters: Sendable {
    private struct Entry: Sendable {
        let id: UInt64
        let threshold: Int
        let continuation: CheckedContinuation<Void, any Error>
    }

    private var entries: [Entry] = []
    private var lastID: UInt64 = 0

    /// Creates an empty set of waiters.
    package init() {}

    /// Registers `continuation`, or hands it back to be resumed at once if `count` already reaches `threshold`.
    ///
    /// - Returns: The waiter's identifier for ``remove(_:)`` when it was registered, or the continuation to resume.
    package mutating func add(
        _ continuation: CheckedContinuation<Void, any Error>,
        threshold: Int,
        count: Int
    ) -> (id: UInt64?, ready: CheckedContinuation<Void, any Error>?) {
        guard count < threshold else {
            return (nil, continuation)
        }
        lastID += 1
        entries.append(Entry(id: lastID, threshold: threshold, continuation: continuation))
        return (lastID, nil)
    }

    /// Removes and returns the continuations whose threshold `count` reaches; resume them after unlocking.
    package mutating func satisfied(by count: Int) -> [CheckedContinuation<Void, any Error>] {
        var ready: [CheckedContinuation<Void, any Error>] = []
        entries.removeAll { entry in
            guard entry.threshold <= count else {
                return false
            }
            ready.append(entry.continuation)
            return true
        }
        return ready
    }

    /// Removes one waiter whose deadline passed; `nil` if it was already resumed.
    package mutating func remove(_ id: UInt64) -> CheckedContinuation<Void, any Error>? {
        guard let index = entries.firstIndex(where: { $0.id == id }) else {
            return nil
        }
        return entries.remove(at: index).continuation
    }
}

/// A wait in a test helper took longer than its deadline: what it waited for never happened.
public struct WaitTimeoutError: Error, CustomStringConvertible {
    /// What was awaited, such as `3 sleepers on the manual clock`.
    public let awaited: String

    /// The deadline, in real seconds.
    public let timeout: TimeInterval

    /// A sentence for the test log.
    public var description: String {
        "Waited \(timeout) s for \(awaited), which did not happen."
    }

    /// Creates the error for a wait that passed its deadline.
    package init(awaited: String, timeout: TimeInterval) {
        self.awaited = awaited
        self.timeout = timeout
    }
}

/// Suspends until `register` or a later change resumes the continuation, or throws ``WaitTimeoutError`` after
/// `timeout` real seconds.
///
/// - Parameters:
///   - awaited: What is awaited, for the error.
///   - timeout: The deadline in real seconds.
///   - register: Registers the continuation under the owner's lock; returns its identifier, or `nil` after
///     resuming it at once.
///   - remove: Removes a registered continuation under the owner's lock, when its deadline passes.
/// - Throws: ``WaitTimeoutError`` when the deadline passes first.
package func waitWithDeadline(
    _ awaited: String,
    timeout: TimeInterval,
    register: (CheckedContinuation<Void, any Error>) -> UInt64?,
    remove: @escaping @Sendable (UInt64) -> CheckedContinuation<Void, any Error>?
) async throws {
    try await waitWithDeadline(timeout: timeout, register: register) { id in
        remove(id).map { .fail($0, WaitTimeoutError(awaited: awaited, timeout: timeout)) } ?? .ended
    }
}

/// What the owner of a wait decides when the wait's deadline comes.
package enum DeadlineVerdict: Sendable {
    /// The wait has ended already: nothing to do.
    case ended
    /// The wait has seen progress since its deadline was set: look again after this many more real seconds.
    case extend(TimeInterval)
    /// The wait failed: resume its continuation, removed under the owner's lock, throwing the error.
    case fail(CheckedContinuation<Void, any Error>, any Error)
}

/// Suspends until `register` or a later change resumes the continuation; after `timeout` real seconds, and
/// again after each extension, asks `atDeadline` whether the wait failed.
///
/// The deadline of ``waitWithDeadline(_:timeout:register:remove:)`` never extends; a `ManualClock` sleep's
/// extends each time the clock advances, so that only a sleep nobody is driving fails.
///
/// - Parameters:
///   - timeout: The first deadline in real seconds; an infinite one never comes.
///   - register: Registers the continuation under the owner's lock; returns its identifier, or `nil` after
///     resuming it at once.
///   - atDeadline: Decides, under the owner's lock, what the deadline means for the registered continuation.
/// - Throws: The verdict's error, or what the owner resumes the continuation with.
package func waitWithDeadline(
    timeout: TimeInterval,
    register: (CheckedContinuation<Void, any Error>) -> UInt64?,
    atDeadline: @escaping @Sendable (UInt64) -> DeadlineVerdict
) async throws {
    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        guard let id = register(continuation) else {
            return
        }
        armDeadline(after: timeout) { atDeadline(id) }
    }
}

/// Runs `verdict` after `timeout` real seconds on a Dispatch thread, never one of the cooperative pool, and
/// carries it out.
private func armDeadline(after timeout: TimeInterval, _ verdict: @escaping @Sendable () -> DeadlineVerdict) {
    guard timeout.isFinite else {
        return
    }
    DispatchQueue.global().asyncAfter(deadline: .now() + max(0, timeout)) {
        switch verdict() {
        case .ended:
            break
        case .extend(let more):
            armDeadline(after: more, verdict)
        case .fail(let continuation, let error):
            continuation.resume(throwing: error)
        }
    }
}
