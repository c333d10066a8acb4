import Foundation

/// What the simulated January remembers of one client token it issued.
struct ClientTokenRecord: Sendable {
    let endUserID: String
    let scopes: [JanuaryAPISimulator.Scope]
    let issuedAt: Date
    var expiresAt: Date
    var isRevoked = false

    func isLive(at now: Date) -> Bool {
        !isRevoked && now < expiresAt
    }
}
