import Foundation
import JanuaryAuth
import JanuaryAuthTestSupport
import JanuaryCore
import Testing

@testable import JanuaryAuth

@Suite("TokenCoordinator: discard, accepted and the wall clock", suiteTimeLimit())
struct CoordinatorRejectionTests {
    @Test func discardingTheCachedTokenMakesTheNextRequestFetchWithoutFetchingNow() async throws {
        let harness = CoordinatorHarness()
        let coordinator = harness.coordinator
        let rejected = try await withDeadline("a token") { try await coordinator.credential() }
        coordinator.discard(rejected)
        #expect(harness.probe.callCount == 1, "discard itself never calls the provider")
        #expect(coordinator.phase == .idle(cachedGeneration: nil))
        try await harness.events.waitForEvents(of: .tokenInvalidated)
        #expect(harness.events.events(.tokenInvalidated).map(\.generation) == [rejected.generation])
        let next = try await withDeadline("the next token") { try await coordinator.credential() }
        #expect(next.generation == 2 && harness.probe.callCount == 2)
    }

    @Test func discardingAnOlderGenerationKeepsTheNewerToken() async throws {
        let harness = CoordinatorHarness()
        let coordinator = harness.coordinator
        let (old, newer) = try await withDeadline("two tokens") {
            let old = try await coordinator.credential()
            return (old, try await coordinator.invalidate(old))
        }
        coordinator.discard(old)
        #expect(try await withDeadline("the cached token") { try await coordinator.credential() } == newer)
        #expect(harness.probe.callCount == 2)
    }

    @Test func discardedRejectionsOpenTheBreakerLikeReplacedOnes() async throws {
        let harness = CoordinatorHarness()
        let coordinator = harness.coordinator
        for _ in 0..<3 {
            let credential = try await withDeadline("a token") { try await coordinator.credential() }
            coordinator.discard(credential)
        }
        let refusal = try await result(of: Task { try await coordinator.credential() }).januaryError
        #expect(refusal?.code == JanuaryError.Code.tokenRejectedRepeatedly && refusal?.retryAfter == 30)
        #expect(harness.probe.callCount == 3)
    }

    @Test func anAcceptanceWithNoRejectionsChangesNothing() async throws {
        let harness = CoordinatorHarness()
        let coordinator = harness.coordinator
        let credential = try await withDeadline("a token") { try await coordinator.credential() }
        for _ in 0..<100 {
            coordinator.accepted(credential)
        }
        coordinator.reset()
        try await harness.events.waitForEvents(of: .tokenCacheCleared)
        #expect(harness.events.events.map(\.kind) == [.providerCallStarted, .providerCallFinished, .tokenCacheCleared])
    }

    @Test func wallClockJumpsDoNotMakeACachedTokenStaleOrFresh() async throws {
        let harness = CoordinatorHarness()
        let coordinator = harness.coordinator
        let first = try await withDeadline("a token") { try await coordinator.credential() }
        for jump: TimeInterval in [86_400, -172_800, -3_600, 7_200] {
            harness.clock.adjustWallClock(by: jump)
            #expect(try await withDeadline("the cached token") { try await coordinator.credential() } == first)
        }
        harness.clock.advance(by: 3_539.9)
        #expect(try await withDeadline("the cached token") { try await coordinator.credential() } == first)
        #expect(harness.probe.callCount == 1)
        harness.clock.advance(by: 0.1)
        let next = try await withDeadline("the next token") { try await coordinator.credential() }
        #expect(next.generation == 2 && harness.probe.callCount == 2)
    }
}
