import JanuaryCore

extension JanuaryEvent {
    /// The kind of a ``JanuaryEvent``: an extensible set of values.
    ///
    /// New kinds may be added in later releases. Compare with `==` or `switch` with a `default` branch.
    public typealias Kind = JanuaryVocabulary<JanuaryVocabularies.EventKind>
}

extension JanuaryVocabularies {
    /// The vocabulary of ``/JanuaryAuth/JanuaryEvent/Kind``, which keeps its values apart from other vocabularies'.
    public enum EventKind {}
}

extension JanuaryEvent.Kind {
    /// Creates a kind from its name, for the SDK's own modules and for tests that build events.
    ///
    /// - Parameter name: The kind's name, in lower camel case, shown by ``description``.
    public init(_ name: String) {
        self.init(rawValue: name)
    }

    /// The SDK started a call to your token provider, because no fresh token was held.
    public static var providerCallStarted: Self { Self("providerCallStarted") }

    /// A call to your token provider ended: with a token, a failure, a timeout, or because nobody was
    /// waiting for it any more.
    public static var providerCallFinished: Self { Self("providerCallFinished") }

    /// January rejected the cached token and the SDK dropped it.
    public static var tokenInvalidated: Self { Self("tokenInvalidated") }

    /// The token cache was cleared, for example on sign-out.
    public static var tokenCacheCleared: Self { Self("tokenCacheCleared") }

    /// The former name of `.tokenCacheCleared`.
    @available(*, deprecated, renamed: "tokenCacheCleared")
    public static var coordinatorReset: Self {
        tokenCacheCleared
    }

    /// January rejected several freshly minted tokens in a row, so the SDK stops calling the provider for a
    /// cool-down; see `TokenRejectionBreaker`.
    public static var circuitBreakerOpened: Self { Self("circuitBreakerOpened") }

    /// January accepted a token again, so the breaker closed and the streak of rejections was forgotten.
    public static var circuitBreakerClosed: Self { Self("circuitBreakerClosed") }

    /// The event callback fell behind and the oldest undelivered events were dropped.
    public static var eventsDropped: Self { Self("eventsDropped") }

    /// Your provider's `expiresAt` token looked expired by January's clock (as estimated from the `Date` of
    /// its responses) but not by the device's, so the SDK judged it by the device's clock rather than refuse a
    /// token that was just minted. Frequent events point at a wrong clock or a proxy rewriting `Date`; pass
    /// January's `expires_in` through to avoid clocks altogether.
    public static var tokenJudgedByDeviceClock: Self { Self("tokenJudgedByDeviceClock") }

    /// Your provider's token claimed a lifetime longer than January gives any client token (7,200 seconds),
    /// so the SDK caches it for 7,200 seconds only. Usually a backend passes milliseconds as `expires_in`.
    public static var tokenLifetimeClamped: Self { Self("tokenLifetimeClamped") }
}
