import Foundation
import JanuaryPartnerSDK
import JanuaryPartnerSDKTestSupport
import JanuaryTestServer
import Testing

@testable import JanuaryPartnerSDK

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What the client puts on the wire, read from the simulator's request log and the loopback server.
@Suite("What goes on the wire", suiteTimeLimit())
struct RequestWireTests {
    @Test("the user ID travels raw in January-End-User-ID, with any printable ASCII")
    func endUserIDIsRaw() async throws {
        let harness = try ClientHarness()
        for raw in ["user-42", "a b c", "!#$%&'*+-.^_`|~", "x%41y"] {
            let request = JanuaryRequest(path: "/v1.2/foods/1001", partnerUserID: PartnerUserID(rawValue: raw))
            _ = try await harness.client.send(request)
            #expect(harness.server.receivedRequests.last?.value(forHeader: "January-End-User-ID") == raw)
            #expect(harness.simulator.requestLog.last?.endUserHeader == raw)
        }
        #expect(harness.server.receivedRequests.allSatisfy { $0.value(forHeader: "X-January-Partner-User-ID") == nil })
    }

    @Test("every request carries the SDK's User-Agent")
    func userAgent() async throws {
        let harness = try ClientHarness()
        _ = try await harness.client.send(.autocomplete)
        let userAgent = try #require(harness.server.receivedRequests.last?.value(forHeader: "User-Agent"))
        #expect(userAgent.hasPrefix("JanuaryPartnerSDK/\(JanuaryPartnerClient.sdkVersion) Swift/6 Platform/"))
        let parts = userAgent.split(separator: " ").map(String.init)
        #expect(parts.count >= 4)
        for part in parts {
            let pieces = part.split(separator: "/", maxSplits: 1)
            #expect(pieces.count == 2)
            #expect(pieces[1].allSatisfy { $0.isLetter || $0.isNumber || "._-".contains($0) })
            #expect(pieces[1].count <= 64)
        }
        #expect(parts[3].hasPrefix("OS/"))
    }

    @Test(
        "User-Agent parts keep only letters, digits, dot, underscore and dash, at most 64 characters",
        arguments: [
            ("com.example.App", "com.example.App"), ("My App (beta)", "My_App__beta_"), ("", "unknown"),
            (String(repeating: "a", count: 80), String(repeating: "a", count: 64)), ("é/1", "__1"),
        ]
    )
    func userAgentSanitizing(input: String, expected: String) {
        #expect(UserAgent.sanitized(input) == expected)
        let value = UserAgent.make(platform: "iOS", osVersion: "17.2.1", bundleIdentifier: input, shortVersion: "2.0")
        #expect(value.contains(input.isEmpty ? "Platform/iOS OS/17.2.1 AppVersion/2.0" : "App/\(expected) "))
    }

    @Test("a header set in the session hook reaches the server, and the hook cannot turn storage back on")
    func sessionHook() async throws {
        let harness = try ClientHarness(configure: { configuration in
            configuration.configureSession = { session in
                session.httpAdditionalHeaders = ["X-Partner-Trace": "trace-1"]
                session.httpCookieStorage = HTTPCookieStorage.shared
                session.urlCache = URLCache.shared
            }
        })
        harness.server.enqueue(
            .json("{}", headerFields: [HeaderField(name: "Set-Cookie", value: "session=abc; Path=/")])
        )
        _ = try await harness.client.send(.autocomplete)
        _ = try await harness.client.send(.autocomplete)
        let requests = harness.server.receivedRequests
        #expect(requests.map { $0.value(forHeader: "X-Partner-Trace") } == ["trace-1", "trace-1"])
        #expect(requests.last?.value(forHeader: "Cookie") == nil)
    }

    @Test(
        "a percent-encoded segment is sent as written; other bytes are encoded once",
        arguments: [
            ("/v1.2/food-logs/a%2Bb", "/v1.2/food-logs/a%2Bb"),
            ("/v1.2/foods/caf%C3%A9", "/v1.2/foods/caf%C3%A9"),
            ("/v1.2/foods/café", "/v1.2/foods/caf%C3%A9"),
            ("/v1.2/foods/a b", "/v1.2/foods/a%20b"),
            ("/v1.2/foods/a:b@c", "/v1.2/foods/a:b@c"),
        ]
    )
    func percentEncodedPath(path: String, onTheWire: String) async throws {
        let server = try LoopbackHTTPServer { _ in .json("{}") }
        defer { server.shutdown() }
        let client = try JanuaryPartnerClient(
            developmentAPIKey: "sk-test", configuration: .init(baseURL: server.baseURL))
        _ = try await client.send(JanuaryRequest(path: path))
        #expect(server.receivedRequests.first?.target == onTheWire)
    }

    @Test(
        "a path with a query, fragment, stray percent, dot segment or empty segment is refused before any token",
        arguments: [
            "/v1.2/foods?query=a", "/v1.2/foods#x", "/v1.2/foods/100%", "/v1.2/foods/%zz", "/v1.2/../x",
            "/v1.2/%2e%2e/x", "/v1.2//foods", "v1.2/foods", "//evil.example/x",
        ]
    )
    func refusedPaths(path: String) async throws {
        let harness = try ClientHarness()
        try await requireRefusedLocally(outbound: harness.outbound) {
            _ = try await harness.client.send(JanuaryRequest(path: path))
        }
    }

    @Test("User-Agent, the user ID header and Authorization cannot be set by the partner")
    func reservedHeaders() async throws {
        let harness = try ClientHarness()
        for name in ["User-Agent", "January-End-User-ID", "authorization", "X-End-User-ID"] {
            let request = JanuaryRequest(path: "/v1.2/foods/1001", headers: [name: "x"])
            try await requireRefusedLocally(naming: name, outbound: harness.outbound) {
                _ = try await harness.client.send(request)
            }
        }
    }

    @Test("the base URLs are January's")
    func baseURLs() {
        #expect(JanuaryPartnerClient.productionBaseURL.absoluteString == "https://partners.january.ai")
        #expect(JanuaryPartnerClient.developmentBaseURL.absoluteString == "https://partners.dev.january.ai")
        #expect(JanuaryPartnerClient.Configuration().baseURL == JanuaryPartnerClient.productionBaseURL)
    }
}
