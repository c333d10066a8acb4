import Foundation
import JanuaryCore
import JanuaryTransport
import Testing

@Suite("HTTPTransportResponse")
struct HTTPTransportResponseTests {
    @Test(
        "statusError maps the status to a category with status code and request ID",
        arguments: [
            (200, nil), (201, nil), (204, nil), (299, nil),
            (401, JanuaryError.Category.authentication), (403, .authentication),
            (400, .invalidInput), (404, .invalidInput), (409, .invalidInput), (422, .invalidInput),
            (429, .invalidInput), (499, .invalidInput),
            (500, .server), (502, .server), (503, .server), (599, .server),
            (100, .network), (199, .network), (301, .network), (302, .network), (304, .network),
            (307, .network), (600, .network), (0, .network),
        ] as [(Int, JanuaryError.Category?)]
    )
    func statusError(status: Int, expected: JanuaryError.Category?) {
        let response = HTTPTransportResponse(
            statusCode: status,
            headerFields: ["X-January-API-Request-ID": "req-42"],
            body: Data("body with SECRET-PERSONAL-DATA".utf8)
        )
        let error = response.statusError()
        #expect(error?.category == expected)
        if let error {
            #expect(error.statusCode == status)
            #expect(error.requestID == "req-42")
            #expect(error.message.contains("HTTP \(status)"))
            #expect(!error.message.contains("SECRET"))
            #expect(!error.description.contains("SECRET"))
        }
    }

    @Test("a 401 error names the Bearer error code, and only a plain one")
    func bearerErrorInMessage() {
        let plain = HTTPTransportResponse(
            statusCode: 401,
            headerFields: ["WWW-Authenticate": #"Basic realm="x", Bearer error="invalid_token""#]
        )
        #expect(plain.statusError()?.message.contains("Bearer error: invalid_token.") == true)
        let odd = HTTPTransportResponse(
            statusCode: 401,
            headerFields: ["WWW-Authenticate": #"Bearer error="<script>alert(1)</script>""#]
        )
        #expect(odd.statusError()?.message.contains("script") == false)
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
        let response = HTTPTransportResponse(statusCode: 200, headerFields: ["x-january-api-request-id": value])
        #expect(response.requestID == expected)
    }

    @Test("challenges come from every WWW-Authenticate field, in order")
    func challenges() {
        var fields: HTTPHeaderFields = ["WWW-Authenticate": #"Basic realm="x""#]
        fields.append(#"Bearer error="invalid_token""#, for: "www-authenticate")
        let response = HTTPTransportResponse(statusCode: 401, headerFields: fields)
        #expect(response.challenges.map(\.scheme) == ["Basic", "Bearer"])
        #expect(response.challenges.last?.isInvalidToken == true)
        #expect(HTTPTransportResponse(statusCode: 200).challenges.isEmpty)
    }

    @Test("description and dump redact Set-Cookie and do not show the body")
    func redaction() {
        let response = HTTPTransportResponse(
            statusCode: 200,
            headerFields: ["Set-Cookie": "session=abc123secret", "X-January-API-Request-ID": "r-9"],
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
