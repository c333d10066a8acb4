import Foundation
import JanuaryAuth
import JanuaryAuthTestSupport
import JanuaryCore
import Testing

@testable import JanuaryAuth

@Suite("TokenCoordinator with a development key", suiteTimeLimit())
struct DevelopmentKeyTests {
    static let key = "dev_key_0123456789"

    @Test func theKeyIsReturnedAtOnceAsANonRefreshableGenerationZeroCredential() async throws {
        let coordinator = TokenCoordinator(developmentAPIKey: try DevelopmentAPIKey(Self.key))
        let tasks = (0..<1_000).map { _ in Task { try await coordinator.credential() } }
        let expected = Credential(value: Self.key, generation: 0, epoch: 0, isRefreshable: false, expiresAt: nil)
        #expect(try await results(of: tasks).allSatisfy { $0.credential == expected })
        #expect(coordinator.waitingRequestCount == 0 && coordinator.phase == .idle(cachedGeneration: nil))
    }

    @Test func discardAndAcceptedDoNothing() async throws {
        let events = TokenEventRecorder()
        let coordinator = TokenCoordinator(developmentAPIKey: try DevelopmentAPIKey(Self.key), onEvent: events.handler)
        let key = try await withDeadline("the key") { try await coordinator.credential() }
        for _ in 0..<10 {
            coordinator.discard(key)
            coordinator.accepted(key)
        }
        #expect(try await withDeadline("the key again") { try await coordinator.credential() } == key)
        coordinator.reset()
        try await events.waitForEvents(of: .tokenCacheCleared)
        #expect(events.events.map(\.kind) == [.tokenCacheCleared], "only the reset produced an event")
    }

    @Test func resetStartsANewSessionAndARequestOfTheOldOneIsSignedOut() async throws {
        let coordinator = TokenCoordinator(developmentAPIKey: try DevelopmentAPIKey(Self.key))
        let old = try await withDeadline("the key") { try await coordinator.credential() }
        coordinator.reset()
        let retry = try await result(of: Task { try await coordinator.credential(inEpoch: old.epoch) })
        #expect(retry.januaryError?.isSignedOut == true)
        #expect(!(retry.januaryError?.description.contains(Self.key) ?? true))
        let current = try await withDeadline("the key in the new session") { try await coordinator.credential() }
        #expect(current.value == Self.key && current.epoch == 1 && current.generation == 0)
        #expect(try await withDeadline("a retry") { try await coordinator.credential(inEpoch: 1) } == current)
    }

    // Exit tests exist only where a test can start a child process: swift-testing declares
    // `#expect(processExitsWith:)` unavailable on iOS, tvOS, watchOS and visionOS, so without this condition the
    // test bundle would not build for any of them.
    #if os(macOS) || os(Linux) || os(Windows)
    @Test func invalidatingADevelopmentKeyIsAProgrammingError() async {
        let exit = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let coordinator = TokenCoordinator(developmentAPIKey: try DevelopmentAPIKey("dev_key_0123456789"))
            let key = try await coordinator.credential()
            _ = try await coordinator.invalidate(key)
        }
        let output = String(decoding: exit?.standardErrorContent ?? [], as: UTF8.self)
        #expect(output.contains("a development key cannot be replaced"), "it is the precondition that stops it")
        #expect(!output.contains("dev_key_0123456789"))
    }
    #endif
}
