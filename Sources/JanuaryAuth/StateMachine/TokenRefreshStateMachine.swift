import Foundation
import JanuaryCore

/// The token cache's decisions, as a value type with no I/O, so that every transition can be tested alone.
///
/// The machine is in one of three states:
/// - **idle**, possibly holding a cached credential (fresh or not);
/// - **fetching**, with the requests waiting for one fetch, which may first wait out a backoff delay and then
///   calls the provider once;
/// - **failed**, remembering how many fetches failed in a row and when the last one did, for backoff.
///
/// Its mutating methods take events (a credential was requested, the provider returned, the provider timed
/// out, a waiter was cancelled, the session was reset) and return ``Actions`` for the owner to carry out
/// after it has released its lock: resume waiters, start or cancel a fetch, emit events. The owner keeps the
/// machine under a lock and does all waiting and calling itself.
///
/// `Waiter` is whatever the owner resumes: a continuation in ``TokenCoordinator``, a plain number in tests.
/// Requests and fetches are told apart by ``WaiterID`` and ``FetchID``, so that a late event about a fetch
/// that was abandoned (timed out, reset, or left by all its waiters) is recognised and ignored.
package struct TokenRefreshStateMachine<Waiter> {
    /// Identifies one request waiting for a credential.
    package struct WaiterID: Hashable, Sendable {
        /// A number unique within one machine, increasing in request order.
        package let rawValue: UInt64
    }

    /// Identifies one fetch: an optional backoff wait followed by one provider call.
    package struct FetchID: Hashable, Sendable {
        /// A number unique within one machine, increasing in fetch order.
        package let rawValue: UInt64
    }

    /// What the machine remembers about a run of failed fetches.
    package struct FailureRecord: Hashable, Sendable {
        /// How many fetches in a row ended in a failure.
        package var consecutiveFailures: Int
        /// When the last of them failed, by the owner's clock.
        package var lastFailureAt: Date

        /// Creates a record.
        ///
        /// - Parameters:
        ///   - consecutiveFailures: How many fetches in a row failed.
        ///   - lastFailureAt: When the last of them failed.
        package init(consecutiveFailures: Int, lastFailureAt: Date) {
            self.consecutiveFailures = consecutiveFailures
            self.lastFailureAt = lastFailureAt
        }
    }

    /// The answer to a request that may be served without waiting.
    package enum Lookup {
        /// A fresh credential: use it.
        case fresh(Credential)
        /// No fresh credential: enqueue a waiter under this identifier.
        case mustWait(WaiterID)
    }

    /// A summary of the state, for diagnostics and tests.
    package enum Phase: Hashable, Sendable {
        /// Nothing in flight; the generation of the cached credential, fresh or not, if any.
        case idle(cachedGeneration: UInt64?)
        /// One fetch in flight; `attempt` is set once its provider call has started.
        case fetching(FetchID, waiterCount: Int, attempt: UInt64?)
        /// The last fetch failed.
        case failed(FailureRecord)
    }

    enum State {
        case idle(CachedCredential?)
        case fetching(Fetch)
        case failed(FailureRecord)
        /// Only ever set for the duration of one mutation, so that a payload is uniquely referenced and can
        /// be changed in place instead of copied (appending the 1,000th waiter must not copy 999).
        case modifying
    }

    struct CachedCredential {
        let credential: Credential
        /// `expiresAt - refreshLeeway`: from this instant on the credential is no longer fresh.
        let refreshAt: Date
    }

    struct Fetch {
        struct Call {
            let attempt: UInt64
            let startedAt: Date
        }

        let id: FetchID
        var waiters: [WaiterID: Waiter]
        /// Restored if the fetch is abandoned, so that cancelling does not erase a failure streak.
        let previousFailures: FailureRecord?
        var call: Call?
    }

    var state: State = .idle(nil)
    let refreshLeeway: TimeInterval
    let backoff: TokenRefreshBackoff
    private var lastWaiterID: UInt64 = 0
    private var lastFetchID: UInt64 = 0
    var lastAttempt: UInt64 = 0
    var lastGeneration: UInt64 = 0

    /// Creates an idle machine holding no credential.
    ///
    /// - Parameters:
    ///   - refreshLeeway: How long before expiry a credential stops being fresh; negative or NaN means 0.
    ///   - backoff: The waits between consecutive failed fetches.
    package init(refreshLeeway: TimeInterval, backoff: TokenRefreshBackoff) {
        self.refreshLeeway = refreshLeeway.isNaN ? 0 : max(0, refreshLeeway)
        self.backoff = backoff
    }

    /// The fast path: the cached credential if it is fresh, otherwise a new waiter identifier.
    ///
    /// Fresh means `now < expiresAt - refreshLeeway`; exactly at that instant the credential is stale.
    ///
    /// - Parameter now: The current time.
    /// - Returns: ``Lookup/fresh(_:)`` or ``Lookup/mustWait(_:)``; follow the latter with ``enqueue(_:id:at:)``.
    package mutating func lookUp(at now: Date) -> Lookup {
        if case .idle(let cached?) = state, now < cached.refreshAt {
            return .fresh(cached.credential)
        }
        return .mustWait(makeWaiterID())
    }

    /// The fast path of an invalidation: a fresh credential other than the rejected one, if cached.
    ///
    /// - Parameters:
    ///   - rejected: The credential January rejected.
    ///   - now: The current time.
    /// - Returns: ``Lookup/fresh(_:)`` when a newer fresh credential is cached; otherwise ``Lookup/mustWait(_:)``,
    ///   to be followed by ``invalidate(_:waiter:id:at:)``.
    package mutating func lookUpReplacement(for rejected: Credential, at now: Date) -> Lookup {
        if case .idle(let cached?) = state, cached.credential.generation != rejected.generation,
            now < cached.refreshAt
        {
            return .fresh(cached.credential)
        }
        return .mustWait(makeWaiterID())
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
            return .failed(record)
        case .modifying:
            preconditionFailure("TokenRefreshStateMachine observed in the middle of a mutation")
        }
    }

    private mutating func makeWaiterID() -> WaiterID {
        lastWaiterID += 1
        return WaiterID(rawValue: lastWaiterID)
    }

    mutating func makeFetchID() -> FetchID {
        lastFetchID += 1
        return FetchID(rawValue: lastFetchID)
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

extension TokenRefreshStateMachine: Sendable where Waiter: Sendable {}
extension TokenRefreshStateMachine.State: Sendable where Waiter: Sendable {}
extension TokenRefreshStateMachine.Fetch: Sendable where Waiter: Sendable {}
