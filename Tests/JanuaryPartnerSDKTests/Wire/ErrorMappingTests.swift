import Foundation
import JanuaryPartnerSDK
import JanuaryTestServer
import Testing

/// January's error answers through the real client and URLSession: body shapes, categories, codes, messages.
@Suite("January's errors as the app sees them", suiteTimeLimit())
struct ErrorMappingTests {
    /// A client whose every request is answered by `response`, with the retry policy off so that one request is
    /// one answer.
    private static func failing(with response: ScriptedResponse) async throws -> JanuaryError {
        let server = try LoopbackHTTPServer { _ in response }
        defer { server.shutdown() }
        var configuration = JanuaryPartnerClient.Configuration(baseURL: server.baseURL)
        configuration.retryPolicy = .none
        let client = try JanuaryPartnerClient(developmentAPIKey: "sk-test-key", configuration: configuration)
        let error = await #expect(throws: JanuaryError.self) {
            try await client.send(JanuaryRequest(path: "/v1.2/foods", replay: .safe))
        }
        #expect(server.receivedRequests.count == 1)
        return try #require(error)
    }

    @Test(
        "the category follows January's status taxonomy, whatever the code",
        arguments: [
            (400, JanuaryError.Category.invalidInput), (401, .authentication), (403, .authorization),
            (404, .notFound), (408, .timeout), (409, .invalidInput), (413, .invalidInput), (422, .invalidInput),
            (429, .rateLimited), (451, .invalidInput), (499, .invalidInput), (500, .server), (501, .server),
            (502, .server), (503, .server), (504, .timeout), (599, .server), (302, .network),
        ] as [(Int, JanuaryError.Category)]
    )
    func categoryByStatus(status: Int, category: JanuaryError.Category) async throws {
        let error = try await Self.failing(
            with: .json(
                #"{"code":"some_future_code","message":"Something new."}"#,
                status: status,
                headerFields: [HeaderField(name: "x-request-id", value: "req_\(status)")]
            )
        )
        #expect(error.category == category)
        #expect(error.statusCode == status)
        #expect(error.requestID == "req_\(status)")
        if status != 302 {
            #expect(error.code == "some_future_code")
            #expect(error.message == "Something new.")
        }
    }

    @Test("a JSON error body gives January's code and message, and extra fields are ignored")
    func jsonBody() async throws {
        let error = try await Self.failing(
            with: .json(
                #"{"code":"invalid_request","message":"query must be at most 256 characters","docs_url":"https://x"}"#,
                status: 400
            )
        )
        #expect(error.category == .invalidInput)
        #expect(error.code == "invalid_request")
        #expect(error.message == "query must be at most 256 characters")
    }

    private static let unusableBodies: [(String, Data)] = [
        ("html", Data("<html><body><h1>502 Bad Gateway</h1></body></html>".utf8)),
        ("text", Data("upstream connect error".utf8)),
        ("empty", Data()),
        ("truncated JSON", Data(#"{"code":"invalid_req"#.utf8)),
        ("JSON array", Data(#"[{"code":"x"}]"#.utf8)),
        ("wrong types", Data(#"{"code":42,"message":["a"]}"#.utf8)),
        ("1 MiB", oversized),
        ("nested 30,000 deep", Data(#"{"a":"#.utf8) + Data(String(repeating: "[", count: 30_000).utf8)),
    ]

    private static var oversized: Data {
        var body = Data(#"{"code":"too_big","message":""#.utf8)
        body.append(Data(repeating: 0x61, count: 1 << 20))
        body.append(Data(#""}"#.utf8))
        return body
    }

    @Test(
        "an HTML, plain, empty, malformed, oversized or deeply nested body falls back to the status",
        arguments: unusableBodies
    )
    func unusableBody(name: String, body: Data) async throws {
        let error = try await Self.failing(with: ScriptedResponse(status: 502, body: body))
        #expect(error.category == .server)
        #expect(error.statusCode == 502)
        #expect(error.code == nil)
        #expect(error.message.contains("HTTP 502"))
    }

    @Test("a message is cleaned: tokens and keys redacted, control characters removed, at most 500 characters")
    func messageIsCleaned() async throws {
        let secret = "ct-Abc_DEF-123456789012345678901234567890123"
        let key = "sk-live_0123456789"
        let raw =
            "token \(secret) and key \(key) rejected\r\nInjected: header\u{202E}" + String(repeating: "x", count: 600)
        let body = try JSONSerialization.data(withJSONObject: ["code": "unauthorized", "message": raw])
        let error = try await Self.failing(with: ScriptedResponse(status: 401, body: body))
        #expect(!error.message.contains(secret))
        #expect(!error.message.contains("sk-live"))
        #expect(error.message.hasPrefix("token <redacted> and key <redacted> rejectedInjected: header"))
        #expect(!error.message.contains("\r") && !error.message.contains("\n") && !error.message.contains("\u{202E}"))
        #expect(error.message.count == 500)
        #expect(!error.description.contains(secret))
        #expect(error.code == "unauthorized")
    }

    @Test("a word that merely contains sk- or ct- is not redacted")
    func wordBoundary() async throws {
        let body = Data(#"{"code":"invalid_request","message":"task-1 and product-2 and ct- alone"}"#.utf8)
        let error = try await Self.failing(with: ScriptedResponse(status: 400, body: body))
        #expect(error.message == "task-1 and product-2 and ct- alone")
    }

    @Test("an odd code is dropped rather than printed")
    func oddCode() async throws {
        let body = Data(#"{"code":"<script>","message":"m"}"#.utf8)
        let error = try await Self.failing(with: ScriptedResponse(status: 400, body: body))
        #expect(error.code == nil)
        #expect(error.message == "m")
    }

    @Test(
        "Retry-After becomes retryAfter, as seconds or an HTTP-date",
        arguments: [("120", 120.0), ("0", 0)] as [(String, TimeInterval)]
    )
    func retryAfterSeconds(value: String, expected: TimeInterval) async throws {
        let error = try await Self.failing(
            with: .json(
                #"{"code":"rate_limited","message":"Slow down."}"#,
                status: 429,
                headerFields: [HeaderField(name: "Retry-After", value: value)]
            )
        )
        #expect(error.category == .rateLimited)
        #expect(error.retryAfter == expected)
    }

    @Test("a Retry-After date in the future becomes the seconds until then")
    func retryAfterDate() async throws {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        let date = formatter.string(from: Date().addingTimeInterval(3_600))
        let error = try await Self.failing(
            with: .json(
                #"{"code":"rate_limited","message":"Slow down."}"#,
                status: 429,
                headerFields: [HeaderField(name: "Retry-After", value: date)]
            )
        )
        let retryAfter = try #require(error.retryAfter)
        #expect(retryAfter > 3_500 && retryAfter <= 3_600)
    }

    @Test("request-id is accepted when x-request-id is absent")
    func requestIDFallback() async throws {
        let error = try await Self.failing(
            with: .json(
                #"{"code":"not_found","message":"No such food."}"#,
                status: 404,
                headerFields: [HeaderField(name: "request-id", value: "req_alt")]
            )
        )
        #expect(error.requestID == "req_alt")
        #expect(error.category == .notFound)
    }

    @Test("end_user_id_mismatch says the app's user and the token's user differ")
    func endUserIDMismatch() async throws {
        let error = try await Self.failing(
            with: .json(#"{"code":"end_user_id_mismatch","message":"Header does not match token."}"#, status: 403)
        )
        #expect(error.category == .authorization)
        #expect(error.code == "end_user_id_mismatch")
        #expect(error.message.contains("app's user"))
        #expect(error.message.contains("differ"))
        #expect(error.message.contains("Header does not match token."))
    }
}
