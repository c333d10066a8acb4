import Foundation
import JanuaryCore
import Testing

@Suite("JanuaryClientToken", suiteTimeLimit())
struct JanuaryClientTokenTests {
    @Test("init(value:expiresIn:) fixes the expiry when the token is created and keeps the lifetime")
    func expiresInFixesTheExpiry() {
        let before = Date()
        let token = JanuaryClientToken(value: "ct-abc", expiresIn: 1_800)
        let after = Date()
        #expect(token.expiresIn == 1_800)
        #expect(token.expiresAt >= before.addingTimeInterval(1_800))
        #expect(token.expiresAt <= after.addingTimeInterval(1_800))
        #expect(JanuaryClientToken(value: "ct-abc", expiresAt: after).expiresIn == nil)
    }

    @Test("a non-finite lifetime makes a token that is already expired rather than a trap")
    func nonFiniteLifetime() {
        for lifetime in [TimeInterval.nan, .infinity, -.infinity] {
            let token = JanuaryClientToken(value: "ct-x", expiresIn: lifetime)
            #expect(token.expiresAt == .distantPast)
            #expect(token.description.contains("<redacted>"))
        }
    }

    struct Wire: Sendable, CustomTestStringConvertible {
        let json: String
        let expiresIn: TimeInterval?
        let expiresAt: Date?
        var testDescription: String { json }
    }

    private static let instant = Date(timeIntervalSince1970: 1_788_546_911)  // 2026-09-04T18:35:11Z

    @Test(
        "decodes what partner backends return",
        arguments: [
            Wire(json: #"{"token":"ct-1","expires_in":1800}"#, expiresIn: 1_800, expiresAt: nil),
            Wire(json: #"{"value":"ct-1","expiresIn":900}"#, expiresIn: 900, expiresAt: nil),
            Wire(json: #"{"accessToken":"ct-1","expiresIn":"600"}"#, expiresIn: 600, expiresAt: nil),
            Wire(
                json: #"{"access_token":"ct-1","expires_at":"2026-09-04T18:35:11.000Z"}"#,
                expiresIn: nil,
                expiresAt: instant
            ),
            Wire(
                json: #"{"token":"ct-1","expiresAt":"2026-09-04T20:35:11+02:00"}"#, expiresIn: nil, expiresAt: instant),
            Wire(json: #"{"token":"ct-1","expires_at":1788546911}"#, expiresIn: nil, expiresAt: instant),
            Wire(
                json: #"{"token":"ct-1","expires_in":1800,"expires_at":"2026-09-04T18:35:11.000Z","end_user_id":"u",""#
                    + #"scopes":["foods:read"]}"#,
                expiresIn: 1_800,
                expiresAt: nil
            ),
            Wire(
                json: #"{"token":"ct-1","expires_in":null,"expires_at":1788546911}"#, expiresIn: nil, expiresAt: instant
            ),
        ]
    )
    func decodes(wire: Wire) throws {
        let token = try JSONDecoder().decode(JanuaryClientToken.self, from: Data(wire.json.utf8))
        #expect(token.value == "ct-1")
        #expect(token.expiresIn == wire.expiresIn)
        if let expiresAt = wire.expiresAt {
            #expect(token.expiresAt == expiresAt)
        }
    }

    @Test(
        "refuses a body without a value or an expiry, and never quotes the value",
        arguments: [
            #"{"expires_in":1800}"#, #"{"token":"ct-secret-value"}"#,
            #"{"token":"ct-secret-value","expires_in":"soon"}"#,
            #"{"token":"ct-secret-value","expires_at":"tomorrow"}"#, #"{"token":42,"expires_in":1800}"#, "[]",
        ]
    )
    func refuses(json: String) {
        let error = #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(JanuaryClientToken.self, from: Data(json.utf8))
        }
        #expect(!String(describing: error).contains("ct-secret-value"))
    }

    @Test("a partner decoder's strategies do not change how a token decodes")
    func ignoresDecoderStrategies() throws {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.dateDecodingStrategy = .secondsSince1970
        let token = try decoder.decode(
            JanuaryClientToken.self,
            from: Data(#"{"token":"ct-1","expires_at":"2026-09-04T18:35:11Z"}"#.utf8)
        )
        #expect(token.expiresAt == Self.instant)
    }

    @Test(
        "expires_at is read by the models' timestamp parser: any fraction, any offset spelling",
        arguments: [
            "2026-09-04T18:35:11Z", "2026-09-04T18:35:11.000Z", "2026-09-04T18:35:11.000000000Z",
            "2026-09-04T20:35:11+02:00", "2026-09-04T20:35:11+0200", "2026-09-04T10:35:11-08:00",
            "2026-09-04T10:35:11-0800", "2026-09-05T00:05:11+05:30", "2026-09-04t18:35:11z",
        ]
    )
    func expiryWithOffsets(text: String) throws {
        let json = #"{"token":"ct-1","expires_at":"\#(text)"}"#
        let token = try JSONDecoder().decode(JanuaryClientToken.self, from: Data(json.utf8))
        #expect(token.expiresAt == Self.instant)
        #expect(token.expiresAt == JanuaryTimestamp.parse(text))
    }

    @Test(
        "an expires_at the models would refuse is refused here too",
        arguments: [
            "2026-02-30T18:35:11Z", "2026-09-04T18:35:11", "2026-09-04 18:35:11Z", "2026-09-04T18:35Z",
            "2026-09-04T18:35:11Z trailing", "2026-09-04T24:00:00Z", "2026-09-04T18:35:11+24:00",
        ]
    )
    func expiryRefusedLikeModels(text: String) {
        let json = #"{"token":"ct-secret-value","expires_at":"\#(text)"}"#
        #expect(JanuaryTimestamp.parse(text) == nil)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(JanuaryClientToken.self, from: Data(json.utf8))
        }
    }
}
