import Dispatch
import Foundation
import JanuaryCore

// The one deadline mechanism of every test target: each wait in a test ends by its deadline, in real time, and
// then fails with ``WaitTimeoutError`` saying what never happened, so that a test that goes wrong fails instead of
// hanging. The deadlines are hang guards far above any honest duration, never timing assertions.

/// How long a wait in a test may take before it counts as a hang, in real seconds.
///
/// Far above any honest duration, so that a machine busy with other work (a CI runner, several builds at once)
/// slows a test down without failing it, and below the one-minute time limit of the suites, so that the helper's
/// error, which says what never happened, comes first.
package let testDeadline: TimeInterval = 45

/// A continuation resumed by whichever comes first, a result or a deadline, and by nothing after that.
private final class FirstOutcome<Value: Sendable>: Sendable {
    private let continuation: Locked<CheckedContinuation<Value, any Error>?>

    init(_ continuation: CheckedContinuation<Value, any Error>) {
        self.continuation = Locked(continuation)
    }

    /// Resumes the continuation unless it was resumed already; returns whether this call did it.
    @discardableResult
    func resume(with result: Result<Value, any Error>) -> Bool {
        let pending = continuation.withLock { continuation in
            defer { continuation = nil }
            return continuation
        }
        pending?.resume(with: result)
        return pending != nil
    }
}

/// Runs `body` in a new task and returns what it returns, or throws ``WaitTimeoutError`` (and cancels the task)
/// after `timeout` real seconds. Unlike a task group, it returns at the deadline even if `body` ignores
/// cancellation and never finishes.
package func withDeadline<Value: Sendable>(
    _ awaited: String,
    timeout: TimeInterval = testDeadline,
    _ body: @escaping @Sendable () async throws -> Value
) async throws -> Value {
    let task = Task { try await body() }
    return try await withCheckedThrowingContinuation { continuation in
        let outcome = FirstOutcome(continuation)
        Task { outcome.resume(with: await task.result) }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout) {
            if outcome.resume(with: .failure(WaitTimeoutError(awaited: awaited, timeout: timeout))) {
                task.cancel()
            }
        }
    }
}

/// The result of `task`, or ``WaitTimeoutError`` after `timeout` real seconds.
package func result<Value: Sendable>(
    of task: Task<Value, any Error>,
    _ awaited: String = "a request to finish",
    timeout: TimeInterval = testDeadline
) async throws -> Result<Value, any Error> {
    try await withDeadline(awaited, timeout: timeout) { await task.result }
}

/// The results of `tasks`, in order, or ``WaitTimeoutError`` if they have not all finished after `timeout`.
package func results<Value: Sendable>(
    of tasks: [Task<Value, any Error>],
    timeout: TimeInterval = testDeadline
) async throws -> [Result<Value, any Error>] {
    try await withDeadline("\(tasks.count) requests to finish", timeout: timeout) {
        var results: [Result<Value, any Error>] = []
        for task in tasks {
            results.append(await task.result)
        }
        return results
    }
}

/// Runs the synchronous `body` on a thread of its own and returns once it has returned, or throws
/// ``WaitTimeoutError`` if it is still running after `timeout` real seconds (it blocked).
package func returnsPromptly(
    _ what: String,
    timeout: TimeInterval = testDeadline,
    _ body: @escaping @Sendable () -> Void
) async throws {
    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        let outcome = FirstOutcome(continuation)
        DispatchQueue.global().async {
            body()
            outcome.resume(with: .success(()))
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout) {
            outcome.resume(with: .failure(WaitTimeoutError(awaited: "\(what) to return", timeout: timeout)))
        }
    }
}

/// A gate that blocks the threads passing it (really blocks them, as a partner's callback that waits on a lock
/// or a semaphore would) until the test releases it, or until a deadline so that a broken test cannot hang.
package final class BlockingGate: Sendable {
    private let group = DispatchGroup()
    private let isHeld = Locked(true)

    /// Creates a held gate.
    package init() {
        group.enter()
    }

    /// Blocks the calling thread while the gate is held, at most `timeout` real seconds; after a timeout the gate
    /// opens for everyone, so that code that wrongly blocks on it stalls once and then fails, not once per call.
    ///
    /// - Returns: `false` if the deadline passed with the gate still held.
    @discardableResult
    package func pass(timeout: TimeInterval = testDeadline) -> Bool {
        guard group.wait(timeout: .now() + timeout) == .success else {
            release()
            return false
        }
        return true
    }

    /// Lets every blocked and future thread through; later calls do nothing.
    package func release() {
        let wasHeld = isHeld.withLock { held in
            defer { held = false }
            return held
        }
        if wasHeld {
            group.leave()
        }
    }
}

/// Returns once `condition` holds, polling it every half millisecond of real time, or throws
/// ``WaitTimeoutError`` after `timeout`.
///
/// Only for state that has no notification of its own (such as how many requests a server has recorded): the
/// poll sleeps between checks, so it never spins a core the code under test needs.
///
/// - Parameters:
///   - awaited: What is awaited, for the error.
///   - timeout: Real seconds to wait at most; ``testDeadline`` by default.
///   - condition: The condition; called on the caller's task, so it must be cheap.
/// - Throws: ``WaitTimeoutError`` when the deadline passes first, or `CancellationError` when the task is
///   cancelled.
package func eventually(
    _ awaited: String,
    timeout: TimeInterval = testDeadline,
    _ condition: () -> Bool
) async throws {
    let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(max(0, timeout) * 1_000_000_000)
    while !condition() {
        guard DispatchTime.now().uptimeNanoseconds < deadline else {
            throw WaitTimeoutError(awaited: awaited, timeout: timeout)
        }
        try await Task.sleep(nanoseconds: 500_000)
    }
}
