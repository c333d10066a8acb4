import Foundation
import JanuaryPartnerSDK
import JanuaryPartnerSDKTestSupport
import Testing

/// Water and weight lists check their start against the user's today less five years; a client clock that reads
/// a year before 0006 has no such day (issue 35, fault 6), which trapped instead of refusing.
@Suite("The five-year lookback on a clock near year 1", suiteTimeLimit())
struct LookbackClockTests {
    @Test("water and weight lists refuse with invalidInput, and send nothing", arguments: ["water", "weight"])
    func refused(kind: String) async throws {
        let yearThree = Date(timeIntervalSince1970: -62_072_524_800)  // 0003-01-01T00:00:00Z
        let harness = try ScriptedClient { $0.clock = ManualClock(now: yearThree) }
        let user = harness.client.forUser(PartnerUserID(rawValue: "user-1"), timeZone: TimeZone(identifier: "UTC")!)
        let day = try JanuaryDate("0002-06-01")
        let error = try await #require(throws: JanuaryError.self) {
            if kind == "water" {
                _ = try await user.waterLogs.list(from: day, through: day)
            } else {
                _ = try await user.weightLogs.list(from: day, through: day)
            }
        }
        #expect(error.category == .invalidInput, "\(error)")
        #expect(harness.transport.requests.isEmpty)
    }
}
