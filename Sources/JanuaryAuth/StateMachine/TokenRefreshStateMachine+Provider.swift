import Foundation
import JanuaryCore

// Events that come from the fetch: the provider call starts, returns, or times out.
extension TokenRefreshStateMachine {
    /// The fetch's backoff wait is over and it is about to call the provider.
    ///
    /// - Parameters:
    ///   - fetch: The fetch reporting.
    ///   - now: The current time; the call's duration is measured from it.
    /// - Returns: The ``JanuaryTokenEvent/Kind/providerCallStarted`` event to emit, or `nil` if the fetch was
    ///   abandoned and must not call the provider.
    package mutating func providerCallStarting(_ fetch: FetchID, at now: Date) -> Actions? {
        guard case .fetching(let current) = state, current.id == fetch, current.call == nil else {
            return nil
        }
        lastAttempt += 1
        let call = Fetch.Call(attempt: lastAttempt, startedAt: now)
        modifyFetch { $0.call = call }
        let attempt = call.attempt
        return Actions(events: [JanuaryTokenEvent(kind: .providerCallStarted, date: now, attempt: attempt)])
    }

    /// The provider returned or threw.
    ///
    /// A token is accepted only if its value is non-empty and header-safe (`CredentialSyntax.isHeaderSafe`)
    /// and it is still fresh (`now < expiresAt - refreshLeeway`); otherwise the fetch fails, because caching
    /// it would make every request fetch again at once. A thrown error fails the fetch with
    /// ``/JanuaryCore/JanuaryError/Category/tokenProvider``, keeping the error as the underlying error; a cancellation
    /// (`CancellationError` or a cancelled `JanuaryError`) fails the waiters with
    /// ``/JanuaryCore/JanuaryError/Category/cancelled`` and does not count as a failure for backoff.
    ///
    /// - Parameters:
    ///   - fetch: The fetch reporting.
    ///   - result: What the provider returned or threw.
    ///   - now: The current time.
    /// - Returns: What to do; nothing if the fetch was abandoned, so that a late token is never cached.
    package mutating func providerReturned(
        _ fetch: FetchID,
        result: Result<JanuaryClientToken, any Error>,
        at now: Date
    ) -> Actions {
        guard case .fetching(let current) = state, current.id == fetch, let call = current.call else {
            return .none
        }
        switch result {
        case .success(let token):
            if let problem = problem(with: token, at: now) {
                return fail(current, call, with: .tokenProvider(problem), at: now)
            }
            return succeed(current, call, with: token, at: now)
        case .failure(let error):
            if Self.isCancellation(error) {
                state = current.previousFailures.map(State.failed) ?? .idle(nil)
                let failure = JanuaryError.cancelled("The token provider was cancelled.")
                return Actions(
                    events: [finishedEvent(call, outcome: .cancelled, waiterCount: current.waiters.count, at: now)],
                    resume: Resumption(waiters: Array(current.waiters.values), result: .failure(failure))
                )
            }
            let failure = JanuaryError.tokenProvider("The token provider threw an error.", underlyingError: error)
            return fail(current, call, with: failure, at: now)
        }
    }

    /// The provider call has run for `timeout` seconds without returning.
    ///
    /// The waiters fail with ``/JanuaryCore/JanuaryError/Category/tokenProvider``, the failure counts for backoff, and
    /// the fetch is cancelled; whatever the provider returns later is ignored.
    ///
    /// - Parameters:
    ///   - fetch: The fetch that timed out.
    ///   - timeout: The timeout, in seconds, for the error message.
    ///   - now: The current time.
    /// - Returns: What to do; nothing if the fetch had already ended.
    package mutating func providerTimedOut(_ fetch: FetchID, after timeout: TimeInterval, at now: Date) -> Actions {
        guard case .fetching(let current) = state, current.id == fetch, let call = current.call else {
            return .none
        }
        let failure = JanuaryError.tokenProvider("The token provider did not return within \(timeout) seconds.")
        var actions = fail(current, call, with: failure, at: now)
        actions.cancelFetch = fetch
        return actions
    }

    private mutating func succeed(
        _ fetch: Fetch,
        _ call: Fetch.Call,
        with token: JanuaryClientToken,
        at now: Date
    ) -> Actions {
        lastGeneration += 1
        let credential = Credential(
            value: token.value,
            generation: lastGeneration,
            isRefreshable: true,
            expiresAt: token.expiresAt
        )
        state = .idle(CachedCredential(credential: credential, refreshAt: refreshDeadline(of: token)))
        let event = finishedEvent(
            call,
            outcome: nil,
            waiterCount: fetch.waiters.count,
            generation: credential.generation,
            at: now
        )
        return Actions(
            events: [event],
            resume: Resumption(waiters: Array(fetch.waiters.values), result: .success(credential))
        )
    }

    private mutating func fail(_ fetch: Fetch, _ call: Fetch.Call, with error: JanuaryError, at now: Date) -> Actions {
        let failures = (fetch.previousFailures?.consecutiveFailures ?? 0) + 1
        state = .failed(FailureRecord(consecutiveFailures: failures, lastFailureAt: now))
        return Actions(
            events: [finishedEvent(call, outcome: error.category, waiterCount: fetch.waiters.count, at: now)],
            resume: Resumption(waiters: Array(fetch.waiters.values), result: .failure(error))
        )
    }

    /// Why a token cannot be cached, in words that never quote it; `nil` if it can.
    private func problem(with token: JanuaryClientToken, at now: Date) -> String? {
        if token.value.isEmpty {
            return "The token provider returned an empty token."
        }
        if !CredentialSyntax.isHeaderSafe(token.value) {
            return "The token provider returned a token containing whitespace, control or non-ASCII characters."
        }
        if !(now < refreshDeadline(of: token)) {
            return "The token provider returned a token that expires at \(token.expiresAt.formatted(.iso8601)), "
                + "within the refresh leeway of \(refreshLeeway) seconds; return a token that is valid for longer."
        }
        return nil
    }

    private func refreshDeadline(of token: JanuaryClientToken) -> Date {
        token.expiresAt.addingTimeInterval(-refreshLeeway)
    }

    private static func isCancellation(_ error: any Error) -> Bool {
        if error is CancellationError {
            return true
        }
        if let january = error as? JanuaryError {
            return january.isCancellation
        }
        return false
    }
}
