import Foundation

extension JanuaryAPISimulator {
    /// Mints a client token as a partner backend would obtain one from January.
    ///
    /// - Parameters:
    ///   - endUserID: The end user the token acts for; ``defaultEndUserID-swift.property`` when `nil`.
    ///   - scopes: The scopes it grants; all ten when `nil`.
    ///   - lifetime: Seconds until it expires; ``tokenLifetime`` when `nil`. Beyond about 68 years
    ///     (`.infinity`, `1e300`) it is that long; NaN is 0.
    /// - Returns: The token, valid from the simulator's `now`.
    @discardableResult
    public func mintToken(
        endUserID: String? = nil,
        scopes: [Scope]? = nil,
        lifetime: TimeInterval? = nil
    ) -> IssuedToken {
        let now = self.now()
        return books.withLock { books in
            books.statistics.tokensIssued += 1
            return books.credentials.mint(
                endUserID: endUserID ?? books.defaultEndUserID,
                scopes: scopes ?? Scope.all,
                lifetime: lifetime ?? tokenLifetime,
                now: now
            )
        }
    }

    /// Every client token the simulator has minted, as text: for tests that look for a credential where none may
    /// be (a file, a log).
    package var issuedTokenValues: [String] {
        books.withLock { Array($0.credentials.tokens.keys) }
    }

    /// Accepts `key` as an API key (development key) from now on: every operation, no scope limit.
    ///
    /// - Parameter key: The key, exactly as the client will send it; January's keys start with `sk-`, and the
    ///   simulator refuses any other as `401 unauthorized`.
    public func registerDevelopmentKey(_ key: String) {
        books.withLock { $0.credentials.register(key: key) }
    }

    /// Makes every token issued so far revoked: requests carrying one get `401 token_revoked` from
    /// ``revocationDelay`` on.
    public func revokeIssuedTokens() {
        let now = self.now()
        books.withLock { $0.credentials.revokeAll(now: now) }
    }

    /// Revokes the live tokens of one end user, as `POST /v1.2/auth/client-token-revocations` does (but without
    /// its 500-token batch limit).
    ///
    /// - Parameter endUserID: The end user whose tokens stop working (`401 token_revoked`) from
    ///   ``revocationDelay`` on.
    /// - Returns: How many live tokens were revoked.
    @discardableResult
    public func revokeTokens(forEndUser endUserID: String) -> Int {
        let now = self.now()
        return books.withLock { $0.credentials.revoke(endUserID: endUserID, now: now) }
    }

    /// Makes the live tokens of one end user expire at the simulator's `now`: later requests get
    /// `401 token_expired`, which the SDK answers by refreshing once.
    ///
    /// - Parameter endUserID: The end user whose tokens expire.
    /// - Returns: How many live tokens expired.
    @discardableResult
    public func expireTokens(forEndUser endUserID: String) -> Int {
        let now = self.now()
        return books.withLock { $0.credentials.expire(endUserID: endUserID, now: now) }
    }

    /// Makes every live token expire at the simulator's `now`.
    ///
    /// - Returns: How many live tokens expired.
    @discardableResult
    public func expireIssuedTokens() -> Int {
        let now = self.now()
        return books.withLock { $0.credentials.expire(endUserID: nil, now: now) }
    }

    /// Seconds from a revocation (through the API, ``revokeTokens(forEndUser:)`` or ``revokeIssuedTokens()``)
    /// until a request with the token answers `401 token_revoked`; until then it is accepted. `0` (at once) by
    /// default; January takes effect within 60 seconds, so a test must not assert either way inside that
    /// window. A negative or non-finite value reads as `0`.
    public var revocationDelay: TimeInterval {
        get { books.withLock { $0.credentials.revocationDelay } }
        set { books.withLock { $0.credentials.revocationDelay = newValue.isFinite ? max(0, newValue) : 0 } }
    }

    /// Seconds from a token's expiry until it is purged and answers `401 token_invalid` instead of
    /// `401 token_expired`; `nil` (never purged) by default. January purges shortly after expiry without a
    /// documented delay, so a test must not rely on `token_expired` long after expiry. A negative or
    /// non-finite value reads as `0`.
    public var expiredTokenPurgeDelay: TimeInterval? {
        get { books.withLock { $0.credentials.purgeDelay } }
        set {
            let delay = newValue.map { $0.isFinite ? max(0, $0) : 0 }
            books.withLock { $0.credentials.purgeDelay = delay }
        }
    }

    /// Whether `POST /v1.2/auth/client-tokens` mints (`true`, the default) or answers `403 forbidden`, as
    /// January does for an account that has not enabled client tokens.
    public var clientTokensEnabled: Bool {
        get { books.withLock { $0.clientTokensEnabled } }
        set { books.withLock { $0.clientTokensEnabled = newValue } }
    }
}

extension JanuaryAPISimulator {
    /// A client token the simulated January issued, with what it is bound to.
    public struct IssuedToken: Sendable, Hashable {
        /// The token (`ct-` and 43 URL-safe characters), sent as `Authorization: Bearer <value>`.
        public let value: String
        /// When the simulated January stops accepting it (`token_expired` from then on).
        public let expiresAt: Date
        /// The lifetime in whole seconds at minting, as January's `expires_in` says it.
        public let expiresIn: Int
        /// The end user the token acts for.
        public let endUserID: String
        /// The scopes the token grants.
        public let scopes: [Scope]
    }
}
