import Foundation
import JanuaryAuth
import JanuaryAuthTestSupport
import JanuaryCore
import Testing

@testable import JanuaryAuth

/// Issue 20: what one broken or hostile response could do to the token cache.
@Suite("Regression 20: broken and hostile responses, in the state machine", suiteTimeLimit())
struct HostileResponseRegressionTests {
    @Test("sign-out forgets January's clock, so a wrong estimate does not outlive the session")
    func signOutForgetsJanuarysClock() {
        let harness = CoordinatorHarness(script: [])
        let january = harness.coordinator.januarysClock
        january.note(start + 3_600)
        #expect(january.time(at: harness.clock.reading()) != nil)
        #expect(january.timeForDating() != nil)
        harness.coordinator.reset()
        #expect(january.time(at: harness.clock.reading()) == nil)
        #expect(january.timeForDating() == nil)
    }

    @Test("a late acceptance of a token older than the last rejected one does not close an open breaker")
    func lateAcceptanceOfAnOlderToken() throws {
        var machine = Machine(refreshLeeway: 60, backoff: .none, breaker: .default)
        let old = try machine.cache(at: at(0))
        _ = machine.discard(old, at: at(0))
        for _ in 0..<2 {
            let credential = try machine.cache(at: at(1))
            _ = machine.discard(credential, at: at(1))
        }
        #expect(machine.lookUp(at: at(2)).refusal?.code == JanuaryError.Code.tokenRejectedRepeatedly)
        #expect(machine.accepted(old, at: at(2)).eventKinds.isEmpty)
        #expect(machine.lookUp(at: at(2)).refusal?.code == JanuaryError.Code.tokenRejectedRepeatedly)
    }

    @Test("a lifetime longer than January's longest client-token TTL is clamped to 7,200 s")
    func lifetimeIsClamped() throws {
        var machine = Machine(refreshLeeway: 60, backoff: .none)
        let credential = try machine.cache(lifetime: 1_800_000, at: at(0))
        #expect(credential.expiresAt == start + 7_200)
        #expect(machine.lookUp(at: at(7_140)).mustWait, "refreshed a leeway before 7,200 s")
    }
}
