import Foundation
import JanuaryAuth
import JanuaryCore
import Testing

/// The machine alone: waiters are identifiers, times are readings, and no task is involved.
@Suite("State machine: coalescing and freshness on the monotonic clock", suiteTimeLimit())
struct StateMachineFreshnessTests {
    @Test func aThousandColdRequestsShareOneFetchAndAllReceiveItsToken() throws {
        var machine = Machine(refreshLeeway: 60, backoff: .default)
        let (firstID, first) = try machine.request(at: at(0))
        let fetch = try #require(first.startFetch)
        #expect(first.resume == nil && first.events.isEmpty, "a fetch reports itself when its provider call starts")
        var ids = [firstID.rawValue]
        for _ in 2...1_000 {
            let (id, joined) = try machine.request(at: at(0))
            ids.append(id.rawValue)
            #expect(joined.isEmpty, "every later request joins the one fetch")
        }
        #expect(Set(ids).count == 1_000, "every request has its own waiter")
        #expect(machine.phase == .fetching(fetch, waiterCount: 1_000, attempt: nil))
        #expect(machine.isInFlight(fetch))

        let starting = machine.providerCallStarting(fetch, at: at(0))
        let started = try #require(starting)
        #expect(started.eventKinds == [.providerCallStarted] && started.events.first?.attempt == 1)
        #expect(machine.providerCallStarting(fetch, at: at(0)) == nil, "a fetch calls its provider once")
        #expect(machine.phase == .fetching(fetch, waiterCount: 1_000, attempt: 1))

        let finished = machine.providerReturned(
            fetch,
            result: .success(JanuaryClientToken(value: "fresh", expiresIn: 3600)),
            at: at(2.5)
        )
        let resumption = try #require(finished.resume)
        #expect(finished.resumedWaiters == ids.sorted())
        let credential = try resumption.result.get()
        #expect(credential.value == "fresh" && credential.generation == 1 && credential.epoch == 0)
        #expect(credential.isRefreshable && credential.expiresAt == start.addingTimeInterval(2.5 + 3600))
        #expect(finished.eventKinds == [.providerCallFinished])
        let event = try #require(finished.events.first)
        #expect(event.outcome == nil && event.waiterCount == 1_000 && event.duration == 2.5)
        #expect(event.attempt == 1 && event.generation == 1)
        #expect(machine.phase == .idle(cachedGeneration: 1) && machine.waiterCount == 0 && !machine.isInFlight(fetch))
    }

    struct FreshnessCase: Sendable, CustomTestStringConvertible {
        let leeway: TimeInterval
        let lifetime: TimeInterval
        let receivedAt: TimeInterval
        let askedAt: TimeInterval
        let isFresh: Bool

        var testDescription: String {
            "leeway \(leeway), lifetime \(lifetime) from \(receivedAt), asked at \(askedAt): "
                + (isFresh ? "fresh" : "stale")
        }
    }

    static let freshnessCases: [FreshnessCase] = [
        FreshnessCase(leeway: 60, lifetime: 3600, receivedAt: 0, askedAt: 0, isFresh: true),
        FreshnessCase(leeway: 60, lifetime: 3600, receivedAt: 0, askedAt: 3_539.999, isFresh: true),
        FreshnessCase(leeway: 60, lifetime: 3600, receivedAt: 0, askedAt: 3_540, isFresh: false),
        FreshnessCase(leeway: 60, lifetime: 3600, receivedAt: 0, askedAt: 3_541, isFresh: false),
        FreshnessCase(leeway: 60, lifetime: 3600, receivedAt: 100, askedAt: 3_639.5, isFresh: true),
        FreshnessCase(leeway: 60, lifetime: 3600, receivedAt: 100, askedAt: 3_640, isFresh: false),
        FreshnessCase(leeway: 0, lifetime: 3600, receivedAt: 0, askedAt: 3_599.999, isFresh: true),
        FreshnessCase(leeway: 0, lifetime: 3600, receivedAt: 0, askedAt: 3_600, isFresh: false),
        FreshnessCase(leeway: 60, lifetime: 61, receivedAt: 0, askedAt: 0.999, isFresh: true),
        FreshnessCase(leeway: 60, lifetime: 61, receivedAt: 0, askedAt: 1, isFresh: false),
        FreshnessCase(leeway: 300, lifetime: 1800, receivedAt: 0, askedAt: 1_499, isFresh: true),
        FreshnessCase(leeway: 300, lifetime: 1800, receivedAt: 0, askedAt: 1_500, isFresh: false),
        FreshnessCase(leeway: -5, lifetime: 10, receivedAt: 0, askedAt: 10, isFresh: false),
        FreshnessCase(leeway: .nan, lifetime: 10, receivedAt: 0, askedAt: 9.5, isFresh: true),
    ]

