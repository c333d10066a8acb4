import Foundation
import JanuaryAuth
import JanuaryAuthTestSupport
import JanuaryCore
import Testing

@testable import JanuaryAuth

/// The token cache owns the whole session fence: the refusal it remembers belongs to a session, a retry wait ends
/// with its session, and sign-out is the one call that ends all of it.
@Suite("The session fence, owned by the token cache", suiteTimeLimit())
struct SessionFenceTests {
    static let revoked = JanuaryError(category: .authentication, code: "token_revoked", message: "Revoked.")

    @Test("a provider failure after a refusal in the session carries it as its cause, until a token is accepted")
    func aRefusalExplainsTheNextFailure() async throws {
        let harness = CoordinatorHarness(script: [
            .issue(lifetime: 3600), .fail(BackendUnavailable()), .issue(lifetime: 3600), .fail(BackendUnavailable()),
        ])
        let coordinator = harness.coordinator
        let first = try await withDeadline("the first token") { try await coordinator.credential() }
        coordinator.report(.refused(first, because: Self.revoked))

        let explained = try await result(of: Task { try await coordinator.credential() })
        #expect(explained.januaryError?.category == .tokenProvider)
        #expect((explained.januaryError?.underlyingError as? JanuaryError)?.code == "token_revoked")

        let second = try await withDeadline("the next token") { try await coordinator.credential() }
        coordinator.report(.accepted(second))
        coordinator.report(.refused(second, because: nil))
        let plain = try await result(of: Task { try await coordinator.credential() })
        #expect(plain.januaryError?.category == .tokenProvider)
        #expect(plain.januaryError?.underlyingError is BackendUnavailable, "an accepted token forgot the refusal")
    }

    /// A request's refusal reported after a sign-out (its response came back as the user signed out) belongs to
    /// the ended session: the next user's failures are not explained by it.
    @Test("a refusal reported after its session ended explains nothing in the next one")
    func aLateRefusalStaysInItsSession() async throws {
        let harness = CoordinatorHarness(script: [.issue(lifetime: 3600), .fail(BackendUnavailable())])
        let coordinator = harness.coordinator
        let old = try await withDeadline("the first session's token") { try await coordinator.credential() }
        coordinator.reset()
        coordinator.report(.refused(old, because: Self.revoked))

        let next = try await result(of: Task { try await coordinator.credential() })
        #expect(next.januaryError?.category == .tokenProvider)
        #expect(next.januaryError?.underlyingError is BackendUnavailable)
    }

    @Test("sign-out forgets the session's refusal")
    func signOutForgetsTheRefusal() async throws {
        let harness = CoordinatorHarness(script: [.issue(lifetime: 3600), .fail(BackendUnavailable())])
        let coordinator = harness.coordinator
        let first = try await withDeadline("the first token") { try await coordinator.credential() }
        coordinator.report(.refused(first, because: Self.revoked))
        coordinator.reset()

        let next = try await result(of: Task { try await coordinator.credential() })
        #expect(next.januaryError?.underlyingError is BackendUnavailable)
    }

    @Test("a retry wait ends when its session ends, without the clock moving")
    func aRetryWaitEndsWithItsSession() async throws {
        let harness = CoordinatorHarness()
        let coordinator = harness.coordinator
        let waiting = Task { try await coordinator.waitBeforeRetry(30, purpose: "a test's retry", inEpoch: 0) }
        try await harness.clock.waitForSleepers(1)
        coordinator.reset()
        try await withDeadline("the wait's end") { try await waiting.value }
        #expect(harness.clock.now() == ManualClock.defaultStart)

        // A wait of a session that has already ended does not start.
        try await withDeadline("a wait of an ended session") {
            try await coordinator.waitBeforeRetry(30, purpose: "a late retry", inEpoch: 0)
        }
    }

    @Test("a retry wait of the current session lasts its delay, and a cancelled one throws CancellationError")
    func aRetryWaitLastsItsDelay() async throws {
        let harness = CoordinatorHarness()
        let coordinator = harness.coordinator
        let waiting = Task { try await coordinator.waitBeforeRetry(5, purpose: "a test's retry", inEpoch: 0) }
        try await harness.clock.waitForSleepers(1)
        harness.clock.advance(by: 5)
        try await withDeadline("the wait's end") { try await waiting.value }

        let cancelled = Task { try await coordinator.waitBeforeRetry(5, purpose: "a cancelled retry", inEpoch: 0) }
        try await harness.clock.waitForSleepers(1)
        cancelled.cancel()
        let outcome = await cancelled.result
        #expect(throws: CancellationError.self) { try outcome.get() }
        #expect(coordinator.currentEpoch == 0)
    }
}
