import Foundation
import JanuaryPartnerSDK
import JanuaryPartnerSDKTesting
import JanuaryTestServer
import PartnerApp
import Testing

/// A partner's test of their logging screen against the simulator: real HTTP on loopback, January's real
/// protocol, no network and no January account.
@Suite("Logging screen against the simulator", suiteTimeLimit())
struct BreakfastLoggerTests {
    /// 2026-03-10 07:30 in Los Angeles.
    static let breakfastTime = Date(timeIntervalSince1970: 1_773_153_000)

    @Test("logging a breakfast described in words shows its calories on that day")
    func logBreakfast() async throws {
        let clock = ManualClock(now: Self.breakfastTime)
        let simulator = try JanuaryAPISimulator(now: { clock.now() })
        var configuration = JanuaryPartnerClient.Configuration(baseURL: simulator.baseURL)
        configuration.clock = clock
        let january = try JanuaryPartnerClient(
            clientTokenProvider: {
                // In the app this asks your backend; here the simulator stands in for it.
                let token = simulator.mintToken(endUserID: "user-42")
                return JanuaryClientToken(value: token.value, expiresIn: TimeInterval(token.expiresIn))
            },
            configuration: configuration
        )
        let losAngeles = try #require(TimeZone(identifier: "America/Los_Angeles"))
        let screen = BreakfastLogger(january: january, userID: "user-42", timeZone: losAngeles)

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
}
