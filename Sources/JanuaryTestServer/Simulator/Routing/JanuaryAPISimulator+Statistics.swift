extension JanuaryAPISimulator {
    /// What the simulator has seen and done so far.
    public struct Statistics: Sendable, Hashable {
        /// Client tokens minted, through ``JanuaryAPISimulator/mintToken(endUserID:scopes:lifetime:)``, the
        /// partner-backend endpoint or `POST /v1.2/auth/client-tokens`.
        public var tokensIssued = 0
        /// API requests whose credential was accepted (authenticated and authorized), whatever they answered
        /// after that.
        public var requestsAccepted = 0
        /// API requests answered `401` with a token code (`token_expired`, `token_invalid`, `token_revoked`),
        /// scripted ones included.
        public var tokensRejected = 0
        /// API requests that reached authentication without an `Authorization` header (a scripted failure
        /// answered before authentication is not counted here).
        public var requestsWithoutCredential = 0
        /// Every request received, the partner-backend endpoint included.
        public var requestsReceived = 0
        /// Requests answered by a scripted failure.
        public var scriptedFailuresServed = 0
    }
}
