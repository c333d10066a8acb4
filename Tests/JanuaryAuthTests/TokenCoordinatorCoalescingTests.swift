import Foundation
import JanuaryAuth
import JanuaryCore
import JanuaryTestSupport
import Testing

@Suite("TokenCoordinator coalescing")
struct TokenCoordinatorCoalescingTests {
    static let callers = 1_000

    @Test func coldStartMakesOneProviderCallForAThousandCallers() async throws {
        let harness = Harness(script: [.suspend])
        let coordinator = harness.coordinator
        async let results = concurrently(Self.callers) { _ in try await coordinator.credential() }
        await harness.waitForWaitingRequests(Self.callers)
        await harness.probe.waitForSuspendedCalls(1)
        #expect(harness.probe.callCount == 1)
        harness.probe.resumeOldestSuspendedCall(with: .issue(lifetime: 3600))

        let all = await results
        #expect(all.count == Self.callers)
        #expect(all.allSatisfy { $0.value == harness.probe.issuedValue(forCall: 1) })
        #expect(all.allSatisfy { (try? $0.get().generation) == 1 })
        #expect(harness.probe.callCount == 1)
        let finished = harness.events.events(.providerCallFinished)
        #expect(finished.count == 1)
        #expect(finished.first?.waiterCount == Self.callers && finished.first?.outcome == nil)
    }

    @Test func aFreshTokenIsServedWithoutCallingTheProvider() async throws {
        let harness = Harness()
        let first = try await harness.coordinator.credential()
        let coordinator = harness.coordinator
        let all = await concurrently(Self.callers) { _ in try await coordinator.credential() }
        #expect(all.allSatisfy { (try? $0.get()) == first })
        #expect(harness.probe.callCount == 1, "only the first request, none while fresh")
    }

    @Test(
        "exactly at expiresAt - leeway a token is stale; one second before, it is fresh",
        arguments: [(-1.0, 1), (0.0, 2)]
    )
    func leewayBoundary(offsetFromRefreshPoint: TimeInterval, expectedCalls: Int) async throws {
        let harness = Harness(refreshLeeway: 60)
        let first = try await harness.coordinator.credential()
        let refreshPoint = try #require(first.expiresAt).addingTimeInterval(-60)
        harness.clock.advance(by: refreshPoint.timeIntervalSince(harness.clock.now()) + offsetFromRefreshPoint)

        let coordinator = harness.coordinator
        let all = await concurrently(Self.callers) { _ in try await coordinator.credential() }
        #expect(harness.probe.callCount == expectedCalls)
        let expectedValue = harness.probe.issuedValue(forCall: expectedCalls)
        #expect(all.allSatisfy { $0.value == expectedValue })
    }

    @Test func aThousandRejectionsOfTheSameStaleTokenRefreshOnce() async throws {
        let harness = Harness()
        let stale = try await harness.coordinator.credential()
        let coordinator = harness.coordinator
        let all = await concurrently(Self.callers) { _ in try await coordinator.invalidate(stale) }

        #expect(harness.probe.callCount == 2, "one call for the first token, one for its replacement")
        #expect(all.allSatisfy { (try? $0.get().generation) == 2 })
        #expect(harness.events.events(.tokenInvalidated).count == 1)
        #expect(harness.events.events(.tokenInvalidated).first?.generation == stale.generation)
    }

    @Test func rejectionsWhileTheReplacementIsBeingFetchedJoinThatFetch() async throws {
        let harness = Harness(script: [.issue(lifetime: 3600), .suspend])
        let stale = try await harness.coordinator.credential()
        let coordinator = harness.coordinator
        async let results = concurrently(Self.callers) { index in
            // Half the requests were rejected, the other half simply ask; all share the one refresh.
            index.isMultiple(of: 2) ? try await coordinator.invalidate(stale) : try await coordinator.credential()
        }
        await harness.waitForWaitingRequests(Self.callers)
        await harness.probe.waitForSuspendedCalls(1)
        harness.probe.resumeOldestSuspendedCall(with: .issue(lifetime: 3600))
        let all = await results
        #expect(harness.probe.callCount == 2)
        #expect(all.allSatisfy { (try? $0.get().generation) == 2 })
        #expect(harness.events.events(.providerCallFinished).last?.waiterCount == Self.callers)
    }

    @Test func rejectingAnOlderGenerationReturnsTheNewerTokenWithoutACall() async throws {
        let harness = Harness()
        let first = try await harness.coordinator.credential()
        let second = try await harness.coordinator.invalidate(first)
        #expect(second.generation == 2)
        let again = try await harness.coordinator.invalidate(first)
        #expect(again == second)
        #expect(harness.probe.callCount == 2)
        #expect(harness.events.events(.tokenInvalidated).count == 1)
    }

    @Test func anExpiredTokenIsRefreshedEvenAfterEveryoneWentAway() async throws {
        let harness = Harness(refreshLeeway: 0)
        _ = try await harness.coordinator.credential()
        harness.clock.advance(by: 7_200)
        let renewed = try await harness.coordinator.credential()
        #expect(renewed.generation == 2 && renewed.value == harness.probe.issuedValue(forCall: 2))
        #expect(renewed.expiresAt == harness.clock.now().addingTimeInterval(3600))
    }
}
