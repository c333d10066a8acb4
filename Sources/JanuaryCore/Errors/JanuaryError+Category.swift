extension JanuaryError {
    /// The kind of a ``JanuaryError``: an extensible set of values.
    ///
    /// The categories follow January's own taxonomy of HTTP statuses, so that one `switch` covers every
    /// operation. New categories may be added in later releases: compare with `==`, or `switch` with a
    /// `default` branch. Docs/Errors.md lists January's codes under each category and what an app should do.
    public struct Category: Hashable, Sendable, CustomStringConvertible {
        private enum Base: String, Hashable, Sendable {
            case authentication
            case authorization
            case tokenProvider
            case network
            case timeout
            case server
            case invalidInput
            case notFound
            case rateLimited
            case cancelled
            case decoding
        }

        private let base: Base

        private init(_ base: Base) {
            self.base = base
        }

        /// January did not accept the credential (HTTP 401: `unauthorized`, `token_invalid`, `token_revoked`,
        /// or a token rejected again after a refresh), or the SDK refuses a credential it was given.
        ///
        /// Refreshing has already been tried where it could help. Sign the user in again, or check your key.
        public static let authentication = Category(.authentication)

        /// January understood who is calling but refuses this operation (HTTP 403): `scope_insufficient`,
        /// `end_user_id_mismatch`, `client_token_not_allowed` or `forbidden`.
        ///
        /// A new token for the same user and scopes would be refused the same way; fix what your backend
        /// mints or which user the app acts for.
        public static let authorization = Category(.authorization)

        /// Your `clientTokenProvider` failed: it threw, timed out, or returned an empty, malformed or already
        /// expired token, or an API key instead of a client token. The provider's own error is in
        /// ``JanuaryError/underlyingError``.
        public static let tokenProvider = Category(.tokenProvider)

        /// No HTTP response arrived: the device is offline, the host could not be found or reached, the
        /// connection dropped, or a redirect was refused.
        public static let network = Category(.network)

        /// The request took too long: January answered 408 or 504 (`upstream_timeout`), or the SDK's request
        /// timeout passed. Retrying, ideally with a smaller payload, may succeed.
        public static let timeout = Category(.timeout)

        /// January answered with a server error (HTTP 5xx other than 504). Retrying later may succeed, except
        /// for `not_implemented`.
        public static let server = Category(.server)

        /// The request was refused before it was sent, or January rejected it as malformed (HTTP 400, 409, 413,
        /// 422 and other 4xx): an invalid ``PartnerUserID``, a parameter out of range, an unsafe URL.
        ///
        /// ``JanuaryError/message`` names the field or rule; fix the request rather than retrying it.
        public static let invalidInput = Category(.invalidInput)

        /// What the request names does not exist (HTTP 404, `not_found`), such as an unknown food or barcode.
        public static let notFound = Category(.notFound)

        /// January is limiting requests (HTTP 429). For `rate_limited`, wait ``JanuaryError/retryAfter``
        /// seconds and try again; `credit_limit_exceeded` and `request_limit_exceeded` last until the monthly
        /// allowance resets, so do not retry those.
        public static let rateLimited = Category(.rateLimited)

        /// The work was stopped on purpose: the client signed out (`signed_out`) or was shut down while the
        /// request was under way. Cancelling the calling task throws `CancellationError` instead.
        public static let cancelled = Category(.cancelled)

        /// January's response could not be decoded into the type you asked for.
        public static let decoding = Category(.decoding)

        /// Every category this version of the SDK makes, for tables that must cover them all; a test keeps it
        /// equal to the constants above.
        package static let allKnown: [Category] = [
            .authentication, .authorization, .tokenProvider, .network, .timeout, .server, .invalidInput, .notFound,
            .rateLimited, .cancelled, .decoding,
        ]

        /// The category's name, such as `authentication`.
        public var description: String {
            base.rawValue
        }
    }
}
