extension JanuaryAPISimulator {
    /// An answer a test makes the simulator give instead of the real one, with ``JanuaryAPISimulator/failNext(_:with:method:pathPrefix:)``
    /// or after a stored write with ``JanuaryAPISimulator/failNextWrites(_:afterStoringWith:method:pathPrefix:)``.
    ///
    /// Every failure but ``closeConnection`` answers January's JSON error body `{"code", "message"}`, unless made
    /// with ``withoutBody`` (a gateway that drops error bodies) or ``bareInvalidTokenChallenge``.
    public struct ScriptedFailure: Sendable, Hashable, CustomStringConvertible {
        /// The status answered; `0` for ``closeConnection``.
        public let status: Int
        /// The JSON error code answered; empty for ``closeConnection``.
        public let code: String
        /// The `Retry-After` value in seconds, when one is sent.
        public let retryAfter: Int?
        /// The `WWW-Authenticate` value, when one is sent.
        public let challenge: String?
        /// Whether the connection is closed without an answer instead.
        public let closesConnection: Bool
        /// Whether the answer carries the JSON error body; `false` leaves only the status and headers, so a
        /// client must decide from `WWW-Authenticate` alone.
        public let hasBody: Bool

        private init(
            status: Int,
            code: String,
            retryAfter: Int? = nil,
            challenge: String? = nil,
            closesConnection: Bool = false,
            hasBody: Bool = true
        ) {
            self.status = status
            self.code = code
            self.retryAfter = retryAfter
            self.challenge = challenge
            self.closesConnection = closesConnection
            self.hasBody = hasBody
        }

        /// The same status and headers with no body at all, as from a gateway that drops error bodies: for a token
        /// rejection, only the challenge's `error_description` tells an expired token from a revoked one.
        public var withoutBody: ScriptedFailure {
            ScriptedFailure(
                status: status,
                code: code,
                retryAfter: retryAfter,
                challenge: challenge,
                closesConnection: closesConnection,
                hasBody: false
            )
        }

        /// `429 rate_limited`, with `Retry-After: <seconds>` when `retryAfter` is given.
        ///
        /// January always sends `Retry-After` on `rate_limited` from `getCredits`, `createClientToken` and
        /// `revokeClientTokens`, so there a `nil` `retryAfter` sends ``defaultRetryAfter`` seconds.
        ///
        /// - Parameter retryAfter: The seconds to announce, or `nil` for no `Retry-After` header (but see above).
        /// - Returns: The failure.
        public static func rateLimited(retryAfter: Int? = nil) -> ScriptedFailure {
            ScriptedFailure(status: 429, code: "rate_limited", retryAfter: retryAfter)
        }

        /// `429 credit_limit_exceeded`: the month's credits are spent; never a `Retry-After`.
        public static let creditLimitExceeded = ScriptedFailure(status: 429, code: "credit_limit_exceeded")
        /// `429 request_limit_exceeded`: the month's requests are spent; never a `Retry-After`.
        public static let requestLimitExceeded = ScriptedFailure(status: 429, code: "request_limit_exceeded")
        /// `500 internal_error`.
        public static let internalError = ScriptedFailure(status: 500, code: "internal_error")
        /// `501 not_implemented`: permanent, not to be retried.
        public static let notImplemented = ScriptedFailure(status: 501, code: "not_implemented")
        /// `502 upstream_error`.
        public static let upstreamError = ScriptedFailure(status: 502, code: "upstream_error")
        /// `503 service_unavailable`.
        public static let serviceUnavailable = ScriptedFailure(status: 503, code: "service_unavailable")
        /// `504 upstream_timeout`.
        public static let upstreamTimeout = ScriptedFailure(status: 504, code: "upstream_timeout")

        /// `401 unauthorized` with `WWW-Authenticate: Bearer`, as for a missing or unknown credential.
        public static let unauthorized = ScriptedFailure(status: 401, code: "unauthorized", challenge: "Bearer")
        /// `401 token_expired` with the `invalid_token` challenge: the SDK refreshes and replays once.
        public static let tokenExpired = tokenRejection("token_expired", "token expired")
        /// `401 token_invalid` with the `invalid_token` challenge.
        public static let tokenInvalid = tokenRejection("token_invalid", "token invalid")
        /// `401 token_revoked` with the `invalid_token` challenge.
        public static let tokenRevoked = tokenRejection("token_revoked", "token revoked")
        /// `401` with the standard challenge `Bearer error="invalid_token"` alone: no `error_description` and no
        /// body, as a server that says only that the token is not accepted.
        public static let bareInvalidTokenChallenge = ScriptedFailure(
            status: 401,
            code: "",
            challenge: #"Bearer error="invalid_token""#,
            hasBody: false
        )

        /// Reads the whole request, then closes the connection without a byte of answer.
        public static let closeConnection = ScriptedFailure(status: 0, code: "", closesConnection: true)

        /// Any status and code, such as `409 conflict` or a `5xx` January may add later.
        ///
        /// - Parameters:
        ///   - status: The status to answer.
        ///   - code: The JSON error code to answer.
        ///   - retryAfter: The seconds for a `Retry-After` header, or `nil` for none (for `rate_limited` on the
        ///     operations that always send one, ``defaultRetryAfter``).
        /// - Returns: The failure.
        public static func error(status: Int, code: String, retryAfter: Int? = nil) -> ScriptedFailure {
            ScriptedFailure(status: status, code: code, retryAfter: retryAfter)
        }

        private static func tokenRejection(_ code: String, _ description: String) -> ScriptedFailure {
            ScriptedFailure(
                status: 401,
                code: code,
                challenge: #"Bearer error="invalid_token", error_description="\#(description)""#
            )
        }

        /// Such as `429 rate_limited` or `close connection`.
        public var description: String {
            if closesConnection {
                return "close connection"
            }
            let answer = code.isEmpty ? "\(status)" : "\(status) \(code)"
            return hasBody ? answer : answer + " without body"
        }

        /// The seconds of `Retry-After` a scripted `rate_limited` without one announces where January always
        /// sends one.
        public static let defaultRetryAfter = 1

        /// The operations whose `rate_limited` answers always carry `Retry-After` (Docs/Contract.md, Errors).
        static let alwaysRetryAfter: Set<String> = ["getCredits", "createClientToken", "revokeClientTokens"]

        /// The answer for a request to `operation` (`nil` when the path matched none).
        func apiError(for operation: String?) -> APIError {
            var fields: [HeaderField] = []
            if let seconds = retryAfter
                ?? (code == "rate_limited" && operation.map(Self.alwaysRetryAfter.contains) == true
                    ? Self.defaultRetryAfter : nil)
            {
                fields.append(HeaderField(name: "Retry-After", value: String(seconds)))
            }
            if let challenge {
                fields.append(HeaderField(name: "WWW-Authenticate", value: challenge))
            }
            return APIError(status: status, code: code, message: message, headerFields: fields, hasBody: hasBody)
        }

        private var message: String {
            switch code {
            case "rate_limited": "Too many requests; slow down (scripted by the simulator)"
            case "credit_limit_exceeded": "The monthly credit allowance is spent (scripted by the simulator)"
            case "request_limit_exceeded": "The monthly request allowance is spent (scripted by the simulator)"
            case "token_expired", "token_invalid", "token_revoked", "unauthorized":
                "The credential was refused (scripted by the simulator)"
            default: "The simulator was scripted to fail this request"
            }
        }
    }
}
