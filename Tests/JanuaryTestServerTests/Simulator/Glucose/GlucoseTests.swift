import Foundation
import Testing

@testable import JanuaryTestServer

@Suite("Simulator glucose prediction", suiteTimeLimit())
struct GlucoseTests {
    static let profile =
        #"{"age":40,"sex":"female","height":{"value":65,"unit":"in"},"weight":{"value":150,"unit":"lb"}}"#
    static let rice = #"[{"food_id":"1006","serving_id":"5012","quantity":1}]"#

    static func body(
        profile: String = profile,
        timezone: String = "America/New_York",
        foods: String = rice,
        startTime: String = "2026-03-10T12:00:00-04:00",
        extra: String = ""
    ) -> String {
        #"{"user_profile":\#(profile),"timezone":"\#(timezone)","foods":\#(foods),"start_time":"\#(startTime)"\#(extra)}"#
    }

    @Test func theCurveFollowsTheDocumentedFormula() async throws {
        let harness = try SimulatorHarness()
        let reply = try await harness.call("POST", "/v1.2/glucose/predictions", body: Self.body())
        #expect(reply.status == 200)
        let points = try #require(reply.json["points"]?.arrayValue)
        #expect(points.compactMap { $0["minutes"]?.intValue } == Array(stride(from: 0, through: 180, by: 15)))
        // white rice: C = 44.5 − 0.3 − 0.43 = 43.77; peak at 45 min; e^(−135/60) at 180 min.
        let values = points.compactMap { $0["value"]?.doubleValue }
        #expect(values[0] == 95)
        #expect(values[3] == 138.8)
        #expect(values.max() == values[3])
        #expect(values[12] == 99.6)
        #expect(reply.json["impact_score"]?.stringValue == "medium")
        #expect(reply.json["chart"]?["max"]?.doubleValue == 140)
        #expect(reply.json["chart"]?["min"]?.doubleValue == 70)
        #expect(reply.json["simulated"] == nil)
        #expect(reply.header("x-simulated") == "true")
    }

    @Test func diabetesRaisesTheCurveAndTheChart() async throws {
        let harness = try SimulatorHarness()
        let profile =
            #"{"age":60,"sex":"male","height":{"value":180,"unit":"cm"},"weight":{"value":90,"unit":"kg"},"activity_level":"sedentary","health_conditions":["type_2_diabetes"]}"#
        let reply = try await harness.call("POST", "/v1.2/glucose/predictions", body: Self.body(profile: profile))
        #expect(reply.json["impact_score"]?.stringValue == "high")
        #expect(reply.json["chart"]?["max"]?.doubleValue == 180)
        #expect(reply.json["points"]?[3]?["value"]?.doubleValue == 182.5)  // 95 + 2 × 43.77
    }

    @Test func aMealWithoutCarbohydratesIsFlatAndLow() async throws {
        let harness = try SimulatorHarness()
        let chicken = #"[{"food_id":"1008","serving_id":"5017","quantity":1}]"#
        let reply = try await harness.call("POST", "/v1.2/glucose/predictions", body: Self.body(foods: chicken))
        #expect(reply.json["points"]?.arrayValue?.allSatisfy { $0["value"]?.doubleValue == 95 } == true)
        #expect(reply.json["impact_score"]?.stringValue == "low")
    }

