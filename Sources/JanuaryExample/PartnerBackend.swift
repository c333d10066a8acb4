import Foundation
import JanuaryPartnerSDK

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The partner's own backend, as the app sees it: one authenticated endpoint that returns a January client token
/// for the signed-in user. (The real backend mints it with January's `POST /v1.2/auth/client-tokens` and its API
/// key, which never reaches the app.)
final class PartnerBackend: Sendable {
    /// What the backend answered, without the token: enough to show the token lifecycle.
    struct Issue: Sendable {
        let endUserID: String
        let expiresIn: TimeInterval?
    }

    /// An ephemeral session: the shared one would cache responses, and with them tokens, on disk.
    private static let session = URLSession(configuration: .ephemeral)

    private let tokenURL: URL
    private let issues = Guarded<[Issue]>([])

    init(tokenURL: URL) {
        self.tokenURL = tokenURL
    }

    /// The tokens issued so far, oldest first.
    var issued: [Issue] {
        issues.read()
    }

    /// Asks the backend for a January client token for `endUserID`.
    ///
    /// The app would authenticate this call with its own session cookie or token; the stand-in needs none.
    func clientToken(for endUserID: String) async throws -> JanuaryClientToken {
        var request = URLRequest(url: tokenURL)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = try JSONSerialization.data(withJSONObject: ["end_user_id": endUserID])
        let (data, response) = try await Self.session.data(for: request)
        guard let status = (response as? HTTPURLResponse)?.statusCode, (200..<300).contains(status) else {
            throw BackendError(status: (response as? HTTPURLResponse)?.statusCode)
        }
        // January's ClientToken body, {"token", "expires_in", "expires_at", …}, decodes as it is.
        let token = try JSONDecoder().decode(JanuaryClientToken.self, from: data)
        issues.update { $0.append(Issue(endUserID: endUserID, expiresIn: token.expiresIn)) }
        return token
    }

    /// The backend refused to issue a token.
    struct BackendError: Error, CustomStringConvertible {
        let status: Int?

        var description: String {
            "The partner backend did not issue a token (HTTP \(status.map(String.init) ?? "none"))."
        }
    }
}
