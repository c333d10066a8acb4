import Foundation
import JanuaryCore

/// The in-memory token cache that every request asks for its credential, and the owner of the session fence.
///
/// A request asks it for four things, each one call: ``credential(inEpoch:)`` for the credential to send;
/// ``report(_:)``, without suspending, with what January said of it (accepted, or refused for good, and why);
/// ``replacement(forExpired:)`` for a credential January said had expired; and
/// ``waitBeforeRetry(_:purpose:inEpoch:)`` for the wait before a retry, which ends with its session. Sign-out is one
/// call, ``reset()``. While a fresh token is cached, ``credential(inEpoch:)`` returns it without suspending,
/// under one lock: no actor hop, no task, no allocation. When none is, exactly one call to the partner's token provider is made however many
/// requests ask at once, and all of them receive its result. Around that one call the coordinator guarantees:
///
/// - **Stale rejections coalesce.** A report of an expired credential drops the cached token only if it is still
///   the one January rejected; callers holding an older generation get the newer token.
/// - **Sessions are fenced.** ``reset()`` (sign-out) starts a new epoch: a credential, a waiter or a replay of
///   an earlier epoch never fetches, never receives a newer epoch's token, and fails with `signed_out`; a retry
///   wait of an earlier epoch ends at once; a refusal January gave in an earlier epoch explains nothing later.
/// - **Failure does not stick, does not loop, and does not make anyone wait.** After a failure the next request
///   calls the provider again; once failures repeat, requests during the ``TokenRefreshBackoff`` delay fail at
///   once with the last failure and its `retryAfter`. A token that is empty, malformed, an API key, or inside
///   the refresh leeway is a failure, never cached. Tokens January keeps rejecting open a
///   ``TokenRejectionBreaker``.
/// - **Time is the monotonic clock's.** A token's remaining lifetime is counted down on
///   ``JanuaryClock/uptime()``; an absolute `expiresAt` is judged in January's time, which the coordinator reads
///   from the client's ``JanuaryServerClock`` (fed by the request driver, not through this cache), so a device
///   clock minutes off cannot make a good token look expired.
/// - **Nobody hangs.** A cancelled caller returns at once; the provider call is cancelled when its last waiter
///   has gone, when it exceeds the provider timeout, or on ``reset()``, and its late result is dropped.
/// - **The provider runs on its own.** It runs in a detached task at user-initiated priority, whatever the
///   priority and task-local values of the request that started it.
/// - **No deadlock.** A provider that asks this coordinator for a credential while it runs fails fast; events
///   are delivered on a thread of the SDK's own, never by the thread that sends, cancels or signs out.
/// - **No leak.** Tokens live in memory only and appear in no error, description or event.
///
/// A coordinator built with a development key has none of the fetching machinery: it returns the key.
package final class TokenCoordinator: Sendable {
    /// The partner's token provider: fetches a new client token from the partner's backend.
    package typealias Provider = @Sendable () async throws -> JanuaryClientToken

    package typealias Waiter = CheckedContinuation<Credential, any Error>
    package typealias Machine = TokenRefreshStateMachine

    /// The cache and everything that must change together with it, under one lock.
    struct State: Sendable {
        var machine: Machine
        /// The continuations of the requests waiting in the machine, by their identifiers there.
        var waiters: [Machine.WaiterID: Waiter] = [:]
        /// The tasks of fetches in flight or abandoned but not yet cancelled, to cancel them.
        var fetchTasks: [Machine.FetchID: Task<Void, Never>] = [:]
        /// January's last refusal of a token as revoked or unknown, with the session it was given in, until a
        /// token of that session is accepted or the session ends: a provider failure that follows carries it as
        /// its cause, so that the app sees why a new token was needed. A pair rather than a struct of its own, whose
        /// metadata and value witnesses would cost more than the two fields.
        var lastRefusal: (epoch: UInt64, error: JanuaryError)?
        /// The requests waiting before a retry, which the end of their session wakes.
        var retryWaits = RetryWaitList()
    }

    /// Distinguishes coordinators in the re-entrancy check, even after one is deallocated.
    private static let identities = Locked<UInt64>(0)

    let identity: UInt64
    let source: Source
    let clock: any JanuaryClock
    /// January's clock, read to judge an absolute `expiresAt` and forgotten at sign-out.
    package let januarysClock: JanuaryServerClock
    /// Whether `clock` is the system clock, whose uptime the fresh path then reads directly rather than through
    /// the existential (a dynamic call per request).
    let usesSystemClock: Bool
    let providerTimeout: TimeInterval
    let events: EventDelivery?
    let state: Locked<State>

    /// Creates a coordinator that fetches client tokens from the partner's provider.
    ///
    /// - Parameters:
    ///   - provider: The partner's token provider.
    ///   - configuration: Leeway, timeout, back-off and breaker.
    ///   - clock: The time source for freshness, the timeout and back-off.
    ///   - januarysClock: January's clock as its answers show it; a new one on `clock` by default.
    ///   - onEvent: Called with every ``JanuaryEvent``, on a thread of the SDK's own.
    package convenience init(
        provider: @escaping Provider,
        configuration: Configuration = .init(),
        clock: any JanuaryClock = SystemJanuaryClock(),
        januarysClock: JanuaryServerClock? = nil,
        onEvent: (@Sendable (JanuaryEvent) -> Void)? = nil
    ) {
        self.init(
            provider: provider,
            configuration: configuration,
            clock: clock,
            januarysClock: januarysClock,
            events: onEvent.map { EventDelivery(capacity: configuration.eventBufferCapacity, handler: $0) }
        )
    }

    /// Creates a coordinator around the partner's token provider whose events go to `events`, a delivery the
    /// caller shares: the facade sends its own events (a retry, a replay) through the same one, so that the
    /// partner's callback sees all of them one at a time and in order.
    ///
    /// - Parameters:
    ///   - provider: The partner's token provider.
    ///   - configuration: Leeway, timeout, back-off and breaker; its event buffer capacity is `events`' own.
    ///   - clock: The time source for freshness, the timeout and back-off.
    ///   - januarysClock: January's clock as its answers show it, which the client's driver feeds; a new one on
    ///     `clock` when `nil`.
    ///   - events: Where events go; `nil` for none.
    package convenience init(
        provider: @escaping Provider,
        configuration: Configuration,
        clock: any JanuaryClock,
        januarysClock: JanuaryServerClock? = nil,
        events: EventDelivery?
    ) {
        self.init(
            source: .provider(provider),
            clock: clock,
            januarysClock: januarysClock,
            providerTimeout: configuration.effectiveProviderTimeout,
            events: events,
            machine: Machine(
                refreshLeeway: configuration.refreshLeeway,
                backoff: configuration.backoff,
                breaker: configuration.breaker
            )
        )
    }

    /// Creates a coordinator that always returns a development API key.
    ///
    /// - Parameters:
    ///   - developmentAPIKey: The key, already validated by `DevelopmentAPIKey.init`.
    ///   - clock: The time source for events.
    ///   - onEvent: Called with every ``JanuaryEvent``; only ``reset()`` produces one here.
    package convenience init(
        developmentAPIKey: DevelopmentAPIKey,
        clock: any JanuaryClock = SystemJanuaryClock(),
        onEvent: (@Sendable (JanuaryEvent) -> Void)? = nil
    ) {
        self.init(
            developmentAPIKey: developmentAPIKey, clock: clock, events: onEvent.map { EventDelivery(handler: $0) })
    }

    /// Creates a coordinator that always returns a development API key, whose events go to `events`, a delivery
    /// the caller shares.
    ///
    /// - Parameters:
    ///   - developmentAPIKey: The key, already validated by `DevelopmentAPIKey.init`.
    ///   - clock: The time source for events.
    ///   - januarysClock: January's clock, which sign-out forgets; a new one on `clock` when `nil`.
    ///   - events: Where events go; `nil` for none.
    package convenience init(
        developmentAPIKey: DevelopmentAPIKey,
        clock: any JanuaryClock,
        januarysClock: JanuaryServerClock? = nil,
        events: EventDelivery?
    ) {
        self.init(
            source: .developmentKey(developmentAPIKey),
            clock: clock,
            januarysClock: januarysClock,
            providerTimeout: Configuration().providerTimeout,
            events: events,
            machine: Machine(refreshLeeway: 0, backoff: .none, breaker: .none)
        )
    }

    /// Where credentials come from: exactly one of a provider and a development key, so that no coordinator can
    /// hold both or neither.
    enum Source: Sendable {
        case provider(Provider)
        case developmentKey(DevelopmentAPIKey)
    }

    private init(
        source: Source,
        clock: any JanuaryClock,
        januarysClock: JanuaryServerClock?,
        providerTimeout: TimeInterval,
        events: EventDelivery?,
        machine: Machine
    ) {
        self.identity = Self.makeIdentity()
        self.source = source
        self.clock = clock
        self.januarysClock = januarysClock ?? JanuaryServerClock(clock: clock)
        self.usesSystemClock = clock is SystemJanuaryClock
        self.providerTimeout = providerTimeout
        self.events = events
        self.state = Locked(State(machine: machine))
    }

    /// The credential to send: the cached token while it is fresh, otherwise the result of the one provider
    /// call that all concurrent callers share.
    ///
    /// - Parameter epoch: The session of the request asking, for a request that already holds a credential (a
    ///   retry); `nil` for a new request, which joins the current session.
    /// - Returns: A header-safe credential of the current session.
    /// - Throws: `CancellationError` when the calling task is cancelled; a `JanuaryError`: `cancelled` with
    ///   code `signed_out` when the request's session has ended; `tokenProvider` (or `network` when the device is
    ///   offline) when the provider failed, timed out, returned an unusable token or called back into this
    ///   coordinator, with `retryAfter` during a back-off; `authentication` with code
    ///   `token_rejected_repeatedly` while the breaker is open.
    nonisolated(nonsending) package func credential(inEpoch epoch: UInt64? = nil) async throws -> Credential {
        if case .developmentKey(let developmentKey) = source {
            return try state.withLock { state in
                if let refusal = state.machine.refusal(for: epoch) {
                    throw refusal
                }
                return Credential(
                    value: developmentKey.value,
                    generation: 0,
                    epoch: state.machine.epoch,
                    isRefreshable: false,
                    expiresAt: nil
                )
            }
        }
        // The fast path: one monotonic clock read and one lock. Freshness needs only the uptime, so the wall clock
        // (a second clock read, as costly as the first) is read only on the slow path.
        let uptime = usesSystemClock ? SystemJanuaryClock().uptime() : clock.uptime()
        if let fresh = state.withLock({ $0.machine.freshCredential(atUptime: uptime, epoch: epoch) }) {
            return fresh
        }
        let now = clock.reading()
        do {
            return try await settle(state.withLock { $0.machine.lookUp(at: now, epoch: epoch) }) {
                machine, id, now in
                machine.enqueue(id, epoch: epoch, at: now)
            }
        } catch let error as JanuaryError where error.code != JanuaryError.Code.signedOut {
            throw explained(error)
        }
    }

    /// `error`, with January's last refusal of a token in the current session as its cause, when there is one.
    private func explained(_ error: JanuaryError) -> JanuaryError {
        let refusal = state.withLock { state in
            state.lastRefusal.flatMap { $0.epoch == state.machine.epoch ? $0.error : nil }
        }
        return refusal.map { error.with(cause: $0) } ?? error
    }

    /// What January said of a credential a request carried, when the request will not be sent again with a
    /// replacement of it (an expiry is ``replacement(forExpired:)``).
    package enum Report: Sendable {
        /// January authenticated it (a 2xx, or a 4xx other than 401, 407, 408 and 429): ends a streak of
        /// rejections, closes an open breaker and forgets the session's last refusal.
        case accepted(Credential)
        /// January rejected it and the request will not be sent again (revoked, unknown, or a replay already
        /// spent): it is dropped if still cached, so that the next request asks the provider. `reason`, January's
        /// refusal of a token as revoked or unknown, is remembered for the credential's session, to explain a
        /// provider failure that follows; `nil` for a rejection that needs no explaining.
        case refused(Credential, because: JanuaryError?)
    }

    /// Tells the token cache what January said of a credential, without suspending or throwing.
    ///
    /// - Parameter report: The credential and January's verdict.
    package func report(_ report: Report) {
        switch report {
        case .accepted(let credential):
            accepted(credential)
        case .refused(let credential, let reason):
            discard(credential)
            if let reason, credential.isRefreshable {
                state.withLock { state in
                    // A refusal of an ended session would explain the next one's failures wrongly.
                    if credential.epoch == state.machine.epoch {
                        state.lastRefusal = (credential.epoch, reason)
                    }
                }
            }
        }
    }

    /// The replacement of a credential January rejected as expired, for the one replay of its request: fetched as
    /// ``credential(inEpoch:)`` would, and shared with every request rejected at the same time.
    ///
    /// - Parameter expired: The credential the rejected request carried; it must be refreshable.
    /// - Returns: A credential of a newer generation and the same session.
    /// - Throws: As ``credential(inEpoch:)``, with `signed_out` when `expired` belongs to an earlier session.
    nonisolated(nonsending) package func replacement(forExpired expired: Credential) async throws -> Credential {
        try await invalidate(expired)
    }

    /// The replacement for a credential that January rejected (`invalid_token` or `token_expired`).
    ///
    /// If `rejected` is still cached it is dropped and a new token fetched. If a newer token is cached and
    /// fresh, or being fetched, the caller gets that one instead, so a burst of requests that were all sent
    /// with the same stale token causes a single provider call. The rejection counts towards the breaker.
    ///
    /// - Parameter rejected: The credential the rejected request carried; it must be refreshable (not a
    ///   development key, which the client never asks to replace).
    /// - Returns: A credential of a newer generation than `rejected`, of the same session.
    /// - Throws: As ``credential(inEpoch:)``, with `signed_out` when `rejected` belongs to an earlier session.
    func invalidate(_ rejected: Credential) async throws -> Credential {
        precondition(rejected.isRefreshable, "a development key cannot be replaced; check isRefreshable first")
        let now = clock.reading()
        let (lookup, effects) = state.withLock { state -> (Machine.Lookup, Effects) in
            let (lookup, events) = state.machine.lookUpReplacement(for: rejected, at: now)
            return (lookup, state.commit(Machine.Actions(events: events), events: self.events))
        }
        perform(effects)
        return try await settle(lookup) { machine, id, now in
            machine.invalidate(rejected, waiter: id, at: now)
        }
    }

    /// Forgets a credential January rejected, if it is still the cached one, without fetching a new one.
    ///
    /// For a rejected request that will not be replayed: the next request then fetches a new token rather than
    /// sending the rejected one again. The rejection counts towards the breaker. Does nothing for a development
    /// key.
    ///
    /// - Parameter rejected: The credential the rejected request carried.
    func discard(_ rejected: Credential) {
        guard rejected.isRefreshable else {
            return
        }
        let now = clock.reading()
        perform(state.withLock { $0.commit($0.machine.discard(rejected, at: now), events: events) })
    }

    /// January accepted `credential`: a response other than a token rejection came back for it. Ends a streak
    /// of rejections, closes an open breaker and forgets the session's last refusal; on the hot path it only
    /// reads two fields under the lock.
    ///
    /// - Parameter credential: The credential the request carried.
    func accepted(_ credential: Credential) {
        guard credential.isRefreshable else {
            return
        }
        let effects = state.withLock { state -> Effects? in
            if state.lastRefusal?.epoch == credential.epoch {
                state.lastRefusal = nil
            }
            guard state.machine.isCountingRejections else {
                return nil
            }
            return state.commit(state.machine.accepted(credential, at: clock.reading()), events: events)
        }
        if let effects {
            perform(effects)
        }
    }

    /// Sign-out, the one call that ends a session: starts a new one, forgets the cached token, the session's
    /// last refusal and January's clock, abandons a fetch in flight and ends the session's retry waits.
    ///
    /// Requests waiting for that fetch fail with category `cancelled` and code `signed_out`, and so do requests
    /// of the old session that later need a replacement or a retry; a request waiting before a retry stops
    /// waiting at once and then fails so. The provider's task is cancelled and whatever it returns is dropped,
    /// never cached. The next request fetches a new token. No partner code runs on the caller's thread: events
    /// are delivered on the SDK's event thread.
    package func reset() {
        let now = clock.reading()
        let (effects, woken) = state.withLock { state in
            state.lastRefusal = nil
            let effects = state.commit(state.machine.reset(at: now), events: events)
            return (effects, state.retryWaits.removeAll())
        }
        // So that a wrong estimate cannot outlive the session that learnt it (HostileResponseRegressionTests).
        januarysClock.forget()
        perform(effects)
        for wait in woken {
            wait.resume()
        }
    }

    /// The current session, for diagnostics and tests; requests learn theirs from their credential.
    package var currentEpoch: UInt64 {
        state.withLock { $0.machine.epoch }
    }

    /// How many requests are waiting for a fetch now, for diagnostics and tests.
    package var waitingRequestCount: Int {
        state.withLock { $0.machine.waiterCount }
    }

    /// The machine's phase, for diagnostics and tests.
    package var phase: Machine.Phase {
        state.withLock { $0.machine.phase }
    }

    private static func makeIdentity() -> UInt64 {
        identities.withLock { last in
            last += 1
            return last
        }
    }
}
