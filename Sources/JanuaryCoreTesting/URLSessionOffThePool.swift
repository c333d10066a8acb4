import Dispatch
import Foundation
import JanuaryCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// Our own tests that exercise a bare URLSession (the simulator's conformance, the loopback server, the soak test's
// baseline) go through this instead of `URLSession.data(for:)`. On Linux, swift-corelibs-foundation's `data(for:)`
// cancels its task from the calling task's cancellation handler, which Swift runs holding that task's status lock,
// and `URLSessionTask.cancel()` waits with `DispatchQueue.sync` for the session's work queue; when that queue is
// just then completing the same request (its answer, or its timeout), it needs the same lock to resume the caller,
// and both threads wait for ever. Reproduced beside a CPU hog: 600 requests to a held answer, each with a 1 s
// timeout and cancelled 0.9 to 1.1 s after it started, hung the test process in 3 of 5 runs, both cooperative
// threads in `URLSessionTask.cancel()` under `swift_task_cancel` and the session's queue in `data(for:)`'s
// completion waiting for the task's lock. A test deadline or time limit cancels exactly so, at the moment a
// request times out, so a test run that went wrong stalled for good. Here cancellation and every other call that
// waits for the session's queue are handed to a serial queue whose thread is not a cooperative one.

/// The serial queue the calls below wait on; a serial queue without a target runs on libdispatch's overcommit
/// threads, never on the cooperative ones (on Linux, `DispatchQueue.global()` is the cooperative pool).
private let sessionCalls = DispatchQueue(label: "JanuaryCoreTesting.URLSessionOffThePool")

extension URLSession {
    /// Loads `request` as `data(for:)` does, without ever blocking a cooperative thread or cancelling in place.
    ///
    /// - Parameter request: The request.
    /// - Returns: The body and the response.
    /// - Throws: The session's error, `URLError(.cancelled)` when the calling task is cancelled.
    package func dataOffThePool(for request: URLRequest) async throws -> (Data, URLResponse) {
        let call = SessionCall()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                sessionCalls.async {
                    let task = self.dataTask(with: request) { data, response, error in
                        if let data, let response {
                            continuation.resume(returning: (data, response))
                        } else {
                            continuation.resume(throwing: error ?? URLError(.badServerResponse))
                        }
                    }
                    if call.attach(task) {
                        task.resume()
                    } else {
                        // Cancelled before it existed: cancelling a task never resumed completes it, as cancelled.
                        task.cancel()
                    }
                }
            }
        } onCancel: {
            if let task = call.cancel() {
                sessionCalls.async { task.cancel() }
            }
        }
    }

    /// Loads `url` as `data(from:)` does, without ever blocking a cooperative thread or cancelling in place.
    ///
    /// - Parameter url: The URL to get.
    /// - Returns: The body and the response.
    /// - Throws: The session's error, `URLError(.cancelled)` when the calling task is cancelled.
    package func dataOffThePool(from url: URL) async throws -> (Data, URLResponse) {
        try await dataOffThePool(for: URLRequest(url: url))
    }
}

/// Who cancels the task when a cancellation races its creation: the cancellation, if the task exists, or the
/// creator, once it finds the call cancelled.
private final class SessionCall: Sendable {
    private let state = Locked<(task: URLSessionDataTask?, isCancelled: Bool)>((nil, false))

    /// Records the task; `false` if the call was cancelled first.
    func attach(_ task: URLSessionDataTask) -> Bool {
        state.withLock { state in
            guard !state.isCancelled else {
                return false
            }
            state.task = task
            return true
        }
    }

    /// Marks the call cancelled and returns its task, if it exists yet.
    func cancel() -> URLSessionDataTask? {
        state.withLock { state in
            state.isCancelled = true
            return state.task
        }
    }
}
