import Foundation
import JanuaryAuth
import JanuaryAuthTestSupport
import JanuaryCore
import Testing

@testable import JanuaryAuth

/// Review item 1: a request sent before sign-out and rejected after it asked for a replacement, and got the next
/// user's token, fetched with the old request's retry.
@Suite("Regression 1: the sign-out fence", suiteTimeLimit())
struct SignOutFenceRegressionTests {
    @Test func aCredentialRejectedAfterResetIsNeverReplaced() async throws {
        let harness = CoordinatorHarness()
        let coordinator = harness.coordinator
        let old = try await withDeadline("the first session's token") { try await coordinator.credential() }
        coordinator.reset()

        // January rejects the old request; the client asks for a replacement to replay it with.
        let replacement = try await result(of: Task { try await coordinator.invalidate(old) })
        #expect(replacement.januaryError?.isSignedOut == true)
        #expect(replacement.januaryError?.retryAfter == nil)
        // Or the old request is retried with its session.
        let retry = try await result(of: Task { try await coordinator.credential(inEpoch: old.epoch) })
        #expect(retry.januaryError?.isSignedOut == true)
        coordinator.discard(old)
        coordinator.accepted(old)

        #expect(harness.probe.callCount == 1, "nothing of the old session calls the provider")
        #expect(coordinator.phase == .idle(cachedGeneration: nil), "and no new token was fetched")
        try await harness.events.waitForEvents(of: .tokenCacheCleared)
        #expect(harness.events.count(of: .tokenInvalidated) == 0)

        let next = try await withDeadline("the new session's token") { try await coordinator.credential() }
        #expect(next.epoch == 1 && next.generation == 2 && harness.probe.callCount == 2)
        let current = try await withDeadline("a retry in the new session") {
            try await coordinator.credential(inEpoch: 1)
        }
        #expect(current == next)
    }

    @Test func anOldRejectionArrivingDuringTheNewSessionsFetchDoesNotJoinIt() async throws {
        let harness = CoordinatorHarness(script: [.issue(lifetime: 3600), .suspend])
        let coordinator = harness.coordinator
        let old = try await withDeadline("the first session's token") { try await coordinator.credential() }
        coordinator.reset()
        let newSession = Task { try await coordinator.credential() }
        try await harness.probe.waitForSuspendedCalls(1)

        let replacement = try await result(of: Task { try await coordinator.invalidate(old) })
        #expect(replacement.januaryError?.isSignedOut == true, "refused at once, not queued for the new token")
        #expect(coordinator.waitingRequestCount == 1)

        harness.probe.resumeOldestSuspendedCall(with: .issue(lifetime: 3600))
        #expect(try await result(of: newSession).credential?.epoch == 1)
        #expect(harness.probe.callCount == 2)
    }

    @Test func aProviderResultLandingAfterResetIsDropped() async throws {
        let harness = CoordinatorHarness(script: [.suspendIgnoringCancellation])
        let coordinator = harness.coordinator
        let waiting = Task { try await coordinator.credential() }
        try await harness.probe.waitForSuspendedCalls(1)
        coordinator.reset()
        #expect(try await result(of: waiting).januaryError?.isSignedOut == true)

        harness.probe.resumeOldestSuspendedCall(with: .token(.init(value: "previous-users-token", expiresIn: 3600)))
        try await harness.probe.waitForCancellations(1)
        let next = try await withDeadline("the new session's token") { try await coordinator.credential() }
        #expect(next.value == harness.probe.issuedValue(forCall: 2), "the late token never reaches the new session")
    }
}
