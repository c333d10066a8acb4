import Foundation
import JanuaryPartnerSDK
import JanuaryPartnerSDKTesting
import JanuaryTestServer
import PartnerApp
import Testing

/// A partner's test of their logging screen against the simulator in process: January's real protocol and
/// rules, no socket, no network, no January account, and nothing to allow in App Transport Security.
@Suite("Logging screen against the simulator", suiteTimeLimit())
struct BreakfastLoggerTests {
    /// 2026-03-10 07:30 in Los Angeles.
    static let breakfastTime = Date(timeIntervalSince1970: 1_773_153_000)

    /// The screen for user-42 in Los Angeles on a client whose January is an in-process simulator, on a manual
    /// clock at breakfast time.
    static func screen() throws -> (JanuaryAPISimulator, BreakfastLogger, ManualClock) {
        let clock = ManualClock(now: breakfastTime)
        let simulator = JanuaryAPISimulator.inProcess(now: { clock.now() })
        // The simulator stands in for your backend too: it mints user-42's client tokens.
        let january = try JanuaryPartnerClient.simulated(
            simulator, user: PartnerUserID(rawValue: "user-42"), clock: clock)
        let losAngeles = try #require(TimeZone(identifier: "America/Los_Angeles"))
        return (simulator, BreakfastLogger(january: january, userID: "user-42", timeZone: losAngeles), clock)
    }

    @Test("logging a breakfast described in words shows its calories on that day")
    func logBreakfast() async throws {
        let (simulator, screen, _) = try Self.screen()

        let log = try await screen.log("2 eggs and a banana", eatenAt: Self.breakfastTime)

        #expect(log.foods.count == 2)
        let calories = try await screen.calories(on: JanuaryDate(year: 2026, month: 3, day: 10))
        let expected = log.foods.compactMap { $0.nutrients.calories?.value }.reduce(0, +)
        #expect(calories == Int(expected.rounded()))
        #expect(calories > 0)
        #expect(try await screen.calories(on: JanuaryDate(year: 2026, month: 3, day: 11)) == 0)
        let sentFor = simulator.requestLog.filter { $0.path.hasPrefix("/v1.2/food-logs") }.map(\.endUserHeader)
        #expect(sentFor == ["user-42", "user-42", "user-42"])
    }

    @Test("a breakfast whose answer was lost is logged once: the SDK finds it in the day and the screen shows it")
    func lostAnswer() async throws {
        let (simulator, screen, clock) = try Self.screen()
        simulator.failNextWrites(afterStoringWith: .closeConnection, pathPrefix: "/v1.2/food-logs")

        let logging = Task { try await screen.log("a banana", eatenAt: Self.breakfastTime) }
        // Before it looks for the log, the SDK waits 150 s on the client's clock, until no request January may
        // still be working on can change the day: advance the test's clock past it.
        try await clock.waitForSleeper(lasting: 150)
        clock.advance(by: 150)
        let log = try await logging.value

        #expect(log.name == "Breakfast")
        #expect(try await screen.calories(on: JanuaryDate(year: 2026, month: 3, day: 10)) > 0)
        #expect(simulator.requestLog.filter { $0.operation == "createFoodLog" }.count == 1)
        #expect(simulator.requestLog.filter { $0.operation == "listFoodLogs" }.count == 2, "the SDK's check, then ours")
    }
}
