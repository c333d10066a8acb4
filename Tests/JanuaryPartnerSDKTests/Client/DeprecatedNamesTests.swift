import Foundation
import JanuaryPartnerSDK
import JanuaryPartnerSDKTestSupport
import JanuaryTestServer
import Testing

/// The names issue 31 replaced still work for partners who have not moved yet: each forwards to its
/// replacement. The tests are deprecated themselves so that calling the old names warns nowhere in the build.
@Suite("Deprecated names forward to their replacements", suiteTimeLimit())
struct DeprecatedNamesTests {
    @available(*, deprecated, message: "calls deprecated names on purpose")
    @Test("simulated(_:user:) with a string acts for that user, and refuses an invalid one as the typed form does")
    func simulatedWithAString() async throws {
        let simulator = JanuaryAPISimulator.inProcess()
        let january = try JanuaryPartnerClient.simulated(simulator, user: "user-42")
        let day = try JanuaryDate("2026-03-10")
        _ = try await january.forUser(PartnerUserID(rawValue: "user-42")).foodLogs.list(on: day)
        #expect(simulator.requestLog.map(\.endUserHeader) == ["user-42"])
        #expect(simulator.requestLog.map(\.status) == [200])
        let error = try #require(throws: JanuaryError.self) {
            _ = try JanuaryPartnerClient.simulated(simulator, user: "someone@example.com")
        }
        #expect(error.code == "invalid_end_user_id")
    }

    @available(*, deprecated, message: "calls deprecated names on purpose")
    @Test("lookupBarcode(_:) gets the food get(barcode:) gets")
    func lookupBarcode() async throws {
        let january = try JanuaryPartnerClient.simulated(JanuaryAPISimulator.inProcess())
        let food = try await january.foods.lookupBarcode("0073410013458")
        #expect(food == (try await january.foods.get(barcode: "0073410013458")))
    }

    @available(*, deprecated, message: "calls deprecated names on purpose")
    @Test("sleeperDelays and sleeperDurations read the remaining and the requested durations")
    func manualClockLists() async throws {
        let clock = ManualClock()
        let sleeper = Task { try await clock.sleep(for: 10) }
        try await clock.waitForSleepers(1)
        clock.advance(by: 4)
        #expect(clock.sleeperDelays == [6] && clock.sleeperDelays == clock.sleeperRemainingDurations)
        #expect(clock.sleeperDurations == [10] && clock.sleeperDurations == clock.sleeperRequestedDurations)
        sleeper.cancel()
    }
}
