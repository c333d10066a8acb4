import Foundation
import JanuaryAuth
import JanuaryCore
import Testing

@testable import JanuaryAuth

@Suite("State machine: the rejection breaker", suiteTimeLimit())
struct StateMachineBreakerTests {
    /// Completes the fetch `actions` started with a fresh token; returns its credential.
    static func complete(_ actions: Machine.Actions, in machine: inout Machine, at now: ClockReading) throws
        -> Credential
    {
        let fetch = try #require(actions.startFetch)
        _ = machine.providerCallStarting(fetch, at: now)
        let done = machine.providerReturned(fetch, result: .success(.init(value: "ct-n", expiresIn: 3600)), at: now)
        return try #require(done.credential)
    }

    @Test func sevenRejectionsInARowCostThreeProviderCallsThenRequestsFailAtOnce() throws {
        var machine = Machine(refreshLeeway: 60, backoff: .none, breaker: .default)
        var credential = try machine.cache(at: at(0))
        var providerCalls = 1
        var refusals: [JanuaryError] = []
        for rejection in 1...7 {
            let now = at(TimeInterval(rejection))
            let (lookup, actions) = machine.reject(credential, at: now)
            if actions.startFetch != nil {
                providerCalls += 1
                credential = try Self.complete(actions, in: &machine, at: now)
                continue
            }
            if rejection == 3 {
                #expect(actions.eventKinds == [.circuitBreakerOpened, .tokenInvalidated])
                let opened = try #require(actions.events.first)
                #expect(opened.retryAfter == 30 && opened.generation == 3)
            } else {
                #expect(actions.events.isEmpty, "a generation is counted once")
            }
            refusals.append(try #require(lookup.refusal))
        }
        #expect(providerCalls == 3)
        #expect(refusals.count == 5)
        for (index, refusal) in refusals.enumerated() {
            #expect(refusal.category == .authentication && refusal.code == JanuaryError.Code.tokenRejectedRepeatedly)
            #expect(refusal.retryAfter == 30 - TimeInterval(index), "the cool-down began at the third rejection")
            #expect(refusal.message.contains("3 freshly minted tokens"))
        }
        // New requests fail at once too, until the cool-down ends.
        #expect(machine.lookUp(at: at(32.5)).refusal?.retryAfter == 0.5)
        #expect(machine.phase == .idle(cachedGeneration: nil))
        #expect(machine.lookUp(at: at(33)).mustWait, "after the cool-down one fetch may try")
    }

    @Test func afterTheCoolDownAnAcceptedTokenClosesTheBreaker() throws {
        var machine = Machine(refreshLeeway: 60, backoff: .none, breaker: .default)
        try Self.open(&machine, at: 0)
        let fetch = try #require(machine.request(at: at(30)).actions.startFetch)
        for _ in 2...10 {
            #expect(try machine.request(at: at(30)).actions.isEmpty, "concurrent requests join the one trial fetch")
        }
        _ = machine.providerCallStarting(fetch, at: at(30))
        let trial = try #require(
            machine.providerReturned(fetch, result: .success(.init(value: "ct-t", expiresIn: 3600)), at: at(30))
                .credential
        )
        let closed = machine.accepted(trial, at: at(31))
        #expect(closed.eventKinds == [.circuitBreakerClosed] && closed.events.first?.generation == trial.generation)
        #expect(!machine.isCountingRejections)
        #expect(machine.accepted(trial, at: at(32)).isEmpty, "closing happens once")

        // Closed means a fresh streak: two more rejections do not open it again.
        var credential = trial
        for _ in 0..<2 {
            let (_, actions) = machine.reject(credential, at: at(40))
            credential = try Self.complete(actions, in: &machine, at: at(40))
        }
        #expect(machine.lookUp(at: at(40)).fresh == credential)
    }

    @Test func eachRejectionAfterACoolDownReopensItForTwiceAsLongUpToTheCap() throws {
        var machine = Machine(refreshLeeway: 60, backoff: .none, breaker: .default)
        try Self.open(&machine, at: 0)
        var now: TimeInterval = 30
        var coolDowns: [TimeInterval] = []
        for _ in 0..<7 {
            let trial = try machine.cache(at: at(now))
            let (lookup, actions) = machine.reject(trial, at: at(now))
            let opened = try #require(actions.events.first { $0.kind == .circuitBreakerOpened })
            let coolDown = try #require(opened.retryAfter)
            #expect(lookup.refusal?.retryAfter == coolDown)
            coolDowns.append(coolDown)
            #expect(machine.lookUp(at: at(now + coolDown - 0.5)).refusal != nil)
            now += coolDown
        }
        #expect(coolDowns == [60, 120, 240, 480, 960, 960, 960])
    }

