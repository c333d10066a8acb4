import Foundation
import JanuaryAuth
import JanuaryCore
import JanuaryTestSupport
import Testing

/// The machine alone: waiters are plain numbers, time is a parameter, and no task is involved.
@Suite("TokenRefreshStateMachine")
struct TokenRefreshStateMachineTests {
    typealias Machine = TokenRefreshStateMachine<Int>

    static let start = ManualClock.defaultStart

    /// A provider result: a token valid for an hour from `now`.
    static func issued(_ value: String, at now: Date) -> Result<JanuaryClientToken, any Error> {
        .success(token(value, expiresIn: 3600, from: now))
    }

    /// Requests a credential as waiter `waiter`, expecting to have to wait.
    static func request(_ machine: inout Machine, _ waiter: Int, at now: Date = start) -> Machine.Actions {
        guard case .mustWait(let id) = machine.lookUp(at: now) else {
            Issue.record("expected no fresh credential")
            return .none
        }
        return machine.enqueue(waiter, id: id, at: now)
    }

    /// Runs one whole fetch for `waiter` that returns `result`.
    static func fetch(
        _ machine: inout Machine,
        returning result: Result<JanuaryClientToken, any Error>,
        at now: Date = start
    ) throws -> Machine.Actions {
        let fetch = try #require(request(&machine, 1, at: now).startFetch)
        let started = machine.providerCallStarting(fetch.id, at: now)
        try #require(started != nil)
        return machine.providerReturned(fetch.id, result: result, at: now)
    }

