import Foundation
import JanuaryCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One request in flight on a ``URLSessionHTTPTransport``: its continuation, the body received so far, and what
/// the redirect policy has decided.
///
/// The continuation is resumed exactly once, by whichever comes first: the task completing or the calling task
/// being cancelled. Every change happens under the lock, and the continuation is resumed after the lock is
/// released.
final class PendingRequest: Sendable {
    private enum Phase {
        /// Registered, not yet waiting: the continuation does not exist yet.
        case created
        case waiting(CheckedContinuation<HTTPTransportResponse, any Error>)
        /// Cancelled before the continuation arrived; it is refused as soon as it does.
        case cancelledEarly
        case finished
    }

    private struct State {
        var phase = Phase.created
        var body = Data()
        /// Whether a redirect has already left the original origin, so that no later hop carries the credential.
        var credentialWithdrawn = false
    }

    private let state = Locked(State())
    private let originalURL: URL

    init(url: URL) {
        originalURL = url
    }

    /// Stores the continuation.
    ///
    /// - Returns: `false` if the request was cancelled first; the caller must then fail the continuation.
    func start(_ continuation: CheckedContinuation<HTTPTransportResponse, any Error>) -> Bool {
        state.withLock { state in
            guard case .created = state.phase else {
                return false
            }
            state.phase = .waiting(continuation)
            return true
        }
    }

    /// Fails the request with ``/JanuaryCore/JanuaryError/Category/cancelled`` now, without waiting for URLSession to
    /// report the cancelled task.
    func cancel() {
        let continuation: CheckedContinuation<HTTPTransportResponse, any Error>? = state.withLock { state in
            switch state.phase {
            case .created:
                state.phase = .cancelledEarly
                return nil
            case .waiting(let continuation):
                state.phase = .finished
                return continuation
            case .cancelledEarly, .finished:
                return nil
            }
        }
        continuation?.resume(throwing: JanuaryError.cancelled("The request was cancelled."))
    }

    /// Completes the request, unless it was already cancelled.
    func finish(_ result: Result<HTTPTransportResponse, JanuaryError>) {
        let continuation: CheckedContinuation<HTTPTransportResponse, any Error>? = state.withLock { state in
            guard case .waiting(let continuation) = state.phase else {
                state.phase = .finished
                return nil
            }
            state.phase = .finished
            return continuation
        }
        continuation?.resume(with: result.mapError { $0 as any Error })
    }

    /// Whether the request was cancelled (before or after it started).
    var isCancelled: Bool {
        state.withLock { state in
            if case .cancelledEarly = state.phase {
                return true
            }
            return false
        }
    }

    /// Whether a redirect has taken the request to a hop sent without its credential.
    var credentialWithdrawn: Bool {
        state.withLock { $0.credentialWithdrawn }
    }

    func append(_ data: Data) {
        state.withLock { $0.body.append(data) }
    }

    /// Takes the body received so far.
    func takeBody() -> Data {
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
                originalURL: originalURL,
                credentialWithdrawn: &state.credentialWithdrawn
            )
        }
    }
}
