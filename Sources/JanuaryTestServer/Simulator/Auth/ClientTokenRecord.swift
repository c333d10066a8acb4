import Foundation

/// What the simulated January remembers of one client token it issued.
struct ClientTokenRecord: Sendable {
    let endUserID: String
    let scopes: [JanuaryAPISimulator.Scope]
    let issuedAt: Date
    var expiresAt: Date
    /// When it was revoked; it is refused from ``CredentialBook/revocationDelay`` later.
    var revokedAt: Date?

    /// Neither revoked (even if the revocation has not taken effect yet) nor expired.
    func isLive(at now: Date) -> Bool {
        revokedAt == nil && now < expiresAt
    }
}