    /// A machine holding a credential that expires in an hour.
    static func cachedMachine(leeway: TimeInterval = 60) throws -> (Machine, Credential) {
        var machine = Machine(refreshLeeway: leeway, backoff: .default)
        let actions = try fetch(&machine, returning: Self.issued("cached", at: start))
        return (machine, try #require(try actions.resume?.result.get()))
    }

    @Test func coldRequestsShareOneFetchAndAllReceiveItsToken() throws {
        var machine = Machine(refreshLeeway: 60, backoff: .default)
        let first = Self.request(&machine, 1)
        let fetch = try #require(first.startFetch)
        #expect(fetch.delay == 0)
        for waiter in 2...1_000 {
            let joined = Self.request(&machine, waiter)
            #expect(joined.startFetch == nil && joined.resume == nil && joined.events.isEmpty)
        }
        #expect(machine.phase == .fetching(fetch.id, waiterCount: 1_000, attempt: nil))

        let starting = machine.providerCallStarting(fetch.id, at: Self.start)
        let started = try #require(starting)
        #expect(started.events.map(\.kind) == [.providerCallStarted])
        #expect(started.events.first?.attempt == 1)
        let again = machine.providerCallStarting(fetch.id, at: Self.start)
        #expect(again == nil, "a fetch calls its provider once")

        let later = Self.start.addingTimeInterval(2.5)
        let finished = machine.providerReturned(
            fetch.id,
            result: Self.issued("fresh", at: later),
            at: later
        )
        let resumption = try #require(finished.resume)
        #expect(resumption.waiters.sorted() == Array(1...1_000))
        let credential = try resumption.result.get()
        #expect(credential.value == "fresh" && credential.generation == 1 && credential.isRefreshable)
        let event = try #require(finished.events.first)
        #expect(event.kind == .providerCallFinished && event.outcome == nil)
        #expect(event.waiterCount == 1_000 && event.duration == 2.5 && event.generation == 1 && event.attempt == 1)
        #expect(machine.phase == .idle(cachedGeneration: 1))
    }

    @Test(
        "fresh strictly before expiresAt - leeway",
        arguments: [(-1.0, true), (-0.001, true), (0.0, false), (1.0, false), (60.0, false), (3_600.0, false)]
    )
    func freshnessBoundary(offsetFromRefreshPoint: TimeInterval, isFresh: Bool) throws {
        var (machine, credential) = try Self.cachedMachine(leeway: 60)
        let refreshPoint = try #require(credential.expiresAt).addingTimeInterval(-60)
        let lookup = machine.lookUp(at: refreshPoint.addingTimeInterval(offsetFromRefreshPoint))
        if case .fresh(let found) = lookup {
            #expect(isFresh)
            #expect(found == credential)
        } else {
            #expect(!isFresh)
        }
    }

    @Test func staleCredentialIsReplacedWithTheNextGeneration() throws {
        var (machine, _) = try Self.cachedMachine()
        let later = Self.start.addingTimeInterval(3_540)
        let actions = try Self.fetch(&machine, returning: Self.issued("next", at: later), at: later)
        let credential = try #require(try actions.resume?.result.get())
        #expect(credential.generation == 2 && credential.value == "next")
    }

    @Test func invalidatingTheCachedGenerationDropsItAndFetchesOnce() throws {
        var (machine, cached) = try Self.cachedMachine()
        guard case .mustWait(let id) = machine.lookUpReplacement(for: cached, at: Self.start) else {
            Issue.record("the rejected credential must not be handed back")
            return
        }
        let actions = machine.invalidate(cached, waiter: 1, id: id, at: Self.start)
        #expect(actions.events.map(\.kind) == [.tokenInvalidated])
        #expect(actions.events.first?.generation == 1)
        let fetch = try #require(actions.startFetch)

        // Every later rejection of the same generation joins the fetch: no event, no second fetch.
        for waiter in 2...1_000 {
            guard case .mustWait(let id) = machine.lookUpReplacement(for: cached, at: Self.start) else {
                Issue.record("nothing fresh is cached while fetching")
                return
            }
            let joined = machine.invalidate(cached, waiter: waiter, id: id, at: Self.start)
            #expect(joined.startFetch == nil && joined.events.isEmpty)
        }
        #expect(machine.waiterCount == 1_000)
        _ = machine.providerCallStarting(fetch.id, at: Self.start)
        let done = machine.providerReturned(
            fetch.id,
            result: Self.issued("replacement", at: Self.start),
            at: Self.start
        )
        #expect(try done.resume?.result.get().generation == 2)

        // And after the replacement is cached, the stale rejection gets the replacement at once.
        guard case .fresh(let replacement) = machine.lookUpReplacement(for: cached, at: Self.start) else {
            Issue.record("the newer credential should be handed out")
            return
        }
        #expect(replacement.generation == 2)
    }

    @Test func invalidatingAnOlderGenerationWhileTheCachedOneIsStaleStillFetchesWithoutAnEvent() throws {
        var (machine, _) = try Self.cachedMachine()
        let older = Credential(value: "old", generation: 0, isRefreshable: true, expiresAt: Self.start)
        let stale = Self.start.addingTimeInterval(3_600)
        guard case .mustWait(let id) = machine.lookUpReplacement(for: older, at: stale) else {
            Issue.record("a stale credential is not a replacement")
            return
        }
        let actions = machine.invalidate(older, waiter: 1, id: id, at: stale)
        #expect(actions.startFetch != nil)
        #expect(actions.events.isEmpty, "the cached generation was not the rejected one")
    }

    struct TokenCase: Sendable, CustomTestStringConvertible {
        let value: String
        let lifetime: TimeInterval
        let isAccepted: Bool
        var testDescription: String { "\(value.debugDescription) for \(lifetime) s" }
    }

    static let tokenCases: [TokenCase] = [
        TokenCase(value: "s3cr3t", lifetime: 3600, isAccepted: true),
        TokenCase(value: "s3cr3t", lifetime: 61, isAccepted: true),
        TokenCase(value: "s3cr3t", lifetime: 60, isAccepted: false),
        TokenCase(value: "s3cr3t", lifetime: 59, isAccepted: false),
        TokenCase(value: "s3cr3t", lifetime: -10, isAccepted: false),
        TokenCase(value: "", lifetime: 3600, isAccepted: false),
        TokenCase(value: "two words", lifetime: 3600, isAccepted: false),
        TokenCase(value: "abc\r\nX-Injected: 1", lifetime: 3600, isAccepted: false),
        TokenCase(value: "tab\there", lifetime: 3600, isAccepted: false),
        TokenCase(value: "caf\u{E9}", lifetime: 3600, isAccepted: false),
        TokenCase(value: "trailing ", lifetime: 3600, isAccepted: false),
    ]

    @Test("provider tokens are validated before caching", arguments: tokenCases)
    func validation(_ testCase: TokenCase) throws {
        var machine = Machine(refreshLeeway: 60, backoff: .default)
        let actions = try Self.fetch(
            &machine,
            returning: .success(token(testCase.value, expiresIn: testCase.lifetime, from: Self.start))
        )
        let result = try #require(actions.resume?.result)
        switch result {
        case .success(let credential):
            #expect(testCase.isAccepted)
            #expect(credential.value == testCase.value)
            #expect(machine.phase == .idle(cachedGeneration: 1))
        case .failure(let error):
            #expect(!testCase.isAccepted)
            #expect(error.category == .tokenProvider)
            #expect(testCase.value.isEmpty || !error.message.contains(testCase.value))
            #expect(machine.phase == .failed(.init(consecutiveFailures: 1, lastFailureAt: Self.start)))
            #expect(actions.events.first?.outcome == .tokenProvider)
        }
    }

    struct ErrorCase: Sendable, CustomTestStringConvertible {
        let error: any Error
        let category: JanuaryError.Category
        let countsAsFailure: Bool
        var testDescription: String { "\(type(of: error)) -> \(category)" }
    }

    static let errorCases: [ErrorCase] = [
        ErrorCase(error: BackendUnavailable(), category: .tokenProvider, countsAsFailure: true),
        ErrorCase(error: JanuaryError.network("offline"), category: .tokenProvider, countsAsFailure: true),
        ErrorCase(error: JanuaryError.authentication("refused"), category: .tokenProvider, countsAsFailure: true),
        ErrorCase(error: CancellationError(), category: .cancelled, countsAsFailure: false),
        ErrorCase(error: JanuaryError.cancelled(), category: .cancelled, countsAsFailure: false),
    ]

    @Test("provider errors are wrapped; cancellations are not failures", arguments: errorCases)
    func providerErrors(_ testCase: ErrorCase) throws {
        var machine = Machine(refreshLeeway: 60, backoff: .default)
        let actions = try Self.fetch(&machine, returning: .failure(testCase.error))
        let result = try #require(actions.resume?.result)
        guard case .failure(let error) = result else {
            Issue.record("a throwing provider yields no credential")
            return
        }
        #expect(error.category == testCase.category)
        #expect(actions.events.first?.outcome == testCase.category)
        if testCase.countsAsFailure {
            #expect(machine.phase == .failed(.init(consecutiveFailures: 1, lastFailureAt: Self.start)))
            #expect(type(of: try #require(error.underlyingError)) == type(of: testCase.error))
        } else {
            #expect(machine.phase == .idle(cachedGeneration: nil))
        }
    }

    struct BackoffCase: Sendable {
        let failures: Int
        let elapsed: TimeInterval
        let delay: TimeInterval
    }

    @Test(
        "the next fetch waits out what is left of the backoff",
        arguments: [
            BackoffCase(failures: 1, elapsed: 0, delay: 0),
            BackoffCase(failures: 2, elapsed: 0, delay: 1),
            BackoffCase(failures: 2, elapsed: 0.25, delay: 0.75),
            BackoffCase(failures: 3, elapsed: 0, delay: 2),
            BackoffCase(failures: 3, elapsed: 1.5, delay: 0.5),
            BackoffCase(failures: 3, elapsed: 2, delay: 0),
            BackoffCase(failures: 3, elapsed: 500, delay: 0),
            BackoffCase(failures: 6, elapsed: 0, delay: 16),
            BackoffCase(failures: 8, elapsed: 0, delay: 30),
            BackoffCase(failures: 3, elapsed: -100, delay: 2),
        ]
    )
    func backoff(_ testCase: BackoffCase) throws {
        var machine = Machine(refreshLeeway: 60, backoff: .default)
        for _ in 0..<testCase.failures {
            _ = try Self.fetch(&machine, returning: .failure(BackendUnavailable()))
        }
        #expect(machine.phase == .failed(.init(consecutiveFailures: testCase.failures, lastFailureAt: Self.start)))
        let next = Self.request(&machine, 1, at: Self.start.addingTimeInterval(testCase.elapsed))
        #expect(try #require(next.startFetch).delay == testCase.delay)
    }

    @Test func successEndsTheFailureStreak() throws {
        var machine = Machine(refreshLeeway: 60, backoff: .default)
        for _ in 0..<3 {
            _ = try Self.fetch(&machine, returning: .failure(BackendUnavailable()))
        }
        let fetch = try #require(Self.request(&machine, 1).startFetch)
        _ = machine.providerCallStarting(fetch.id, at: Self.start)
        _ = machine.providerReturned(fetch.id, result: Self.issued("ok", at: Self.start), at: Self.start)
        let afterExpiry = Self.start.addingTimeInterval(3600)
        #expect(try #require(Self.request(&machine, 2, at: afterExpiry).startFetch).delay == 0)
    }

    @Test func timeoutFailsTheWaitersCancelsTheFetchAndIgnoresTheLateToken() throws {
        var machine = Machine(refreshLeeway: 60, backoff: .default)
        let fetch = try #require(Self.request(&machine, 1).startFetch)
        _ = Self.request(&machine, 2)
        let notStarted = machine.providerTimedOut(fetch.id, after: 30, at: Self.start)
        #expect(notStarted.resume == nil, "only a started provider call can time out")

        _ = machine.providerCallStarting(fetch.id, at: Self.start)
        let timedOut = Self.start.addingTimeInterval(30)
        let actions = machine.providerTimedOut(fetch.id, after: 30, at: timedOut)
        #expect(actions.cancelFetch == fetch.id)
        let resumption = try #require(actions.resume)
        #expect(resumption.waiters.sorted() == [1, 2])
        guard case .failure(let error) = resumption.result else {
            Issue.record("a timeout yields no credential")
            return
        }
        #expect(error.category == .tokenProvider && error.message.contains("30"))
        #expect(actions.events.first?.duration == 30 && actions.events.first?.outcome == .tokenProvider)
        #expect(machine.phase == .failed(.init(consecutiveFailures: 1, lastFailureAt: timedOut)))

        let late = machine.providerReturned(fetch.id, result: Self.issued("late", at: timedOut), at: timedOut)
        #expect(late.resume == nil && late.events.isEmpty)
        #expect(machine.phase == .failed(.init(consecutiveFailures: 1, lastFailureAt: timedOut)))
    }

    @Test func cancellingOneWaiterLeavesTheFetchForTheOthers() throws {
        var machine = Machine(refreshLeeway: 60, backoff: .default)
        var ids: [Machine.WaiterID] = []
        var fetch: Machine.FetchStart?
        for waiter in 0..<3 {
            guard case .mustWait(let id) = machine.lookUp(at: Self.start) else {
                return
            }
            ids.append(id)
            fetch = machine.enqueue(waiter, id: id, at: Self.start).startFetch ?? fetch
        }
        let fetchID = try #require(fetch).id
        _ = machine.providerCallStarting(fetchID, at: Self.start)

        let first = machine.waiterCancelled(ids[0], at: Self.start)
        #expect(first.resume?.waiters == [0] && first.cancelFetch == nil && first.events.isEmpty)
        guard case .failure(let error) = try #require(first.resume).result else {
            Issue.record("a cancelled waiter gets no credential")
            return
        }
        #expect(error.category == .cancelled)
        let twice = machine.waiterCancelled(ids[0], at: Self.start)
        #expect(twice.resume == nil, "cancelled only once")
        let second = machine.waiterCancelled(ids[1], at: Self.start)
        #expect(second.cancelFetch == nil)

        let last = machine.waiterCancelled(ids[2], at: Self.start)
        #expect(last.resume?.waiters == [2])
        #expect(last.cancelFetch == fetchID)
        #expect(last.events.map(\.kind) == [.providerCallFinished])
        #expect(last.events.first?.outcome == .cancelled && last.events.first?.waiterCount == 0)
        #expect(machine.phase == .idle(cachedGeneration: nil), "abandoning is not failing")
        let afterwards = machine.providerCallStarting(fetchID, at: Self.start)
        #expect(afterwards == nil)
    }

