import Foundation
import JanuaryCore

/// A request that has passed the transport's message checks, for a URL built on a base URL that passed
/// `TransportSafety.validateCredentialURL(_:)` and keeps its origin.
///
/// The only way to make one is the check, and the only change it allows is one the check still covers, so the
/// transport can trust it without checking again. Lets the SDK check a request once, before it fetches a
/// token, instead of once per send.
package struct CheckedHTTPRequest: Sendable {
    /// The checked request.
    package let request: JanuaryHTTPRequest

    /// Whether it may be sent more than once: from the request's own replayability and the idempotence its maker
    /// declared, decided here once.
    package let replay: ReplayClass

    /// Which redirects a transport that follows them may follow.
    package let redirects: RedirectScope

    /// Checks `request` as `TransportSafety.validate(_:)` would, except its URL, which may carry a credential.
    ///
    /// - Parameters:
    ///   - request: A request whose URL was built on a checked base URL, keeping its origin.
    ///   - isIdempotent: Whether a second send has the effect of one; by default, the method's rule.
    ///   - redirects: Which redirects may be followed; by default any, without the credential off its origin.
    /// - Throws: What `TransportSafety.validateMessage(_:)` throws.
    package init(
        checking request: JanuaryHTTPRequest,
        isIdempotent: Bool? = nil,
        redirects: RedirectScope = .anyOriginWithoutCredential
    ) throws {
        try TransportSafety.validateMessage(request)
        self.request = request
        self.replay = ReplayClass(
            isReplayable: request.isReplayable,
            isIdempotent: isIdempotent ?? request.method.isIdempotent
        )
        self.redirects = redirects
    }

    private init(alreadyChecked request: JanuaryHTTPRequest, replay: ReplayClass, redirects: RedirectScope) {
        self.request = request
        self.replay = replay
        self.redirects = redirects
    }

    /// The request with `Authorization: Bearer <credential>`, still checked.
    ///
    /// A header-safe credential (every one the token cache hands out) keeps the check without a second look;
    /// any other value is checked as the transport would check it, so no value can break the message.
    ///
    /// - Parameter credential: The credential.
    /// - Returns: The authorized checked request.
    /// - Throws: What `TransportSafety.validateMessage(_:)` throws for a credential that breaks the message.
    package func authorized(bearer credential: String) throws -> CheckedHTTPRequest {
        var authorized = request
        authorized.headerFields["Authorization"] = "Bearer " + credential
        if !CredentialSyntax.isHeaderSafe(credential) {
            try TransportSafety.validateMessage(authorized)
        }
        return CheckedHTTPRequest(alreadyChecked: authorized, replay: replay, redirects: redirects)
    }
}

/// A transport that checks what it sends, and can skip the checks a ``CheckedHTTPRequest`` already passed and keep
/// the redirect scope it carries.
package protocol ChecksRequests: JanuaryHTTPTransport {
    /// Sends `checked` without checking it again, following only the redirects its scope allows.
    func send(alreadyChecked checked: CheckedHTTPRequest) async throws -> JanuaryHTTPResponse
}

extension JanuaryHTTPTransport {
    /// Sends a checked request; a transport that checks requests skips the checks it already passed.
    ///
    /// A transport of the partner's own gets the plain request: what it does with redirects is its own, so a
    /// caller whose scope is ``RedirectScope/sameOriginOnly`` also checks the origin of the answer.
    ///
    /// - Parameter checked: The checked request.
    /// - Returns: The response, whatever its status.
    /// - Throws: What ``send(_:)`` throws.
    package func send(checked: CheckedHTTPRequest) async throws -> JanuaryHTTPResponse {
        if let transport = self as? any ChecksRequests {
            return try await transport.send(alreadyChecked: checked)
        }
        return try await send(checked.request)
    }
}

/// Whether a request may be sent more than once: decided once for each request, where it is made, and read
/// wherever a second send is considered (a replay after a refreshed credential, a retry after a failure).
package enum ReplayClass: Sendable, Equatable {
    /// Sending it twice has the effect of sending it once: it may be replayed with a new credential and retried
    /// after a failure whose outcome is unknown (no answer, a `5xx`).
    case safe
    /// It may be sent again only when the server certainly did not act on it (a credential it rejected, a rate
    /// limit), never after an unknown outcome: a create the server does not deduplicate.
    case onceOnly
    /// It is never sent twice: its body is a one-shot stream, or its maker said so.
    case never

    /// The class of a request that may or may not be sent again at all, and whose second send does or does not
    /// have the effect of one.
    ///
    /// - Parameters:
    ///   - isReplayable: Whether the request may be sent more than once (its body can be read again, and its
    ///     maker allows it).
    ///   - isIdempotent: Whether a second send has the effect of one.
    package init(isReplayable: Bool, isIdempotent: Bool) {
        self = !isReplayable ? .never : isIdempotent ? .safe : .onceOnly
    }
}
