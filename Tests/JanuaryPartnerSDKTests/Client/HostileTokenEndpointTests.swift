import Foundation
import JanuaryPartnerSDKTestSupport
import JanuaryTestServer
import JanuaryTransport
import Testing

@testable import JanuaryPartnerSDK

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `JanuaryPartnerClient(tokenEndpoint:)` against partner backends that misbehave (issue 35, faults 1, 2, 3, 5),
/// and sending through ``JanuaryPartnerClient/Configuration/transport`` (issue 31).
@Suite("A hostile token endpoint", suiteTimeLimit())
struct HostileTokenEndpointTests {
    /// A client whose token endpoint is `url`, sending the partner's session as `field`.
    static func client(
        endpoint url: URL,
        field: (name: String, value: String) = ("Cookie", "session=partner-session"),
        configure: (inout JanuaryPartnerClient.Configuration) -> Void = { _ in }
    ) throws -> JanuaryPartnerClient {
        var configuration = JanuaryPartnerClient.Configuration(baseURL: URL(string: "http://127.0.0.1:9")!)
        configuration.refreshBackoff = .none
        configure(&configuration)
        return try JanuaryPartnerClient(
            tokenEndpoint: {
                var request = URLRequest(url: url)
                request.httpMethod = "POST"
                request.setValue(field.value, forHTTPHeaderField: field.name)
                return request
            },
            configuration: configuration
        )
    }

