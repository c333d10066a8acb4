import Foundation
import JanuaryCoreTesting
import Testing

@testable import JanuaryPartnerSDK

@Suite("Request encoding", suiteTimeLimit())
struct RequestEncodingTests {
    @Test(
        "path parameters stay one segment",
        arguments: [
            ("1234567", "1234567"), ("53fc3b8a-e6bf_X", "53fc3b8a-e6bf_X"), ("a/b", "a%2Fb"), ("a?b#c", "a%3Fb%23c"),
            ("..", "%2E%2E"), (".", "%2E"), ("a b", "a%20b"), ("é", "%C3%A9"), ("%41", "%2541"),
        ]
    )
    func pathSegments(raw: String, encoded: String) {
        #expect(PercentEncoding.pathSegment(raw) == encoded)
    }

    @Test(
        "a typed operation's path is encoded once from its segments",
        arguments: [
            (["v1.2", "foods", "1001"], "/v1.2/foods/1001", false),
            (["v1.2", "foods", "a b", "alternatives"], "/v1.2/foods/a%20b/alternatives", false),
            (["v1.2", "foods", "é%41"], "/v1.2/foods/%C3%A9%2541", false),
            (["v1.2", "Auth", "client-tokens"], "/v1.2/Auth/client-tokens", true),
            (["V1.2", "credits"], "/V1.2/credits", true),
        ]
    )
    func segments(segments: [String], encoded: String, isServerOnly: Bool) throws {
        let path = try RequestPath(segments: segments)
        #expect(path.percentEncoded == encoded)
        #expect(path.isServerOnly == isServerOnly)
        #expect(try RequestPath(encoded) == path, "the same path as the text form, without a second pass")
    }

    @Test(
        "a segment that would read as other segments is refused",
        arguments: ["", ".", "..", "a/b", "a\\b", "a;b", "a\u{0}b", "a\u{85}b"]
    )
    func refusedSegments(segment: String) async throws {
        try await requireRefusedLocally(naming: "path segment") {
            _ = try RequestPath(segments: ["v1.2", "foods", segment])
        }
    }

    @Test(
        "numbers are written without exponents or needless fractions",
        arguments: [
            (8_000.0, "8000"), (1, "1"), (-122.4194, "-122.4194"), (37.7749, "37.7749"), (0.00001, "0.00001"),
            (-0.000001234, "-0.000001234"), (1500.5, "1500.5"), (0, "0"), (-90, "-90"),
        ]
    )
    func numbers(value: Double, text: String) {
        #expect(URLQueryItem.text(forNumber: value) == text)
    }

    @Test("a body that cannot be JSON is refused as invalid input")
    func nonFiniteBody() async throws {
        try await requireRefusedLocally(naming: "finite") { _ = try JanuaryJSON.encode(["value": Double.nan]) }
    }

    private struct Upload: Encodable {
        let zeta = "z"
        let image = "a/b+c=="
        let at = Date(timeIntervalSince1970: 1_787_769_311)
    }

    @Test("a partner's JSON body goes through the same encoder as the typed operations")
    func oneEncoder() throws {
        let body = try JanuaryRequest.Body.json(Upload())
        guard case .data(let data, let contentType) = body.storage else {
            Issue.record("A JSON body is bytes in memory.")
            return
        }
        let expected = #"{"at":"2026-08-26T18:35:11.000Z","image":"a/b+c==","zeta":"z"}"#
        #expect(String(decoding: data, as: UTF8.self) == expected)
        #expect(try JanuaryJSON.encode(Upload()) == data)
        #expect(contentType == "application/json")
    }

    @Test("the SDK's decoder reads a bare date with the timestamp parser, fraction and offset or not")
    func oneDecoder() throws {
        let texts = ["2026-08-26T18:35:11Z", "2026-08-26T18:35:11.000Z", "2026-08-26T20:35:11+02:00"]
        for text in texts {
            let date = try JanuaryJSON.makeDecoder().decode([Date].self, from: Data("[\"\(text)\"]".utf8))
            #expect(date == [Date(timeIntervalSince1970: 1_787_769_311)], "\(text)")
        }
    }
}
