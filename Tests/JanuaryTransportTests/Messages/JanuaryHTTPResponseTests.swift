import Foundation
import JanuaryCore
import JanuaryTransport
import Testing

@Suite("JanuaryHTTPResponse", suiteTimeLimit())
struct JanuaryHTTPResponseTests {
    @Test(
        "Retry-After is read as delay-seconds or an HTTP-date, and a malformed value is ignored",
        arguments: [
            ("120", 120.0), ("0", 0), (" 7 ", 7), ("Thu, 01 Jan 2026 00:01:00 GMT", 60),
            ("Thursday, 01-Jan-26 00:00:30 GMT", 30), ("Thu Jan  1 00:00:10 2026", 10),
            ("Wed, 31 Dec 2025 23:00:00 GMT", 0), ("-5", nil), ("1.5", nil), ("soon", nil), ("", nil),
            ("Thu, 32 Jan 2026 00:01:00 GMT", nil), ("Thu, 01 Jan 2026 24:00:00 GMT", nil),
        ] as [(String, TimeInterval?)]
    )
    func retryAfter(value: String, expected: TimeInterval?) {
        let now = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01T00:00:00Z
        let response = JanuaryHTTPResponse(statusCode: 429, headerFields: ["Retry-After": value])
        #expect(response.retryAfter(now: now) == expected)
        #expect(JanuaryHTTPResponse(statusCode: 429).retryAfter(now: now) == nil)
    }

    @Test("the Date field is read as an HTTP-date")
    func serverDate() {
        let response = JanuaryHTTPResponse(statusCode: 200, headerFields: ["date": "Sun, 06 Nov 1994 08:49:37 GMT"])
        #expect(response.date == Date(timeIntervalSince1970: 784_111_777))
        #expect(JanuaryHTTPResponse(statusCode: 200, headerFields: ["Date": "yesterday"]).date == nil)
        let leap = JanuaryHTTPResponse(statusCode: 200, headerFields: ["Date": "Thu, 29 Feb 2024 12:00:00 GMT"])
        #expect(leap.date == Date(timeIntervalSince1970: 1_709_208_000))
        let notLeap = JanuaryHTTPResponse(statusCode: 200, headerFields: ["Date": "Sun, 29 Feb 2026 12:00:00 GMT"])
        #expect(notLeap.date == nil)
    }

    @Test("the request ID comes from x-request-id, else request-id, and never from X-January-API-Request-ID")
    func requestIDFields() {
        #expect(JanuaryHTTPResponse(statusCode: 200, headerFields: ["X-Request-Id": "a"]).requestID == "a")
        #expect(JanuaryHTTPResponse(statusCode: 200, headerFields: ["request-id": "b"]).requestID == "b")
        let both: JanuaryHTTPHeaderFields = ["request-id": "b", "x-request-id": "a"]
        #expect(JanuaryHTTPResponse(statusCode: 200, headerFields: both).requestID == "a")
        let legacy: JanuaryHTTPHeaderFields = ["X-January-API-Request-ID": "c"]
        #expect(JanuaryHTTPResponse(statusCode: 200, headerFields: legacy).requestID == nil)
    }

    @Test(
        "requestID is read case-insensitively and dropped when it is not plain visible ASCII",
        arguments: [
            ("req-1", "req-1"),
            ("  padded  ", "padded"),
            ("", nil),
            ("has space", nil),
            ("tab\there", nil),
            ("ünïcode", nil),
            (String(repeating: "r", count: 256), String(repeating: "r", count: 256)),
            (String(repeating: "r", count: 257), nil),
        ] as [(String, String?)]
    )
    func requestID(value: String, expected: String?) {
        let response = JanuaryHTTPResponse(statusCode: 200, headerFields: ["X-REQUEST-ID": value])
        #expect(response.requestID == expected)
    }

    @Test("challenges come from every WWW-Authenticate field, in order")
    func challenges() {
        var fields: JanuaryHTTPHeaderFields = ["WWW-Authenticate": #"Basic realm="x""#]
        fields.append(#"Bearer error="invalid_token""#, for: "www-authenticate")
        let response = JanuaryHTTPResponse(statusCode: 401, headerFields: fields)
        #expect(response.challenges.map(\.scheme) == ["Basic", "Bearer"])
        #expect(response.challenges.last?.isInvalidToken == true)
        #expect(JanuaryHTTPResponse(statusCode: 200).challenges.isEmpty)
    }

    @Test("description and dump redact Set-Cookie and do not show the body")
    func redaction() {
        let response = JanuaryHTTPResponse(
            statusCode: 200,
            headerFields: ["Set-Cookie": "session=abc123secret", "x-request-id": "r-9"],
            body: Data("private body".utf8),
            url: URL(string: "https://api.january.test/v1")
        )
        var dumped = ""
        dump(response, to: &dumped)
        for text in [response.description, response.debugDescription, String(reflecting: response), dumped] {
            #expect(!text.contains("abc123secret"), "\(text)")
            #expect(!text.contains("private body"), "\(text)")
            #expect(text.contains("<redacted>"))
            #expect(text.contains("12 bytes"))
        }
        #expect(response.description.contains("requestID: r-9"))
    }
}
