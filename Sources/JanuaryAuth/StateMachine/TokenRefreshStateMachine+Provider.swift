import Foundation
import JanuaryCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// Events that come from the fetch: the provider call starts, returns, or times out.
extension TokenRefreshStateMachine {
    /// The fetch's task is about to call the provider.
    ///
    /// - Parameters:
    ///   - fetch: The fetch reporting.
    ///   - now: The current time; the call's duration is measured from it.
    /// - Returns: The `.providerCallStarted` event to emit, or `nil` if the fetch was
    ///   abandoned and must not call the provider.
    package mutating func providerCallStarting(_ fetch: FetchID, at now: ClockReading) -> Actions? {
        guard case .fetching(let current) = state, current.id == fetch, current.call == nil else {
            return nil
        }
        lastAttempt += 1
        let call: Fetch.Call = (attempt: lastAttempt, startedAt: now.uptime)
        modifyFetch { $0.call = call }
        return Actions(events: [JanuaryEvent(kind: .providerCallStarted, date: now.date, attempt: call.attempt)])
    }

    /// The provider returned or threw.
    ///
    /// A token is accepted only if its value is non-empty, header-safe (`CredentialSyntax.isHeaderSafe`), not a
    /// partner API key (`sk-…`), and has more than the refresh leeway left. Its remaining lifetime is its
    /// `expiresIn`, or else its `expiresAt` minus January's time (`januaryNow`, from January's `Date` headers, or the
    /// device's time before one is known); from then on it is counted down on the monotonic clock.
    ///
    /// A thrown error fails the waiters: with category `network` when the device is offline (the provider
    /// could not reach the partner's backend), otherwise `tokenProvider`; the error is kept as the underlying
    /// error, and the failure counts for back-off.
    ///
    /// - Parameters:
    ///   - fetch: The fetch reporting.
    ///   - result: What the provider returned or threw.
    ///   - now: The current time.
    ///   - januaryNow: January's time now (``JanuaryServerClock/time(at:)``), or `nil` when it is not known.
    /// - Returns: What to do; nothing if the fetch was abandoned, so that a late token is never cached.
    package mutating func providerReturned(
        _ fetch: FetchID,
        result: Result<JanuaryClientToken, any Error>,
        at now: ClockReading,
        januaryNow: Date? = nil
    ) -> Actions {
        guard case .fetching(let current) = state, current.id == fetch, let call = current.call else {
            return .none
        }
        switch result {
        case .success(let token):
            switch judge(token, at: now, januaryNow: januaryNow) {
            case .success(let verdict):
                return succeed(current, call, with: token, verdict: verdict, at: now)
            case .failure(let problem):
                return fail(current, call, with: problem, at: now)
            }
        case .failure(let error):
            return fail(current, call, with: Self.providerFailure(error), at: now)
        }
    }

    /// The provider call has run for `timeout` seconds without returning.
    ///
    /// The waiters fail with category `tokenProvider`, the failure counts for back-off, and the fetch is
    /// cancelled; whatever the provider returns later is ignored.
    ///
    /// - Parameters:
    ///   - fetch: The fetch that timed out.
    ///   - timeout: The timeout, in seconds, for the error message.
    ///   - now: The current time.
    /// - Returns: What to do; nothing if the fetch had already ended.
    package mutating func providerTimedOut(
        _ fetch: FetchID,
        after timeout: TimeInterval,
        at now: ClockReading
    ) -> Actions {
        guard case .fetching(let current) = state, current.id == fetch, let call = current.call else {
            return .none
        }
        let failure = JanuaryError.tokenProvider(
            "The token provider did not return within \(JanuaryError.seconds(timeout)) seconds.",
            code: .clientTokenProviderFailed
        )
        var actions = fail(current, call, with: failure, at: now)
        actions.cancelFetch = fetch
        return actions
    }

    private mutating func succeed(
        _ fetch: Fetch,
        _ call: Fetch.Call,
        with token: JanuaryClientToken,
        verdict: Verdict,
        at now: ClockReading
    ) -> Actions {
        let remaining = verdict.remaining
        lastGeneration += 1
        let credential = Credential(
            value: token.value,
            generation: lastGeneration,
            epoch: epoch,
            isRefreshable: true,
            expiresAt: now.date.addingTimeInterval(remaining)
        )
        state = .idle((credential, refreshAt: now.uptime + remaining - refreshLeeway))
        let event = finishedEvent(
            call,
            outcome: nil,
            waiterCount: fetch.waiters.count,
            generation: credential.generation,
            at: now
        )
        let notes = verdict.notes.map { kind in
            JanuaryEvent(kind: kind, date: now.date, generation: credential.generation)
        }
        return Actions(
            events: [event] + notes,
            resume: (waiters: fetch.waiters, result: .success(credential))
        )
    }

    /// How long an accepted token is cached, and what the caller should hear about how that was decided.
    struct Verdict {
        /// Seconds the token has left, at most ``maximumClientTokenLifetime``.
        var remaining: TimeInterval
        /// `.tokenJudgedByDeviceClock` and `.tokenLifetimeClamped`
        /// when they apply.
        var notes: [JanuaryEvent.Kind] = []
    }

    /// The longest lifetime January gives a client token, in seconds: a provider's longer lifetime is a mistake
    /// (milliseconds passed as seconds, a made-up expiry) and is clamped to it.
    package static var maximumClientTokenLifetime: TimeInterval {
        7_200
    }