    static let invalid: [(String, String)] = [
        (
            body(
                profile:
                    #"{"age":0,"sex":"female","height":{"value":65,"unit":"in"},"weight":{"value":150,"unit":"lb"}}"#),
            "user_profile.age"
        ),
        (
            body(
                profile:
                    #"{"age":121,"sex":"female","height":{"value":65,"unit":"in"},"weight":{"value":150,"unit":"lb"}}"#),
            "user_profile.age"
        ),
        (
            body(
                profile:
                    #"{"age":30,"sex":"other","height":{"value":65,"unit":"in"},"weight":{"value":150,"unit":"lb"}}"#),
            "user_profile.sex"
        ),
        (
            body(
                profile:
                    #"{"age":30,"sex":"male","height":{"value":19,"unit":"in"},"weight":{"value":150,"unit":"lb"}}"#),
            "user_profile.height.value"
        ),
        (
            body(
                profile:
                    #"{"age":30,"sex":"male","height":{"value":276,"unit":"cm"},"weight":{"value":150,"unit":"lb"}}"#),
            "user_profile.height.value"
        ),
        (
            body(
                profile:
                    #"{"age":30,"sex":"male","height":{"value":70,"unit":"ft"},"weight":{"value":150,"unit":"lb"}}"#),
            "user_profile.height.unit"
        ),
        (
            body(
                profile: #"{"age":30,"sex":"male","height":{"value":70,"unit":"in"},"weight":{"value":1,"unit":"lb"}}"#),
            "user_profile.weight.value"
        ),
        (
            body(
                profile:
                    #"{"age":30,"sex":"male","height":{"value":70,"unit":"in"},"weight":{"value":701,"unit":"kg"}}"#),
            "user_profile.weight.value"
        ),
        (
            body(
                profile:
                    #"{"age":30,"sex":"male","height":{"value":70,"unit":"in"},"weight":{"value":70,"unit":"kg"},"activity_level":"athlete"}"#
            ), "user_profile.activity_level"
        ),
        (
            body(
                profile:
                    #"{"age":30,"sex":"male","height":{"value":70,"unit":"in"},"weight":{"value":70,"unit":"kg"},"health_conditions":["type_1_diabetes"]}"#
            ), "user_profile.health_conditions[0]"
        ),
        (
            body(
                profile:
                    #"{"age":30,"sex":"male","height":{"value":70,"unit":"in"},"weight":{"value":70,"unit":"kg"},"health_conditions":["prediabetes","prediabetes","type_2_diabetes"]}"#
            ), "user_profile.health_conditions"
        ),
        (body(timezone: "Mars/Olympus_Mons"), "timezone"),
        (body(foods: "[]"), "foods"),
        (body(foods: #"[{"food_id":"31337","serving_id":"5012","quantity":1}]"#), "foods[0].food_id"),
        (body(foods: #"[{"food_id":"1006","serving_id":"5001","quantity":1}]"#), "foods[0].serving_id"),
        (body(foods: #"[{"food_id":"1006","serving_id":"5012","quantity":0}]"#), "foods[0].quantity"),
        (body(startTime: "2026-03-10T12:00:00"), "start_time"),
        (body(extra: #","cgm_data":[{"timestamp":"2026-03-01T00:00:00Z","value":100}]"#), "cgm_data"),
        (
            body(
                extra:
                    #","consumed_foods":[{"timestamp":"2026-03-01T00:00:00Z","food_id":"1001","serving_id":"5001","quantity":1}]"#
            ), "consumed_foods"
        ),
        (
            body(
                extra:
                    #","cgm_data":[{"timestamp":"2026-03-01T00:00:00Z","value":100}],"consumed_foods":[{"timestamp":"2026-03-01T00:00:00Z","food_id":"1001","serving_id":"5001","quantity":1}]"#
            ), "insufficient CGM history"
        ),
        (
            body(
                extra:
                    #","cgm_data":[{"timestamp":"2026-03-01T00:00:00Z","value":601}],"consumed_foods":[{"timestamp":"2026-03-01T00:00:00Z","food_id":"1001","serving_id":"5001","quantity":1}]"#
            ), "cgm_data[0].value"
        ),
    ]

    @Test(arguments: invalid)
    func invalidBodiesNameTheField(_ body: String, _ field: String) async throws {
        let harness = try SimulatorHarness()
        let reply = try await harness.call("POST", "/v1.2/glucose/predictions", body: body)
        reply.expect(status: 400, code: "invalid_request", naming: field)
    }

    static func history(days: Int, readingsPerDay: Int, value: Double) -> String {
        var readings: [String] = []
        var foods: [String] = []
        for day in 0..<days {
            let midnight = Date(timeIntervalSince1970: 1_772_323_200 + Double(day) * 86_400 + 5 * 3600)  // NY midnight
            for index in 0..<readingsPerDay {
                let time = Timestamp.format(midnight.addingTimeInterval(Double(index) * 900))
                readings.append(#"{"timestamp":"\#(time)","value":\#(value)}"#)
            }
            let meal = Timestamp.format(midnight.addingTimeInterval(8 * 3600))
            foods.append(#"{"timestamp":"\#(meal)","food_id":"1001","serving_id":"5001","quantity":1}"#)
        }
        return #","cgm_data":[\#(readings.joined(separator: ","))],"consumed_foods":[\#(foods.joined(separator: ","))]"#
    }

    @Test func enoughPairedHistorySetsTheBaseline() async throws {
        let harness = try SimulatorHarness()
        let reply = try await harness.call(
            "POST",
            "/v1.2/glucose/predictions",
            body: Self.body(extra: Self.history(days: 5, readingsPerDay: 72, value: 110))
        )
        #expect(reply.status == 200)
        #expect(reply.json["points"]?[0]?["value"]?.doubleValue == 110)
        let short = try await harness.call(
            "POST",
            "/v1.2/glucose/predictions",
            body: Self.body(extra: Self.history(days: 5, readingsPerDay: 71, value: 110))
        )
        #expect(short.status == 400)
        #expect(short.json["message"]?.stringValue?.contains("0 complete days") == true)
    }
}
