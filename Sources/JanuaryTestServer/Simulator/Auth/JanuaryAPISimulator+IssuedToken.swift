import Foundation

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