    private mutating func fail(_ fetch: Fetch, _ call: Fetch.Call, with error: JanuaryError, at now: ClockReading)
        -> Actions
    {
        let failures = (fetch.previousFailures?.consecutiveFailures ?? 0) + 1
        let delay = backoff.delay(afterConsecutiveFailures: failures)
        state = .failed((consecutiveFailures: failures, retryAt: now.uptime + delay, lastError: error))
        return Actions(
            events: [finishedEvent(call, outcome: error.category, waiterCount: fetch.waiters.count, at: now)],
            resume: (waiters: fetch.waiters, result: .failure(error))
        )
    }

    /// The token's remaining lifetime, or why it cannot be cached, in words that never quote it.
    ///
    /// An `expiresAt` is judged in January's time when it is known; but a token that January's estimated time
    /// calls expired (or inside the leeway) while the device's clock does not is judged by the device's clock,
    /// with a `.tokenJudgedByDeviceClock` event: the estimate alone never refuses a token
    /// that was just minted (`WrongDateHeaderTests`, `ClockSkewRegressionTests`). A lifetime beyond ``maximumClientTokenLifetime`` is clamped to it, with a
    /// `.tokenLifetimeClamped` event.
    private func judge(_ token: JanuaryClientToken, at now: ClockReading, januaryNow: Date?)
        -> Result<Verdict, JanuaryError>
    {
        if token.value.isEmpty {
            return .failure(Self.invalidToken("The token provider returned an empty token."))
        }
        if token.value.hasPrefix("sk-") {
            return .failure(
                .tokenProvider(
                    "The token provider returned a partner API key (sk-…), not a client token. An API key must "
                        + "never reach the app: your backend must keep it and mint a short-lived client token "
                        + "(ct-…) with POST /v1.2/auth/client-tokens instead.",
                    code: JanuaryError.Code.apiKeyAsClientToken
                )
            )
        }
        if !CredentialSyntax.isHeaderSafe(token.value) {
            return .failure(
                Self.invalidToken(
                    "The token provider returned a token containing whitespace, control or non-ASCII characters."
                )
            )
        }
        var verdict = Verdict(remaining: 0)
        let judgedBy: String
        if let lifetime = token.expiresIn {
            verdict.remaining = lifetime
            judgedBy = "its expiresIn of \(lifetime) seconds"
        } else if let januaryNow {
            let byJanuary = token.expiresAt.timeIntervalSince(januaryNow)
            let byDevice = token.expiresAt.timeIntervalSince(now.date)
            if !(byJanuary > refreshLeeway), byDevice.isFinite, byDevice > refreshLeeway {
                verdict.remaining = byDevice
                verdict.notes.append(.tokenJudgedByDeviceClock)
                judgedBy = "its expiresAt against the device's clock"
            } else {
                verdict.remaining = byJanuary
                judgedBy = "its expiresAt against January's clock, as estimated from January's Date headers"
            }
        } else {
            verdict.remaining = token.expiresAt.timeIntervalSince(now.date)
            judgedBy = "its expiresAt against the device's clock (January's clock has not been seen yet)"
        }
        let remaining = verdict.remaining
        guard remaining.isFinite else {
            return .failure(Self.invalidExpiry("The token provider returned a token whose lifetime is not a number."))
        }
        guard remaining > 0 else {
            return .failure(
                Self.invalidExpiry(
                    "The token provider returned a token that has already expired, judged by \(judgedBy). If your "
                        + "backend just minted it, a clock is wrong (clock skew between the device, your backend "
                        + "and January): pass January's expires_in through rather than expires_at."
                )
            )
        }
        guard remaining > refreshLeeway else {
            return .failure(
                Self.invalidExpiry(
                    "The token provider returned a token that expires within the refresh leeway of "
                        + "\(JanuaryError.seconds(refreshLeeway)) seconds, judged by \(judgedBy); return a token that is valid for longer."
                )
            )
        }
        if remaining > Self.maximumClientTokenLifetime {
            verdict.remaining = Self.maximumClientTokenLifetime
            verdict.notes.append(.tokenLifetimeClamped)
        }
        return .success(verdict)
    }

    private static func invalidToken(_ message: String) -> JanuaryError {
        .tokenProvider(message, code: JanuaryError.Code.invalidClientToken)
    }

    private static func invalidExpiry(_ message: String) -> JanuaryError {
        .tokenProvider(message, code: JanuaryError.Code.invalidClientTokenExpiration)
    }

    /// What the waiters receive when the provider throws: the SDK's own verdict as it is (from the token-endpoint
    /// helper); `network` saying which failure when the provider could not reach the partner's backend (offline,
    /// DNS, refused, TLS, timeout, connection lost); else `tokenProvider`.
    static func providerFailure(_ error: any Error) -> JanuaryError {
        if let failure = error as? TokenProviderFailure {
            return failure.error
        }
        if let urlError = error as? URLError, let network = JanuaryError.backendUnreachable(urlError) {
            return network
        }
        if error is CancellationError {
            return .tokenProvider(
                "The token provider was cancelled although no request had given up on it.",
                code: .clientTokenProviderFailed,
                underlyingError: error
            )
        }
        return .tokenProvider(
            "The token provider threw an error.",
            code: .clientTokenProviderFailed,
            underlyingError: error
        )
    }
}
