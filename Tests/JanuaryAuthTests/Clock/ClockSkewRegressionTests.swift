import Foundation
import JanuaryAuth
import JanuaryAuthTestSupport
import JanuaryCore
import Testing

@testable import JanuaryAuth

/// Review item 4: freshness was judged on the device's wall clock, so a device minutes fast refused or dropped
/// good tokens, and a device minutes slow kept sending expired ones.
@Suite("Regression 4: clock skew of ten minutes either way", suiteTimeLimit())
struct ClockSkewRegressionTests {
    struct Case: Sendable, CustomTestStringConvertible {
        /// The device's wall clock minus January's.
        let deviceClockOffset: TimeInterval
        let token: JanuaryClientToken
        /// When the token is refreshed, in seconds on the monotonic clock after it was received.
        let refreshAfter: TimeInterval

        var testDescription: String {
            let lifetime = token.expiresIn.map { "expiresIn \($0) s" } ?? "expiresAt 5 min in January's time"
            return "device clock \(deviceClockOffset > 0 ? "fast" : "slow") by 10 min, \(lifetime)"
        }
    }

    /// January's time is the manual clock's start; tokens live five minutes; the leeway is 60 s.
    static let cases: [Case] = [
        Case(deviceClockOffset: 600, token: .init(value: "ct-skew", expiresAt: start + 300), refreshAfter: 240),
        Case(deviceClockOffset: -600, token: .init(value: "ct-skew", expiresAt: start + 300), refreshAfter: 240),
        Case(deviceClockOffset: 600, token: .init(value: "ct-skew", expiresIn: 300), refreshAfter: 240),
        Case(deviceClockOffset: -600, token: .init(value: "ct-skew", expiresIn: 300), refreshAfter: 240),
    ]

    @Test("the token is used, and refreshed when January's clock says, not the device's", arguments: cases)
    func skewedDevice(_ testCase: Case) async throws {
        let harness = CoordinatorHarness(script: [.token(testCase.token)])
        let coordinator = harness.coordinator
        harness.clock.adjustWallClock(by: testCase.deviceClockOffset)
        coordinator.januarysClock.note(start)  // the Date header of a response of January's

        let credential = try await withDeadline("the skewed token") { try await coordinator.credential() }
        #expect(credential.value == "ct-skew", "the token the device clock thinks expired is used")
        harness.clock.advance(by: testCase.refreshAfter - 0.001)
        #expect(try await withDeadline("the cached token") { try await coordinator.credential() } == credential)
        #expect(harness.probe.callCount == 1)
        harness.clock.advance(by: 0.001)
        let next = try await withDeadline("the replacement") { try await coordinator.credential() }
        #expect(next.generation == 2 && harness.probe.callCount == 2)
    }

    @Test func withoutJanuarysDateAFastDeviceRefusesTheTokenNamingClockSkew() async throws {
        let harness = CoordinatorHarness(script: [.token(.init(value: "ct-skew", expiresAt: start + 300))])
        let coordinator = harness.coordinator
        harness.clock.adjustWallClock(by: 600)
        let refused = try await result(of: Task { try await coordinator.credential() }).januaryError
        #expect(refused?.code == JanuaryError.Code.invalidClientTokenExpiration)
        #expect(refused?.message.contains("already expired") == true && refused?.message.contains("clock skew") == true)
    }

    @Test func aDeviceClockChangedAfterReceiptDoesNotMoveTheRefresh() async throws {
        let harness = CoordinatorHarness(script: [.issueExpiringAt(lifetime: 3600)])
        let coordinator = harness.coordinator
        let credential = try await withDeadline("a token") { try await coordinator.credential() }
        harness.clock.adjustWallClock(by: 600)
        harness.clock.advance(by: 3_539)
        #expect(try await withDeadline("the cached token") { try await coordinator.credential() } == credential)
        harness.clock.adjustWallClock(by: -1_200)
        harness.clock.advance(by: 1)
        #expect(try await withDeadline("the replacement") { try await coordinator.credential() }.generation == 2)
    }
}
