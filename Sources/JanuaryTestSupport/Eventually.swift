import Foundation

/// A condition polled by ``eventually(_:timeout:_:)`` did not hold before its real-time deadline.
package struct EventuallyTimeoutError: Error, CustomStringConvertible {
    /// What was awaited, such as `1000 waiting requests`.
    package let awaited: String

    /// The deadline, in real seconds.
    package let timeout: TimeInterval

    /// A sentence for the test log.
    package var description: String {
        "Waited \(timeout) s for \(awaited), which did not happen."
    }
}

/// Returns once `condition` holds, polling it every half millisecond of real time, or throws after `timeout`.
///
/// Only for state that has no notification of its own (such as how many requests a coordinator holds): the
/// poll sleeps between checks, so it never spins a core, and the deadline turns a test that goes wrong into a
/// failure instead of a hang.
///
/// - Parameters:
///   - awaited: What is awaited, for the error.
///   - timeout: Real seconds to wait at most; 10 by default.
///   - condition: The condition; called on the caller's task, so it must be cheap.
/// - Throws: ``EventuallyTimeoutError`` when the deadline passes first, or `CancellationError` when the task is
///   cancelled.
package func eventually(
    _ awaited: String,
    timeout: TimeInterval = 10,
    _ condition: () -> Bool
) async throws {
    let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(max(0, timeout) * 1_000_000_000)
    while !condition() {
        guard DispatchTime.now().uptimeNanoseconds < deadline else {
            throw EventuallyTimeoutError(awaited: awaited, timeout: timeout)
        }
        try await Task.sleep(nanoseconds: 500_000)
    }
}