    @Test(
        "a redirect to another origin is not followed, so the partner's session field never reaches it (issue 40)",
        arguments: ["Cookie", "X-Session-Token"], [false, true]
    )
    func crossOriginRedirect(name: String, throughConfiguredTransport: Bool) async throws {
        let value = "session=partner-session"
        let elsewhere = try LoopbackHTTPServer()
        defer { elsewhere.shutdown() }
        elsewhere.enqueue(.json(#"{"token": "ct-minted-elsewhere", "expires_in": 1800}"#))
        let partner = try LoopbackHTTPServer()
        defer { partner.shutdown() }
        let target = elsewhere.baseURL.appendingPathComponent("steal").absoluteString
        partner.enqueue(ScriptedResponse(status: 302, headerFields: [HeaderField(name: "Location", value: target)]))
        let transport = URLSessionHTTPTransport()
        defer { transport.shutdown() }
        let client = try Self.client(endpoint: partner.baseURL.appendingPathComponent("token"), field: (name, value)) {
            if throughConfiguredTransport {
                $0.transport = transport
            }
        }
        let error = try await #require(throws: JanuaryError.self) { try await client.prefetchToken() }
        #expect(error.category == .tokenProvider, "\(error)")
        #expect(error.code == .partnerBackendFailed, "\(error)")
        #expect(error.statusCode == 302, "\(error)")
        #expect(elsewhere.receivedRequests.isEmpty, "the other origin was never contacted")
        #expect(partner.receivedRequests.first?.value(forHeader: name) == value, "the partner's own origin got it")
    }

    @Test(
        "a custom transport's answer from another origin, or after a hop without the credential, is refused",
        arguments: [
            ("https://attacker.example/token", false), ("http://partner.example/token", false),
            ("https://partner.example:8443/token", false), ("https://partner.example/moved", true),
        ]
    )
    func customTransportReportsAnotherOrigin(answeredFrom: String, withdrawn: Bool) async throws {
        let transport = ClosureTransport { _ in
            JanuaryHTTPResponse(
                statusCode: 200,
                headerFields: ["Content-Type": "application/json"],
                body: Data(#"{"token": "ct-minted-elsewhere", "expires_in": 1800}"#.utf8),
                url: URL(string: answeredFrom),
                credentialWithdrawnByRedirect: withdrawn
            )
        }
        let client = try Self.client(endpoint: URL(string: "https://partner.example/token")!) {
            $0.transport = transport
        }
        let error = try await #require(throws: JanuaryError.self) { try await client.prefetchToken() }
        #expect(error.category == .tokenProvider, "\(error)")
        #expect(error.code == .partnerBackendFailed, "\(error)")
        #expect(!error.description.contains("ct-minted-elsewhere"))
        #expect(transport.requests.count == 1)
    }

    @Test(
        "a custom transport's answer from the endpoint's own origin, or with no URL, is accepted",
        arguments: ["https://partner.example/token", "https://PARTNER.example:443/other", nil] as [String?]
    )
    func customTransportSameOrigin(answeredFrom: String?) async throws {
        let transport = ClosureTransport { _ in
            JanuaryHTTPResponse(
                statusCode: 200,
                headerFields: ["Content-Type": "application/json"],
                body: Data(#"{"token": "ct-same-origin", "expires_in": 1800}"#.utf8),
                url: answeredFrom.flatMap { URL(string: $0) }
            )
        }
        let client = try Self.client(endpoint: URL(string: "https://partner.example/token")!) {
            $0.transport = transport
        }
        try await client.prefetchToken()
        #expect(transport.requests.count == 1)
    }

    /// A transport that answers every request with a token, recording what it was handed.
    static func tokenTransport() -> ClosureTransport {
        ClosureTransport { request in
            JanuaryHTTPResponse(
                statusCode: 200,
                headerFields: ["Content-Type": "application/json"],
                body: Data(#"{"token": "ct-injected", "expires_in": 1800}"#.utf8),
                url: request.url
            )
        }
    }

    @Test(
        "a token request field name that would break the message is refused before a configured transport sees it",
        arguments: ["Bad Name", "X(Session)", "X-Session:", "X\tSession"]
    )
    func brokenFieldNameThroughConfiguredTransport(name: String) async throws {
        let transport = Self.tokenTransport()
        let client = try Self.client(endpoint: URL(string: "https://partner.example/token")!, field: (name, "v")) {
            $0.transport = transport
        }
        let error = try await #require(throws: JanuaryError.self) { try await client.prefetchToken() }
        #expect(error.category == .tokenProvider, "\(error)")
        #expect(error.code == .clientTokenProviderFailed, "\(error)")
        #expect(transport.requests.isEmpty, "the transport never saw the request")
    }

    /// Foundation on Linux drops such a value from a `URLRequest` itself; where a platform keeps it, the SDK must
    /// refuse it. Either way no configured transport is ever handed a value that could add a field.
    @Test(
        "a token request field value with CR, LF or NUL never reaches a configured transport",
        arguments: ["a\r\nX-Injected: 1", "a\nb", "a\rb", "a\u{0}b", "a\u{7F}b"]
    )
    func brokenFieldValueThroughConfiguredTransport(value: String) async throws {
        let transport = Self.tokenTransport()
        let client = try Self.client(endpoint: URL(string: "https://partner.example/token")!, field: ("X-S", value)) {
            $0.transport = transport
        }
        do {
            try await client.prefetchToken()
        } catch let error as JanuaryError {
            #expect(error.code == .clientTokenProviderFailed, "\(error)")
            #expect(!error.description.contains(value))
        }
        for request in transport.requests {
            #expect(
                request.headerFields.allSatisfy { field in
                    field.value.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F }
                })
        }
    }

    @Test("a redirect within the endpoint's origin is followed with the partner's fields")
    func sameOriginRedirect() async throws {
        let partner = try LoopbackHTTPServer()
        defer { partner.shutdown() }
        let target = partner.baseURL.appendingPathComponent("moved").absoluteString
        partner.enqueue(
            ScriptedResponse(status: 307, headerFields: [HeaderField(name: "Location", value: target)]),
            .json(#"{"token": "ct-same-origin", "expires_in": 1800}"#)
        )
        let client = try Self.client(endpoint: partner.baseURL.appendingPathComponent("token"))
        try await client.prefetchToken()
        let cookies = partner.receivedRequests.map { $0.value(forHeader: "Cookie") }
        #expect(cookies == ["session=partner-session", "session=partner-session"])
    }

    @Test("tokenProviderTimeout = .infinity, which the configuration allows, fetches a token without trapping")
    func infiniteProviderTimeout() async throws {
        let partner = try LoopbackHTTPServer()
        defer { partner.shutdown() }
        partner.enqueue(.json(#"{"token": "ct-infinite", "expires_in": 1800}"#))
        let client = try Self.client(endpoint: partner.baseURL.appendingPathComponent("token")) {
            $0.tokenProviderTimeout = .infinity
        }
        try await client.prefetchToken()
        #expect(partner.receivedRequests.count == 1)
    }

    @Test(
        "the own session's request timeout is always one URLSession can represent",
        arguments: [
            (TimeInterval.infinity, 86_400), (-.infinity, 86_400), (.nan, 86_400), (0, 86_400), (-1, 86_400),
            (1e300, 86_400), (30, 30), (86_400, 86_400),
        ] as [(TimeInterval, TimeInterval)]
    )
    func sessionTimeout(given: TimeInterval, expected: TimeInterval) {
        #expect(TokenEndpoint.sessionTimeout(given) == expected)
    }

    @Test(
        "a cleartext token endpoint on a remote host is refused before any I/O, DNS included",
        arguments: ["http://token-endpoint.example.invalid/token", "http://203.0.113.7/token", "ftp://x.invalid/"]
    )
    func cleartextRemoteEndpoint(url: String) async throws {
        let client = try Self.client(endpoint: try #require(URL(string: url)))
        let error = try await #require(throws: JanuaryError.self) { try await client.prefetchToken() }
        #expect(error.category == .tokenProvider, "\(error)")
        #expect(error.code == .clientTokenProviderFailed, "\(error)")
        #expect(!error.description.contains("partner-session"))
    }

    @Test("a 200 over 64 KiB reached the backend: it is partner_backend_failed, not network")
    func oversizedAnswer() async throws {
        let partner = try LoopbackHTTPServer()
        defer { partner.shutdown() }
        let padding = String(repeating: " ", count: TokenEndpoint.maximumResponseSize)
        partner.enqueue(.json(#"{"token": "ct-padded", "expires_in": 1800}"# + padding))
        let client = try Self.client(endpoint: partner.baseURL.appendingPathComponent("token"))
        let error = try await #require(throws: JanuaryError.self) { try await client.prefetchToken() }
        #expect(error.category == .tokenProvider, "\(error)")
        #expect(error.code == .partnerBackendFailed, "\(error)")
    }

    @Test("through a configured transport, a 200 over 64 KiB is refused as over the socket")
    func oversizedAnswerThroughTransport() async throws {
        let padding = Data(repeating: 0x20, count: TokenEndpoint.maximumResponseSize)
        let transport = ClosureTransport { request in
            JanuaryHTTPResponse(
                statusCode: 200,
                headerFields: ["Content-Type": "application/json"],
                body: Data(#"{"token": "ct-padded", "expires_in": 1800}"#.utf8) + padding,
                url: request.url
            )
        }
        let client = try Self.client(endpoint: URL(string: "https://partner.example/token")!) {
            $0.transport = transport
        }
        let error = try await #require(throws: JanuaryError.self) { try await client.prefetchToken() }
        #expect(error.code == .partnerBackendFailed, "\(error)")
        #expect(transport.requests.count == 1)
    }

    @Test("the production construction runs on the in-process simulator, and its partner-backend script applies")
    func throughSimulatorTransport() async throws {
        let clock = ManualClock()
        let simulator = JanuaryAPISimulator.inProcess(now: { clock.now() })
        let client = try Self.client(endpoint: SimulatorTransport.partnerBackendTokenURL) {
            $0.baseURL = SimulatorTransport.baseURL
            $0.clock = clock
            $0.transport = SimulatorTransport(simulator, clock: clock)
        }
        _ = try await client.foods.search(SearchFoodsRequest(query: "apple"))
        #expect(simulator.statistics.tokensIssued == 1)
        client.signOut()
        simulator.failNextPartnerBackendRequests(with: .refuse)
        let error = try await #require(throws: JanuaryError.self) {
            try await client.foods.search(SearchFoodsRequest(query: "apple"))
        }
        #expect(error.code == .partnerBackendRefused, "\(error)")
        #expect(error.category == .tokenProvider, "\(error)")
    }

    @Test(
        "a simulated client honours the partner backend's script, then mints directly again",
        arguments: [
            (JanuaryAPISimulator.PartnerBackendFailure.refuse, JanuaryError.Code.partnerBackendRefused),
            (.fail, .partnerBackendFailed), (.unusableBody, .partnerBackendFailed),
        ]
    )
    func simulatedClientScript(failure: JanuaryAPISimulator.PartnerBackendFailure, code: JanuaryError.Code) async throws
    {
        let clock = ManualClock()
        let simulator = JanuaryAPISimulator.inProcess(now: { clock.now() })
        let user = PartnerUserID(rawValue: "user-42")
        let client = try JanuaryPartnerClient.simulated(simulator, user: user, clock: clock) {
            $0.refreshBackoff = .none
        }
        simulator.failNextPartnerBackendRequests(with: failure)
        let error = try await #require(throws: JanuaryError.self) {
            _ = try await client.foods.search(SearchFoodsRequest(query: "apple"))
        }
        #expect(error.code == code, "\(error)")
        #expect(error.category == .tokenProvider, "\(error)")
        _ = try await client.foods.search(SearchFoodsRequest(query: "apple"))
        #expect(simulator.requestLog.filter { $0.path == JanuaryAPISimulator.partnerBackendTokenPath }.count == 1)
        #expect(simulator.requestLog.last?.status == 200)
    }
}
