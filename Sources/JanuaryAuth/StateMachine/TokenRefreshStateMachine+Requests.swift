import Foundation
import JanuaryCore

// Events that come from callers: a request, a rejection, a cancelled request, a reset.
extension TokenRefreshStateMachine {
    /// A request that found no fresh credential in ``lookUp(at:epoch:)``, now waiting as `id`.
    ///
    /// The state may have changed since the lookup: the waiter is resumed at once if a fresh credential is now
    /// cached or the request is refused (an earlier session, an open breaker, a back-off in progress), joins the
    /// fetch in flight if there is one, or starts a fetch.
    ///
    /// - Parameters:
    ///   - id: The identifier ``lookUp(at:epoch:)`` returned.
    ///   - epoch: The session the request belongs to, or `nil` for a request that starts now.
    ///   - now: The current time.
    /// - Returns: What to do.
    package mutating func enqueue(_ id: WaiterID, epoch: UInt64? = nil, at now: ClockReading) -> Actions {
        if let refusal = refusal(for: epoch) {
            return Actions(resume: (waiters: [id], result: .failure(refusal)))
        }
        switch state {
        case .idle(let cached):
            if let cached, now.uptime < cached.refreshAt {
                return Actions(resume: (waiters: [id], result: .success(cached.credential)))
            }
            return startFetch(for: id, after: nil, at: now)
        case .failed(let record):
            return startFetch(for: id, after: record, at: now)
        case .fetching:
            modifyFetch { $0.add(id) }
            return .none
        case .modifying:
            preconditionFailure("TokenRefreshStateMachine re-entered during a mutation")
        }
    }

    /// The fast path of a rejection: counts it towards the breaker, then answers with a fresh credential other
    /// than the rejected one if one is cached, a refusal, or a waiter identifier.
    ///
    /// - Parameters:
    ///   - rejected: The credential January rejected.
    ///   - now: The current time.
    /// - Returns: The lookup and the events the rejection produced (the breaker opening); follow
    ///   ``Lookup/mustWait(_:)`` with ``invalidate(_:waiter:at:)``.
    package mutating func lookUpReplacement(
        for rejected: Credential,
        at now: ClockReading
    ) -> (lookup: Lookup, events: [JanuaryEvent]) {
        if let refusal = refusal(for: rejected.epoch) {
            return (.refused(refusal), [])
        }
        var events = countRejection(of: rejected, at: now)
        if case .idle(let cached?) = state, cached.credential.generation != rejected.generation,
            now.uptime < cached.refreshAt
        {
            return (.fresh(cached.credential), events)
        }
        if let refusal = refusalOfNewFetch(at: now) {
            events += drop(rejected, at: now)
            return (.refused(refusal), events)
        }
        return (.mustWait(makeWaiterID()), events)
    }

    /// January rejected `rejected`; the waiter `id` wants its replacement.
    ///
    /// The cached credential is dropped only if it is the rejected generation. If a newer one is cached and
    /// fresh, the waiter gets it; if one is being fetched, the waiter joins that fetch. So any number of
    /// rejections of the same stale credential cause exactly one fetch. A credential of an earlier session is
    /// never replaced: its waiter fails with `signed_out`.
    ///
    /// - Parameters:
    ///   - rejected: The credential January rejected.
    ///   - id: The identifier ``lookUpReplacement(for:at:)`` returned.
    ///   - now: The current time.
    /// - Returns: What to do, starting with a `.tokenInvalidated` event if the
    ///   cached credential was dropped.
    package mutating func invalidate(
        _ rejected: Credential,
        waiter id: WaiterID,
        at now: ClockReading
    ) -> Actions {
        let events = drop(rejected, at: now)
        var actions = enqueue(id, epoch: rejected.epoch, at: now)
        actions.events = events + actions.events
        return actions
    }

    /// Drops the cached credential if it is still the one January rejected, without fetching a replacement.
    ///
    /// For a rejected request that will not be replayed: the next request fetches a new token instead of
    /// sending the rejected one again. A newer credential, or a fetch in flight, is left alone.
    ///
    /// - Parameters:
    ///   - rejected: The credential January rejected.
    ///   - now: The current time.
    /// - Returns: A `.tokenInvalidated` event if the credential was dropped, and a
    ///   `.circuitBreakerOpened` event if the rejection opened the breaker.
    package mutating func discard(_ rejected: Credential, at now: ClockReading) -> Actions {
        guard refusal(for: rejected.epoch) == nil else {
            return .none
        }
        let opened = countRejection(of: rejected, at: now)
        return Actions(events: drop(rejected, at: now) + opened)
    }

