import Foundation
import JanuaryPartnerSDK
import JanuaryPartnerSDKTestSupport
import JanuaryTestServer
import Testing

/// `client.glucose` through the real URLSession against the simulator's documented curve (Docs/Simulator.md,
/// "Glucose prediction").
@Suite("Glucose prediction end to end", suiteTimeLimit())
struct GlucoseEndToEndTests {
    static let profile = GlucosePredictionProfile(
        age: 45, sex: .female, height: Height(value: 65, unit: .inches), weight: Weight(value: 150, unit: .pounds),
        activityLevel: .lightlyActive)

    static let whiteRice = FoodLogInputFood(foodID: "1006", servingID: "5012", quantity: 1)
    static let oatmeal = FoodLogInputFood(foodID: "1004", servingID: "5008", quantity: 1)
    static let egg = FoodLogInputFood(foodID: "1003", servingID: "5006", quantity: 1)

    /// The documented curve: rise `R = min(k·C, 200)` to minute `T`, then decay, every 15 minutes to 180.
    static func expectedCurve(carbohydrates: Double, fiber: Double, protein: Double, k: Double, baseline: Double)
        -> [Double]
    {
        let effective = max(0, carbohydrates - fiber / 2 - protein / 10)
        let rise = min(k * effective, 200)
        let peak = fiber + protein >= 10 ? 60.0 : 45.0
        return stride(from: 0.0, through: 180, by: 15).map { minute in
            let value =
                minute <= peak
                ? baseline + rise * sin(Double.pi / 2 * minute / peak) : baseline + rise * exp(-(minute - peak) / 60)
            return (value * 10).rounded() / 10
        }
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let foods: [FoodLogInputFood]
        let conditions: [HealthCondition]
        /// Σ carbohydrates, fiber and protein of the foods, from the catalogue.
        let carbohydrates: Double
        let fiber: Double
        let protein: Double
        let k: Double
        let peakMinute: Int
        let impact: GlucoseImpactScore
        let chartMaximum: Double
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "a cup of white rice", foods: [whiteRice], conditions: [], carbohydrates: 44.5, fiber: 0.6,
            protein: 4.3, k: 1, peakMinute: 45, impact: .medium, chartMaximum: 140),
        Case(
            name: "a cup of white rice with type 2 diabetes", foods: [whiteRice], conditions: [.type2Diabetes],
            carbohydrates: 44.5, fiber: 0.6, protein: 4.3, k: 2, peakMinute: 45, impact: .high, chartMaximum: 180),
        Case(
            name: "a cup of white rice with prediabetes", foods: [whiteRice], conditions: [.prediabetes],
            carbohydrates: 44.5, fiber: 0.6, protein: 4.3, k: 1.4, peakMinute: 45, impact: .high, chartMaximum: 140),
        Case(
            name: "oatmeal and an egg: fiber and protein of 10 g or more peak at 60 minutes", foods: [oatmeal, egg],
            conditions: [], carbohydrates: 28.6, fiber: 4, protein: 12.2, k: 1, peakMinute: 60, impact: .low,
            chartMaximum: 140),
    ]

    @Test("the curve has the documented shape, peak, impact and chart", arguments: cases)
    func curve(_ variant: Case) async throws {
        let harness = try ClientHarness()
        var profile = Self.profile
        profile.healthConditions = variant.conditions
        let start = try EndToEnd.instant("2025-12-31T08:00:00-08:00")
        let prediction = try await harness.client.glucose.predict(
            PredictGlucoseRequest(
                profile: profile, foods: variant.foods, startTime: start, timeZone: EndToEnd.losAngeles))
        let expected = Self.expectedCurve(
            carbohydrates: variant.carbohydrates, fiber: variant.fiber, protein: variant.protein, k: variant.k,
            baseline: 95)
        #expect(prediction.points.map(\.minutes) == Array(stride(from: 0, through: 180, by: 15)))
        #expect(prediction.points.count == expected.count)
        for (point, value) in zip(prediction.points, expected) {
            #expect(EndToEnd.close(point.value, value, tolerance: 0.051), "minute \(point.minutes)")
        }
        let peak = try #require(prediction.points.max { $0.value < $1.value })
        #expect(peak.minutes == variant.peakMinute)
        let values = prediction.points.map(\.value)
        let rising = values.prefix(variant.peakMinute / 15 + 1)
        let falling = values.suffix(from: variant.peakMinute / 15)
        #expect(Array(rising) == rising.sorted())
        #expect(Array(falling) == falling.sorted(by: >))
        #expect(prediction.points.first?.value == 95)
        #expect(prediction.impactScore == variant.impact)
        #expect(prediction.chart.min == 70)
        #expect(prediction.chart.max == variant.chartMaximum)
        #expect(prediction.points[3].date(from: start) == start.addingTimeInterval(45 * 60))
        #expect(harness.simulator.requestLog.first?.operation == "predictGlucose")
    }

    @Test("the cup of white rice of the guide: 95 … 138.8 at 45 min … 99.6 at 180 min")
    func documentedExample() async throws {
        let harness = try ClientHarness()
        let prediction = try await harness.client.glucose.predict(
            PredictGlucoseRequest(
                profile: Self.profile, foods: [Self.whiteRice], startTime: try EndToEnd.instant("2025-12-31T16:00:00Z"),
                timeZone: EndToEnd.losAngeles))
        #expect(prediction.points.first?.value == 95)
        #expect(prediction.points[3].value == 138.8)
        #expect(prediction.points.last?.value == 99.6)
    }

    /// Five complete local days of readings (every quarter hour) and one meal a day, before `end`.
    static func history(days: Int, value: Double, endingAt end: Date) -> ([CGMReading], [ConsumedHistoricalFood]) {
        let start = end.addingTimeInterval(-Double(days) * 86_400)
        let readings = (0..<(days * 96)).map {
            CGMReading(timestamp: start.addingTimeInterval(Double($0) * 900), value: value + Double($0 % 3))
        }
        let meals = (0..<days).map {
            ConsumedHistoricalFood(timestamp: start.addingTimeInterval(Double($0) * 86_400 + 12 * 3_600), food: oatmeal)
        }
        return (readings, meals)
    }

    @Test("with five complete days of history the baseline is the mean of the readings")
    func history() async throws {
        let harness = try ClientHarness()
        let midnight = try EndToEnd.instant("2025-12-31T00:00:00-08:00")
        let (readings, meals) = Self.history(days: 5, value: 110, endingAt: midnight)
        let prediction = try await harness.client.glucose.predict(
            PredictGlucoseRequest(
                profile: Self.profile, foods: [Self.whiteRice], startTime: midnight.addingTimeInterval(8 * 3_600),
                timeZone: EndToEnd.losAngeles, cgmReadings: readings, consumedFoods: meals))
        // Readings cycle 110, 111, 112: their mean is 111.
        #expect(prediction.points.first?.value == 111)
        #expect(prediction.points[3].value == 154.8)
    }

    struct ServerError: Sendable, CustomTestStringConvertible {
        let name: String
        let request: @Sendable () throws -> PredictGlucoseRequest
        var testDescription: String { name }
    }

    static let serverErrors: [ServerError] = [
        ServerError(name: "a food January does not have") {
            PredictGlucoseRequest(
                profile: profile, foods: [FoodLogInputFood(foodID: "999999", servingID: "5012", quantity: 1)],
                startTime: Date(), timeZone: EndToEnd.losAngeles)
        },
        ServerError(name: "a serving of another food") {
            PredictGlucoseRequest(
                profile: profile, foods: [FoodLogInputFood(foodID: "1006", servingID: "5001", quantity: 1)],
                startTime: Date(), timeZone: EndToEnd.losAngeles)
        },
        ServerError(name: "two days of history where five are needed") {
            let end = try EndToEnd.instant("2025-12-31T00:00:00-08:00")
            let (readings, meals) = history(days: 2, value: 100, endingAt: end)
            return PredictGlucoseRequest(
                profile: profile, foods: [whiteRice], startTime: end, timeZone: EndToEnd.losAngeles,
                cgmReadings: readings, consumedFoods: meals)
        },
        ServerError(name: "an activity level January does not know") {
            var odd = profile
            odd.activityLevel = ActivityLevel(rawValue: "marathoner")
            return PredictGlucoseRequest(
                profile: odd, foods: [whiteRice], startTime: Date(), timeZone: EndToEnd.losAngeles)
        },
    ]

    @Test("what only January can check is 400 invalid_request, sent once", arguments: serverErrors)
    func serverError(_ variant: ServerError) async throws {
        let harness = try ClientHarness()
        let request = try variant.request()
        let error = await EndToEnd.expectError(.invalidInput, code: "invalid_request", status: 400) {
            _ = try await harness.client.glucose.predict(request)
        }
        #expect(error?.message.isEmpty == false)
        #expect(harness.simulator.requestLog.count == 1)
    }

    static let refusals: [(String, String, @Sendable () throws -> PredictGlucoseRequest)] = [
        (
            "age 0", "age",
            {
                var young = profile
                young.age = 0
                return PredictGlucoseRequest(profile: young, foods: [whiteRice], startTime: Date())
            }
        ),
        (
            "a height of 10 in", "height",
            {
                var short = profile
                short.height = Height(value: 10, unit: .inches)
                return PredictGlucoseRequest(profile: short, foods: [whiteRice], startTime: Date())
            }
        ),
        (
            "three health conditions", "healthConditions",
            {
                var ill = profile
                ill.healthConditions = [.type2Diabetes, .prediabetes, .prediabetes]
                return PredictGlucoseRequest(profile: ill, foods: [whiteRice], startTime: Date())
            }
        ),
        ("no foods", "foods", { PredictGlucoseRequest(profile: profile, foods: [], startTime: Date()) }),
        (
            "readings without consumed foods", "consumedFoods",
            {
                PredictGlucoseRequest(
                    profile: profile, foods: [whiteRice], startTime: Date(),
                    cgmReadings: [CGMReading(timestamp: Date(), value: 100)])
            }
        ),
        (
            "two readings in one quarter hour", "15-minute window",
            {
                let now = Date(timeIntervalSince1970: 1_767_225_600)
                return PredictGlucoseRequest(
                    profile: profile, foods: [whiteRice], startTime: now,
                    cgmReadings: [CGMReading(timestamp: now, value: 100), CGMReading(timestamp: now + 60, value: 101)],
                    consumedFoods: [ConsumedHistoricalFood(timestamp: now, food: oatmeal)])
            }
        ),
        (
            "a fixed-offset time zone", "timeZone",
            {
                PredictGlucoseRequest(
                    profile: profile, foods: [whiteRice], startTime: Date(),
                    timeZone: TimeZone(secondsFromGMT: 19_800)!)
            }
        ),
    ]

    @Test("bad input is refused before a token is fetched or a byte is sent", arguments: refusals)
    func refusedLocally(_ name: String, field: String, request: @Sendable () throws -> PredictGlucoseRequest)
        async throws
    {
        let harness = try ClientHarness()
        let built = try request()
        try await requireRefusedLocally(naming: field, outbound: harness.outbound) {
            _ = try await harness.client.glucose.predict(built)
        }
    }

    @Test("an impact score and fields the SDK does not know decode")
    func unknownImpact() async throws {
        let harness = try ClientHarness()
        harness.server.enqueue(
            .json(
                """
                {"points": [{"minutes": 0, "value": 95, "lower": 90}, {"minutes": 15, "value": 120.5}],
                 "impact_score": "extreme", "chart": {"min": 70, "max": 200, "unit": "mg/dL"},
                 "simulated": true, "model_version": "2026-01"}
                """))
        let prediction = try await harness.client.glucose.predict(
            PredictGlucoseRequest(
                profile: Self.profile, foods: [Self.whiteRice], startTime: Date(), timeZone: EndToEnd.losAngeles))
        #expect(prediction.impactScore == GlucoseImpactScore(rawValue: "extreme"))
        #expect(prediction.points.map(\.value) == [95, 120.5])
        #expect(prediction.chart.max == 200)
    }
}
