import Foundation
import JanuaryAuth
import JanuaryCore
import Testing

@testable import JanuaryAuth

@Suite("State machine: sessions, rejections and reset", suiteTimeLimit())
struct StateMachineSessionTests {
    @Test func aThousandRejectionsOfTheCachedGenerationDropItOnceAndShareOneFetch() throws {
        var machine = Machine(refreshLeeway: 60, backoff: .none)
        let cached = try machine.cache(at: at(0))
        let first = machine.reject(cached, at: at(1))
        #expect(first.lookup.mustWait, "the rejected credential is never handed back")
        #expect(first.actions.eventKinds == [.tokenInvalidated] && first.actions.events.first?.generation == 1)
        let fetch = try #require(first.actions.startFetch)
        var ids = [try #require(first.lookup.waiter).rawValue]
        for _ in 2...1_000 {
            let later = machine.reject(cached, at: at(1))
            #expect(later.lookup.mustWait && later.actions.isEmpty, "later rejections join without an event")
            ids.append(try #require(later.lookup.waiter).rawValue)
        }
        #expect(machine.phase == .fetching(fetch, waiterCount: 1_000, attempt: nil))
        _ = machine.providerCallStarting(fetch, at: at(1))
        let done = machine.providerReturned(fetch, result: .success(.init(value: "next", expiresIn: 3600)), at: at(2))
        #expect(done.resumedWaiters == ids.sorted() && Set(ids).count == 1_000 && done.credential?.generation == 2)
        // A rejection of the old generation arriving now gets the replacement at once.
        let (lookup, events) = machine.lookUpReplacement(for: cached, at: at(3))
        #expect(lookup.fresh?.generation == 2 && events.isEmpty)
    }

    @Test func rejectingAnOlderGenerationWhileTheNewerOneIsStaleFetchesWithoutDroppingAnything() throws {
        var machine = Machine(refreshLeeway: 60, backoff: .none)
        let older = try machine.cache(at: at(0))
        _ = try machine.cache(at: at(3_600))
        let rejected = machine.reject(older, at: at(7_200))
        #expect(rejected.actions.startFetch != nil)
        #expect(rejected.actions.events.isEmpty, "the cached generation was not the one rejected")
    }

    @Test func discardDropsOnlyTheRejectedGenerationAndNeverFetches() throws {
        var machine = Machine(refreshLeeway: 60, backoff: .none)
        let unknown = Credential(value: "x", generation: 7, isRefreshable: true, expiresAt: nil)
        #expect(machine.discard(unknown, at: at(0)).isEmpty)
        let cached = try machine.cache(at: at(0))
        let older = Credential(value: "y", generation: 0, isRefreshable: true, expiresAt: nil)
        #expect(machine.discard(older, at: at(0)).isEmpty)
        #expect(machine.phase == .idle(cachedGeneration: 1))
        let dropped = machine.discard(cached, at: at(0))
        #expect(dropped.eventKinds == [.tokenInvalidated] && dropped.startFetch == nil)
        #expect(machine.phase == .idle(cachedGeneration: nil))
        #expect(machine.discard(cached, at: at(0)).isEmpty, "dropped once")
    }

    @Test func resetDuringAFetchFailsItsWaitersWithSignedOutAndDropsTheLateToken() throws {
        var machine = Machine(refreshLeeway: 60, backoff: .none)
        _ = try machine.cache(at: at(0))
        let (first, started) = try machine.request(at: at(4_000))
        let fetch = try #require(started.startFetch)
        let second = try machine.request(at: at(4_000)).id
        _ = machine.providerCallStarting(fetch, at: at(4_000))

        let reset = machine.reset(at: at(4_001))
        #expect(machine.epoch == 1)
        #expect(reset.cancelFetch == fetch)
        #expect(reset.eventKinds == [.tokenCacheCleared, .providerCallFinished])
        #expect(reset.events.last?.outcome == .cancelled && reset.events.last?.waiterCount == 0)
        #expect(reset.resumedWaiters == [first.rawValue, second.rawValue].sorted())
        let error = try #require(reset.januaryError)
        #expect(error.isSignedOut && error.message.contains("signed out"))

        let late = machine.providerReturned(
            fetch, result: .success(.init(value: "late", expiresIn: 3600)), at: at(4_002))
        #expect(late.isEmpty)
        #expect(machine.phase == .idle(cachedGeneration: nil))

        let next = try machine.cache(at: at(4_003))
        #expect(next.generation == 2 && next.epoch == 1, "generations never repeat; the new token is the new session's")
    }

    @Test func resetBeforeTheProviderCallStartedMeansItNeverStarts() throws {
        var machine = Machine(refreshLeeway: 60, backoff: .none)
        let fetch = try #require(machine.request(at: at(0)).actions.startFetch)
        let reset = machine.reset(at: at(0))
        #expect(reset.eventKinds == [.tokenCacheCleared] && reset.cancelFetch == fetch)
        #expect(reset.resume?.result.januaryError?.isSignedOut == true)
        #expect(machine.providerCallStarting(fetch, at: at(0)) == nil)
    }

    @Test func resetForgetsTheCachedCredentialTheFailureStreakAndTheBreaker() throws {
        var machine = Machine(refreshLeeway: 60, backoff: .default, breaker: .default)
        let cached = try machine.cache(at: at(0))
        let reset = machine.reset(at: at(1))
        #expect(reset.eventKinds == [.tokenCacheCleared] && reset.events.first?.generation == cached.generation)
        #expect(machine.phase == .idle(cachedGeneration: nil))

        try machine.fail(times: 4, at: at(2))
        #expect(machine.lookUp(at: at(2)).refusal != nil)
        let afterFailures = machine.reset(at: at(2))
        #expect(afterFailures.events.first?.generation == nil)
        #expect(machine.lookUp(at: at(2)).mustWait, "no back-off in the new session")

        for _ in 0..<2 {
            let credential = try machine.cache(at: at(3))
            _ = machine.discard(credential, at: at(3))
        }
        #expect(machine.isCountingRejections)
        _ = machine.reset(at: at(4))
        #expect(!machine.isCountingRejections, "the streak does not carry into the new session")
    }

    @Test func nothingOfAnEarlierSessionFetchesOrIsReplaced() throws {
        var machine = Machine(refreshLeeway: 60, backoff: .none)
        let old = try machine.cache(at: at(0))
        _ = machine.reset(at: at(1))
        #expect(machine.epoch == 1)

        // A retry of a request of the old session.
        let lookup = machine.lookUp(at: at(2), epoch: 0)
        #expect(lookup.refusal?.isSignedOut == true)
        // A request of the old session that looked up before the reset and enqueues after it.
        let id = Self.waiterID(&machine)
        #expect(machine.enqueue(id, epoch: 0, at: at(2)).januaryError?.isSignedOut == true)
        // A rejection of the old session's credential.
        let (replacement, events) = machine.lookUpReplacement(for: old, at: at(2))
        #expect(replacement.refusal?.isSignedOut == true && events.isEmpty)
        #expect(machine.discard(old, at: at(2)).isEmpty)
        #expect(machine.accepted(old, at: at(2)).isEmpty)
        #expect(machine.phase == .idle(cachedGeneration: nil), "nothing was fetched")

        // The current session is served.
        #expect(machine.lookUp(at: at(2), epoch: 1).mustWait)
        let current = try machine.cache(at: at(2))
        #expect(current.epoch == 1 && machine.lookUp(at: at(3), epoch: 1).fresh == current)
    }

    /// A waiter identifier obtained from a lookup that must wait.
    static func waiterID(_ machine: inout Machine) -> Machine.WaiterID {
        guard case .mustWait(let id) = machine.lookUp(at: at(2)) else {
            preconditionFailure("the machine holds no fresh credential")
        }
        return id
    }
}