    /// A waiting request's task was cancelled.
    ///
    /// Its waiter is resumed at once with `CancellationError`. The fetch goes on for the other waiters; when the
    /// last one has gone, the fetch is cancelled and the machine returns to the state it was in before the fetch
    /// (a cancellation is not a failure).
    ///
    /// - Parameters:
    ///   - id: The cancelled request.
    ///   - now: The current time.
    /// - Returns: What to do; nothing if the request was no longer waiting.
    package mutating func waiterCancelled(_ id: WaiterID, at now: ClockReading) -> Actions {
        guard modifyFetch({ $0.remove(id) }) == true else {
            return .none
        }
        var actions = Actions(resume: (waiters: [id], result: .failure(CancellationError())))
        guard case .fetching(let fetch) = state, fetch.waiters.isEmpty else {
            return actions
        }
        state = fetch.previousFailures.map(State.failed) ?? .idle(nil)
        actions.cancelFetch = fetch.id
        if let call = fetch.call {
            actions.events.append(finishedEvent(call, outcome: .cancelled, waiterCount: 0, at: now))
        }
        return actions
    }

    /// Sign-out: a new session begins. The cached credential is dropped, the waiters of a fetch in flight fail
    /// with category `cancelled` and code `signed_out`, and the fetch is abandoned, so its result is ignored.
    /// Requests of the old session that come back later (to replace a rejected credential or to retry) are
    /// refused the same way.
    ///
    /// The failure streak and the breaker are forgotten too: the next session starts afresh. (January's clock is
    /// not the machine's: the coordinator's ``TokenCoordinator/reset()`` forgets it beside this.)
    ///
    /// - Parameter now: The current time.
    /// - Returns: What to do, starting with a `.tokenCacheCleared` event.
    package mutating func reset(at now: ClockReading) -> Actions {
        let previous = state
        state = .idle(nil)
        beginNewEpoch()
        breaker = BreakerState(lastCountedGeneration: lastGeneration)
        var actions = Actions()
        switch previous {
        case .idle(let cached?):
            actions.events.append(
                JanuaryEvent(kind: .tokenCacheCleared, date: now.date, generation: cached.credential.generation)
            )
        case .fetching(let fetch):
            actions.events.append(JanuaryEvent(kind: .tokenCacheCleared, date: now.date))
            actions.cancelFetch = fetch.id
            actions.resume = (waiters: fetch.waiters, result: .failure(Self.signedOutError))
            if let call = fetch.call {
                actions.events.append(finishedEvent(call, outcome: .cancelled, waiterCount: 0, at: now))
            }
        case .idle(nil), .failed:
            actions.events.append(JanuaryEvent(kind: .tokenCacheCleared, date: now.date))
        case .modifying:
            preconditionFailure("TokenRefreshStateMachine re-entered during a mutation")
        }
        return actions
    }

    /// Drops the cached credential if it is the rejected generation.
    private mutating func drop(_ rejected: Credential, at now: ClockReading) -> [JanuaryEvent] {
        guard case .idle(let cached?) = state, cached.credential.generation == rejected.generation else {
            return []
        }
        state = .idle(nil)
        return [JanuaryEvent(kind: .tokenInvalidated, date: now.date, generation: rejected.generation)]
    }

    private mutating func startFetch(
        for id: WaiterID,
        after failures: FailureRecord?,
        at now: ClockReading
    ) -> Actions {
        if let refusal = refusalOfNewFetch(at: now) {
            return Actions(resume: (waiters: [id], result: .failure(refusal)))
        }
        let fetch = Fetch(id: makeFetchID(), for: id, after: failures)
        state = .fetching(fetch)
        return Actions(startFetch: fetch.id)
    }

    func finishedEvent(
        _ call: Fetch.Call,
        outcome: JanuaryError.Category?,
        waiterCount: Int,
        generation: UInt64? = nil,
        at now: ClockReading
    ) -> JanuaryEvent {
        JanuaryEvent(
            kind: .providerCallFinished,
            date: now.date,
            attempt: call.attempt,
            duration: max(0, now.uptime - call.startedAt),
            outcome: outcome,
            waiterCount: waiterCount,
            generation: generation
        )
    }
}
