import Foundation
import JanuaryAuth
import JanuaryAuthTestSupport
import JanuaryCore
import Testing

@testable import JanuaryAuth

@Suite("TokenCoordinator: exactly one provider call however many ask", suiteTimeLimit())
struct CoordinatorCoalescingTests {
    static let callers = 1_000

    @Test func aThousandConcurrentColdCallersCauseExactlyOneProviderCall() async throws {
        let harness = CoordinatorHarness(script: [.suspend])
        let tasks = harness.concurrently(Self.callers) { coordinator, _ in try await coordinator.credential() }
        try await harness.waitForWaitingRequests(Self.callers)
        try await harness.probe.waitForSuspendedCalls(1)
        #expect(harness.probe.callCount == 1)
        harness.probe.resumeOldestSuspendedCall(with: .issue(lifetime: 3600))

        let all = try await results(of: tasks)
        #expect(all.allSatisfy { $0.value == harness.probe.issuedValue(forCall: 1) && $0.credential?.generation == 1 })
        #expect(harness.probe.callCount == 1)
        try await harness.events.waitForEvents(of: .providerCallFinished)
        let finished = harness.events.events(.providerCallFinished)
        #expect(finished.count == 1 && finished.first?.waiterCount == Self.callers && finished.first?.outcome == nil)
        #expect(harness.coordinator.phase == .idle(cachedGeneration: 1))
    }

    @Test func aFreshTokenIsServedToAThousandCallersWithoutCallingTheProvider() async throws {
        let harness = CoordinatorHarness()
        let first = try await withDeadline("the first token") { try await harness.coordinator.credential() }
        let tasks = harness.concurrently(Self.callers) { coordinator, _ in try await coordinator.credential() }
        let all = try await results(of: tasks)
        #expect(all.allSatisfy { $0.credential == first })
        #expect(harness.probe.callCount == 1, "one call for the first token, none while it is fresh")
        #expect(harness.coordinator.waitingRequestCount == 0)
    }

    @Test func aThousandInvalidationsOfOneStaleTokenCauseExactlyOneProviderCall() async throws {
        let harness = CoordinatorHarness(script: [.issue(lifetime: 3600), .suspend])
        let stale = try await withDeadline("the first token") { try await harness.coordinator.credential() }
        let tasks = harness.concurrently(Self.callers) { coordinator, _ in try await coordinator.invalidate(stale) }
        try await harness.waitForWaitingRequests(Self.callers)
        try await harness.probe.waitForSuspendedCalls(1)
        harness.probe.resumeOldestSuspendedCall(with: .issue(lifetime: 3600))

        let all = try await results(of: tasks)
        #expect(all.allSatisfy { $0.credential?.generation == 2 && $0.value == harness.probe.issuedValue(forCall: 2) })
        #expect(harness.probe.callCount == 2, "one call for the first token, one for its replacement")
        try await harness.events.waitForEvents(of: .providerCallFinished, count: 2)
        let invalidated = harness.events.events(.tokenInvalidated)
        #expect(invalidated.count == 1 && invalidated.first?.generation == stale.generation)
        #expect(harness.events.count(of: .circuitBreakerOpened) == 0, "one generation is one rejection")
    }

    @Test func rejectionsAndNewRequestsOfAStaleTokenShareOneReplacement() async throws {
        let harness = CoordinatorHarness(script: [.issue(lifetime: 3600), .suspend])
        let stale = try await withDeadline("the first token") { try await harness.coordinator.credential() }
        harness.clock.advance(by: 3_540)
        let tasks = harness.concurrently(Self.callers) { coordinator, index in
            index.isMultiple(of: 2) ? try await coordinator.invalidate(stale) : try await coordinator.credential()
        }
        try await harness.waitForWaitingRequests(Self.callers)
        try await harness.probe.waitForSuspendedCalls(1)
        harness.probe.resumeOldestSuspendedCall(with: .issue(lifetime: 3600))
        let all = try await results(of: tasks)
        #expect(all.allSatisfy { $0.credential?.generation == 2 })
        #expect(harness.probe.callCount == 2)
        try await harness.events.waitForEvents(of: .providerCallFinished, count: 2)
        #expect(harness.events.events(.providerCallFinished).last?.waiterCount == Self.callers)
    }

    @Test func rejectingAnOlderGenerationReturnsTheNewerTokenWithoutACall() async throws {
        let harness = CoordinatorHarness()
        let coordinator = harness.coordinator
        let (first, second, again) = try await withDeadline("three credentials") {
            let first = try await coordinator.credential()
            let second = try await coordinator.invalidate(first)
            return (first, second, try await coordinator.invalidate(first))
        }
        #expect(first.generation == 1 && second.generation == 2 && again == second)
        #expect(harness.probe.callCount == 2)
        try await harness.events.waitForEvents(of: .providerCallFinished, count: 2)
        #expect(harness.events.count(of: .tokenInvalidated) == 1)
    }

    @Test(
        "on the manual clock a token is fresh until receipt + lifetime - leeway, then refreshed once",
        arguments: [(3_539.999, 1), (3_540, 2), (7_200, 2)]
    )
    func leewayBoundary(elapsed: TimeInterval, expectedCalls: Int) async throws {
        let harness = CoordinatorHarness(configuration: .init(refreshLeeway: 60, backoff: .none))
        _ = try await withDeadline("the first token") { try await harness.coordinator.credential() }
        harness.clock.advance(by: elapsed)
        let tasks = harness.concurrently(100) { coordinator, _ in try await coordinator.credential() }
        let all = try await results(of: tasks)
        #expect(harness.probe.callCount == expectedCalls)
        #expect(all.allSatisfy { $0.value == harness.probe.issuedValue(forCall: expectedCalls) })
        if expectedCalls == 2 {
            #expect(all.first?.credential?.expiresAt == harness.clock.now().addingTimeInterval(3600))
        }
    }
}
