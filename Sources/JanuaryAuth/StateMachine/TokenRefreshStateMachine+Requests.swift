import Foundation
import JanuaryCore

// Events that come from callers: a request, an invalidation, a cancelled request, a reset.
extension TokenRefreshStateMachine {
    /// A request that found no fresh credential in ``lookUp(at:)``, now with its waiter.
    ///
    /// The state may have changed since the lookup: the waiter is resumed at once if a fresh credential is
    /// now cached, joins the fetch in flight if there is one, or starts a fetch (after the backoff delay that
    /// is left, if the last fetch failed).
    ///
    /// - Parameters:
    ///   - waiter: What to resume with the result.
    ///   - id: The identifier ``lookUp(at:)`` returned.
    ///   - now: The current time.
    /// - Returns: What to do.
    package mutating func enqueue(_ waiter: Waiter, id: WaiterID, at now: Date) -> Actions {
        switch state {
        case .idle(let cached):
            if let cached, now < cached.refreshAt {
                return Actions(resume: Resumption(waiters: [waiter], result: .success(cached.credential)))
            }
            return startFetch(for: waiter, id: id, after: nil, at: now)
        case .failed(let record):
            return startFetch(for: waiter, id: id, after: record, at: now)
        case .fetching:
            modifyFetch { $0.waiters[id] = waiter }
            return .none
        case .modifying:
            preconditionFailure("TokenRefreshStateMachine re-entered during a mutation")
        }
    }

    /// January rejected `rejected`; the waiter wants its replacement.
    ///
    /// The cached credential is dropped only if it is the rejected generation. If a newer one is cached and
    /// fresh, the waiter gets it; if one is being fetched, the waiter joins that fetch. So any number of
    /// rejections of the same stale credential cause exactly one fetch.
    ///
    /// - Parameters:
    ///   - rejected: The credential January rejected.
    ///   - waiter: What to resume with the replacement.
    ///   - id: The identifier ``lookUpReplacement(for:at:)`` returned.
    ///   - now: The current time.
    /// - Returns: What to do, starting with a ``JanuaryTokenEvent/Kind/tokenInvalidated`` event if the
    ///   cached credential was dropped.
    package mutating func invalidate(_ rejected: Credential, waiter: Waiter, id: WaiterID, at now: Date) -> Actions {
        guard case .idle(let cached?) = state, cached.credential.generation == rejected.generation else {
            return enqueue(waiter, id: id, at: now)
        }
        state = .idle(nil)
        var actions = startFetch(for: waiter, id: id, after: nil, at: now)
        let event = JanuaryTokenEvent(kind: .tokenInvalidated, date: now, generation: rejected.generation)
        actions.events.insert(event, at: 0)
        return actions
    }

    /// Drops the cached credential if it is still the one January rejected, without fetching a replacement.
    ///
    /// For a rejected request that will not be retried: the next request fetches a new token instead of
    /// sending the rejected one again. A newer credential, or a fetch in flight, is left alone.
    ///
    /// - Parameters:
    ///   - rejected: The credential January rejected.
    ///   - now: The current time.
    /// - Returns: A ``JanuaryTokenEvent/Kind/tokenInvalidated`` event if the credential was dropped, else nothing.
    package mutating func discard(_ rejected: Credential, at now: Date) -> Actions {
        guard case .idle(let cached?) = state, cached.credential.generation == rejected.generation else {
            return .none
        }
        state = .idle(nil)
        return Actions(events: [JanuaryTokenEvent(kind: .tokenInvalidated, date: now, generation: rejected.generation)])
    }

    /// A waiting request was cancelled.
    ///
    /// Its waiter is resumed at once with ``/JanuaryCore/JanuaryError/Category/cancelled``. The fetch goes on for the
    /// other waiters; when the last one has gone, the fetch is cancelled and the machine returns to the state it was
    /// in before the fetch (a cancellation is not a failure).
    ///
    /// - Parameters:
    ///   - id: The cancelled request.
    ///   - now: The current time.
    /// - Returns: What to do; nothing if the request was no longer waiting.
    package mutating func waiterCancelled(_ id: WaiterID, at now: Date) -> Actions {
        guard let waiter = modifyFetch({ $0.waiters.removeValue(forKey: id) }) ?? nil else {
            return .none
        }
        var actions = Actions(
            resume: Resumption(
                waiters: [waiter],
                result: .failure(.cancelled("The request for a January credential was cancelled."))
            )
        )
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

    /// Sign-out: drop the cached credential, fail the waiters of a fetch in flight with
    /// ``/JanuaryCore/JanuaryError/Category/cancelled`` and abandon the fetch, whose result will be ignored.
    ///
    /// The failure streak is forgotten too: the next session starts without backoff.
    ///
    /// - Parameter now: The current time.
    /// - Returns: What to do, starting with a ``JanuaryTokenEvent/Kind/coordinatorReset`` event.
    package mutating func reset(at now: Date) -> Actions {
        let previous = state
        state = .idle(nil)
        var actions = Actions()
        switch previous {
        case .idle(let cached?):
            actions.events.append(
                JanuaryTokenEvent(kind: .coordinatorReset, date: now, generation: cached.credential.generation)
            )
        case .fetching(let fetch):
            actions.events.append(JanuaryTokenEvent(kind: .coordinatorReset, date: now))
            actions.cancelFetch = fetch.id
            actions.resume = Resumption(
                waiters: Array(fetch.waiters.values),
                result: .failure(.cancelled("The session was reset while a January credential was being fetched."))
            )
            if let call = fetch.call {
                actions.events.append(finishedEvent(call, outcome: .cancelled, waiterCount: 0, at: now))
            }
        case .idle(nil), .failed:
            actions.events.append(JanuaryTokenEvent(kind: .coordinatorReset, date: now))
        case .modifying:
            preconditionFailure("TokenRefreshStateMachine re-entered during a mutation")
        }
        return actions
    }

    private mutating func startFetch(
        for waiter: Waiter,
        id: WaiterID,
        after failures: FailureRecord?,
        at now: Date
    ) -> Actions {
        var delay: TimeInterval = 0
        if let failures {
            let backoffDelay = backoff.delay(afterConsecutiveFailures: failures.consecutiveFailures)
            let remaining = failures.lastFailureAt.addingTimeInterval(backoffDelay).timeIntervalSince(now)
            // Capped at the full delay so that a wall clock set backwards cannot stretch the wait.
            delay = min(backoffDelay, max(0, remaining))
        }
        let fetch = Fetch(id: makeFetchID(), waiters: [id: waiter], previousFailures: failures, call: nil)
        state = .fetching(fetch)
        return Actions(startFetch: FetchStart(id: fetch.id, delay: delay))
    }

    func finishedEvent(
        _ call: Fetch.Call,
        outcome: JanuaryError.Category?,
        waiterCount: Int,
        generation: UInt64? = nil,
        at now: Date
    ) -> JanuaryTokenEvent {
        JanuaryTokenEvent(
            kind: .providerCallFinished,
            date: now,
            attempt: call.attempt,
            duration: max(0, now.timeIntervalSince(call.startedAt)),
            outcome: outcome,
            waiterCount: waiterCount,
            generation: generation
        )
    }
}
