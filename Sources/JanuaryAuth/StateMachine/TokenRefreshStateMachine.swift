import Foundation
import JanuaryCore

/// The token cache's decisions, as a value type with no I/O, so that every transition can be tested alone.
///
/// The machine is in one of three states:
/// - **idle**, possibly holding a cached credential (fresh or not);
/// - **fetching**, with the requests waiting for the one provider call in flight;
/// - **failed**, remembering the last failure, how many fetches failed in a row, and until when the provider is
///   left alone (back-off): requests arriving before then fail at once with that failure.
///
/// Beside the state it keeps the **session epoch** (raised by ``reset(at:)``, so that nothing of an earlier
/// session fetches, receives a token or replays), the **rejection breaker** (``TokenRejectionBreaker``), and
/// the estimated offset between January's clock and the device's.
///
/// All durations are measured on the monotonic ``ClockReading/uptime``; the wall ``ClockReading/date`` only
/// dates events and turns an absolute `expiresAt` into a remaining lifetime.
///
/// Its mutating methods take events (a credential was requested, the provider returned, a waiter was
/// cancelled, January rejected or accepted a credential, the session was reset) and return ``Actions`` for the
/// owner to carry out after it has released its lock. A waiting request is known here only by its ``WaiterID``:
/// the owner keeps what it resumes (a continuation in ``TokenCoordinator``) under that identifier, so the machine is
/// one concrete type, tested with the identifiers alone.
package struct TokenRefreshStateMachine: Sendable {
    /// Identifies one request waiting for a credential.
    package struct WaiterID: Hashable, Sendable {
        /// A number unique within one machine, increasing in request order.
        package let rawValue: UInt64
    }

    /// Identifies one fetch: one provider call.
    package struct FetchID: Hashable, Sendable {
        /// A number unique within one machine, increasing in fetch order.
        package let rawValue: UInt64
    }

    /// What the machine remembers about a run of failed fetches: how many fetches in a row ended in a failure, until
    /// when (in uptime seconds) the provider is left alone so that requests before then fail at once, and the last
    /// failure, handed to those requests. A tuple rather than a struct of its own, whose metadata and value witnesses
    /// would cost more than the fields.
    package typealias FailureRecord = (consecutiveFailures: Int, retryAt: TimeInterval, lastError: JanuaryError)

    /// The answer to a request that may be served without waiting.
    package enum Lookup: Sendable {
        /// A fresh credential: use it.
        case fresh(Credential)
        /// No fresh credential: enqueue a waiter under this identifier.
        case mustWait(WaiterID)
        /// No credential can be had now: fail the request with this error.
        case refused(JanuaryError)
    }

    /// A summary of the state, for diagnostics and tests.
    package enum Phase: Equatable, Sendable {
        /// Nothing in flight; the generation of the cached credential, fresh or not, if any.
        case idle(cachedGeneration: UInt64?)
        /// One fetch in flight; `attempt` is set once its provider call has started.
        case fetching(FetchID, waiterCount: Int, attempt: UInt64?)
        /// The last fetch failed; the provider is left alone until uptime `retryAt`.
        case failed(consecutiveFailures: Int, retryAt: TimeInterval)
    }

    enum State: Sendable {
        case idle(CachedCredential?)
        case fetching(Fetch)
        case failed(FailureRecord)
        /// Only ever set for the duration of one mutation, so that a payload is uniquely referenced and can
        /// be changed in place instead of copied (appending the 1,000th waiter must not copy 999).
        case modifying
    }

    /// A cached credential and the uptime from which it is no longer fresh (receipt + remaining lifetime − leeway).
    /// A pair rather than a struct of its own, whose metadata and value witnesses would cost more than the fields.
    typealias CachedCredential = (credential: Credential, refreshAt: TimeInterval)

    struct Fetch: Sendable {
        /// The provider call: its attempt number and the uptime it started at.
        typealias Call = (attempt: UInt64, startedAt: TimeInterval)

        let id: FetchID
        /// The waiting requests, each once, in increasing order of identifier so that one is found by halving
        /// (`partitionPoint`); change it only through ``add(_:)`` and ``remove(_:)``. An array rather than a `Set`:
        /// the waiters are resumed as an array, and the set's hashing and resizing, specialised for the identifier,
        /// were 2 KB of an app.
        var waiters: [WaiterID]
        /// Restored if the fetch is abandoned, so that cancelling does not erase a failure streak.
        let previousFailures: FailureRecord?
        var call: Call?

        /// A fetch for its first waiter.
        init(id: FetchID, for waiter: WaiterID, after previousFailures: FailureRecord?) {
            self.id = id
            self.waiters = [waiter]
            self.previousFailures = previousFailures
        }

        /// Adds `waiter` unless it is waiting already.
        mutating func add(_ waiter: WaiterID) {
            let index = position(of: waiter)
            guard index == waiters.count || waiters[index] != waiter else {
                return
            }
            // Identifiers are made in request order, so a new waiter nearly always goes last and nothing moves.
            waiters.append(waiter)
            for later in stride(from: waiters.count - 1, to: index, by: -1) {
                waiters.swapAt(later, later - 1)
            }
        }

        /// Removes `waiter`; `false` if it was not waiting.
        mutating func remove(_ waiter: WaiterID) -> Bool {
            let index = position(of: waiter)
            guard index < waiters.count, waiters[index] == waiter else {
                return false
            }
            waiters.remove(at: index)
            return true
        }

        /// The index of the first waiter whose identifier is not below `waiter`'s.
        private func position(of waiter: WaiterID) -> Int {
            partitionPoint(count: waiters.count) { waiters[$0].rawValue < waiter.rawValue }
        }
    }

    var state: State = .idle(nil) {
        didSet {
            if case .idle(let cached) = state {
                idleCache = cached
            } else {
                idleCache = nil
            }
        }
    }

    /// The cached credential while the machine is idle, kept beside ``state`` so that the lookup every request
    /// makes reads it without copying the state enum, whose other cases carry a fetch and its waiters.
    private var idleCache: CachedCredential?
    let refreshLeeway: TimeInterval
    let backoff: TokenRefreshBackoff
    let breakerPolicy: TokenRejectionBreaker
    var breaker = BreakerState()
    /// The current session; every credential and waiter belongs to one.
    package private(set) var epoch: UInt64 = 0
    private var lastWaiterID: UInt64 = 0
    private var lastFetchID: UInt64 = 0
    var lastAttempt: UInt64 = 0
    var lastGeneration: UInt64 = 0

    /// Creates an idle machine holding no credential.
    ///
    /// - Parameters:
    ///   - refreshLeeway: How long before expiry a credential stops being fresh; negative or NaN means 0.
    ///   - backoff: The waits between consecutive failed fetches.
    ///   - breaker: When to stop calling a provider whose tokens January keeps rejecting.
    package init(
        refreshLeeway: TimeInterval,
        backoff: TokenRefreshBackoff,
        breaker: TokenRejectionBreaker = .default
    ) {
        self.refreshLeeway = refreshLeeway.isNaN ? 0 : max(0, refreshLeeway)
        self.backoff = backoff
        self.breakerPolicy = breaker
    }

    /// The fast path: the cached credential if it is fresh, a refusal if no fetch may start now, otherwise a new
    /// waiter identifier.
    ///
    /// Fresh means `now.uptime < refreshAt`; exactly at that instant the credential is stale.
    ///
    /// - Parameters:
    ///   - now: The current time.
    ///   - epoch: The session the request belongs to, or `nil` for a request that starts now.
    /// - Returns: ``Lookup/fresh(_:)``, ``Lookup/refused(_:)``, or ``Lookup/mustWait(_:)`` to be followed by
    ///   ``enqueue(_:epoch:at:)``.
    package mutating func lookUp(at now: ClockReading, epoch: UInt64? = nil) -> Lookup {
        if let refusal = refusal(for: epoch) {
            return .refused(refusal)
        }
        if case .idle(let cached?) = state, now.uptime < cached.refreshAt {
            return .fresh(cached.credential)
        }
        if let refusal = refusalOfNewFetch(at: now) {
            return .refused(refusal)
        }
        return .mustWait(makeWaiterID())
    }

    /// The cached credential when it is fresh at `uptime` and belongs to the request's session; otherwise `nil`,
    /// and ``lookUp(at:epoch:)`` decides. The same rule as the fresh case of that lookup (fresh means
    /// `uptime < refreshAt`), without a wall-clock reading, which only the other cases use.
    ///
    /// - Parameters:
    ///   - uptime: The current monotonic time.
    ///   - epoch: The session of the request, or `nil` for a new request.
    /// - Returns: The fresh credential, or `nil`.
    package func freshCredential(atUptime uptime: TimeInterval, epoch: UInt64?) -> Credential? {
        guard epoch == nil || epoch == self.epoch, let cached = idleCache, uptime < cached.refreshAt else {
            return nil
        }
        return cached.credential
    }

    /// Whether `fetch` is the fetch in flight, so that the owner knows whether a task it just created for it
    /// is still wanted.
    ///
    /// - Parameter fetch: The fetch to ask about.
    /// - Returns: `true` while that fetch is in flight.
    package func isInFlight(_ fetch: FetchID) -> Bool {
        if case .fetching(let current) = state {
            return current.id == fetch
        }
        return false
    }

    /// How many requests are waiting for the fetch in flight.
    package var waiterCount: Int {
        if case .fetching(let fetch) = state {
            return fetch.waiters.count
        }
        return 0
    }

    /// A summary of the current state.
    package var phase: Phase {
        switch state {
        case .idle(let cached):
            return .idle(cachedGeneration: cached?.credential.generation)
        case .fetching(let fetch):
            return .fetching(fetch.id, waiterCount: fetch.waiters.count, attempt: fetch.call?.attempt)
        case .failed(let record):
            return .failed(consecutiveFailures: record.consecutiveFailures, retryAt: record.retryAt)
        case .modifying:
            preconditionFailure("TokenRefreshStateMachine observed in the middle of a mutation")
        }
    }

    /// The refusal of a request that belongs to an earlier session; `nil` for the current one.
    func refusal(for requestEpoch: UInt64?) -> JanuaryError? {
        guard let requestEpoch, requestEpoch != epoch else {
            return nil
        }
        return Self.signedOutError
    }

    /// Why no fetch may start now (the breaker is open, or the provider is backing off); `nil` when one may.
    func refusalOfNewFetch(at now: ClockReading) -> JanuaryError? {
        if let open = breakerRefusal(at: now) {
            return open
        }
        if case .failed(let record) = state, now.uptime < record.retryAt {
            return record.lastError.with(retryAfter: record.retryAt - now.uptime)
        }
        return nil
    }

    static var signedOutError: JanuaryError {
        .cancelled(
            "The client signed out after this request started, so it was not sent again or given a new token.",
            code: JanuaryError.Code.signedOut
        )
    }

    mutating func makeWaiterID() -> WaiterID {
        lastWaiterID += 1
        return WaiterID(rawValue: lastWaiterID)
    }

    mutating func makeFetchID() -> FetchID {
        lastFetchID += 1
        return FetchID(rawValue: lastFetchID)
    }

    mutating func beginNewEpoch() {
        epoch += 1
    }

    /// Changes the fetch in flight in place; `nil` if there is none.
    mutating func modifyFetch<Result>(_ body: (inout Fetch) -> Result) -> Result? {
        guard case .fetching(var fetch) = state else {
            return nil
        }
        state = .modifying
        defer { state = .fetching(fetch) }
        return body(&fetch)
    }
}
