import Foundation
import JanuaryPartnerSDK
import Testing

@Suite("Glucose prediction results", suiteTimeLimit())
struct GlucosePredictionTests {
    @Test("a prediction decodes points, grade and chart bounds")
    func decodes() throws {
        let prediction = try Wire.decode(
            GlucosePrediction.self,
            """
            {"points": [{"minutes": 0, "value": 92.4}, {"minutes": 15, "value": 118}, {"minutes": 30, "value": 131.6}],
             "impact_score": "medium", "chart": {"min": 70, "max": 140}, "model": "g2"}
            """
        )
        #expect(
            prediction.points == [
                GlucosePredictionPoint(minutes: 0, value: 92.4), GlucosePredictionPoint(minutes: 15, value: 118),
                GlucosePredictionPoint(minutes: 30, value: 131.6),
            ])
        #expect(prediction.impactScore == .medium)
        #expect(prediction.chart == GlucoseChart(min: 70, max: 140))
    }

    @Test("a missing or unknown grade and missing chart bounds decode")
    func tolerant() throws {
        let unknown = try Wire.decode(
            GlucosePrediction.self, #"{"points": [], "impact_score": "extreme", "chart": {"min": null, "max": 180}}"#)
        #expect(unknown.impactScore == GlucoseImpactScore(rawValue: "extreme"))
        #expect(unknown.chart == GlucoseChart(min: nil, max: 180))
        let sparse = try Wire.decode(GlucosePrediction.self, #"{"impact_score": null}"#)
        #expect(sparse.points.isEmpty)
        #expect(sparse.impactScore == nil)
        #expect(sparse.chart == GlucoseChart())
    }

    @Test("a point without minutes or value fails to decode", arguments: [#"{"value": 90}"#, #"{"minutes": 15}"#])
    func incompletePoint(point: String) {
        #expect(throws: DecodingError.self) {
            try Wire.decode(GlucosePrediction.self, #"{"points": [\#(point)]}"#)
        }
    }

    @Test("a prediction encodes to January's wire names")
    func encodes() throws {
        let object = try Wire.object(
            GlucosePrediction(points: [GlucosePredictionPoint(minutes: 15, value: 101)], impactScore: nil))
        #expect(Set(object.keys) == ["points", "impact_score", "chart"])
        #expect(object["impact_score"] is NSNull)
        #expect((object["chart"] as? [String: Any])?.keys.sorted() == ["max", "min"])
    }

    @Test("a point's date counts minutes from the start time")
    func pointDate() {
        let start = Date(timeIntervalSince1970: 1_000_000)
        #expect(GlucosePredictionPoint(minutes: 45, value: 100).date(from: start) == start.addingTimeInterval(2_700))
    }

    @Test("glucose vocabularies have their wire strings")
    func vocabularies() {
        #expect([GlucoseImpactScore.low, .medium, .high].map(\.rawValue) == ["low", "medium", "high"])
        #expect(
            [ActivityLevel.sedentary, .lightlyActive, .moderatelyActive, .veryActive].map(\.rawValue) == [
                "sedentary", "lightly_active", "moderately_active", "very_active",
            ])
        #expect([Sex.male, .female].map(\.rawValue) == ["male", "female"])
        #expect([HealthCondition.type2Diabetes, .prediabetes].map(\.rawValue) == ["type_2_diabetes", "prediabetes"])
        #expect([HeightUnit.inches, .centimeters].map(\.rawValue) == ["in", "cm"])
    }

    @Test("CGM readings thin to one per 15-minute window, oldest first")
    func onePerWindow() {
        let base = Date(timeIntervalSince1970: 1_787_769_000)  // 18:30:00 UTC, a window start
        let offsets: [TimeInterval] = [10, 0, 5, 899, 900, 1_860]
        let readings = offsets.map { CGMReading(timestamp: base.addingTimeInterval($0), value: 100) }
        let thinned = CGMReading.onePerWindow(readings.shuffled())
        #expect(thinned.map { $0.timestamp.timeIntervalSince(base) } == [0, 900, 1_860])
    }
}
