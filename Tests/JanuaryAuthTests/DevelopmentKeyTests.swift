import Foundation
import JanuaryAuth
import JanuaryCore
import JanuaryTestSupport
import Testing

@Suite("TokenCoordinator with a development key")
struct DevelopmentKeyTests {
    static let key = "dev_key_0123456789"

    @Test func theKeyIsReturnedAtOnceAsANonRefreshableGenerationZeroCredential() async throws {
        let coordinator = TokenCoordinator(developmentAPIKey: try DevelopmentAPIKey(Self.key))
        let all = await concurrently(1_000) { _ in try await coordinator.credential() }
        let expected = Credential(value: Self.key, generation: 0, isRefreshable: false, expiresAt: nil)
        #expect(all.allSatisfy { (try? $0.get()) == expected })
        #expect(coordinator.waitingRequestCount == 0)
    }

    @Test func invalidatingTheKeyIsAnAuthenticationFailureWithoutRetry() async throws {
        let events = TokenEventRecorder()
        let coordinator = TokenCoordinator(developmentAPIKey: try DevelopmentAPIKey(Self.key), onEvent: events.handler)
        let key = try await coordinator.credential()
        let failure = await #expect(throws: JanuaryError.self) { try await coordinator.invalidate(key) }
        #expect(failure?.category == .authentication)
        #expect(failure?.message == "January rejected the development API key; it cannot be refreshed.")
        #expect(failure?.description.contains(Self.key) == false)
        #expect(events.events.isEmpty)
        #expect(try await coordinator.credential() == key, "the key stays usable")
    }

    @Test func resetKeepsTheKey() async throws {
        let coordinator = TokenCoordinator(developmentAPIKey: try DevelopmentAPIKey(Self.key))
        coordinator.reset()
        #expect(try await coordinator.credential().value == Self.key)
    }
}