    @Test func abandoningAFetchDuringBackoffKeepsTheFailureStreak() throws {
        var machine = Machine(refreshLeeway: 60, backoff: .default)
        for _ in 0..<2 {
            _ = try Self.fetch(&machine, returning: .failure(BackendUnavailable()))
        }
        let record = Machine.FailureRecord(consecutiveFailures: 2, lastFailureAt: Self.start)
        guard case .mustWait(let id) = machine.lookUp(at: Self.start) else {
            return
        }
        let fetch = try #require(machine.enqueue(1, id: id, at: Self.start).startFetch)
        #expect(fetch.delay == 1)
        let cancelled = machine.waiterCancelled(id, at: Self.start)
        #expect(cancelled.cancelFetch == fetch.id)
        #expect(cancelled.events.isEmpty, "the provider was never called")
        #expect(machine.phase == .failed(record))
    }

    @Test func resetDuringAFetchCancelsItsWaitersAndDropsTheLateToken() throws {
        var (machine, _) = try Self.cachedMachine()
        let expired = Self.start.addingTimeInterval(4_000)
        let fetch = try #require(Self.request(&machine, 1, at: expired).startFetch)
        _ = Self.request(&machine, 2, at: expired)
        _ = machine.providerCallStarting(fetch.id, at: expired)

        let reset = machine.reset(at: expired)
        #expect(reset.cancelFetch == fetch.id)
        #expect(reset.events.map(\.kind) == [.coordinatorReset, .providerCallFinished])
        #expect(reset.events.last?.outcome == .cancelled)
        let resumption = try #require(reset.resume)
        #expect(resumption.waiters.sorted() == [1, 2])
        guard case .failure(let error) = resumption.result else {
            Issue.record("reset waiters get no credential")
            return
        }
        #expect(error.category == .cancelled && error.message.contains("reset"))

        let late = machine.providerReturned(fetch.id, result: Self.issued("late", at: expired), at: expired)
        #expect(late.resume == nil && late.events.isEmpty)
        #expect(machine.phase == .idle(cachedGeneration: nil))

        let next = try Self.fetch(&machine, returning: Self.issued("new", at: expired), at: expired)
        #expect(try next.resume?.result.get().generation == 2, "generations never repeat, even across a reset")
    }

