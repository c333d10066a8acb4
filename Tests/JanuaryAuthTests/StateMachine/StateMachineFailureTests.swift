import Foundation
import JanuaryAuth
import JanuaryCore
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("State machine: provider failures, back-off, timeout and cancellation", suiteTimeLimit())
struct StateMachineFailureTests {
    struct ErrorCase: Sendable, CustomTestStringConvertible {
        let name: String
        let error: any Error
        let category: JanuaryError.Category

        var testDescription: String {
            "\(name) -> \(category)"
        }
    }

    static let offlineCodes: [URLError.Code] = [
        .notConnectedToInternet, .networkConnectionLost, .timedOut, .cannotFindHost, .cannotConnectToHost,
        .dnsLookupFailed, .dataNotAllowed, .internationalRoamingOff,
    ]

    static let errorCases: [ErrorCase] =
        offlineCodes.map { ErrorCase(name: "URLError \($0.rawValue)", error: URLError($0), category: .network) } + [
            ErrorCase(
                name: "URLError badServerResponse", error: URLError(.badServerResponse), category: .tokenProvider),
            ErrorCase(name: "URLError cancelled", error: URLError(.cancelled), category: .tokenProvider),
            ErrorCase(name: "URLError badURL", error: URLError(.badURL), category: .tokenProvider),
            ErrorCase(name: "the partner's own error", error: BackendUnavailable(), category: .tokenProvider),
            ErrorCase(name: "a JanuaryError", error: JanuaryError.network("down"), category: .tokenProvider),
            ErrorCase(name: "CancellationError", error: CancellationError(), category: .tokenProvider),
        ]

    @Test("offline URLErrors are network failures; every other error is the provider's", arguments: errorCases)
    func providerErrors(_ testCase: ErrorCase) throws {
        var machine = Machine(refreshLeeway: 60, backoff: .default)
        let actions = try machine.fetch(returning: .failure(testCase.error), at: at(5))
        let error = try #require(actions.januaryError)
        #expect(error.category == testCase.category)
        let underlying = try #require(error.underlyingError)
        #expect(type(of: underlying) == type(of: testCase.error))
        if let urlError = testCase.error as? URLError {
            #expect((underlying as? URLError)?.code == urlError.code)
        }
        if testCase.category == .tokenProvider {
            #expect(error.code == JanuaryError.Code.clientTokenProviderFailed)
        }
        #expect(actions.events.first?.outcome == testCase.category)
        #expect(machine.phase == .failed(consecutiveFailures: 1, retryAt: 5), "every thrown error is a failure")
    }

    struct BackoffCase: Sendable, CustomTestStringConvertible {
        let failures: Int
        let elapsed: TimeInterval
        /// Seconds still to wait, or `nil` when the provider may be called now.
        let retryAfter: TimeInterval?

        var testDescription: String {
            "\(failures) failures, \(elapsed) s later: "
                + (retryAfter.map { "refused, retry after \($0) s" } ?? "fetch")
        }
    }

    /// The default back-off: 0, then 1 s doubling to 30 s.
    static let backoffCases: [BackoffCase] = [
        BackoffCase(failures: 1, elapsed: 0, retryAfter: nil),
        BackoffCase(failures: 2, elapsed: 0, retryAfter: 1),
        BackoffCase(failures: 2, elapsed: 0.25, retryAfter: 0.75),
        BackoffCase(failures: 2, elapsed: 0.999, retryAfter: 1 - 0.999),
        BackoffCase(failures: 2, elapsed: 1, retryAfter: nil),
        BackoffCase(failures: 3, elapsed: 0, retryAfter: 2),
        BackoffCase(failures: 3, elapsed: 1.5, retryAfter: 0.5),
        BackoffCase(failures: 3, elapsed: 2, retryAfter: nil),
        BackoffCase(failures: 3, elapsed: 500, retryAfter: nil),
        BackoffCase(failures: 6, elapsed: 0, retryAfter: 16),
        BackoffCase(failures: 8, elapsed: 0, retryAfter: 30),
        BackoffCase(failures: 40, elapsed: 29, retryAfter: 1),
    ]

