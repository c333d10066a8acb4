import Foundation
import JanuaryAuth
import JanuaryAuthTestSupport
import JanuaryCore
import Testing

@testable import JanuaryAuth

/// Review item 10: a backend that minted tokens January rejected (wrong key, wrong environment) was called again
/// for every rejected request, on every device, for ever.
@Suite(
    "Regression 10: the rejection breaker stops a provider whose tokens January keeps rejecting",
    suiteTimeLimit())
struct RejectionLoopRegressionTests {
    @Test func sevenConsecutiveRejectionsCostThreeProviderCallsThenRequestsFailAtOnce() async throws {
        let harness = CoordinatorHarness()
        let coordinator = harness.coordinator
        var credential = try await withDeadline("the first token") { try await coordinator.credential() }
        var refusals: [JanuaryError] = []
        for _ in 1...7 {
            let rejected = credential
            let outcome = try await result(of: Task { try await coordinator.invalidate(rejected) })
            if let replacement = outcome.credential {
                credential = replacement
            } else {
                refusals.append(try #require(outcome.januaryError))
            }
        }
        #expect(harness.probe.callCount == 3)
        #expect(refusals.count == 5)
        for refusal in refusals {
            #expect(refusal.category == .authentication && refusal.code == JanuaryError.Code.tokenRejectedRepeatedly)
            #expect(refusal.retryAfter == 30)
        }
        // A new request fails at once too, without waiting on the clock.
        let fresh = try await result(of: Task { try await coordinator.credential() }).januaryError
        #expect(fresh?.code == JanuaryError.Code.tokenRejectedRepeatedly && fresh?.retryAfter == 30)
        #expect(harness.clock.sleeperCount == 0 && harness.probe.callCount == 3)
        try await harness.events.waitForEvents(of: .circuitBreakerOpened)
        let opened = try #require(harness.events.events(.circuitBreakerOpened).first)
        #expect(opened.retryAfter == 30 && opened.generation == 3)

        // The cool-down counts down on the clock.
        harness.clock.advance(by: 29.5)
        let later = try await result(of: Task { try await coordinator.credential() }).januaryError
        #expect(later?.retryAfter == 0.5)

        // After it, one fetch may try, for every request that asks; January accepts its token and the breaker closes.
        harness.clock.advance(by: 0.5)
        let trials = harness.concurrently(50) { coordinator, _ in try await coordinator.credential() }
        let trial = try await results(of: trials)
        let accepted = try #require(trial.first?.credential)
        #expect(trial.allSatisfy { $0.credential == accepted } && accepted.generation == 4)
        #expect(harness.probe.callCount == 4)
        coordinator.accepted(accepted)
        try await harness.events.waitForEvents(of: .circuitBreakerClosed)
        #expect(harness.events.events(.circuitBreakerClosed).first?.generation == accepted.generation)

        // Closed: a rejection costs one provider call again.
        let replaced = try await withDeadline("a replacement") { try await coordinator.invalidate(accepted) }
        #expect(replaced.generation == 5 && harness.probe.callCount == 5)
    }

    @Test func aRejectedTrialTokenReopensTheBreakerForTwiceAsLong() async throws {
        let harness = CoordinatorHarness()
        let coordinator = harness.coordinator
        for _ in 0..<3 {
            let credential = try await withDeadline("a token") { try await coordinator.credential() }
            coordinator.discard(credential)
        }
        harness.clock.advance(by: 30)
        let trial = try await withDeadline("the trial token") { try await coordinator.credential() }
        let reopened = try await result(of: Task { try await coordinator.invalidate(trial) }).januaryError
        #expect(reopened?.code == JanuaryError.Code.tokenRejectedRepeatedly && reopened?.retryAfter == 60)
        try await harness.events.waitForEvents(of: .circuitBreakerOpened, count: 2)
        #expect(harness.events.events(.circuitBreakerOpened).map(\.retryAfter) == [30, 60])
        #expect(harness.probe.callCount == 4)
    }
}