    @Test func resetForgetsTheCachedCredentialAndTheFailureStreak() throws {
        var (machine, cached) = try Self.cachedMachine()
        let reset = machine.reset(at: Self.start)
        #expect(reset.events.map(\.kind) == [.coordinatorReset] && reset.events.first?.generation == cached.generation)
        #expect(machine.phase == .idle(cachedGeneration: nil))

        for _ in 0..<4 {
            _ = try Self.fetch(&machine, returning: .failure(BackendUnavailable()))
        }
        _ = machine.reset(at: Self.start)
        #expect(try #require(Self.request(&machine, 1).startFetch).delay == 0)
    }

    @Test func aResultForAnAbandonedFetchDoesNotResolveTheNextOne() throws {
        var machine = Machine(refreshLeeway: 60, backoff: .none)
        let old = try #require(Self.request(&machine, 1).startFetch)
        _ = machine.providerCallStarting(old.id, at: Self.start)
        _ = machine.providerTimedOut(old.id, after: 30, at: Self.start)
        let new = try #require(Self.request(&machine, 2).startFetch)
        #expect(new.id != old.id)
        _ = machine.providerCallStarting(new.id, at: Self.start)

        let late = machine.providerReturned(old.id, result: Self.issued("late", at: Self.start), at: Self.start)
        #expect(late.resume == nil)
        #expect(machine.phase == .fetching(new.id, waiterCount: 1, attempt: 2))
    }

    @Test func aRequestThatFindsAFreshCredentialOnEnqueueIsResumedAtOnce() throws {
        var machine = Machine(refreshLeeway: 60, backoff: .none)
        guard case .mustWait(let id) = machine.lookUp(at: Self.start) else {
            return
        }
        // Another request fetched a token between this one's lookup and its enqueue.
        _ = try Self.fetch(&machine, returning: Self.issued("raced", at: Self.start))
        let actions = machine.enqueue(7, id: id, at: Self.start)
        #expect(actions.resume?.waiters == [7] && actions.startFetch == nil)
        #expect(try actions.resume?.result.get().value == "raced")
    }
}
