import Foundation
import JanuaryPartnerSDK
import JanuaryTestServer
import Testing

@Suite("Requests refused before anything is sent")
struct RequestValidationTests {
    @Test(
        "an invalid PartnerUserID sends nothing and asks for no token",
        arguments: ["", "  ", "jane@example.com", "line\nbreak", String(repeating: "x", count: 300)]
    )
    func invalidPartnerUserIDSendsNothing(raw: String) async throws {
        let harness = try Harness()
        let error = await #expect(throws: JanuaryError.self) {
            try await harness.client.send(JanuaryRequest(path: "/v1/ping", partnerUserID: PartnerUserID(rawValue: raw)))
        }
        #expect(error?.category == .invalidInput)
        #expect(harness.server.receivedRequests.isEmpty)
        #expect(harness.provider.callCount == 0)
    }

    @Test(
        "paths that could leave the base URL are refused",
        arguments: [
            "v1/ping", "//evil.example/v1", "/../admin", "/v1/./x", "/v1/ping?x=1", "/v1#frag", "/v1\r\nX: y",
            "http://evil.example/v1", "/v1\\..\\x",
        ]
    )
    func unsafePathsAreRefused(path: String) async throws {
        let harness = try Harness()
        let error = await #expect(throws: JanuaryError.self) {
            try await harness.client.send(JanuaryRequest(path: path))
        }
        #expect(error?.category == .invalidInput)
        #expect(harness.server.receivedRequests.isEmpty)
        #expect(harness.provider.callCount == 0, "a refused request costs no token")
    }

    @Test(
        "reserved or malformed header fields are refused",
        arguments: [
            ["Authorization": "Bearer mine"], ["authorization": "x"], ["X-January-Partner-User-ID": "u"],
            ["Content-Length": "3"], ["Host": "evil.example"], ["Bad Name": "v"], ["X-Ok": "line\r\nInjected: 1"],
        ]
    )
    func reservedHeadersAreRefused(headers: [String: String]) async throws {
        let harness = try Harness()
        let error = await #expect(throws: JanuaryError.self) {
            try await harness.client.send(JanuaryRequest(path: "/v1/ping", headers: headers))
        }
        #expect(error?.category == .invalidInput)
        #expect(harness.server.receivedRequests.isEmpty)
        #expect(harness.provider.callCount == 0, "a refused request costs no token")
    }

    @Test(
        "requests the transport would refuse are refused before a token is fetched",
        arguments: [
            JanuaryRequest(method: JanuaryRequest.Method(rawValue: "BAD METHOD"), path: "/v1/ping"),
            JanuaryRequest(method: .get, path: "/v1/ping", body: .data(Data("{}".utf8))),
        ]
    )
    func transportRulesApplyBeforeTheToken(request: JanuaryRequest) async throws {
        let harness = try Harness()
        let error = await #expect(throws: JanuaryError.self) { try await harness.client.send(request) }
        #expect(error?.category == .invalidInput)
        #expect(harness.server.receivedRequests.isEmpty)
        #expect(harness.provider.callCount == 0, "a refused request costs no token")
    }

    @Test("query items are encoded, a literal plus included, and partner headers pass through")
    func queryAndHeadersAreSent() async throws {
        let harness = try Harness()
        _ = try await harness.client.send(
            JanuaryRequest(
                path: "/v1/search",
                queryItems: [URLQueryItem(name: "q", value: "a+b c&d")],
                headers: ["X-Trace": "t-1"]
            )
        )
        let request = try #require(harness.server.receivedRequests.first)
        #expect(request.target == "/v1/search?q=a%2Bb%20c%26d")
        #expect(request.value(forHeader: "X-Trace") == "t-1")
        #expect(request.value(forHeader: "Accept") == "application/json")
    }

    @Test(
        "unsafe base URLs are refused when the client is created",
        arguments: [
            "http://api.january.ai", "http://10.0.0.1:8080", "ftp://api.january.ai", "https://user:pass@api.january.ai",
            "https://api.january.ai?key=1", "https://api.january.ai#x", "file:///etc/passwd",
        ]
    )
    func unsafeBaseURLsAreRefused(url: String) throws {
        let configuration = JanuaryPartnerClient.Configuration(baseURL: try #require(URL(string: url)))
        let error = #expect(throws: JanuaryError.self) {
            try JanuaryPartnerClient(clientTokenProvider: { fatalError("never called") }, configuration: configuration)
        }
        #expect(error?.category == .invalidInput)
    }

    @Test(
        "https and loopback http base URLs are accepted",
        arguments: ["https://api.january.ai", "http://127.0.0.1:8080", "http://localhost:1", "http://[::1]:9"]
    )
    func safeBaseURLsAreAccepted(url: String) throws {
        let configuration = JanuaryPartnerClient.Configuration(baseURL: try #require(URL(string: url)))
        _ = try JanuaryPartnerClient(clientTokenProvider: { fatalError("never called") }, configuration: configuration)
    }

    @Test("the production base URL is the default")
    func productionBaseURLIsDefault() {
        #expect(JanuaryPartnerClient.Configuration().baseURL == JanuaryPartnerClient.productionBaseURL)
        #expect(JanuaryPartnerClient.productionBaseURL.scheme == "https")
    }
}
