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

    /// The path checks read control characters from UTF-8 bytes; Unicode's general category is the definition.
    @Test("a control character is found by its bytes exactly when Unicode calls it a control character")
    func controlCharactersByBytes() {
        var disagreements: [UInt32] = []
        for value in UInt32(0)...0x2FFF {
            guard let scalar = Unicode.Scalar(value) else {
                continue
            }
            let isControl = scalar.properties.generalCategory == .control
            let text = "a\(Character(scalar))b"
            if RequestPath.containsControlCharacter(Substring(text)) != isControl {
                disagreements.append(value)
            }
        }
        #expect(disagreements.isEmpty)
        #expect(RequestPath.containsControlCharacter("é\u{9F}"))
        #expect(!RequestPath.containsControlCharacter("\u{A0}é\u{C2}"))
    }

    @Test(
        "a path with a control character outside ASCII is refused",
        arguments: ["/v1.2/foods/a\u{85}b", "/v1.2/foods/é\u{9F}", "/v1.2/\u{80}"]
    )
    func refusedPaths(path: String) async throws {
        try await requireRefusedLocally(naming: "control character") {
            _ = try RequestPath(path)
        }
    }

    @Test(
        "a path outside ASCII is split on its slashes and each segment encoded",
        arguments: [
            ("/v1.2/foods/é/ü", "/v1.2/foods/%C3%A9/%C3%BC"), ("/v1.2/食/x%41", "/v1.2/%E9%A3%9F/x%41"),
            ("/v1.2/é/", "/v1.2/%C3%A9/"),
        ]
    )
    func nonASCIIPaths(path: String, encoded: String) throws {
        #expect(try RequestPath(path).percentEncoded == encoded)
        #expect(try RequestPath(path) == RequestPath(encoded))
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
