extension JanuaryError.Recovery {
    /// What to do about a failure: an extensible set of values, like ``JanuaryError/Code``.
    ///
    /// Each kind is an action an app takes, not a description of the failure: the failure is
    /// ``JanuaryError/category`` and ``JanuaryError/code``, the words a user may see are `localizedDescription`. New
    /// kinds may appear in later releases, so `switch` with a `default` branch, and treat a kind you do not know as
    /// `.reportBug`: log the error and offer nothing that sends the request again.
    ///
    /// ```swift
    /// do {
    ///     show(try await january.foods.search(SearchFoodsRequest(query: query)))
    /// } catch let error as JanuaryError {
    ///     switch error.recovery.kind {
    ///     case .retryLater: showTryAgain(after: error.recovery.retryAfter)
    ///     case .notUntilNextMonth: showMonthlyLimitReached()
    ///     default: report(error)
    ///     }
    /// }
    /// ```
    public typealias Kind = JanuaryVocabulary<JanuaryVocabularies.RecoveryKind>
}

extension JanuaryVocabularies {
    /// The vocabulary of ``/JanuaryCore/JanuaryError/Recovery/Kind``, which keeps its values apart from other vocabularies'.
    public enum RecoveryKind {}
}

extension JanuaryError.Recovery.Kind {
    /// The user's session is over: sign the user in to your app (your backend) again, then repeat.
    ///
    /// January refused the user's token (`token_revoked`, `token_invalid`, or `token_expired` after the SDK's
    /// one refresh) or your token endpoint refused to mint one (`partner_backend_refused`). The SDK dropped
    /// the token, so the next request asks your provider for a new one.
    public static var signInAgain: Self { "signInAgain" }

    /// A passing fault: the same request may succeed later. Offer "Try again", after
    /// ``JanuaryError/Recovery/retryAfter`` seconds when it is set.
    ///
    /// A rate limit (`rate_limited`), a timeout, a server error, a server or your token endpoint that could
    /// not be reached. The SDK has already retried what it may send twice (Docs/Errors.md, "What the SDK
    /// retries for you"), so trying again is the user's choice, not a loop.
    public static var retryLater: Self { "retryLater" }

    /// The device is offline (`not_connected_to_internet`): try again once it is connected.
    public static var retryWhenOnline: Self { "retryWhenOnline" }

    /// A write may have taken effect although it failed (``JanuaryError/mayHaveTakenEffect``): look before you
    /// send it again, or it may be stored twice.
    ///
    /// List the day's logs and look for it; send it again only if it is absent. It takes precedence over every
    /// other kind, because a meal stored twice cannot be told from two meals.
    public static var checkBeforeRepeating: Self { "checkBeforeRepeating" }

    /// A monthly allowance is spent (`credit_limit_exceeded`, `request_limit_exceeded`): nothing that needs
    /// January succeeds until the next calendar month (UTC). Do not offer "Try again"; January's
    /// ``JanuaryError/message`` names the reset instant, for your logs.
    public static var notUntilNextMonth: Self { "notUntilNextMonth" }

    /// The request as sent cannot succeed: ask for something else, such as another photo, a shorter date
    /// range, a smaller amount, or another product than one that is not in the catalogue (`not_found`).
    /// Sending the same request again would fail the same way.
    public static var fixInput: Self { "fixInput" }

    /// A fault in code rather than in the moment: the app's setup (a scope, a key, the token provider, the
    /// user ID) or the SDK's or January's side (an answer that cannot be read, a feature not available).
    /// Nothing the user does helps; log ``JanuaryError/description`` and, when the code is January's, send
    /// its `supportSummary` (JanuaryPartnerSDK) to January support.
    public static var reportBug: Self { "reportBug" }

    /// The work was stopped on purpose (the client signed out): show nothing.
    public static var ignore: Self { "ignore" }

    /// Every kind this version of the SDK gives, in the order of Docs/Errors.md; a test keeps it equal to the
    /// constants above.
    package static var allKnown: [Self] {
        [
            .checkBeforeRepeating, .signInAgain, .retryLater, .retryWhenOnline, .notUntilNextMonth, .fixInput,
            .reportBug, .ignore,
        ]
    }
}
