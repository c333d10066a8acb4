import Foundation
import JanuaryAuth
import JanuaryCore
import JanuaryTransport

/// One request's exchange with January, as a state machine: every decision of ``JanuaryPartnerClient/send(_:)``
/// (replay once after a refresh, surface a revocation, retry or not, wait how long, what the error says) and no
/// effect.
///
/// It does no I/O, reads no clock and takes no lock. Each input returns a ``Transition``: synchronous
/// ``Effect``s for the driver to run at once (report to the token cache, note January's time, emit an event), then the one ``Step`` to take
/// next (fetch a credential, send, refresh, wait, or finish), whose outcome is the next input.
/// `JanuaryPartnerClient.exchange(_:)` is the driver. Time and chance come in with the inputs (`now`, `jitter`),
/// so every rule of Docs/Errors.md and Docs/Authentication.md is a table-driven test without a transport.
struct RequestExchange {
    /// What the request allows, decided once where the request is prepared.
    struct Rules {
        /// Whether it may be sent more than once (a replay after a refresh, a retry), and after an unknown
        /// outcome; decided once, where the request was made.
        var replay: JanuaryReplayClass
        /// Whether the body can be read twice; only for the wording of a refusal not to replay.
        var bodyIsReplayable: Bool
        /// The request's method, for the note on an unknown outcome.
        var method: String
        /// The client's retry policy.
        var policy: JanuaryRetryPolicy
    }

    /// Something the driver does at once, without suspending, before the next step.
    enum Effect {
        /// Tell the token cache what January said of a credential: authenticated, or refused for good (dropped
        /// without asking the provider, and a revocation remembered for its session to explain a later provider
        /// failure). An expiry is the ``Step/refresh(_:)`` step.
        case report(TokenCoordinator.Report)
        /// Note the `Date` of January's successful answer on the client's ``/JanuaryAuth/JanuaryServerClock``,
        /// which the token cache and undated writes read. Held as the seconds a `Date` holds, since a `Date` payload
        /// would give every effect, transition and step a layout known only at run time (see `Boxed`).
        case noteJanuarysTime(secondsSinceReferenceDate: TimeInterval)
        /// Emit this event, dated when it is emitted.
        case emit(Event)
    }

    /// An event of the exchange, without its date.
    struct Event: Equatable {
        var kind: JanuaryEvent.Kind
        var attempt: UInt64?
        var generation: UInt64?
        var retryAfter: TimeInterval?
        var statusCode: Int?
        var code: String?

        /// The event at `date`.
        func at(_ date: Date) -> JanuaryEvent {
            JanuaryEvent(
                kind: kind,
                date: date,
                attempt: attempt,
                generation: generation,
                retryAfter: retryAfter,
                statusCode: statusCode,
                code: code
            )
        }
    }

    /// The one asynchronous thing to do next, or the end.
    enum Step {
        /// Get a credential of the session `epoch` (any session when `nil`), then call ``credentialArrived(_:)``
        /// or ``credentialFailed(_:)``.
        case fetchCredential(inEpoch: UInt64?)
        /// Send with this credential, then call ``responded(_:now:jitter:)`` or ``transportFailed(_:jitter:)``.
        case send(Credential)
        /// Ask the token cache for the replacement of this expired credential; then call ``refreshed(_:)`` or
        /// ``refreshFailed(_:)``.
        case refresh(Credential)
        /// Wait this many seconds, or until the session `epoch` ends (the token cache's retry wait), then call
        /// ``waitEnded()``.
        case wait(TimeInterval, epoch: UInt64)
        /// Return this response.
        case succeed(JanuaryHTTPResponse)
        /// Throw this error.
        case fail(JanuaryError)
    }

    /// The effects to run, then the step to take.
    struct Transition {
        var effects: [Effect] = []
        var step: Step
    }

    /// What the request has used of its second sends so far: carried from state to state, so that none of it can
    /// be lost or reset between two attempts.
    struct Attempts {
        /// Whether it was sent again, once, with a refreshed credential.
        var hasReplayedAfterRefresh = false
        /// How many retries it has had.
        var retries = 0
        /// How many seconds its retries have waited in all.
        var waited: TimeInterval = 0
    }

    /// Where the exchange is, with what that stage needs and nothing else.
    private enum State {
        /// Not started; a request pinned to a session (one of several that settle one write) names it.
        case created(session: UInt64?)
        /// Waiting for a credential of `session`, or of whichever is current when `nil`: only before the first
        /// credential fixed the request's session.
        case fetching(session: UInt64?, Attempts)
        /// Sent with `credential`, whose session is the request's, waiting for the answer.
        case sending(Credential, Attempts)
        /// January rejected `expired` as expired with `rejection`; waiting for its replacement.
        case refreshing(expired: Credential, rejection: JanuaryError, Attempts)
        /// Waiting before a retry in the session `epoch`.
        case waiting(epoch: UInt64, Attempts)
        /// Succeeded or failed; no input is expected.
        case finished
    }

    let rules: Rules
    private var state: State

