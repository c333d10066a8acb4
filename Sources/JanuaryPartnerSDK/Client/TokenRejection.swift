import Foundation
import JanuaryCore
import JanuaryTransport

/// What January's `401` says about the client token it was sent (Docs/Authentication.md): expired, which a new
/// token fixes, or revoked or unknown, which only the user signing in to the partner again fixes.
///
/// January answers all three with the same `WWW-Authenticate: Bearer error="invalid_token"` challenge; its JSON
/// `code` and the challenge's `error_description` tell them apart. The code decides when there is one; a body
/// that a gateway dropped leaves the description; a bare standard challenge, with neither, means "expired", as
/// RFC 6750 uses it.
enum TokenRejection: Equatable {
    /// The token is past its lifetime: get a new one and send the request again, once.
    case expired
    /// January revoked the token (`token_revoked`) or does not know it (`token_invalid`): surface it.
    case revokedOrUnknown

    /// The rejection `response` states, with January's code for it; `nil` when it is no token rejection.
    ///
    /// Only an answer from a hop that carried the credential counts: a redirect target on another origin never
    /// saw the token, so its `401` must not make the client drop a good token or replay the request.
    ///
    /// - Parameters:
    ///   - response: January's response.
    ///   - body: Its error body, already parsed.
    /// - Returns: The rejection and the code to report, or `nil`.
    static func reading(
        _ response: JanuaryHTTPResponse,
        body: JanuaryErrorBody
    ) -> (TokenRejection, code: JanuaryError.Code)? {
        guard response.statusCode == 401, !response.credentialWithdrawnByRedirect else {
            return nil
        }
        switch body.code {
        case JanuaryError.Code.tokenExpired?:
            return (.expired, JanuaryError.Code.tokenExpired)
        case let code? where code == JanuaryError.Code.tokenInvalid || code == JanuaryError.Code.tokenRevoked:
            return (.revokedOrUnknown, code)
        case .some:
            // Another code, such as `unauthorized`: January's code decides, whatever the challenge says.
            return nil
        case nil:
            break
        }
        guard let challenge = response.challenges.first(where: \.isInvalidToken) else {
            return nil
        }
        guard let description = challenge.errorDescription?.lowercased(), !description.isEmpty else {
            return (.expired, JanuaryError.Code.tokenExpired)
        }
        if description.contains("expired") {
            return (.expired, JanuaryError.Code.tokenExpired)
        }
        if description.contains("revoked") {
            return (.revokedOrUnknown, JanuaryError.Code.tokenRevoked)
        }
        // "token invalid", or a description January has not used yet: nothing says a new token would help.
        return (.revokedOrUnknown, JanuaryError.Code.tokenInvalid)
    }
}
