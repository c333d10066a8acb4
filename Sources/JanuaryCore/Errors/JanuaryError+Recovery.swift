import Foundation

// Why a struct of an extensible `Kind` and the wait, rather than an enum with a payload: the set of recoveries is
// one of the SDK's closed-looking vocabularies that will grow (a new January limit, a new kind of partner fault),
// and a public exhaustive enum would break every partner's `switch` when it does. `Kind` is a
// `JanuaryExtensibleString` like `Code`, so a partner switches with a `default`; the wait travels beside it, set
// only where it belongs (a `Retry-After` on a monthly limit is not an invitation to retry).

extension JanuaryError {
    /// What an app should do about a failure: exactly one ``Kind`` per error, and how long to wait when it is known.
    ///
    /// Get it from ``JanuaryError/recovery``. It is decided from the error alone, in this order:
    ///
    /// 1. ``JanuaryError/mayHaveTakenEffect``: `.checkBeforeRepeating`, whatever else the error says.
    /// 2. Category ``JanuaryError/Category/cancelled``: `.ignore`.
    /// 3. A code this SDK knows: that code's kind, in any category (Docs/Errors.md lists each).
    /// 4. Otherwise, a code that is new or missing: the category's kind.
    ///
    /// `JanuaryErrorRecoveryTests` checks every category and every known code against a table of its own, and
    /// `ErrorsGuideTests` checks the table in Docs/Errors.md against ``JanuaryError/recovery``.
    public struct Recovery: Hashable, Sendable, CustomStringConvertible {
        /// What to do.
        public let kind: Kind

        /// How many seconds to wait before acting, when January said so (`Retry-After`) or the SDK knows (a
        /// back-off or cool-down in progress); set only for `.retryLater` and `.checkBeforeRepeating`,
        /// `nil` otherwise.
        public let retryAfter: TimeInterval?

        /// Creates a recovery; only ``JanuaryError/recovery`` decides one.
        package init(_ kind: Kind, retryAfter: TimeInterval? = nil) {
            self.kind = kind
            self.retryAfter = retryAfter
        }

        /// The kind, and the wait when there is one, such as `retryLater after 30 s`.
        public var description: String {
            guard let retryAfter else {
                return kind.rawValue
            }
            return "\(kind.rawValue) after \(JanuaryError.seconds(retryAfter)) s"
        }
    }

    /// What the app should do about this error: sign in again, retry later, check before repeating a write, wait
    /// for next month, fix the input, report a bug, or nothing. See ``Recovery`` for how it is decided.
    ///
    /// ```swift
    /// do {
    ///     show(try await user.foodLogs.create(CreateFoodLogRequest(foods: meal)))
    /// } catch let error as JanuaryError {
    ///     switch error.recovery.kind {
    ///     case .checkBeforeRepeating: await reloadDay()  // the meal may be stored: look before logging it again
    ///     case .retryLater: showTryAgain(after: error.recovery.retryAfter)
    ///     case .notUntilNextMonth: showMonthlyLimitReached()  // never "Try again"
    ///     default: report(error)
    ///     }
    /// }
    /// ```
    public var recovery: Recovery {
        if mayHaveTakenEffect {
            return Recovery(.checkBeforeRepeating, retryAfter: retryAfter)
        }
        if category == .cancelled {
            return Recovery(.ignore)
        }
        let kind = code.flatMap { Self.recoveryByCode[$0] } ?? Self.recovery(for: category)
        return Recovery(kind, retryAfter: kind == .retryLater ? retryAfter : nil)
    }

    /// The recovery of each code this SDK knows, whatever the category it comes with. A test keeps it complete
    /// over `Code.allKnown`.
    static let recoveryByCode: [Code: Recovery.Kind] = [
        // January's codes (Partner API v1.2, section 5.2).
        .invalidRequest: .fixInput,
        .endUserIDRequired: .reportBug,  // the SDK sends the user; January missing it is a fault in code
        .dateRangeTooLarge: .fixInput,
        .dailyWaterLimitExceeded: .fixInput,
        .imageUnreachable: .fixInput,
        .imageCorrupt: .fixInput,
        .imageFormatUnsupported: .fixInput,
        .imageInvalidBase64: .reportBug,  // the SDK writes the base64; January refusing it is not the photo's fault
        .unauthorized: .reportBug,  // a missing header or an unknown key: the setup, not the user's session
        .tokenExpired: .signInAgain,  // reaches the app only when the one refresh did not help
        .tokenInvalid: .signInAgain,
        .tokenRevoked: .signInAgain,
        .forbidden: .reportBug,
        .clientTokenNotAllowed: .reportBug,
        .scopeInsufficient: .reportBug,
        .endUserIDMismatch: .reportBug,
        .notFound: .fixInput,
        .conflict: .fixInput,
        .payloadTooLarge: .fixInput,
        .rateLimited: .retryLater,
        .requestLimitExceeded: .notUntilNextMonth,
        .creditLimitExceeded: .notUntilNextMonth,
        .cancelled: .retryLater,  // January's 499: the connection went away before the answer, not the request's fault
        .internalError: .retryLater,
        .notImplemented: .reportBug,  // permanent: the feature is not available
        .upstreamError: .retryLater,
        .serviceUnavailable: .retryLater,
        .clientTokenRevocationIncomplete: .retryLater,
        .upstreamTimeout: .retryLater,
        // The SDK's own codes.
        .invalidEndUserID: .reportBug,  // the app's user ID, not something the user typed
        .serverOnlyEndpoint: .reportBug,
        .invalidTimeout: .reportBug,
        .invalidClientToken: .reportBug,
        .invalidClientTokenExpiration: .reportBug,
        .apiKeyAsClientToken: .reportBug,
        .clientTokenProviderFailed: .retryLater,
        .tokenProviderReentered: .reportBug,
        .tokenRejectedRepeatedly: .retryLater,  // after the breaker's cool-down, in retryAfter
        .partnerBackendRefused: .signInAgain,
        .partnerBackendFailed: .retryLater,
        .developmentKeyInReleaseBuild: .reportBug,
        .invalidDevelopmentKey: .reportBug,
        .backgroundSessionUnsupported: .reportBug,
        .signedOut: .ignore,
        .requestTimeout: .retryLater,
        .responseTooLarge: .reportBug,  // the same answer would be as large again
        .decodingFailed: .reportBug,
        .notConnectedToInternet: .retryWhenOnline,
        .cannotFindHost: .retryLater,
        .cannotConnectToHost: .retryLater,
        .secureConnectionFailed: .retryLater,
        .networkConnectionLost: .retryLater,
    ]

    /// The recovery of an error whose code is missing or new to this SDK: its category's.
    static func recovery(for category: Category) -> Recovery.Kind {
        switch category {
        case .authentication: .signInAgain
        case .authorization: .reportBug
        case .tokenProvider: .retryLater
        case .network: .retryLater
        case .timeout: .retryLater
        case .server: .retryLater
        case .invalidInput: .fixInput
        case .notFound: .fixInput
        case .rateLimited: .retryLater
        case .cancelled: .ignore
        case .decoding: .reportBug
        default: .reportBug
        }
    }
}
