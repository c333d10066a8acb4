import Foundation
import JanuaryAuth
import JanuaryCore
import Testing

/// The state machine, driven by tests through its waiter identifiers alone.
typealias Machine = TokenRefreshStateMachine

extension TokenRefreshStateMachine {
    /// Asks for a credential, expecting to have to wait, and returns the request's waiter identifier and what
    /// enqueueing it does.
    @discardableResult
    mutating func request(
        at now: ClockReading,
        epoch: UInt64? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> (id: WaiterID, actions: Actions) {
        let id = try #require(
            lookUp(at: now, epoch: epoch).waiter, "expected the request to wait for a fetch",
            sourceLocation: sourceLocation)
        return (id, enqueue(id, epoch: epoch, at: now))
    }

    /// Runs one whole fetch for one request: request, provider call, `result` judged with January's time
    /// `januaryNow`; returns what the result does.
    mutating func fetch(
        returning result: Result<JanuaryClientToken, any Error>,
        at now: ClockReading,
        januaryNow: Date? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Actions {
        let fetch = try #require(request(at: now, sourceLocation: sourceLocation).actions.startFetch)
        try #require(providerCallStarting(fetch, at: now) != nil, sourceLocation: sourceLocation)
        return providerReturned(fetch, result: result, at: now, januaryNow: januaryNow)
    }

    /// Caches a token valid for `lifetime` seconds (`expiresIn`) received at `now`, and returns its credential.
    mutating func cache(
        lifetime: TimeInterval = 3600,
        value: String = "cached",
        at now: ClockReading = at(0),
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Credential {
        let actions = try fetch(
            returning: .success(JanuaryClientToken(value: value, expiresIn: lifetime)),
            at: now,
            sourceLocation: sourceLocation
        )
        return try #require(actions.credential, sourceLocation: sourceLocation)
    }

    /// Fails `count` fetches in a row with a provider error, the last at `now` and each earlier one 1,000 s
    /// before the next, so that every one of them is past the back-off of the one before.
    mutating func fail(times count: Int, at now: ClockReading) throws {
        for index in 0..<count {
            let earlier = TimeInterval(count - 1 - index) * 1_000
            let when = ClockReading(date: now.date - earlier, uptime: now.uptime - earlier)
            _ = try fetch(returning: .failure(BackendUnavailable()), at: when)
        }
    }

    /// Rejects `rejected` on the fast path and, if told to wait, enqueues the waiter the lookup names for its
    /// replacement.
    mutating func reject(_ rejected: Credential, at now: ClockReading) -> (lookup: Lookup, actions: Actions) {
        let (lookup, events) = lookUpReplacement(for: rejected, at: now)
        guard case .mustWait(let id) = lookup else {
            return (lookup, Actions(events: events))
        }
        var actions = invalidate(rejected, waiter: id, at: now)
        actions.events.insert(contentsOf: events, at: 0)
        return (lookup, actions)
    }
}

extension TokenRefreshStateMachine.Lookup {
    /// The fresh credential, if that is the answer.
    var fresh: Credential? {
        guard case .fresh(let credential) = self else {
            return nil
        }
        return credential
    }

    /// The refusal, if that is the answer.
    var refusal: JanuaryError? {
        guard case .refused(let error) = self else {
            return nil
        }
        return error
    }

    /// Whether the request must wait for a fetch.
    var mustWait: Bool {
        waiter != nil
    }

    /// The waiter identifier, if the request must wait.
    var waiter: TokenRefreshStateMachine.WaiterID? {
        guard case .mustWait(let id) = self else {
            return nil
        }
        return id
    }
}

extension TokenRefreshStateMachine.Actions {
    /// The credential the resumed waiters receive, if they receive one.
    var credential: Credential? {
        resume?.result.credential
    }

    /// The `JanuaryError` the resumed waiters receive, if they receive one.
    var januaryError: JanuaryError? {
        resume?.result.januaryError
    }

    /// The kinds of the events, in order.
    var eventKinds: [JanuaryEvent.Kind] {
        events.map(\.kind)
    }

    /// The numbers of the resumed waiters, in increasing order; `nil` when none is resumed.
    var resumedWaiters: [UInt64]? {
        resume?.waiters.map(\.rawValue).sorted()
    }

    /// Whether nothing at all is to be done.
    var isEmpty: Bool {
        cancelFetch == nil && startFetch == nil && events.isEmpty && resume == nil
    }
}
