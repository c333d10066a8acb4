import Foundation
import Testing

@testable import JanuaryTestServer

extension SimulatorConformance {
    /// Issue 25, item 3: every tz database name the platform resolves, canonical or link, is accepted and echoed
    /// as given; abbreviations and fixed offsets are refused.
    @Suite("Time-zone names", suiteTimeLimit())
    struct TimeZoneNameTests {
        static let accepted = [
            "Asia/Kolkata", "America/New_York", "America/Argentina/Buenos_Aires", "CET", "EST5EDT", "PST8PDT", "EST",
            "US/Eastern", "Asia/Saigon", "Asia/Calcutta", "GB", "UTC", "Etc/UTC", "Etc/GMT+8", "Etc/GMT-14", "Zulu",
            "GMT0",
        ]

        static func summary(_ simulator: DirectSimulator, _ zone: String) -> Reply {
            simulator.call(
                "GET",
                "/v1.2/food-logs/summary",
                query: [("start_date", "2026-01-01"), ("end_date", "2026-01-01"), ("timezone", zone)],
                endUser: "user-1"
            )
        }

        @Test(arguments: accepted)
        func tzDatabaseNamesAreAcceptedAndEchoedAsGiven(_ zone: String) {
            let simulator = DirectSimulator()
            let reply = Self.summary(simulator, zone)
            #expect(reply.status == 200, "\(zone): \(String(decoding: reply.data, as: UTF8.self))")
            #expect(reply.json["timezone"]?.stringValue == zone)
            let glucose = simulator.call("POST", "/v1.2/glucose/predictions", body: GlucoseTests.body(timezone: zone))
            #expect(glucose.status == 200, "\(zone): \(String(decoding: glucose.data, as: UTF8.self))")
            let list = simulator.call(
                "GET",
                "/v1.2/water-logs",
                query: [("start_date", "2026-01-01"), ("end_date", "2026-01-01"), ("timezone", zone), ("unit", "ml")],
                endUser: "user-1"
            )
            #expect(list.status == 200)
        }

        static let refused = [
            "PST", "PDT", "IST", "BST", "JST", "CEST", "GMT+5", "UTC+05:00", "UTC+5", "GMT-0530", "+05:30", "-08:00",
            "Mars/Olympus_Mons", "", " America/New_York", "america/new_york", "Factory", "Local", "../etc/passwd",
        ]

        @Test(arguments: refused)
        func abbreviationsOffsetsAndUnknownNamesAreRefused(_ zone: String) {
            let simulator = DirectSimulator()
            let reply = Self.summary(simulator, zone)
            #expect(reply.status == 400, "\(zone) was answered \(reply.status)")
            #expect(reply.code == "invalid_request")
            #expect(reply.json["message"]?.stringValue?.contains("`timezone`") == true)
        }
    }
}