    @Test("during the back-off requests fail at once with the last failure", arguments: backoffCases)
    func backoffFailsFast(_ testCase: BackoffCase) throws {
        var machine = Machine(refreshLeeway: 60, backoff: .default)
        try machine.fail(times: testCase.failures, at: at(10))
        let delay = TokenRefreshBackoff.default.delay(afterConsecutiveFailures: testCase.failures)
        #expect(machine.phase == .failed(consecutiveFailures: testCase.failures, retryAt: 10 + delay))

        let asked = at(10 + testCase.elapsed)
        let lookup = machine.lookUp(at: asked)
        guard let retryAfter = testCase.retryAfter else {
            #expect(lookup.mustWait)
            return
        }
        let refusal = try #require(lookup.refusal)
        #expect(refusal.category == .tokenProvider && refusal.code == JanuaryError.Code.clientTokenProviderFailed)
        #expect(refusal.underlyingError is BackendUnavailable, "it is the last failure, handed on")
        #expect(abs(try #require(refusal.retryAfter) - retryAfter) < 1e-9)
        #expect(
            machine.lookUpReplacement(for: Self.foreign, at: asked).lookup.refusal?.retryAfter == refusal.retryAfter)
        #expect(machine.phase == .failed(consecutiveFailures: testCase.failures, retryAt: 10 + delay), "no fetch")
    }

    /// A credential the machine never issued, so that rejecting it drops nothing.
    static let foreign = Credential(value: "x", generation: 99, isRefreshable: true, expiresAt: nil)

    @Test func aRequestThatLookedUpBeforeTheFailureIsRefusedWhenItEnqueues() throws {
        var machine = Machine(refreshLeeway: 60, backoff: .default)
        try machine.fail(times: 1, at: at(0))
        guard case .mustWait(let late) = machine.lookUp(at: at(0)) else {
            Issue.record("one failure costs no wait")
            return
        }
        try machine.fail(times: 1, at: at(0))
        let actions = machine.enqueue(late, at: at(0.5))
        #expect(actions.startFetch == nil && actions.resume?.waiters == [late])
        #expect(actions.januaryError?.retryAfter == 0.5)
    }

    @Test func afterTheBackoffOneFetchServesEveryoneAndAFurtherFailureLengthensTheWait() throws {
        var machine = Machine(refreshLeeway: 60, backoff: .default)
        try machine.fail(times: 2, at: at(0))
        #expect(machine.lookUp(at: at(0.5)).refusal != nil)
        let (firstID, first) = try machine.request(at: at(1))
        let fetch = try #require(first.startFetch)
        var ids = [firstID.rawValue]
        for _ in 2...50 {
            let (id, joined) = try machine.request(at: at(1))
            ids.append(id.rawValue)
            #expect(joined.isEmpty)
        }
        _ = machine.providerCallStarting(fetch, at: at(1))
        let failed = machine.providerReturned(fetch, result: .failure(BackendUnavailable()), at: at(3))
        #expect(failed.resumedWaiters == ids.sorted() && ids.count == 50)
        #expect(machine.phase == .failed(consecutiveFailures: 3, retryAt: 3 + 2))
        #expect(machine.lookUp(at: at(4.5)).refusal?.retryAfter == 0.5)
    }

    @Test func aSuccessEndsTheFailureStreak() throws {
        var machine = Machine(refreshLeeway: 60, backoff: .default)
        try machine.fail(times: 3, at: at(0))
        let credential = try machine.cache(lifetime: 3600, at: at(2))
        #expect(machine.phase == .idle(cachedGeneration: credential.generation))
        _ = try machine.fetch(returning: .failure(BackendUnavailable()), at: at(4_000))
        #expect(machine.phase == .failed(consecutiveFailures: 1, retryAt: 4_000))
        #expect(machine.lookUp(at: at(4_000)).mustWait, "one failure after a success costs no wait")
    }

    @Test func aTimeoutFailsTheWaitersCancelsTheFetchAndDropsTheLateToken() throws {
        var machine = Machine(refreshLeeway: 60, backoff: .default)
        let (first, started) = try machine.request(at: at(0))
        let fetch = try #require(started.startFetch)
        let second = try machine.request(at: at(0)).id
        #expect(machine.providerTimedOut(fetch, after: 30, at: at(0)).isEmpty, "the call has not started")
        _ = machine.providerCallStarting(fetch, at: at(0))

        let actions = machine.providerTimedOut(fetch, after: 30, at: at(30))
        #expect(actions.cancelFetch == fetch)
        #expect(actions.resumedWaiters == [first.rawValue, second.rawValue].sorted())
        let error = try #require(actions.januaryError)
        #expect(error.category == .tokenProvider && error.code == JanuaryError.Code.clientTokenProviderFailed)
        #expect(error.message.contains("within 30"))
        let finished = try #require(actions.events.first)
        #expect(actions.eventKinds == [.providerCallFinished])
        #expect(finished.duration == 30 && finished.outcome == .tokenProvider && finished.waiterCount == 2)
        #expect(machine.phase == .failed(consecutiveFailures: 1, retryAt: 30))

        #expect(machine.providerTimedOut(fetch, after: 30, at: at(31)).isEmpty, "it times out once")
        let late = machine.providerReturned(fetch, result: .success(.init(value: "late", expiresIn: 3600)), at: at(40))
        #expect(late.isEmpty)
        #expect(machine.phase == .failed(consecutiveFailures: 1, retryAt: 30))
        #expect(try machine.cache(at: at(40)).generation == 1, "the late token used up no generation")
    }

    @Test func aResultForAnAbandonedFetchDoesNotResolveTheNextOne() throws {
        var machine = Machine(refreshLeeway: 60, backoff: .none)
        let old = try #require(machine.request(at: at(0)).actions.startFetch)
        _ = machine.providerCallStarting(old, at: at(0))
        _ = machine.providerTimedOut(old, after: 30, at: at(30))
        let new = try #require(machine.request(at: at(30)).actions.startFetch)
        #expect(new != old)
        _ = machine.providerCallStarting(new, at: at(30))
        #expect(
            machine.providerReturned(old, result: .success(.init(value: "late", expiresIn: 3600)), at: at(31)).isEmpty)
        #expect(machine.phase == .fetching(new, waiterCount: 1, attempt: 2))
    }

    @Test func cancellingOneWaiterLeavesTheFetchForTheOthersAndTheLastOneAbandonsIt() throws {
        var machine = Machine(refreshLeeway: 60, backoff: .default)
        var ids: [Machine.WaiterID] = []
        var fetch: Machine.FetchID?
        for _ in 0..<3 {
            guard case .mustWait(let id) = machine.lookUp(at: at(0)) else {
                Issue.record("nothing is cached")
                return
            }
            ids.append(id)
            fetch = machine.enqueue(id, at: at(0)).startFetch ?? fetch
        }
        let fetchID = try #require(fetch)
        _ = machine.providerCallStarting(fetchID, at: at(0))

        let first = machine.waiterCancelled(ids[0], at: at(1))
        #expect(first.resume?.waiters == [ids[0]] && first.cancelFetch == nil && first.events.isEmpty)
        #expect(first.resume?.result.isCancellationError == true, "a cancelled waiter gets CancellationError")
        #expect(machine.waiterCancelled(ids[0], at: at(1)).isEmpty, "a waiter is cancelled once")
        #expect(machine.waiterCancelled(ids[1], at: at(1)).cancelFetch == nil)
        #expect(machine.phase == .fetching(fetchID, waiterCount: 1, attempt: 1))

        let last = machine.waiterCancelled(ids[2], at: at(4))
        #expect(last.resume?.waiters == [ids[2]] && last.resume?.result.isCancellationError == true)
        #expect(last.cancelFetch == fetchID)
        #expect(last.eventKinds == [.providerCallFinished])
        #expect(last.events.first?.outcome == .cancelled && last.events.first?.waiterCount == 0)
        #expect(last.events.first?.duration == 4)
        #expect(machine.phase == .idle(cachedGeneration: nil), "abandoning is not failing")
        #expect(machine.providerCallStarting(fetchID, at: at(5)) == nil)
        #expect(
            machine.providerReturned(fetchID, result: .success(.init(value: "late", expiresIn: 3600)), at: at(5))
                .isEmpty)
    }

    @Test(
        "waiters enqueued in any order, one of them twice, are resumed once each, and a cancelled one only by its cancel",
        arguments: [[0, 1, 2, 3, 4], [4, 3, 2, 1, 0], [2, 0, 4, 1, 3], [1, 3, 0, 4, 2]]
    )
    func waitersInAnyOrderAreResumedOnceEach(order: [Int]) throws {
        var machine = Machine(refreshLeeway: 60, backoff: .default)
        let ids = try (0..<5).map { _ in try #require(machine.lookUp(at: at(0)).waiter) }
        var fetch: Machine.FetchID?
        for index in order {
            fetch = machine.enqueue(ids[index], at: at(0)).startFetch ?? fetch
        }
        let fetchID = try #require(fetch)
        #expect(machine.enqueue(ids[order[1]], at: at(0)).isEmpty)
        #expect(machine.waiterCount == 5, "a waiter enqueued twice waits once")
        #expect(machine.waiterCancelled(ids[2], at: at(0)).resumedWaiters == [ids[2].rawValue])
        #expect(machine.waiterCancelled(ids[2], at: at(0)).isEmpty, "a waiter is cancelled once")
        #expect(machine.waiterCount == 4)
        _ = machine.providerCallStarting(fetchID, at: at(0))
        let done = machine.providerReturned(fetchID, result: .success(.init(value: "new", expiresIn: 3600)), at: at(1))
        #expect(done.resumedWaiters == [0, 1, 3, 4].map { ids[$0].rawValue })
        #expect(done.events.first?.waiterCount == 4)
    }

    @Test func abandoningAFetchBeforeItsCallStartedEmitsNothingAndKeepsTheFailureStreak() throws {
        var machine = Machine(refreshLeeway: 60, backoff: .default)
        try machine.fail(times: 2, at: at(0))
        guard case .mustWait(let id) = machine.lookUp(at: at(1)) else {
            Issue.record("the back-off is over")
            return
        }
        let fetch = try #require(machine.enqueue(id, at: at(1)).startFetch)
        let cancelled = machine.waiterCancelled(id, at: at(1))
        #expect(cancelled.cancelFetch == fetch && cancelled.events.isEmpty, "the provider was never called")
        #expect(machine.phase == .failed(consecutiveFailures: 2, retryAt: 1))
        #expect(machine.providerCallStarting(fetch, at: at(1)) == nil, "an abandoned fetch never calls the provider")
    }
}
