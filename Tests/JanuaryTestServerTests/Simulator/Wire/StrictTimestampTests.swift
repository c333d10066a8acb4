import Foundation
import Testing

@testable import JanuaryTestServer

extension SimulatorConformance {
    /// Issue 25, item 1: every input timestamp is read by one strict RFC 3339 parser; an impossible instant is
    /// refused with `400 invalid_request` naming the field, never rolled over into another one.
    @Suite("Strict input timestamps", suiteTimeLimit())
    struct StrictTimestampTests {
        /// Where each operation takes a timestamp: the path, the end user it needs, and a body with `\(time)`.
        struct Field: Sendable, CustomTestStringConvertible {
            let name: String
            let path: String
            let endUser: String?
            let body: @Sendable (String) -> String
            var testDescription: String { name }
        }

        static let fields: [Field] = [
            Field(name: "eaten_at", path: "/v1.2/food-logs", endUser: "u1") {
                #"{"foods":[{"food_id":"1001","serving_id":"5001","quantity":1}],"eaten_at":"\#($0)"}"#
            },
            Field(name: "consumed_at", path: "/v1.2/water-logs", endUser: "u1") {
                #"{"amount":{"value":250,"unit":"ml"},"consumed_at":"\#($0)"}"#
            },
            Field(name: "measured_at", path: "/v1.2/weight-logs", endUser: "u1") {
                #"{"weight":{"value":70,"unit":"kg"},"measured_at":"\#($0)"}"#
            },
            Field(name: "start_time", path: "/v1.2/glucose/predictions", endUser: nil) {
                GlucoseTests.body(startTime: $0)
            },
        ]

        static let impossible = [
            "2026-02-30T08:00:00Z", "2025-02-29T08:00:00Z", "2026-04-31T08:00:00Z", "2026-13-01T08:00:00Z",
            "2026-00-10T08:00:00Z", "2026-03-10T24:00:00Z", "2026-03-10T08:60:00Z", "2026-03-10T08:00:60Z",
            "2026-03-10T08:00:00+0530", "2026-03-10T08:00:00+05", "2026-03-10T08:00:00+24:00", "2026-03-10T08:00:00",
            "2026-03-10 08:00:00Z", "2026-03-10T08:00:00.Z", "2026-3-10T08:00:00Z", "2026-03-10T08:00Z",
            "2026-03-10T08:00:00Z ", "+2026-03-10T08:00:00Z", "2026-03-10t08:00:00z", "0000-01-01T00:00:00Z",
        ]

        @Test(arguments: fields, impossible)
        func impossibleInstantsAreRefusedNamingTheField(_ field: Field, _ time: String) {
            let simulator = DirectSimulator()
            let reply = simulator.call("POST", field.path, body: field.body(time), endUser: field.endUser)
            #expect(
                reply.status == 400,
                "\(time) was answered \(reply.status): \(String(decoding: reply.data, as: UTF8.self))")
            #expect(reply.code == "invalid_request")
            #expect(reply.json["message"]?.stringValue?.contains("`\(field.name)`") == true)
        }

        static let possible: [(String, String)] = [
            ("2024-02-29T23:59:59.999+05:30", "2024-02-29T18:29:59.999Z"),
            ("2026-03-10T08:00:00.1239-08:00", "2026-03-10T16:00:00.123Z"),
            ("2026-12-31T23:59:59Z", "2026-12-31T23:59:59.000Z"),
            ("2000-02-29T00:00:00-00:00", "2000-02-29T00:00:00.000Z"),
        ]

        @Test(arguments: possible)
        func realInstantsAreStoredInUTCMilliseconds(_ time: String, _ stored: String) {
            let simulator = DirectSimulator()
            let reply = simulator.call("POST", "/v1.2/food-logs", body: Self.fields[0].body(time), endUser: "u1")
            #expect(reply.status == 201)
            #expect(reply.json["eaten_at"]?.stringValue == stored)
        }

        @Test func historyTimestampsAreCheckedToo() {
            let simulator = DirectSimulator()
            let extra =
                #","cgm_data":[{"timestamp":"2026-02-30T08:00:00Z","value":100}],"consumed_foods":[{"timestamp":"2026-03-01T08:00:00Z","food_id":"1001","serving_id":"5001","quantity":1}]"#
            let reply = simulator.call("POST", "/v1.2/glucose/predictions", body: GlucoseTests.body(extra: extra))
            #expect(reply.status == 400)
            #expect(reply.json["message"]?.stringValue?.contains("`cgm_data[0].timestamp`") == true)
        }
    }
}
