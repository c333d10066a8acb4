import Foundation
import JanuaryCore

/// A request that has passed the transport's message checks, for a URL built on a base URL that passed
/// `TransportSafety.validateCredentialURL(_:)` and keeps its origin.
///
/// The only way to make one is the check, and the only change it allows is one the check still covers, so the
/// transport can trust it without checking again. Lets the SDK check a request once, before it fetches a
/// token, instead of once per send.
package final class CheckedHTTPRequest: Sendable {
    /// The checked request.
    package let request: JanuaryHTTPRequest

    /// Whether it may be sent more than once, as its maker stated it: read, unchanged, by every decision about a
    /// second send, an unknown outcome and the connection it goes on.
    package let replay: JanuaryReplayClass

    /// Which redirects a transport that follows them may follow.
    package let redirects: RedirectScope

    /// Checks `request` as `TransportSafety.validate(_:)` would, except its URL, which may carry a credential.
    ///
    /// - Parameters:
    ///   - request: A request whose URL was built on a checked base URL, keeping its origin.
    ///   - replay: Whether it may be sent more than once, as its maker states it; a one-shot stream body makes it
    ///     ``JanuaryReplayClass/never`` whatever is stated, because it cannot be read twice.
    ///   - redirects: Which redirects may be followed; by default any, without the credential off its origin.
    /// - Throws: What `TransportSafety.validateMessage(_:)` throws.
    package init(
        checking request: JanuaryHTTPRequest,
        replay: JanuaryReplayClass,
        redirects: RedirectScope = .anyOriginWithoutCredential
    ) throws {
        try TransportSafety.validateMessage(request)
        self.request = request
        self.replay = request.body.isReplayable ? replay : .never
        self.redirects = redirects
    }

    private init(alreadyChecked request: JanuaryHTTPRequest, replay: JanuaryReplayClass, redirects: RedirectScope) {
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
