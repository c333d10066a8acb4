import Foundation

/// The credentials the simulated January knows: registered API keys and issued client tokens.
struct CredentialBook: Sendable {
    /// How January judged the `Authorization` header of one request.
    enum Verdict: Sendable {
        case apiKey
        case clientToken(ClientTokenRecord)
        /// No `Authorization` header.
        case missing
        /// Not `Bearer <credential>`, or an `sk-` key that was never registered.
        case unauthorized
        /// A `ct-` token January refuses: the JSON code and the `error_description`.
        case tokenRejected(code: String, description: String)
    }

    private(set) var tokens: [String: ClientTokenRecord] = [:]
    private var keys: Set<String> = []
    /// Seconds from a revocation until the token is refused; January allows up to 60 (its auth cache).
    var revocationDelay: TimeInterval = 0
    /// Seconds from expiry until the token is purged and answers `token_invalid` instead of `token_expired`;
    /// `nil` for never. January purges "shortly after expiry" without saying how shortly.
    var purgeDelay: TimeInterval?

    mutating func register(key: String) {
        keys.insert(key)
    }

    mutating func mint(
        endUserID: String,
        scopes: [JanuaryAPISimulator.Scope],
        lifetime: TimeInterval,
        now: Date
    ) -> JanuaryAPISimulator.IssuedToken {
        var value: String
        repeat {
            value = "ct-" + Self.randomURLSafe(byteCount: 32)
        } while tokens[value] != nil
        let lifetime = Self.representableLifetime(lifetime)
        let expiresAt = Timestamp.truncated(now.addingTimeInterval(lifetime))
        tokens[value] = ClientTokenRecord(endUserID: endUserID, scopes: scopes, issuedAt: now, expiresAt: expiresAt)
        return JanuaryAPISimulator.IssuedToken(
            value: value,
            expiresAt: expiresAt,
            // portability-ok: the token endpoint accepts 300...7200 s; a lifetime a test passes in is its own choice.
            expiresIn: Int(lifetime.rounded(.down)),
            endUserID: endUserID,
            scopes: scopes
        )
    }

    /// The longest lifetime a token is given, about 68 years: `expires_in` fits an `Int` even where it has 32
    /// bits, and the expiry stays a date the wire can spell.
    static let longestLifetime = TimeInterval(Int32.max)

    /// `lifetime` clamped to ±``longestLifetime``, NaN read as 0: a test's `.infinity` or `1e300` means "never
    /// expires" and must not trap on the conversion to `Int` or put the expiry past what a date can spell.
    static func representableLifetime(_ lifetime: TimeInterval) -> TimeInterval {
        guard !lifetime.isNaN else {
            return 0
        }
        return min(max(lifetime, -longestLifetime), longestLifetime)
    }

    /// Revokes the live tokens of `endUserID` (all users when `nil`), at most `limit`; returns how many.
    mutating func revoke(endUserID: String?, now: Date, limit: Int = .max) -> Int {
        var count = 0
        for (value, record) in tokens.sorted(by: { $0.value.issuedAt < $1.value.issuedAt })
        where (endUserID == nil || record.endUserID == endUserID) && record.isLive(at: now) && count < limit {
            tokens[value]?.revokedAt = now
            count += 1
        }
        return count
    }

    /// Makes the live tokens of `endUserID` (all users when `nil`) expire now; returns how many.
    mutating func expire(endUserID: String?, now: Date) -> Int {
        var count = 0
        for (value, record) in tokens
        where (endUserID == nil || record.endUserID == endUserID) && record.isLive(at: now) {
            tokens[value]?.expiresAt = now
            count += 1
        }
        return count
    }

    /// Revokes every token issued so far, live or not, as `revokeIssuedTokens()` always did.
    mutating func revokeAll(now: Date) {
        for (value, record) in tokens where record.revokedAt == nil {
            tokens[value]?.revokedAt = now
        }
    }

    static func kind(ofAuthorization header: String?) -> JanuaryAPISimulator.CredentialKind {
        guard let header else { return .none }
        switch bearerCredential(header) {
        case let credential? where credential.hasPrefix("sk-"): return .apiKey
        case let credential? where credential.hasPrefix("ct-"): return .clientToken
        default: return .malformed
        }
    }

    func verdict(onAuthorization header: String?, now: Date) -> Verdict {
        guard let header else { return .missing }
        guard let credential = Self.bearerCredential(header) else { return .unauthorized }
        if credential.hasPrefix("sk-") {
            return keys.contains(credential) ? .apiKey : .unauthorized
        }
        guard credential.hasPrefix("ct-") else { return .unauthorized }
        guard let record = tokens[credential] else {
            return .tokenRejected(code: "token_invalid", description: "token invalid")
        }
        if let purgeDelay, now >= record.expiresAt.addingTimeInterval(purgeDelay) {
            return .tokenRejected(code: "token_invalid", description: "token invalid")
        }
        if let revokedAt = record.revokedAt, now >= revokedAt.addingTimeInterval(revocationDelay) {
            return .tokenRejected(code: "token_revoked", description: "token revoked")
        }
        if now >= record.expiresAt {
            return .tokenRejected(code: "token_expired", description: "token expired")
        }
        return .clientToken(record)
    }

    /// The credential of `Bearer <credential>` (scheme case-insensitive, RFC 9110 §11.1), or `nil`.
    private static func bearerCredential(_ header: String) -> String? {
        let parts = header.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        let credential = parts[1].trimmingCharacters(in: .whitespaces)
        guard !credential.isEmpty, !credential.contains(" ") else { return nil }
        return credential
    }

    private static func randomURLSafe(byteCount: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<byteCount).map { _ in UInt8.random(in: 0...255, using: &generator) }
        return Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}

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
