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
    public typealias Code = JanuaryVocabulary<JanuaryVocabularies.ErrorCode>
}

extension JanuaryVocabularies {
    /// The vocabulary of ``/JanuaryCore/JanuaryError/Code``, which keeps its values apart from other vocabularies'.
    public enum ErrorCode {}
}

extension JanuaryError.Code {
    // MARK: January's codes (Partner API v1.2), by usual status

    /// `400`: a parameter or the body is missing or invalid; the message names it. Also the SDK's code for a
    /// request it refused before sending.
    public static var invalidRequest: Self { "invalid_request" }
    /// `400`: an API-key call to a per-user log operation without `January-End-User-ID`.
    public static var endUserIDRequired: Self { "end_user_id_required" }
    /// `400`: the date range is longer than the operation allows (60 days for lists, 366 for summaries) or
    /// reaches too far back (5 years for water and weight).
    public static var dateRangeTooLarge: Self { "date_range_too_large" }
    /// `400`: the water log would take its day past 24 litres.
    public static var dailyWaterLimitExceeded: Self { "daily_water_limit_exceeded" }
    /// `400`: January could not fetch the image URL.
    public static var imageUnreachable: Self { "image_unreachable" }
    /// `400`: the image could not be decoded.
    public static var imageCorrupt: Self { "image_corrupt" }
    /// `400`: the image is not a JPEG, PNG, WEBP or still GIF.
    public static var imageFormatUnsupported: Self { "image_format_unsupported" }
    /// `400`: the image's base64 or data URI is malformed.
    public static var imageInvalidBase64: Self { "image_invalid_base64" }
    /// `401`: the `Authorization` header is missing or malformed, or names an unknown key.
    public static var unauthorized: Self { "unauthorized" }
    /// `401`: the client token is past its lifetime; the SDK refreshes it and replays the request once.
    public static var tokenExpired: Self { "token_expired" }
    /// `401`: January does not know the client token (never issued, or purged after expiry).
    public static var tokenInvalid: Self { "token_invalid" }
    /// `401`: the client token was revoked, through the API or the dashboard.
    public static var tokenRevoked: Self { "token_revoked" }
    /// `403`: a general refusal, such as a key for another API version, or client tokens not enabled.
    public static var forbidden: Self { "forbidden" }
    /// `403`: a client token was used on an operation that needs the API key.
    public static var clientTokenNotAllowed: Self { "client_token_not_allowed" }
    /// `403`: the client token lacks the operation's scope.
    public static var scopeInsufficient: Self { "scope_insufficient" }
    /// `403`: `January-End-User-ID` names another user than the one the token is bound to.
    public static var endUserIDMismatch: Self { "end_user_id_mismatch" }
    /// `404`: what the request names does not exist.
    public static var notFound: Self { "not_found" }
    /// `409`: the request conflicts with an existing resource.
    public static var conflict: Self { "conflict" }
    /// `413`: the body is larger than 5 MB.
    public static var payloadTooLarge: Self { "payload_too_large" }
    /// `429`: a rate limit; wait ``JanuaryError/retryAfter`` and try again.
    public static var rateLimited: Self { "rate_limited" }
    /// `429`: the monthly request allowance is spent until next month; do not retry.
    public static var requestLimitExceeded: Self { "request_limit_exceeded" }
    /// `429`: the monthly credit allowance is spent until next month; do not retry.
    public static var creditLimitExceeded: Self { "credit_limit_exceeded" }
    /// `499`: the client went away before January answered.
    public static var cancelled: Self { "cancelled" }
    /// `500`: January failed; retrying later may succeed.
    public static var internalError: Self { "internal_error" }
    /// `501`: the feature is not available; do not retry.
    public static var notImplemented: Self { "not_implemented" }
    /// `502`: a service January depends on failed.
    public static var upstreamError: Self { "upstream_error" }
    /// `503`: January is unavailable for now.
    public static var serviceUnavailable: Self { "service_unavailable" }
    /// `503`: only part of a token revocation was done; the same request may be repeated.
    public static var clientTokenRevocationIncomplete: Self { "client_token_revocation_incomplete" }
    /// `504`: a service January depends on took too long.
    public static var upstreamTimeout: Self { "upstream_timeout" }

    // MARK: The SDK's own codes, for failures January never saw

    /// The ``PartnerUserID`` is empty, too long, not printable ASCII, or looks like an email address.
    public static var invalidEndUserID: Self { "invalid_end_user_id" }
    /// The path is one of January's server-only endpoints (`/v1.2/auth/…`, `/v1.2/credits`).
    public static var serverOnlyEndpoint: Self { "server_only_endpoint" }
    /// A request's timeout is not a positive, finite number of seconds.
    public static var invalidTimeout: Self { "invalid_timeout" }
    /// The token provider returned an empty or malformed token.
    public static var invalidClientToken: Self { "invalid_client_token" }
    /// The token provider returned a token that is expired or expires within the refresh leeway.
    public static var invalidClientTokenExpiration: Self { "invalid_client_token_expiration" }
    /// The token provider returned an API key (`sk-…`) instead of a client token.
    public static var apiKeyAsClientToken: Self { "api_key_as_client_token" }
    /// The token provider threw, was cancelled, or did not return in time.
    public static var clientTokenProviderFailed: Self { "client_token_provider_failed" }
    /// The token provider called the client it provides for.
    public static var tokenProviderReentered: Self { "token_provider_reentered" }
    /// Freshly minted tokens were rejected again and again; the SDK leaves the provider alone for a while.
    public static var tokenRejectedRepeatedly: Self { "token_rejected_repeatedly" }
    /// Your token endpoint refused to mint a token (HTTP 401 or 403): your user's session with your backend
    /// is no longer valid. ``JanuaryError/statusCode`` has the status.
    public static var partnerBackendRefused: Self { "partner_backend_refused" }
    /// Your token endpoint failed (another non-2xx status, such as 503) or answered something that is not a
    /// client token. ``JanuaryError/statusCode`` has the status when there was one.
    public static var partnerBackendFailed: Self { "partner_backend_failed" }
    /// A development API key was used in a release build.
    public static var developmentKeyInReleaseBuild: Self { "development_key_in_release_build" }
    /// The development API key is malformed.
    public static var invalidDevelopmentKey: Self { "invalid_development_key" }
    /// A background URLSession configuration was given to the transport, which cannot use one.
    public static var backgroundSessionUnsupported: Self { "background_session_unsupported" }
    /// The client signed out while the request was under way.
    public static var signedOut: Self { "signed_out" }
    /// The request's timeout passed before the server answered.
    public static var requestTimeout: Self { "request_timeout" }
    /// The response was larger than the SDK accepts.
    public static var responseTooLarge: Self { "response_too_large" }
    /// January's response could not be decoded into the expected type.
    public static var decodingFailed: Self { "decoding_failed" }
    /// No network connection: the device is offline, or data is not allowed on this network.
    public static var notConnectedToInternet: Self { "not_connected_to_internet" }
    /// The server's host name could not be resolved (DNS).
    public static var cannotFindHost: Self { "cannot_find_host" }
    /// The host was found but refused the connection or did not answer it.
    public static var cannotConnectToHost: Self { "cannot_connect_to_host" }
    /// A secure (TLS) connection could not be established, such as for an untrusted certificate.
    public static var secureConnectionFailed: Self { "secure_connection_failed" }
    /// The connection was lost before the response was complete.
    public static var networkConnectionLost: Self { "network_connection_lost" }

    /// Every code above, January's then the SDK's, for tables that must cover them all; a test keeps it equal to
    /// the constants.
    package static var allKnown: [Self] {
        [
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
