import Foundation
import JanuaryPartnerSDK
import Testing

/// One published contract revision names every log timestamp `created_at`; the newest names them per resource.
/// The models read either, and the newest name wins when a reply carries both.
@Suite("Log timestamps of every contract revision", suiteTimeLimit())
struct LogTimestampRevisionTests {
    /// A log model as the tests see it: its JSON without a timestamp (left open for one), the newest contract's
    /// name for its timestamp, a `created_at` in one of the spellings January uses and the instant it means, and
    /// how to read the timestamp back.
    struct Resource: Sendable, CustomTestStringConvertible {
        let name: String
        let json: String
        let key: String
        let createdAt: (text: String, instant: String)
        let decode: @Sendable (String) throws -> Date
        var testDescription: String { name }
    }

    static let resources = [
        Resource(
            name: "food log", json: #"{"id": "3f2b9c1e-8d4a-4e6f-9b7a-2c1d0e5f6a7b", "foods": [], "name": null"#,
            key: "eaten_at", createdAt: ("2026-03-10T08:15:00.123Z", "2026-03-10T08:15:00.123Z"),
            decode: { try Wire.decode(FoodLog.self, $0).eatenAt }),
        Resource(
            name: "water log",
            json: #"{"id": "5c0a3e2f-1b7d-4c9e-8f6a-0d2b4e6f8a1c", "amount": {"value": 250, "unit": "ml"}"#,
            key: "consumed_at", createdAt: ("2026-03-10T08:15:00.5Z", "2026-03-10T08:15:00.5Z"),
            decode: { try Wire.decode(WaterLog.self, $0).consumedAt }),
        Resource(
            name: "weight log", json: #"{"weight": {"value": 70, "unit": "kg"}"#,
            key: "measured_at", createdAt: ("2026-03-10T08:15:00+02:00", "2026-03-10T06:15:00Z"),
            decode: { try Wire.decode(WeightLog.self, $0).measuredAt }),
    ]

    @Test("created_at decodes where the newest contract has a per-resource name", arguments: resources)
    func decodes(_ resource: Resource) throws {
        let createdAt = try resource.decode(resource.json + #", "created_at": "\#(resource.createdAt.text)"}"#)
        #expect(createdAt == utc(resource.createdAt.instant))
        // With both names, in either order, the model's own name wins.
        let own = #""\#(resource.key)": "2026-03-09T07:00:00Z""#
        let created = #""created_at": "2026-03-10T08:15:00Z""#
        #expect(try resource.decode(resource.json + ", \(created), \(own)}") == utc("2026-03-09T07:00:00Z"))
        #expect(try resource.decode(resource.json + ", \(own), \(created)}") == utc("2026-03-09T07:00:00Z"))
    }
}
