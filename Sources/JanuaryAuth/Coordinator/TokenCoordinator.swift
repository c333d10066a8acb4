import Foundation
import JanuaryCore

/// The in-memory token cache that every request asks for its credential.
///
/// While a fresh token is cached, ``credential()`` returns it synchronously under one lock: no actor hop, no
/// task, no allocation. When none is, exactly one call to the partner's token provider is made however many
/// requests ask at once, and all of them receive its result. Around that one call the coordinator guarantees:
///
/// - **Stale rejections coalesce.** ``invalidate(_:)`` drops the cached token only if it is still the one
///   January rejected; callers holding an older generation get the newer token.
/// - **Failure does not stick, and does not loop.** The next request after a failure calls the provider
///   again, after the ``TokenRefreshBackoff`` delay once failures repeat. A token that is empty, not
///   header-safe or already inside the refresh leeway is a failure, never cached.
/// - **Nobody hangs.** A cancelled caller returns at once; the provider call is cancelled when its last
///   waiter has gone, when it exceeds the provider timeout, or on ``reset()``, and its late result is dropped.
/// - **No deadlock.** A provider that asks this coordinator for a credential fails fast.
/// - **No leak.** Tokens live in memory only and appear in no error, description or event.
///
/// A coordinator built with a development key has none of this machinery: it returns the key and refuses
/// to refresh it.
package final class TokenCoordinator: Sendable {
    /// The partner's token provider: fetches a new client token from the partner's backend.
    package typealias Provider = @Sendable () async throws -> JanuaryClientToken

    typealias Waiter = CheckedContinuation<Credential, any Error>
    typealias Machine = TokenRefreshStateMachine<Waiter>

    /// The cache and everything that must change together with it, under one lock.
    struct State: Sendable {
        var machine: Machine
        /// The tasks of fetches in flight or abandoned but not yet cancelled, to cancel them.
        var fetchTasks: [Machine.FetchID: Task<Void, Never>] = [:]
        /// Events produced under the lock, waiting to be delivered in order outside it.
        var pendingEvents: [JanuaryTokenEvent] = []
        /// Whether some thread is delivering events now; others leave theirs to it, to keep the order.
        var isDeliveringEvents = false
        let recordsEvents: Bool
    }

    /// Distinguishes coordinators in the re-entrancy check, even after one is deallocated.
    private static let identities = Locked<UInt64>(0)

    let identity: UInt64
    let developmentCredential: Credential?
    let provider: Provider?
    let clock: any TokenClock
    let providerTimeout: TimeInterval
    let onEvent: (@Sendable (JanuaryTokenEvent) -> Void)?
    let state: Locked<State>

    /// Creates a coordinator that fetches client tokens from the partner's provider.
    ///
    /// - Parameters:
    ///   - provider: The partner's token provider.
    ///   - configuration: Leeway, timeout and backoff.
    ///   - clock: The time source for freshness, the timeout and backoff.
    ///   - onEvent: Called with every ``JanuaryTokenEvent``, outside the coordinator's lock.
    package init(
        provider: @escaping Provider,
        configuration: Configuration = .init(),
        clock: any TokenClock = SystemTokenClock(),
        onEvent: (@Sendable (JanuaryTokenEvent) -> Void)? = nil
    ) {
        self.identity = Self.makeIdentity()
        self.developmentCredential = nil
        self.provider = provider
        self.clock = clock
        self.providerTimeout = configuration.effectiveProviderTimeout
        self.onEvent = onEvent
        let machine = Machine(refreshLeeway: configuration.refreshLeeway, backoff: configuration.backoff)
        self.state = Locked(State(machine: machine, recordsEvents: onEvent != nil))
    }

    /// Creates a coordinator that always returns a development API key.
    ///
    /// - Parameters:
    ///   - developmentAPIKey: The key, already validated by `DevelopmentAPIKey.init`.
    ///   - onEvent: Called with every ``JanuaryTokenEvent``; only ``reset()`` produces one.
    package init(developmentAPIKey: DevelopmentAPIKey, onEvent: (@Sendable (JanuaryTokenEvent) -> Void)? = nil) {
        self.identity = Self.makeIdentity()
        self.developmentCredential = Credential(
            value: developmentAPIKey.value,
            generation: 0,
            isRefreshable: false,
            expiresAt: nil
        )
        self.provider = nil
        self.clock = SystemTokenClock()
        self.providerTimeout = Configuration().providerTimeout
        self.onEvent = onEvent
        let machine = Machine(refreshLeeway: 0, backoff: .none)
        self.state = Locked(State(machine: machine, recordsEvents: onEvent != nil))
    }

    /// The credential to send: the cached token while it is fresh, otherwise the result of the one provider
    /// call that all concurrent callers share.
    ///
    /// - Returns: A header-safe credential.
    /// - Throws: A `JanuaryError`: ``/JanuaryCore/JanuaryError/Category/tokenProvider`` when the provider failed, timed
    ///   out, returned an unusable token or called back into this coordinator;
    ///   ``/JanuaryCore/JanuaryError/Category/cancelled`` when the calling task was cancelled or the session was reset
    ///   meanwhile.
    nonisolated(nonsending) package func credential() async throws -> Credential {
        if let developmentCredential {
            return developmentCredential
        }
        let now = clock.now()
        switch state.withLock({ $0.machine.lookUp(at: now) }) {
        case .fresh(let credential):
            return credential
        case .mustWait(let id):
            try checkNotInsideProvider()
            return try await wait(as: id) { machine, waiter, now in
                machine.enqueue(waiter, id: id, at: now)
            }
        }
    }

    /// The replacement for a credential that January rejected with an `invalid_token` challenge.
    ///
    /// If `rejected` is still cached it is dropped and a new token fetched. If a newer token is cached and
    /// fresh, or being fetched, the caller gets that one instead, so a burst of requests that were all sent
    /// with the same stale token causes a single provider call.
    ///
    /// - Parameter rejected: The credential the rejected request carried.
    /// - Returns: A credential of a newer generation than `rejected`.
    /// - Throws: A `JanuaryError`: ``/JanuaryCore/JanuaryError/Category/authentication`` for a development key, which
    ///   cannot be refreshed; otherwise as ``credential()``.
    package func invalidate(_ rejected: Credential) async throws -> Credential {
        guard developmentCredential == nil else {
            throw JanuaryError.authentication("January rejected the development API key; it cannot be refreshed.")
        }
        try checkNotInsideProvider()
        let now = clock.now()
        switch state.withLock({ $0.machine.lookUpReplacement(for: rejected, at: now) }) {
        case .fresh(let credential):
            return credential
        case .mustWait(let id):
            return try await wait(as: id) { machine, waiter, now in
                machine.invalidate(rejected, waiter: waiter, id: id, at: now)
            }
        }
    }

    /// Forgets a credential January rejected, if it is still the cached one, without fetching a new one.
    ///
    /// For a rejected request that will not be retried: the next request then fetches a new token rather than
    /// sending the rejected one again. Does nothing for a development key.
    ///
    /// - Parameter rejected: The credential the rejected request carried.
    package func discard(_ rejected: Credential) {
        guard developmentCredential == nil else {
            return
        }
        let now = clock.now()
        perform(state.withLock { $0.commit($0.machine.discard(rejected, at: now)) })
    }

    /// Delivers an event of the caller's, such as the facade's retry, through the same queue as the
    /// coordinator's own, so that the callback still runs one event at a time and in order.
    ///
    /// - Parameter makeEvent: Builds the event from the coordinator clock's current time.
    package func emit(_ makeEvent: (Date) -> JanuaryTokenEvent) {
        guard onEvent != nil else {
            return
        }
        let event = makeEvent(clock.now())
        perform(state.withLock { $0.commit(TokenCoordinator.Machine.Actions(events: [event])) })
    }

    /// Sign-out: forgets the cached token and abandons a fetch in flight.
    ///
    /// Requests waiting for that fetch fail with ``/JanuaryCore/JanuaryError/Category/cancelled``; the provider's task
    /// is cancelled and whatever it returns is dropped, never cached. The next request fetches a new token.
    package func reset() {
        let now = clock.now()
        perform(state.withLock { $0.commit($0.machine.reset(at: now)) })
    }

    /// How many requests are waiting for a fetch now, for diagnostics and tests.
    package var waitingRequestCount: Int {
        state.withLock { $0.machine.waiterCount }
    }

    private static func makeIdentity() -> UInt64 {
        identities.withLock { last in
            last += 1
            return last
        }
    }
}
