import Foundation
import JanuaryAuth
import JanuaryCore
import JanuaryTestSupport
import Testing

@Suite("TokenCoordinator.discard")
struct TokenCoordinatorDiscardTests {
    @Test func discardingTheCachedTokenMakesTheNextRequestFetchWithoutFetchingNow() async throws {
        let harness = Harness()
        let rejected = try await harness.coordinator.credential()
        harness.coordinator.discard(rejected)
        #expect(harness.probe.callCount == 1, "discard itself never calls the provider")
        #expect(harness.events.events(.tokenInvalidated).map(\.generation) == [rejected.generation])
        let next = try await harness.coordinator.credential()
        #expect(next.generation > rejected.generation)
        #expect(harness.probe.callCount == 2)
    }

    @Test func discardingAnOlderGenerationKeepsTheNewerToken() async throws {
        let harness = Harness()
        let old = try await harness.coordinator.credential()
        let newer = try await harness.coordinator.invalidate(old)
        harness.coordinator.discard(old)
        #expect(try await harness.coordinator.credential() == newer)
        #expect(harness.probe.callCount == 2)
    }

    @Test func discardingADevelopmentKeyDoesNothing() async throws {
        let coordinator = TokenCoordinator(developmentAPIKey: try DevelopmentAPIKey("jan_dev_1"))
        let key = try await coordinator.credential()
        coordinator.discard(key)
        #expect(try await coordinator.credential() == key)
    }

    @Test func theMachineDiscardsOnlyTheRejectedGeneration() {
        var machine = TokenRefreshStateMachine<Int>(refreshLeeway: 60, backoff: .none)
        let unknown = Credential(value: "x", generation: 7, isRefreshable: true, expiresAt: .distantFuture)
        #expect(machine.discard(unknown, at: Date()).events.isEmpty)
        #expect(machine.phase == .idle(cachedGeneration: nil))
    }
}
