import Foundation
import JanuaryAuth
import JanuaryCore
import JanuaryTransport

/// One request's exchange with January, as a state machine: every decision of ``JanuaryPartnerClient/send(_:)``
/// (replay once after a refresh, surface a revocation, retry or not, wait how long, what the error says) and no
/// effect.
///
/// It does no I/O, reads no clock and takes no lock. Each input returns a ``Transition``: synchronous
/// ``Effect``s for the driver to run at once (report to the token cache, emit an event), then the one ``Step`` to take
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
        /// Tell the token cache what January said of a credential: authenticated (with a 2xx's `Date`), or
        /// refused for good (dropped without asking the provider, and a revocation remembered for its session to
        /// explain a later provider failure). An expiry is the ``Step/refresh(_:)`` step.
        case report(TokenCoordinator.Report)
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
        /// Send with this credential, then call ``responded(_:to:now:jitter:)`` or
        /// ``transportFailed(_:to:jitter:)`` with it.
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

    private enum Phase {
        case starting
        case fetching
        case sending
        case refreshing
        case waiting
        case done
    }

    let rules: Rules
    private var phase = Phase.starting
    /// The session the request belongs to: the first credential's.
    private var epoch: UInt64?
    /// January's token rejection that the refresh in progress answers.
    private var rejection: JanuaryError?
    private var hasReplayedAfterRefresh = false
    private var retries = 0
    private var waited: TimeInterval = 0

    /// The session a request must be sent in, for one of several requests that settle one write: `nil` for a
    /// request that joins whichever session is current.
    private let session: UInt64?

    init(rules: Rules, session: UInt64? = nil) {
        self.rules = rules
        self.session = session
    }

    /// The first step: a credential of the request's session, or of whichever is current.
    mutating func start() -> Transition {
        precondition(phase == .starting, "an exchange starts once")
        phase = .fetching
        return Transition(step: .fetchCredential(inEpoch: session))
    }

    /// The token cache gave a credential: send with it. The first one fixes the session the request belongs to.
    mutating func credentialArrived(_ credential: Credential) -> Transition {
        precondition(phase == .fetching, "a credential arrives only when one was asked for")
        if epoch == nil {
            epoch = credential.epoch
        }
        phase = .sending
        return Transition(step: .send(credential))
    }

    /// The token cache could not give a credential: its error, which already carries the session's last
    /// refusal as its cause when there is one.
    mutating func credentialFailed(_ error: JanuaryError) -> Transition {
        precondition(phase == .fetching, "a credential fails only when one was asked for")
        phase = .done
        return Transition(step: .fail(error))
    }

    /// January answered the request sent with `credential`.
    mutating func responded(
        _ response: JanuaryHTTPResponse,
        to credential: Credential,
        now: Date,
        jitter: Double
    ) -> Transition {
        precondition(phase == .sending, "a response arrives only for a request sent")
        if (200...299).contains(response.statusCode) {
            phase = .done
            return Transition(effects: Self.acknowledging(response, sentWith: credential), step: .succeed(response))
        }
        var body = JanuaryErrorBody(parsing: response.body)
        guard let (rejection, code) = TokenRejection.reading(response, body: body) else {
            let failure = JanuaryErrorMapping.error(for: response, body: body, now: now)
            var transition = afterFailure(failure, sentWith: credential, jitter: jitter)
            transition.effects.insert(contentsOf: Self.acknowledging(response, sentWith: credential), at: 0)
            return transition
        }
        body.code = code
        let mapped = JanuaryErrorMapping.error(for: response, body: body, now: now)
        if rejection == .expired, rules.replay.allowsResend, !hasReplayedAfterRefresh, credential.isRefreshable {
            phase = .refreshing
            self.rejection = mapped
            return Transition(step: .refresh(credential))
        }
        phase = .done
        let error = mapped.with(
            message: JanuaryError.sentences(refusalReason(code, credential), "January: " + mapped.message))
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

    /// No answer came to the request sent with `credential`: it may or may not have reached January.
    mutating func transportFailed(_ failure: JanuaryError, to credential: Credential, jitter: Double) -> Transition {
        precondition(phase == .sending, "a transport fails only for a request sent")
        return afterFailure(failure, sentWith: credential, jitter: jitter)
    }

    /// The token cache replaced the expired credential: send once more with the new one.
    mutating func refreshed(_ replacement: Credential) -> Transition {
        precondition(phase == .refreshing, "a refresh ends only when one was asked for")
        hasReplayedAfterRefresh = true
        phase = .sending
        return Transition(
            effects: [.emit(Event(kind: .requestRetried, generation: replacement.generation))],
            step: .send(replacement)
        )
    }

    /// The token cache could not replace the expired credential: its error, with January's rejection as the
    /// cause (a sign-out is reported as it is).
    mutating func refreshFailed(_ error: JanuaryError) -> Transition {
        precondition(phase == .refreshing, "a refresh ends only when one was asked for")
        phase = .done
        guard error.code != JanuaryError.Code.signedOut, let rejection else {
            return Transition(step: .fail(error))
        }
        return Transition(step: .fail(error.with(cause: rejection)))
    }

    /// The wait before a retry is over: get the session's credential again (a sign-out meanwhile fails it).
    mutating func waitEnded() -> Transition {
        precondition(phase == .waiting, "a wait ends only when one was asked for")
        phase = .fetching
        return Transition(step: .fetchCredential(inEpoch: epoch))
    }

    /// Retry or fail after a failure that is not a token rejection; a retry stays in `credential`'s session.
    private mutating func afterFailure(_ failure: JanuaryError, sentWith credential: Credential, jitter: Double)
        -> Transition
    {
        switch RetryDecision.decide(
            after: failure,
            replay: rules.replay,
            retriesSoFar: retries,
            waitedSoFar: waited,
            policy: rules.policy,
            jitter: jitter
        ) {
        case .fail:
            phase = .done
            return Transition(step: .fail(annotated(failure)))
        case .retry(let wait):
            retries += 1
            waited += wait
            phase = .waiting
            let event = Event(
                kind: .retryScheduled,
                attempt: UInt64(retries),
                retryAfter: wait,
                statusCode: failure.statusCode,
                code: failure.code?.rawValue
            )
            return Transition(effects: [.emit(event)], step: .wait(wait, epoch: credential.epoch))
        }
    }

    /// What a response from a hop that carried the credential tells the token cache: January's clock (from a
    /// 2xx only, so that an error page of a proxy or gateway cannot set it), and whether January authenticated
    /// the credential.
    private static func acknowledging(_ response: JanuaryHTTPResponse, sentWith credential: Credential) -> [Effect] {
        guard !response.credentialWithdrawnByRedirect else {
            return []
        }
        guard provesAuthentication(response.statusCode) else {
            return []
        }
        let serverDate = (200...299).contains(response.statusCode) ? response.date : nil
        return [.report(.accepted(credential, serverDate: serverDate))]
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
    private func refusalReason(_ code: JanuaryError.Code, _ credential: Credential) -> String {
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

/// What January's `401` says about the client token it was sent (Docs/Authentication.md): expired, which a new
/// token fixes, or revoked or unknown, which only the user signing in to the partner again fixes.
///
/// January answers all three with the same `WWW-Authenticate: Bearer error="invalid_token"` challenge; its JSON
/// `code` and the challenge's `error_description` tell them apart. The code decides when there is one; a body
/// that a gateway dropped leaves the description; a bare standard challenge, with neither, means "expired", as
/// RFC 6750 uses it.
enum TokenRejection: Equatable {
    /// The token is past its lifetime: get a new one and send the request again, once.
    case expired
    /// January revoked the token (`token_revoked`) or does not know it (`token_invalid`): surface it.
    case revokedOrUnknown

    /// The rejection `response` states, with January's code for it; `nil` when it is no token rejection.
    ///
    /// Only an answer from a hop that carried the credential counts: a redirect target on another origin never
    /// saw the token, so its `401` must not make the client drop a good token or replay the request.
    ///
    /// - Parameters:
    ///   - response: January's response.
    ///   - body: Its error body, already parsed.
    /// - Returns: The rejection and the code to report, or `nil`.
    static func reading(
        _ response: JanuaryHTTPResponse,
        body: JanuaryErrorBody
    ) -> (TokenRejection, code: JanuaryError.Code)? {
        guard response.statusCode == 401, !response.credentialWithdrawnByRedirect else {
            return nil
        }
        switch body.code {
        case JanuaryError.Code.tokenExpired?:
            return (.expired, JanuaryError.Code.tokenExpired)
        case let code? where code == JanuaryError.Code.tokenInvalid || code == JanuaryError.Code.tokenRevoked:
            return (.revokedOrUnknown, code)
        case .some:
            // Another code, such as `unauthorized`: January's code decides, whatever the challenge says.
            return nil
        case nil:
            break
        }
        guard let challenge = response.challenges.first(where: \.isInvalidToken) else {
            return nil
        }
        guard let description = challenge.errorDescription?.lowercased(), !description.isEmpty else {
            return (.expired, JanuaryError.Code.tokenExpired)
        }
        if description.contains("expired") {
            return (.expired, JanuaryError.Code.tokenExpired)
        }
        if description.contains("revoked") {
            return (.revokedOrUnknown, JanuaryError.Code.tokenRevoked)
        }
        // "token invalid", or a description January has not used yet: nothing says a new token would help.
        return (.revokedOrUnknown, JanuaryError.Code.tokenInvalid)
    }
}

/// Whether a failed attempt is sent again, and after how long: ``JanuaryRetryPolicy``'s rules as a pure function,
/// so that every rule is tested without a network or a clock.
enum RetryDecision: Equatable {
    /// Wait this many seconds, then send again.
    case retry(after: TimeInterval)
    /// Throw the failure.
    case fail

    /// The statuses that mean "try again later" when the replay class allows it.
    static let transientStatuses: Set<Int> = [500, 502, 503, 504]

    /// The decision for one failed attempt.
    ///
    /// - Parameters:
    ///   - failure: The error the attempt produced: mapped from January's response, or the transport's.
    ///   - replay: Whether the request may be sent again at all, and after an ambiguous failure.
    ///   - retriesSoFar: How many retries this request has had.
    ///   - waitedSoFar: How many seconds its retries have waited.
    ///   - policy: The client's policy.
    ///   - jitter: A random number in 0...1 for the computed wait.
    /// - Returns: ``retry(after:)`` or ``fail``.
    static func decide(
        after failure: JanuaryError,
        replay: JanuaryReplayClass,
        retriesSoFar: Int,
        waitedSoFar: TimeInterval,
        policy: JanuaryRetryPolicy,
        jitter: Double
    ) -> RetryDecision {
        guard replay.allowsResend, retriesSoFar < policy.maximumRetries, isRetryable(failure, replay: replay)
        else {
            return .fail
        }
        let wait = failure.retryAfter ?? policy.backoffDelay(forRetry: retriesSoFar + 1, jitter: jitter)
        guard wait <= policy.maximumRetryAfter, waitedSoFar + wait <= policy.maximumTotalWait else {
            return .fail
        }
        return .retry(after: wait)
    }

    /// Whether this kind of failure is worth sending again for a request of the class `replay`: a rate limit for
    /// any, a transient `5xx` or no answer only for a `safe` one.
    static func isRetryable(_ failure: JanuaryError, replay: JanuaryReplayClass) -> Bool {
        if let status = failure.statusCode {
            if status == 429 {
                return failure.code != JanuaryError.Code.creditLimitExceeded
                    && failure.code != JanuaryError.Code.requestLimitExceeded
            }
            return transientStatuses.contains(status) && failure.code != JanuaryError.Code.notImplemented
                && replay.allowsResendAfterUnknownOutcome
        }
        // No response: the request may or may not have reached January.
        let transportFailure =
            (failure.category == .network || failure.category == .timeout)
            && failure.code != JanuaryError.Code.responseTooLarge
        return transportFailure && replay.allowsResendAfterUnknownOutcome
    }
}
