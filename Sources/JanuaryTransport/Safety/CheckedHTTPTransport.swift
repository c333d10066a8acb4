/// The seam between the SDK and whatever sends its requests: a transport that takes a ``CheckedHTTPRequest``, so
/// that what the checks passed is not checked again, and the request's replay class and redirect scope reach the
/// code that sends it.
///
/// The SDK's own transports (``URLSessionHTTPTransport``, the in-process simulator's) take it as it is. A
/// transport of the partner's own, which knows only ``JanuaryHTTPTransport``, is put behind the seam once, when a
/// client is made (``JanuaryHTTPTransport/behindCheckedSeam``), not tested for on every send.
package protocol CheckedHTTPTransport: Sendable {
    /// Sends `checked` without checking it again, following only the redirects its scope allows.
    ///
    /// - Parameter checked: The checked request.
    /// - Returns: The response, whatever its status.
    /// - Throws: What ``JanuaryHTTPTransport/send(_:)`` throws.
    func send(_ checked: CheckedHTTPRequest) async throws -> JanuaryHTTPResponse
}

extension JanuaryHTTPTransport {
    /// This transport at the SDK's seam: itself when it takes checked requests, otherwise an adapter that hands
    /// it the plain request. Made once, where a client or a token endpoint is made.
    ///
    /// What a partner's transport does with redirects is its own, so a caller whose scope is
    /// ``RedirectScope/sameOriginOnly`` also checks the origin of the answer.
    package var behindCheckedSeam: any CheckedHTTPTransport {
        (self as? any CheckedHTTPTransport) ?? PlainTransportAdapter(transport: self)
    }
}

/// A ``JanuaryHTTPTransport`` that takes only plain requests, behind the checked seam.
private struct PlainTransportAdapter: CheckedHTTPTransport {
    let transport: any JanuaryHTTPTransport

    func send(_ checked: CheckedHTTPRequest) async throws -> JanuaryHTTPResponse {
        try await transport.send(checked.request)
    }
}
