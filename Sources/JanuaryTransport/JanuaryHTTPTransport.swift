/// Sends one HTTP request and returns its response: the seam between the SDK and the network.
///
/// ``URLSessionHTTPTransport`` is the implementation the SDK uses; tests and partners with their own HTTP
/// stack can supply another.
///
/// The contract every implementation keeps:
/// - It returns **any** HTTP response, including 401 and 5xx. A status is not an error at this layer; the
///   caller decides what each status means.
/// - It throws only when there is no response: a `JanuaryError` of category
///   ``/JanuaryCore/JanuaryError/Category/network`` (keeping the platform's error, such as a `URLError`, as the
///   underlying error), ``/JanuaryCore/JanuaryError/Category/timeout`` when no answer came within the request's
///   timeout, or ``/JanuaryCore/JanuaryError/Category/invalidInput`` for a request it refuses to send,
///   and `CancellationError` when the calling task is cancelled (cancelling the underlying request with it).
/// - It never sends a request more than once by itself: replaying is the caller's decision.
public protocol JanuaryHTTPTransport: Sendable {
    /// Sends `request` and waits for the complete response.
    ///
    /// - Parameter request: The request to send.
    /// - Returns: The response, whatever its status.
    /// - Throws: `JanuaryError` with category `network`, `timeout` or `invalidInput`, or `CancellationError`.
    func send(_ request: JanuaryHTTPRequest) async throws -> JanuaryHTTPResponse
}
