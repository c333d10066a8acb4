import Foundation
import Testing

@testable import JanuaryPartnerSDK

@Suite("Timestamps", suiteTimeLimit())
struct JanuaryTimestampTests {
    /// 2026-08-26T18:35:11Z.
    static let instant = 1_787_769_311.0

    @Test(
        "ISO 8601 with any offset and with or without a fraction",
        arguments: [
            ("2026-08-26T18:35:11.000Z", instant), ("2026-08-26T18:35:11Z", instant),
            ("2026-08-26t18:35:11z", instant), ("2026-08-26T23:35:11+05:00", instant),
            ("2026-08-27T00:05:11+05:30", instant), ("2026-08-26T10:35:11-08:00", instant),
            ("2026-08-26T10:35:11-0800", instant), ("2026-08-26T18:35:11.5Z", instant + 0.5),
            ("2026-08-26T18:35:11.123456789Z", instant + 0.123456789), ("1970-01-01T00:00:00Z", 0),
            ("1969-12-31T23:59:59.250Z", -0.75), ("2024-02-29T00:00:00Z", 1_709_164_800),
            ("2016-12-31T23:59:60Z", 1_483_228_800),
        ]
    )
    func parses(text: String, seconds: Double) throws {
        let date = try #require(JanuaryTimestamp.parse(text))
        #expect(abs(date.timeIntervalSince1970 - seconds) < 1e-6)
    }

    @Test(
        "incomplete, impossible or padded timestamps are refused",
        arguments: [
            "2026-08-26T18:35:11", "2026-08-26 18:35:11Z", "2026-08-26T18:35Z", "2026-08-26",
            "2026-08-26T18:35:11Zjunk",
            " 2026-08-26T18:35:11Z", "2026-02-30T00:00:00Z", "2025-02-29T00:00:00Z", "2026-13-01T00:00:00Z",
            "2026-08-26T24:00:00Z", "2026-08-26T18:60:00Z", "2026-08-26T18:35:11.Z", "2026-08-26T18:35:11+5:00",
            "2026-08-26T18:35:11+24:00", "", "yesterday",
        ]
    )
    func refuses(text: String) {
        #expect(JanuaryTimestamp.parse(text) == nil)
    }

    @Test(
        "formats UTC with milliseconds and Z",
        arguments: [
            (instant, "2026-08-26T18:35:11.000Z"), (instant + 0.1234, "2026-08-26T18:35:11.123Z"),
            (instant + 0.9996, "2026-08-26T18:35:12.000Z"), (0, "1970-01-01T00:00:00.000Z"),
            (-1.5, "1969-12-31T23:59:58.500Z"), (951_782_400, "2000-02-29T00:00:00.000Z"),
        ]
    )
    func formats(seconds: Double, text: String) {
        #expect(JanuaryTimestamp.string(from: Date(timeIntervalSince1970: seconds)) == text)
    }

    @Test("formatting and parsing round-trip to the millisecond")
    func roundTrips() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            let milliseconds = Int64.random(in: -2_000_000_000_000...4_000_000_000_000, using: &generator)
            let date = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
            let parsed = try #require(JanuaryTimestamp.parse(JanuaryTimestamp.string(from: date)))
            #expect(abs(parsed.timeIntervalSince1970 - date.timeIntervalSince1970) < 1e-6)
        }
    }

    struct Stamped: Codable {
        var at: Date
        var maybe: Date?

        enum CodingKeys: String, CodingKey {
            case at
            case maybe
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            at = try container.decodeTimestamp(forKey: .at)
            maybe = try container.decodeTimestampIfPresent(forKey: .maybe)
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeTimestamp(at, forKey: .at)
            try container.encodeTimestampIfPresent(maybe, forKey: .maybe)
        }
    }

    @Test("container helpers ignore the decoder's date strategy")
    func ignoresDateStrategy() throws {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        let value = try decoder.decode(
            Stamped.self, from: Data(#"{"at": "2026-08-26T18:35:11.000Z", "maybe": null}"#.utf8))
        #expect(value.at.timeIntervalSince1970 == Self.instant)
        #expect(value.maybe == nil)
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .millisecondsSince1970
        let object = try #require(
            try JSONSerialization.jsonObject(with: try encoder.encode(value)) as? [String: Any])
        #expect(object["at"] as? String == "2026-08-26T18:35:11.000Z")
        #expect(object.keys.contains("maybe") == false)
        #expect(throws: DecodingError.self) {
            try decoder.decode(Stamped.self, from: Data(#"{"at": "2026-08-26"}"#.utf8))
        }
        #expect(throws: DecodingError.self) {
            try decoder.decode(Stamped.self, from: Data(#"{"at": "2026-08-26T18:35:11Z", "maybe": "soon"}"#.utf8))
        }
    }
}
