import Foundation

/// Thrown by ``raceAgainstTimeout(seconds:_:)`` when the operation did not finish in time.
struct OperationTimedOut: Error, CustomStringConvertible {
    let seconds: UInt64

    var description: String {
        "the operation did not finish within \(seconds) s (a hang)"
    }
}

/// Runs `operation`, failing with ``OperationTimedOut`` if it takes longer than `seconds`.
///
/// A guard against hangs, not a timing assertion: the limit is far above any honest duration. Unlike a task
/// group, it returns at the deadline even if the operation ignores cancellation and never finishes.
func raceAgainstTimeout<T: Sendable>(
    seconds: UInt64 = 10,
    _ operation: @escaping @Sendable () async throws -> T
) async throws -> T {
    let claimed = NSLock()
    nonisolated(unsafe) var done = false
    // Whoever claims first resumes; the flag is only touched under `claimed`.
    let claim: @Sendable () -> Bool = {
        claimed.lock()
        defer { claimed.unlock() }
        if done {
            return false
        }
        done = true
        return true
    }
    return try await withCheckedThrowingContinuation { continuation in
        let timer = Task {
            try? await Task.sleep(nanoseconds: seconds * 1_000_000_000)
            if !Task.isCancelled, claim() {
                continuation.resume(throwing: OperationTimedOut(seconds: seconds))
            }
        }
        Task {
            let result: Result<T, any Error>
            do {
                result = .success(try await operation())
            } catch {
                result = .failure(error)
            }
            timer.cancel()
            if claim() {
                continuation.resume(with: result)
            }
        }
    }
}
