import Foundation
import JanuaryCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One request in flight on a ``URLSessionHTTPTransport``: its continuation, the body received so far, and what
/// the redirect policy has decided.
///
/// The continuation is resumed exactly once, by whichever comes first: the response arriving whole, the task
/// completing or the calling task being cancelled. The task may complete before the continuation exists (a
/// shutdown can fail it at once); the result is then kept and handed over when the continuation arrives. Every
/// change happens under the lock, and the continuation is resumed after the lock is released.
package final class PendingRequest: Sendable {
    package typealias Continuation = CheckedContinuation<JanuaryHTTPResponse, any Error>

    private enum Phase {
        /// Registered, not yet waiting: the continuation does not exist yet.
        case created
        case waiting(Continuation)
        /// Cancelled before the continuation arrived; it is refused as soon as it does.
        case cancelledEarly
        /// Completed before the continuation arrived; the result is handed over as soon as it does.
        case completedEarly(Result<JanuaryHTTPResponse, JanuaryError>)
        case finished
    }

    private struct State {
        var phase = Phase.created
        /// The URLSession task carrying the request, from when it exists until the request ends, for a
        /// cancellation to cancel.
        var task: URLSessionDataTask?
        var body = Data()
        /// Whether a redirect has already left the original origin, so that no later hop carries the credential.
        var credentialWithdrawn = false
    }

    private let state = Locked(State())
    /// The request's URL, in the request's own box: a `URL` stored inline would give this object a layout known
    /// only at run time (see `Boxed`).
    private let originalURL: Boxed<URL>
    private let maximumBodySize: Int
    private let redirects: RedirectScope

    package init(url: Boxed<URL>, maximumBodySize: Int, redirects: RedirectScope = .anyOriginWithoutCredential) {
        originalURL = url
        self.maximumBodySize = maximumBodySize
        self.redirects = redirects
    }

    /// The URL that answered, boxed: the request's own box when no redirect changed it (the common case), so that
    /// the response allocates nothing for its URL, and a new box otherwise.
    ///
    /// - Parameter url: The URL Foundation says answered, if any.
    /// - Returns: The box for the response's URL, or `nil` when Foundation names none.
    package func boxed(answeringURL url: URL?) -> Boxed<URL>? {
        guard let url else {
            return nil
        }
        return url == originalURL.value ? originalURL : Boxed(url)
    }

    /// Stores the continuation, or resumes it at once when the request was cancelled or completed first.
    ///
    /// - Returns: `true` when the task should be resumed (started).
    package func start(_ continuation: Continuation) -> Bool {
        let early: Result<JanuaryHTTPResponse, any Error>? = state.withLock { state in
            switch state.phase {
            case .created:
                state.phase = .waiting(continuation)
                return nil
            case .cancelledEarly:
                state.phase = .finished
                return .failure(CancellationError())
            case .completedEarly(let result):
                state.phase = .finished
                return result.mapError { $0 as any Error }
            case .waiting, .finished:
                preconditionFailure("a pending request is started once")
            }
        }
        guard let early else {
            return true
        }
        continuation.resume(with: early)
        return false
    }

    /// Records the URLSession task carrying the request, unless the request has already ended.
    ///
    /// Together with ``cancel()`` this decides, under one lock, who cancels the task when a cancellation races
    /// its creation: the cancellation, which finds the task here, or the creator, to whom this returns `false`.
    ///
    /// - Returns: `false` when the request has ended: the caller must not resume the task, and cancels it.
    package func attach(_ task: URLSessionDataTask) -> Bool {
        state.withLock { state in
            switch state.phase {
            case .created, .waiting:
                state.task = task
                return true
            case .cancelledEarly, .completedEarly, .finished:
                return false
            }
        }
    }

    /// Fails the request with `CancellationError` now, without waiting for URLSession to report the cancelled
    /// task.
    ///
    /// - Returns: The task carrying the request if one was attached and the request had not ended, for the caller
    ///   to cancel.
    @discardableResult
    package func cancel() -> URLSessionDataTask? {
        let (continuation, task) = end(orRecordEarly: .cancelledEarly)
        continuation?.resume(throwing: CancellationError())
        return task
    }

    /// Completes the request, unless it was already cancelled or completed.
    package func finish(_ result: Result<JanuaryHTTPResponse, JanuaryError>) {
        guard let continuation = end(orRecordEarly: .completedEarly(result)).continuation else {
            return
        }
        switch result {
        case .success(let response): continuation.resume(returning: response)
        case .failure(let error): continuation.resume(throwing: error)
        }
    }

    /// The one way a request ends: the waiting caller's continuation, for the caller to resume after the lock is
    /// released; or, before the caller waits, `early` recorded for it to find; or nothing, once it has ended. The
    /// task is handed over, and forgotten, by the call that ends the request.
    ///
    /// `early` is made only when it is recorded: a completed request's is a copy of its whole response, which the
    /// common case, a caller already waiting, never needs.
    private func end(orRecordEarly early: @autoclosure () -> Phase)
        -> (continuation: Continuation?, task: URLSessionDataTask?)
    {
        state.withLock { state in
            let continuation: Continuation?
            switch state.phase {
            case .created:
                state.phase = early()
                continuation = nil
            case .waiting(let waiting):
                state.phase = .finished
                continuation = waiting
            case .cancelledEarly, .completedEarly, .finished:
                return (nil, nil)
            }
            defer { state.task = nil }
            return (continuation, state.task)
        }
    }

    /// Takes the body received so far, with whether a redirect took the request to a hop sent without its
    /// credential: what the response is made of, read under one lock instead of two.
    func takeBodyAndWithdrawal() -> (body: Data, credentialWithdrawn: Bool) {
        state.withLock { state in
            defer { state.body = Data() }
            return (state.body, state.credentialWithdrawn)
        }
    }

    /// Adds a piece of the body.
    ///
    /// - Returns: The number of body bytes received so far, or `nil` when the body would exceed the limit; the
    ///   caller then fails the request and cancels the task, so a hostile or broken server cannot make the app hold
    ///   an unbounded body.
    package func append(_ data: Data) -> Int? {
        state.withLock { state in
            guard state.body.count + data.count <= maximumBodySize else {
                return nil
            }
            // Most answers arrive in one piece: keep it as it is (Data shares its storage) instead of copying it.
            if state.body.isEmpty {
                state.body = data
            } else {
                state.body.append(data)
            }
            return state.body.count
        }
    }

    /// Takes the body received so far.
    package func takeBody() -> Data {
        state.withLock { state in
            defer { state.body = Data() }
            return state.body
        }
    }

    /// Applies ``RedirectPolicy`` to one hop, remembering whether the credential has been withdrawn.
    ///
    /// - Parameters:
    ///   - previousURL: The URL that answered with the redirect.
    ///   - request: The request URLSession proposes for the next hop.
    /// - Returns: The request to send, or `nil` to stop and return the redirect response itself.
    func redirect(from previousURL: URL?, to request: URLRequest) -> URLRequest? {
        state.withLock { state in
            RedirectPolicy.nextRequest(
                proposed: request,
                after: previousURL,
                originalURL: originalURL.value,
                credentialWithdrawn: &state.credentialWithdrawn,
                scope: redirects
            )
        }
    }
}
