extension JanuaryError {
    /// The kind of a ``JanuaryError``: an extensible set of values.
    ///
    /// New categories may be added in later releases. Compare with `==` or `switch` with a `default` branch.
    public struct Category: Hashable, Sendable, CustomStringConvertible {
        private enum Base: String, Hashable, Sendable {
            case authentication
            case tokenProvider
            case network
            case server
            case invalidInput
            case cancelled
            case decoding
        }

        private let base: Base

        private init(_ base: Base) {
            self.base = base
        }

        /// January did not accept the credential (HTTP 401 or 403), or a development API key is malformed.
        ///
        /// Refreshing has already been tried where it could help. Sign the user in again or check your key.
        public static let authentication = Category(.authentication)

        /// Your `clientTokenProvider` failed: it threw, timed out, or returned an empty or already expired
        /// token. The provider's own error is in ``JanuaryError/underlyingError``.
        public static let tokenProvider = Category(.tokenProvider)

        /// The request did not get an HTTP response: no connection, a timeout, a dropped connection, or a
        /// redirect the SDK will not follow.
        public static let network = Category(.network)

        /// January answered with a server error (HTTP 5xx). Retrying later may succeed.
        public static let server = Category(.server)

        /// The request was refused before it was sent, or January rejected it as malformed (HTTP 4xx other
        /// than 401 and 403): an invalid ``PartnerUserID``, an unsafe URL, a bad parameter.
        public static let invalidInput = Category(.invalidInput)

        /// The calling task was cancelled. Not a failure of January's or yours; usually nothing to report.
        public static let cancelled = Category(.cancelled)

        /// January's response could not be decoded into the type you asked for.
        public static let decoding = Category(.decoding)

        /// The category's name, such as `authentication`.
        public var description: String {
            base.rawValue
        }
    }
}
