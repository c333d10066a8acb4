extension JanuaryError {
    /// The stable code of a ``JanuaryError``: January's own, or one the SDK makes for a failure January never saw.
    ///
    /// An extensible set of values, like January's vocabulary: compare with the constants, or with a string
    /// literal, and treat a code you do not know by the error's ``JanuaryError/category``.
    ///
    /// ```swift
    /// do {
    ///     show(try await january.foodAnalysis.analyzePhoto(photo))
    /// } catch let error as JanuaryError {
    ///     if error.code == .creditLimitExceeded { showUpgradeScreen() }
    ///     if error.code == "credit_limit_exceeded" { showUpgradeScreen() }  // the same test
    /// }
    /// ```
    public struct Code: JanuaryExtensibleString {
        /// The code as January or the SDK spells it, such as `rate_limited`.
        public let rawValue: String

        /// Creates a code from its spelling.
        ///
        /// - Parameter rawValue: The code, such as `rate_limited`.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        // MARK: January's codes (Partner API v1.2), by usual status

        /// `400`: a parameter or the body is missing or invalid; the message names it. Also the SDK's code for a
        /// request it refused before sending.
        public static let invalidRequest: Code = "invalid_request"
        /// `400`: an API-key call to a per-user log operation without `January-End-User-ID`.
        public static let endUserIDRequired: Code = "end_user_id_required"
        /// `400`: the date range is longer than the operation allows (60 days for lists, 366 for summaries) or
        /// reaches too far back (5 years for water and weight).
        public static let dateRangeTooLarge: Code = "date_range_too_large"
        /// `400`: the water log would take its day past 24 litres.
        public static let dailyWaterLimitExceeded: Code = "daily_water_limit_exceeded"
        /// `400`: January could not fetch the image URL.
        public static let imageUnreachable: Code = "image_unreachable"
        /// `400`: the image could not be decoded.
        public static let imageCorrupt: Code = "image_corrupt"
        /// `400`: the image is not a JPEG, PNG, WEBP or still GIF.
        public static let imageFormatUnsupported: Code = "image_format_unsupported"
        /// `400`: the image's base64 or data URI is malformed.
        public static let imageInvalidBase64: Code = "image_invalid_base64"
        /// `401`: the `Authorization` header is missing or malformed, or names an unknown key.
        public static let unauthorized: Code = "unauthorized"
        /// `401`: the client token is past its lifetime; the SDK refreshes it and replays the request once.
        public static let tokenExpired: Code = "token_expired"
        /// `401`: January does not know the client token (never issued, or purged after expiry).
        public static let tokenInvalid: Code = "token_invalid"
        /// `401`: the client token was revoked, through the API or the dashboard.
        public static let tokenRevoked: Code = "token_revoked"
        /// `403`: a general refusal, such as a key for another API version, or client tokens not enabled.
        public static let forbidden: Code = "forbidden"
        /// `403`: a client token was used on an operation that needs the API key.
        public static let clientTokenNotAllowed: Code = "client_token_not_allowed"
        /// `403`: the client token lacks the operation's scope.
        public static let scopeInsufficient: Code = "scope_insufficient"
        /// `403`: `January-End-User-ID` names another user than the one the token is bound to.
        public static let endUserIDMismatch: Code = "end_user_id_mismatch"
        /// `404`: what the request names does not exist.
        public static let notFound: Code = "not_found"
        /// `409`: the request conflicts with an existing resource.
        public static let conflict: Code = "conflict"
        /// `413`: the body is larger than 5 MB.
        public static let payloadTooLarge: Code = "payload_too_large"
        /// `429`: a rate limit; wait ``JanuaryError/retryAfter`` and try again.
        public static let rateLimited: Code = "rate_limited"
        /// `429`: the monthly request allowance is spent until next month; do not retry.
        public static let requestLimitExceeded: Code = "request_limit_exceeded"
        /// `429`: the monthly credit allowance is spent until next month; do not retry.
        public static let creditLimitExceeded: Code = "credit_limit_exceeded"
        /// `499`: the client went away before January answered.
        public static let cancelled: Code = "cancelled"
        /// `500`: January failed; retrying later may succeed.
        public static let internalError: Code = "internal_error"
        /// `501`: the feature is not available; do not retry.
        public static let notImplemented: Code = "not_implemented"
        /// `502`: a service January depends on failed.
        public static let upstreamError: Code = "upstream_error"
        /// `503`: January is unavailable for now.
        public static let serviceUnavailable: Code = "service_unavailable"
        /// `503`: only part of a token revocation was done; the same request may be repeated.
        public static let clientTokenRevocationIncomplete: Code = "client_token_revocation_incomplete"
        /// `504`: a service January depends on took too long.
        public static let upstreamTimeout: Code = "upstream_timeout"

        // MARK: The SDK's own codes, for failures January never saw

        /// The ``PartnerUserID`` is empty, too long, not printable ASCII, or looks like an email address.
        public static let invalidEndUserID: Code = "invalid_end_user_id"
        /// The path is one of January's server-only endpoints (`/v1.2/auth/…`, `/v1.2/credits`).
        public static let serverOnlyEndpoint: Code = "server_only_endpoint"
        /// A request's timeout is not a positive, finite number of seconds.
        public static let invalidTimeout: Code = "invalid_timeout"
        /// The token provider returned an empty or malformed token.
        public static let invalidClientToken: Code = "invalid_client_token"
        /// The token provider returned a token that is expired or expires within the refresh leeway.
        public static let invalidClientTokenExpiration: Code = "invalid_client_token_expiration"
        /// The token provider returned an API key (`sk-…`) instead of a client token.
        public static let apiKeyAsClientToken: Code = "api_key_as_client_token"
        /// The token provider threw, was cancelled, or did not return in time.
        public static let clientTokenProviderFailed: Code = "client_token_provider_failed"
        /// The token provider called the client it provides for.
        public static let tokenProviderReentered: Code = "token_provider_reentered"
        /// Freshly minted tokens were rejected again and again; the SDK leaves the provider alone for a while.
        public static let tokenRejectedRepeatedly: Code = "token_rejected_repeatedly"
        /// Your token endpoint refused to mint a token (HTTP 401 or 403): your user's session with your backend
        /// is no longer valid. ``JanuaryError/statusCode`` has the status.
        public static let partnerBackendRefused: Code = "partner_backend_refused"
        /// Your token endpoint failed (another non-2xx status, such as 503) or answered something that is not a
        /// client token. ``JanuaryError/statusCode`` has the status when there was one.
        public static let partnerBackendFailed: Code = "partner_backend_failed"
        /// A development API key was used in a release build.
        public static let developmentKeyInReleaseBuild: Code = "development_key_in_release_build"
        /// The development API key is malformed.
        public static let invalidDevelopmentKey: Code = "invalid_development_key"
        /// A background URLSession configuration was given to the transport, which cannot use one.
        public static let backgroundSessionUnsupported: Code = "background_session_unsupported"
        /// The client signed out while the request was under way.
        public static let signedOut: Code = "signed_out"
        /// The request's timeout passed before the server answered.
        public static let requestTimeout: Code = "request_timeout"
        /// The response was larger than the SDK accepts.
        public static let responseTooLarge: Code = "response_too_large"
        /// January's response could not be decoded into the expected type.
        public static let decodingFailed: Code = "decoding_failed"
        /// No network connection: the device is offline, or data is not allowed on this network.
        public static let notConnectedToInternet: Code = "not_connected_to_internet"
        /// The server's host name could not be resolved (DNS).
        public static let cannotFindHost: Code = "cannot_find_host"
        /// The host was found but refused the connection or did not answer it.
        public static let cannotConnectToHost: Code = "cannot_connect_to_host"
        /// A secure (TLS) connection could not be established, such as for an untrusted certificate.
        public static let secureConnectionFailed: Code = "secure_connection_failed"
        /// The connection was lost before the response was complete.
        public static let networkConnectionLost: Code = "network_connection_lost"

        /// Every code above, January's then the SDK's, for tables that must cover them all; a test keeps it equal to
        /// the constants.
        package static let allKnown: [Code] = [
            .invalidRequest, .endUserIDRequired, .dateRangeTooLarge, .dailyWaterLimitExceeded, .imageUnreachable,
            .imageCorrupt, .imageFormatUnsupported, .imageInvalidBase64, .unauthorized, .tokenExpired, .tokenInvalid,
            .tokenRevoked, .forbidden, .clientTokenNotAllowed, .scopeInsufficient, .endUserIDMismatch, .notFound,
            .conflict, .payloadTooLarge, .rateLimited, .requestLimitExceeded, .creditLimitExceeded, .cancelled,
            .internalError, .notImplemented, .upstreamError, .serviceUnavailable, .clientTokenRevocationIncomplete,
            .upstreamTimeout,
            .invalidEndUserID, .serverOnlyEndpoint, .invalidTimeout, .invalidClientToken, .invalidClientTokenExpiration,
            .apiKeyAsClientToken, .clientTokenProviderFailed, .tokenProviderReentered, .tokenRejectedRepeatedly,
            .partnerBackendRefused, .partnerBackendFailed, .developmentKeyInReleaseBuild, .invalidDevelopmentKey,
            .backgroundSessionUnsupported, .signedOut, .requestTimeout, .responseTooLarge, .decodingFailed,
            .notConnectedToInternet, .cannotFindHost, .cannotConnectToHost, .secureConnectionFailed,
            .networkConnectionLost,
        ]
    }
}
