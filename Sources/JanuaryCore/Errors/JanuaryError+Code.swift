extension JanuaryError {
    /// The codes the SDK reads or makes itself, spelled once. January's codes are listed in Docs/Errors.md;
    /// partners compare ``JanuaryError/code`` with those strings.
    package enum Code {
        // January's codes that change what the SDK does.
        package static let invalidRequest = "invalid_request"
        package static let dateRangeTooLarge = "date_range_too_large"
        package static let payloadTooLarge = "payload_too_large"
        package static let tokenExpired = "token_expired"
        package static let tokenInvalid = "token_invalid"
        package static let tokenRevoked = "token_revoked"
        package static let endUserIDMismatch = "end_user_id_mismatch"
        package static let creditLimitExceeded = "credit_limit_exceeded"
        package static let requestLimitExceeded = "request_limit_exceeded"
        package static let notImplemented = "not_implemented"

        // The SDK's own codes, for failures January never saw.
        package static let invalidEndUserID = "invalid_end_user_id"
        package static let serverOnlyEndpoint = "server_only_endpoint"
        package static let invalidTimeout = "invalid_timeout"
        package static let invalidClientToken = "invalid_client_token"
        package static let invalidClientTokenExpiration = "invalid_client_token_expiration"
        package static let apiKeyAsClientToken = "api_key_as_client_token"
        package static let clientTokenProviderFailed = "client_token_provider_failed"
        package static let tokenProviderReentered = "token_provider_reentered"
        package static let tokenRejectedRepeatedly = "token_rejected_repeatedly"
        package static let developmentKeyInReleaseBuild = "development_key_in_release_build"
        package static let invalidDevelopmentKey = "invalid_development_key"
        package static let backgroundSessionUnsupported = "background_session_unsupported"
        package static let signedOut = "signed_out"
        package static let requestTimeout = "request_timeout"
        package static let responseTooLarge = "response_too_large"
        package static let decodingFailed = "decoding_failed"
    }
}
