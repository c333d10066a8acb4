import Foundation

extension JanuaryAPISimulator {
    /// An answer a test makes the simulator give instead of the real one, with ``JanuaryAPISimulator/failNext(_:with:method:pathPrefix:)``
    /// or after a stored write with ``JanuaryAPISimulator/failNextWrites(_:afterStoringWith:method:pathPrefix:)``.
    ///
    /// Every failure but ``closeConnection``, ``transportError(_:)`` and ``delay(_:)`` answers January's JSON error
    /// body `{"code", "message"}`, unless made with ``withoutBody`` (a gateway that drops error bodies) or
    /// ``bareInvalidTokenChallenge``.
    public struct ScriptedFailure: Sendable, Hashable, CustomStringConvertible {
        /// The status answered; `0` for ``closeConnection``, ``transportError(_:)`` and ``delay(_:)``.
        public let status: Int
        /// The JSON error code answered; empty for ``closeConnection``, ``transportError(_:)`` and ``delay(_:)``.
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
        /// For ``transportError(_:)``, the URLSession error an in-process client sees.
        public let transportError: URLError.Code?
        /// For ``delay(_:)``, the seconds the answer is held back; otherwise `0`.
        public let delay: TimeInterval

        private init(
            status: Int,
            code: String,
            retryAfter: Int? = nil,
            challenge: String? = nil,
            closesConnection: Bool = false,
            transportError: URLError.Code? = nil,
            delay: TimeInterval = 0,
            hasBody: Bool = true
        ) {
            self.status = status
            self.code = code
            self.retryAfter = retryAfter
            self.challenge = challenge
            self.closesConnection = closesConnection
            self.transportError = transportError
            self.delay = delay
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
                transportError: transportError,
                delay: delay,
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
        ///
        /// In process (`SimulatorTransport`), the client gets the error URLSession gives for it: a `network`
        /// `JanuaryError` whose underlying error is the `URLError` of `SimulatorTransport.droppedConnectionCode`.
        public static let closeConnection = ScriptedFailure(status: 0, code: "", closesConnection: true)

        /// Fails the exchange without an answer, as URLSession would with `code`, such as `.timedOut` or
        /// `.notConnectedToInternet`. The request is handled as if it arrived (it is in the request log, with no
        /// status), so a test can also stand for a request that was sent but whose answer never came.
        ///
        /// In process (`SimulatorTransport`), the client sees exactly that `URLError`, mapped as the SDK's own
        /// transport maps it (`.timedOut` is a `timeout` error, the others `network`). Over loopback a socket
        /// cannot fake another error, so the connection is closed as for ``closeConnection``.
        ///
        /// - Parameter code: The URLSession error, such as `.timedOut`.
        /// - Returns: The failure.
        public static func transportError(_ code: URLError.Code) -> ScriptedFailure {
            ScriptedFailure(status: 0, code: "", closesConnection: true, transportError: code)
        }

        /// Not a failure: the request is handled at once, as usual, and its answer held back for `seconds`, to
        /// show a slow network (a spinner in a preview, a timeout, a cancellation while waiting).
        ///
        /// Taken as the request arrives, from a list of its own: a delay and a failure scripted for the same
        /// request both apply (a slow `503`, a connection dropped after a wait). In process
        /// (`SimulatorTransport`), the wait is a sleep on the client's clock, so a `ManualClock` ends it with
        /// `advance(by:)`; over loopback, it is real time on the connection's thread. Given to
        /// ``JanuaryAPISimulator/failNextWrites(_:afterStoringWith:method:pathPrefix:)`` it is taken as the
        /// request arrives all the same.
        ///
        /// - Parameter seconds: How long the answer is held back; not negative.
        /// - Returns: The delay.
        public static func delay(_ seconds: TimeInterval) -> ScriptedFailure {
            ScriptedFailure(status: 0, code: "", delay: seconds.isFinite ? max(0, seconds) : 0)
        }

        /// Whether this is a ``delay(_:)``, which holds an answer back rather than replacing it.
        var isDelayOnly: Bool {
            status == 0 && !closesConnection
        }

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

        /// Such as `429 rate_limited`, `close connection`, `transport error -1001` or `delay 5.0 s`.
        public var description: String {
            if let transportError {
                return "transport error \(transportError.rawValue)"
            }
            if closesConnection {
                return "close connection"
            }
            if isDelayOnly {
                return "delay \(delay) s"
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