    /// - Parameters:
    ///   - rules: What the request allows.
    ///   - session: The session the request must be sent in, for one of several requests that settle one write;
    ///     `nil` for a request that joins whichever session is current.
    init(rules: Rules, session: UInt64? = nil) {
        self.rules = rules
        self.state = .created(session: session)
    }

    /// The first step: a credential of the request's session, or of whichever is current.
    mutating func start() -> Transition {
        guard case .created(let session) = state else { Self.unexpected(#function) }
        state = .fetching(session: session, Attempts())
        return Transition(step: .fetchCredential(inEpoch: session))
    }

    /// The token cache gave a credential: send with it. The first one fixes the session the request belongs to.
    mutating func credentialArrived(_ credential: Credential) -> Transition {
        guard case .fetching(_, let attempts) = state else { Self.unexpected(#function) }
        state = .sending(credential, attempts)
        return Transition(step: .send(credential))
    }

    /// The token cache could not give a credential: its error, which already carries the session's last
    /// refusal as its cause when there is one.
    mutating func credentialFailed(_ error: JanuaryError) -> Transition {
        guard case .fetching = state else { Self.unexpected(#function) }
        state = .finished
        return Transition(step: .fail(error))
    }

    /// January answered the request, sent with the credential of the last ``Step/send(_:)``.
    ///
    /// - Parameters:
    ///   - response: January's answer.
    ///   - now: The client clock's time, for a `Retry-After` date.
    ///   - jitter: A number in `0...1` for a retry's back-off. Evaluated only when the answer is a failure that is
    ///     not a token rejection: the driver draws it from the system's random source, a system call on Linux,
    ///     which a `2xx` does not need (`RequestExchangeTests`, "only a failure the retry policy judges draws jitter").
    /// - Returns: The effects to run and the next step.
    mutating func responded(_ response: JanuaryHTTPResponse, now: Date, jitter: @autoclosure () -> Double)
        -> Transition
    {
        guard case .sending(let credential, let attempts) = state else { Self.unexpected(#function) }
        if (200...299).contains(response.statusCode) {
            state = .finished
            return Transition(effects: Self.acknowledging(response, sentWith: credential), step: .succeed(response))
        }
        var body = JanuaryErrorBody(parsing: response.body)
        guard let (rejection, code) = TokenRejection.reading(response, body: body) else {
            let failure = JanuaryErrorMapping.error(for: response, body: body, now: now)
            var transition = afterFailure(failure, sentWith: credential, attempts, jitter: jitter())
            transition.effects.insert(contentsOf: Self.acknowledging(response, sentWith: credential), at: 0)
            return transition
        }
        body.code = code
        let mapped = JanuaryErrorMapping.error(for: response, body: body, now: now)
        if rejection == .expired, rules.replay.allowsResend, !attempts.hasReplayedAfterRefresh,
            credential.isRefreshable
        {
            state = .refreshing(expired: credential, rejection: mapped, attempts)
            return Transition(step: .refresh(credential))
        }
        state = .finished
        let reason = refusalReason(code, credential, hasReplayedAfterRefresh: attempts.hasReplayedAfterRefresh)
        let error = mapped.with(message: JanuaryError.sentences(reason, "January: " + mapped.message))
        let isRevokedOrUnknown = rejection == .revokedOrUnknown && credential.isRefreshable
        var effects: [Effect] = [.report(.refused(credential, because: isRevokedOrUnknown ? error : nil))]
        if isRevokedOrUnknown {
            effects.append(
                .emit(
                    Event(
                        kind: .tokenRevokedOrUnknown,
                        generation: credential.generation,
                        statusCode: 401,
                        code: code.rawValue
                    )
                )
            )
        }
        return Transition(effects: effects, step: .fail(error))
    }

    /// No answer came to the request: it may or may not have reached January.
    mutating func transportFailed(_ failure: JanuaryError, jitter: Double) -> Transition {
        guard case .sending(let credential, let attempts) = state else { Self.unexpected(#function) }
        return afterFailure(failure, sentWith: credential, attempts, jitter: jitter)
    }

    /// The token cache replaced the expired credential: send once more with the new one.
    mutating func refreshed(_ replacement: Credential) -> Transition {
        guard case .refreshing(_, _, var attempts) = state else { Self.unexpected(#function) }
        attempts.hasReplayedAfterRefresh = true
        state = .sending(replacement, attempts)
        return Transition(
            effects: [.emit(Event(kind: .requestRetried, generation: replacement.generation))],
            step: .send(replacement)
        )
    }

    /// The token cache could not replace the expired credential: its error, with January's rejection as the
    /// cause (a sign-out is reported as it is).
    mutating func refreshFailed(_ error: JanuaryError) -> Transition {
        guard case .refreshing(_, let rejection, _) = state else { Self.unexpected(#function) }
        state = .finished
        guard error.code != JanuaryError.Code.signedOut else {
            return Transition(step: .fail(error))
        }
        return Transition(step: .fail(error.with(cause: rejection)))
    }

    /// The wait before a retry is over: get the session's credential again (a sign-out meanwhile fails it).
    mutating func waitEnded() -> Transition {
        guard case .waiting(let epoch, let attempts) = state else { Self.unexpected(#function) }
        state = .fetching(session: epoch, attempts)
        return Transition(step: .fetchCredential(inEpoch: epoch))
    }

    /// Stops on an input the exchange does not await in its state: the driver follows the steps, so this is a bug
    /// in the SDK, never something a response or a partner can cause.
    private static func unexpected(_ input: String) -> Never {
        preconditionFailure("RequestExchange.\(input) is not an input the exchange awaits now")
    }

    /// Retry or fail after a failure that is not a token rejection; a retry stays in `credential`'s session.
    private mutating func afterFailure(
        _ failure: JanuaryError,
        sentWith credential: Credential,
        _ attempts: Attempts,
        jitter: Double
    ) -> Transition {
        switch RetryDecision.decide(
            after: failure,
            replay: rules.replay,
            retriesSoFar: attempts.retries,
            waitedSoFar: attempts.waited,
            policy: rules.policy,
            jitter: jitter
        ) {
        case .fail:
            state = .finished
            return Transition(step: .fail(annotated(failure)))
        case .retry(let wait):
            var attempts = attempts
            attempts.retries += 1
            attempts.waited += wait
            state = .waiting(epoch: credential.epoch, attempts)
            let event = Event(
                kind: .retryScheduled,
                attempt: UInt64(attempts.retries),
                retryAfter: wait,
                statusCode: failure.statusCode,
                code: failure.code?.rawValue
            )
            return Transition(effects: [.emit(event)], step: .wait(wait, epoch: credential.epoch))
        }
    }

    /// What a response from a hop that carried the credential tells: the token cache, whether January
    /// authenticated the credential; January's clock, its time (from a 2xx only, so that an error page of a proxy
    /// or gateway cannot set it).
    private static func acknowledging(_ response: JanuaryHTTPResponse, sentWith credential: Credential) -> [Effect] {
        guard !response.credentialWithdrawnByRedirect else {
            return []
        }
        guard provesAuthentication(response.statusCode) else {
            return []
        }
        guard (200...299).contains(response.statusCode), let date = response.date else {
            return [.report(.accepted(credential))]
        }
        return [
            .report(.accepted(credential)),
            .noteJanuarysTime(
                secondsSinceReferenceDate: date.timeIntervalSinceReferenceDate),
        ]
    }

    /// Whether a response shows that January authenticated the token: a 2xx, or a 4xx other than 401
    /// (rejected), 407 (a proxy's), 408 and 429 (answered before or without authentication). A 5xx, a 3xx or a
    /// rate limit proves nothing, so it neither ends a streak of rejected tokens nor closes the breaker.
    static func provesAuthentication(_ status: Int) -> Bool {
        switch status {
        case 200...299: true
        case 401, 407, 408, 429: false
        case 400...499: true
        default: false
        }
    }

    /// Why a token rejection is not fixed by replaying, in the partner's terms.
    private func refusalReason(
        _ code: JanuaryError.Code,
        _ credential: Credential,
        hasReplayedAfterRefresh: Bool
    ) -> String {
        if !credential.isRefreshable {
            return "January rejected the development API key. A key cannot be refreshed, so the request was not "
                + "sent again; check the key in the January dashboard."
        }
        if code == JanuaryError.Code.tokenRevoked {
            return "January revoked the token; a new one will not be accepted until the user signs in to your "
                + "backend again. The request was not sent again."
        }
        if code == JanuaryError.Code.tokenInvalid {
            return "January does not know the token (never issued, or purged after it expired); the user must sign "
                + "in to your backend again. The request was not sent again."
        }
        if hasReplayedAfterRefresh {
            return "January rejected a freshly refreshed token too; the request was sent again once and will not be "
                + "sent again. Check what your token endpoint returns."
        }
        return "January rejected the token. The request was not sent again because "
            + (rules.bodyIsReplayable ? "it is marked as not replayable." : "its body is a one-shot stream.")
    }

    /// Marks a failure whose outcome is unknown for a request whose replay class is not `safe` (a create, or a raw
    /// request nobody said was safe): no answer, or a `5xx`. Its message says so and how to check, and
    /// ``/JanuaryCore/JanuaryError/mayHaveTakenEffect`` is `true`. A `2xx` that cannot be read is the same
    /// question, answered by the same class where it is decoded.
    func annotated(_ failure: JanuaryError) -> JanuaryError {
        let isOutcomeUnknown =
            failure.statusCode.map { $0 >= 500 }
            ?? ((failure.category == .network || failure.category == .timeout) && !failure.provesNotSent)
        guard !rules.replay.allowsResendAfterUnknownOutcome, isOutcomeUnknown else {
            return failure
        }
        return failure.withOutcomeUnknown(
            note: "This \(rules.method) was not sent again: it may or may not have taken effect at January, which "
                + "does not deduplicate writes. Check (for a log, with list or get) before sending it again."
        )
    }
}
