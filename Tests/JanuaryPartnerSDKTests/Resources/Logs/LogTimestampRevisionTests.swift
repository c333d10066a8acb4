import Foundation
import JanuaryPartnerSDK
import Testing

/// One published contract revision names every log timestamp `created_at`; the newest names them per resource.
/// The models read either, and the newest name wins when a reply carries both.
@Suite("Log timestamps of every contract revision")
struct LogTimestampRevisionTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let json: String
        let expected: String
        let decode: @Sendable (String) throws -> Date
        var testDescription: String { name }
    }

    static let foodLog = #"{"id": "3f2b9c1e-8d4a-4e6f-9b7a-2c1d0e5f6a7b", "foods": [], "name": null"#
    static let waterLog = #"{"id": "5c0a3e2f-1b7d-4c9e-8f6a-0d2b4e6f8a1c", "amount": {"value": 250, "unit": "ml"}"#
    static let weightLog = #"{"weight": {"value": 70, "unit": "kg"}"#

    static let cases: [Case] = [
        Case(
            name: "food log with created_at", json: foodLog + #", "created_at": "2026-03-10T08:15:00.123Z"}"#,
            expected: "2026-03-10T08:15:00.123Z", decode: { try Wire.decode(FoodLog.self, $0).eatenAt }),
        Case(
            name: "food log with both: eaten_at wins",
            json: foodLog + #", "created_at": "2026-03-10T08:15:00Z", "eaten_at": "2026-03-09T07:00:00Z"}"#,
            expected: "2026-03-09T07:00:00Z", decode: { try Wire.decode(FoodLog.self, $0).eatenAt }),
        Case(
            name: "water log with created_at", json: waterLog + #", "created_at": "2026-03-10T08:15:00.5Z"}"#,
            expected: "2026-03-10T08:15:00.5Z", decode: { try Wire.decode(WaterLog.self, $0).consumedAt }),
        Case(
            name: "water log with both: consumed_at wins",
            json: waterLog + #", "consumed_at": "2026-03-09T07:00:00Z", "created_at": "2026-03-10T08:15:00Z"}"#,
            expected: "2026-03-09T07:00:00Z", decode: { try Wire.decode(WaterLog.self, $0).consumedAt }),
        Case(
            name: "weight log with created_at", json: weightLog + #", "created_at": "2026-03-10T08:15:00+02:00"}"#,
            expected: "2026-03-10T06:15:00Z", decode: { try Wire.decode(WeightLog.self, $0).measuredAt }),
        Case(
            name: "weight log with both: measured_at wins",
            json: weightLog + #", "measured_at": "2026-03-09T07:00:00Z", "created_at": "2026-03-10T08:15:00Z"}"#,
            expected: "2026-03-09T07:00:00Z", decode: { try Wire.decode(WeightLog.self, $0).measuredAt }),
    ]

    @Test("created_at decodes where the newest contract has a per-resource name", arguments: cases)
    func decodes(_ testCase: Case) throws {
        #expect(try testCase.decode(testCase.json) == utc(testCase.expected))
    }
}