    @Test("fresh while uptime < receipt + lifetime - leeway; stale exactly at that instant", arguments: freshnessCases)
    func leewayBoundary(_ testCase: FreshnessCase) throws {
        var machine = Machine(refreshLeeway: testCase.leeway, backoff: .none)
        let cached = try machine.cache(lifetime: testCase.lifetime, at: at(testCase.receivedAt))
        let asked = at(testCase.askedAt)
        let lookup = machine.lookUp(at: asked)
        if testCase.isFresh {
            #expect(lookup.fresh == cached)
        } else {
            #expect(lookup.mustWait)
            // The slow path judges the same way: a stale credential starts a fetch.
            guard case .mustWait(let id) = lookup else {
                return
            }
            #expect(machine.enqueue(id, at: asked).startFetch != nil)
        }
    }

    enum Expiry: String, Sendable, CaseIterable {
        case expiresIn
        case expiresAt

        func token(lifetime: TimeInterval) -> JanuaryClientToken {
            switch self {
            case .expiresIn:
                JanuaryClientToken(value: "ct-jump", expiresIn: lifetime)
            case .expiresAt:
                JanuaryClientToken(value: "ct-jump", expiresAt: start.addingTimeInterval(lifetime))
            }
        }
    }

    @Test(
        "a wall-clock jump after receipt changes nothing about freshness",
        arguments: [-31_536_000.0, -600, -1, 1, 600, 31_536_000], Expiry.allCases
    )
    func wallClockJumps(jump: TimeInterval, expiry: Expiry) throws {
        var machine = Machine(refreshLeeway: 60, backoff: .none)
        let fetch = try #require(machine.request(at: at(0)).actions.startFetch)
        _ = machine.providerCallStarting(fetch, at: at(0))
        let cached = try #require(
            machine.providerReturned(fetch, result: .success(expiry.token(lifetime: 3600)), at: at(0)).credential
        )
        #expect(machine.lookUp(at: at(1, wallOffset: jump)).fresh == cached)
        #expect(machine.lookUp(at: at(3_539.999, wallOffset: jump)).fresh == cached)
        #expect(machine.lookUp(at: at(3_540, wallOffset: jump)).mustWait)
    }

    @Test func aStaleCredentialIsReplacedWithTheNextGenerationAndItsOwnExpiry() throws {
        var machine = Machine(refreshLeeway: 60, backoff: .none)
        let first = try machine.cache(lifetime: 3600, at: at(0))
        let later = at(3_540)
        let actions = try machine.fetch(
            returning: .success(JanuaryClientToken(value: "next", expiresIn: 1800)), at: later)
        let next = try #require(actions.credential)
        #expect(first.generation == 1 && next.generation == 2 && next.value == "next")
        #expect(next.expiresAt == later.date.addingTimeInterval(1800))
        #expect(machine.lookUp(at: at(3_540 + 1_739.9)).fresh == next)
        #expect(machine.lookUp(at: at(3_540 + 1_740)).mustWait)
    }

    @Test func aRequestThatFindsAFreshCredentialWhenEnqueuedIsResumedAtOnce() throws {
        var machine = Machine(refreshLeeway: 60, backoff: .none)
        guard case .mustWait(let id) = machine.lookUp(at: at(0)) else {
            Issue.record("nothing is cached yet")
            return
        }
        // Another request fetched a token between this one's lookup and its enqueue.
        let raced = try machine.cache(value: "raced", at: at(0))
        let actions = machine.enqueue(id, at: at(0))
        #expect(actions.resume?.waiters == [id] && actions.startFetch == nil && actions.events.isEmpty)
        #expect(actions.credential == raced)
    }

    @Test func aProviderCallReportsItsStartOnlyForTheFetchInFlight() throws {
        var machine = Machine(refreshLeeway: 60, backoff: .none)
        let fetch = try #require(machine.request(at: at(0)).actions.startFetch)
        #expect(
            machine.providerReturned(fetch, result: .success(.init(value: "x", expiresIn: 3600)), at: at(0)).isEmpty,
            "a result before the call started is not this fetch's")
        #expect(machine.providerTimedOut(fetch, after: 30, at: at(30)).isEmpty, "only a started call can time out")
        #expect(machine.phase == .fetching(fetch, waiterCount: 1, attempt: nil))
    }
}