    @Test func rejectionsOutsideTheWindowDoNotAddUp() throws {
        var machine = Machine(refreshLeeway: 60, backoff: .none, breaker: .default)
        for second in [0.0, 30, 61] {
            let credential = try machine.cache(at: at(second))
            #expect(machine.discard(credential, at: at(second)).eventKinds == [.tokenInvalidated])
        }
        #expect(machine.lookUp(at: at(61)).mustWait, "the first rejection fell out of the window")
        let fourth = try machine.cache(at: at(62))
        #expect(machine.discard(fourth, at: at(62)).eventKinds == [.tokenInvalidated, .circuitBreakerOpened])
        #expect(machine.lookUp(at: at(62)).refusal?.code == JanuaryError.Code.tokenRejectedRepeatedly)
    }

    @Test func aGenerationCountsOnceHoweverManyRequestsItFailed() throws {
        var machine = Machine(refreshLeeway: 60, backoff: .none, breaker: .default)
        let first = try machine.cache(at: at(0))
        for _ in 0..<1_000 {
            _ = machine.discard(first, at: at(0))
        }
        let second = try machine.cache(at: at(0))
        for _ in 0..<1_000 {
            _ = machine.lookUpReplacement(for: second, at: at(0))
        }
        #expect(machine.lookUp(at: at(0)).refusal == nil, "two generations rejected, not two thousand")
    }

    @Test func anAcceptanceDuringAStreakEndsItSilently() throws {
        var machine = Machine(refreshLeeway: 60, backoff: .none, breaker: .default)
        for _ in 0..<2 {
            let rejected = try machine.cache(at: at(0))
            _ = machine.discard(rejected, at: at(0))
        }
        let good = try machine.cache(at: at(0))
        #expect(machine.isCountingRejections)
        #expect(machine.accepted(good, at: at(1)).isEmpty, "nothing was open, so nothing closes")
        #expect(!machine.isCountingRejections)
        _ = machine.discard(good, at: at(2))
        let next = try machine.cache(at: at(2))
        _ = machine.discard(next, at: at(2))
        #expect(machine.lookUp(at: at(2)).mustWait)
    }

    @Test(
        "a disabled breaker never opens; development keys never count",
        arguments: [TokenRejectionBreaker.none, .init(rejectionThreshold: -1)]
    )
    func disabled(_ policy: TokenRejectionBreaker) throws {
        var machine = Machine(refreshLeeway: 60, backoff: .none, breaker: policy)
        for second in 0..<20 {
            let credential = try machine.cache(at: at(TimeInterval(second)))
            #expect(
                !machine.discard(credential, at: at(TimeInterval(second))).eventKinds.contains(.circuitBreakerOpened))
        }
        #expect(!machine.isCountingRejections && machine.lookUp(at: at(20)).mustWait)

        var enabled = Machine(refreshLeeway: 60, backoff: .none, breaker: .default)
        let key = Credential(value: "dev", generation: 0, isRefreshable: false, expiresAt: nil)
        for _ in 0..<5 {
            _ = enabled.discard(key, at: at(0))
        }
        #expect(!enabled.isCountingRejections)
    }

    @Test func thePoliciesMatchTheirDocumentation() {
        #expect(TokenRejectionBreaker.default.rejectionThreshold == 3 && TokenRejectionBreaker.default.window == 60)
        #expect(TokenRejectionBreaker.default.coolDown == 30 && TokenRejectionBreaker.default.maximumCoolDown == 960)
        #expect(TokenRejectionBreaker.none.rejectionThreshold == 0)
    }

    @Test func aCustomPolicyOpensAtItsOwnThresholdForItsOwnCoolDown() throws {
        let policy = TokenRejectionBreaker(rejectionThreshold: 1, window: 10, coolDown: 5, maximumCoolDown: 7)
        var machine = Machine(refreshLeeway: 60, backoff: .none, breaker: policy)
        var coolDowns: [TimeInterval?] = []
        var now: TimeInterval = 0
        for _ in 0..<3 {
            let credential = try machine.cache(at: at(now))
            let opened = machine.discard(credential, at: at(now)).events.first { $0.kind == .circuitBreakerOpened }
            coolDowns.append(opened?.retryAfter)
            now += opened?.retryAfter ?? 0
        }
        #expect(coolDowns == [5, 7, 7])
    }

    /// Opens the breaker with three rejections at uptime `second`; its cool-down ends 30 s later.
    static func open(_ machine: inout Machine, at second: TimeInterval) throws {
        for _ in 0..<3 {
            let credential = try machine.cache(at: at(second))
            _ = machine.discard(credential, at: at(second))
        }
        #expect(machine.lookUp(at: at(second)).refusal?.retryAfter == 30)
    }
}
