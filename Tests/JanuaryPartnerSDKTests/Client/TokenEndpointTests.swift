import Foundation
import JanuaryPartnerSDKTestSupport
import JanuaryTestServer
import Testing

@testable import JanuaryPartnerSDK

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `JanuaryPartnerClient(tokenEndpoint:)` against the simulator's scripted partner backend, over real HTTP.
@Suite("The token endpoint helper", suiteTimeLimit())
struct TokenEndpointTests {
    /// A client whose token endpoint is the simulator's partner backend, sending the partner's session header.
    struct Setup {
        let clock = ManualClock()
        let simulator: JanuaryAPISimulator
        let client: JanuaryPartnerClient
        let endpointCalls = Locked(0)

        init(endpoint: URL? = nil) throws {
            let clock = clock
            let simulator = try JanuaryAPISimulator(now: { clock.now() })
            self.simulator = simulator
            var configuration = JanuaryPartnerClient.Configuration(baseURL: simulator.baseURL)
            configuration.clock = clock
            configuration.refreshBackoff = .none
            let url = endpoint ?? simulator.partnerBackendTokenURL
            let calls = endpointCalls
            client = try JanuaryPartnerClient(
                tokenEndpoint: {
                    let call = calls.withLock { count -> Int in
                        count += 1
                        return count
                    }
                    var request = URLRequest(url: url)
                    request.httpMethod = "POST"
                    request.setValue("Bearer partner-session-\(call)", forHTTPHeaderField: "Authorization")
                    return request
                },
                configuration: configuration
            )
        }
    }

    @Test("a token from the endpoint is used, and the closure builds the request for every fetch")
    func success() async throws {
        let setup = try Setup()
        _ = try await setup.client.foods.get(id: "1001")
        setup.client.signOut()
        _ = try await setup.client.foods.get(id: "1001")
        #expect(setup.simulator.statistics.tokensIssued == 2)
        let sessions = setup.simulator.server.receivedRequests
            .filter { $0.path == JanuaryAPISimulator.partnerBackendTokenPath }
            .map { $0.value(forHeader: "Authorization") }
        #expect(sessions == ["Bearer partner-session-1", "Bearer partner-session-2"])
    }

    struct Outcome: Sendable, CustomTestStringConvertible {
        let failure: JanuaryAPISimulator.PartnerBackendFailure
        let category: JanuaryError.Category
        /// The codes accepted: a dropped connection reads as a lost connection on Apple platforms and as an
        /// unreadable response (no code) on Linux.
        let codes: Set<JanuaryError.Code?>
        let status: Int?
        var testDescription: String { "\(failure) → \(category)" }
    }

    @Test(
        "each way the backend fails is reported with its own category and code",
        arguments: [
            Outcome(failure: .refuse, category: .tokenProvider, codes: [.partnerBackendRefused], status: 401),
            Outcome(failure: .status(403), category: .tokenProvider, codes: [.partnerBackendRefused], status: 403),
            Outcome(failure: .fail, category: .tokenProvider, codes: [.partnerBackendFailed], status: 503),
            Outcome(failure: .status(404), category: .tokenProvider, codes: [.partnerBackendFailed], status: 404),
            Outcome(failure: .unusableBody, category: .tokenProvider, codes: [.partnerBackendFailed], status: 200),
            Outcome(failure: .dropConnection, category: .network, codes: [.networkConnectionLost, nil], status: nil),
        ]
    )
    func failures(outcome: Outcome) async throws {
        let setup = try Setup()
        setup.simulator.failNextPartnerBackendRequests(with: outcome.failure)
        let error = try await #require(throws: JanuaryError.self) { try await setup.client.foods.get(id: "1001") }
        #expect(error.category == outcome.category, "\(error)")
        #expect(outcome.codes.contains(error.code), "\(error)")
        #expect(error.statusCode == outcome.status, "\(error)")
        #expect(!error.description.contains("partner-session"), "the partner's session never shows")
        #expect(setup.simulator.requestLog.filter { $0.path.hasPrefix("/v1.2/") }.isEmpty, "nothing was sent")
        // The next request fetches again, and the backend now mints.
        _ = try await setup.client.foods.get(id: "1001")
        #expect(setup.endpointCalls.withLock { $0 } == 2)
    }

    @Test("a backend that refuses connections is reported as refused, not as the device being offline")
    func connectionRefused() async throws {
        let closed = try LoopbackHTTPServer()
        let url = closed.baseURL.appendingPathComponent("january-token")
        closed.shutdown()
        let setup = try Setup(endpoint: url)
        let error = try await #require(throws: JanuaryError.self) { try await setup.client.prefetchToken() }
        #expect(error.category == .network, "\(error)")
        #expect(error.code == .cannotConnectToHost, "\(error)")
        #expect(error.message.contains("refused"), "\(error.message)")
        #expect(!error.message.contains("offline"), "\(error.message)")
    }

    @Test("a slow backend is waited for")
    func delayed() async throws {
        let setup = try Setup()
        setup.simulator.failNextPartnerBackendRequests(with: .delay(0.2))
        try await setup.client.prefetchToken()
        #expect(setup.simulator.statistics.tokensIssued == 1)
    }

    struct SessionExpired: Error {}

    @Test("an error thrown while building the request is the provider's failure, with it underneath")
    func closureThrows() async throws {
        let client = try JanuaryPartnerClient(tokenEndpoint: { throw SessionExpired() })
        let error = try await #require(throws: JanuaryError.self) { try await client.prefetchToken() }
        #expect(error.category == .tokenProvider && error.code == .clientTokenProviderFailed)
        #expect(error.underlyingError is SessionExpired)
    }

    @Test(
        "URLErrors name which network failure it was",
        arguments: [
            (URLError.Code.notConnectedToInternet, JanuaryError.Code.notConnectedToInternet, "offline"),
            (.cannotConnectToHost, .cannotConnectToHost, "refused"),
            (.cannotFindHost, .cannotFindHost, "DNS"),
            (.dnsLookupFailed, .cannotFindHost, "DNS"),
            (.secureConnectionFailed, .secureConnectionFailed, "TLS"),
            (.serverCertificateUntrusted, .secureConnectionFailed, "TLS"),
            (.timedOut, .requestTimeout, "timed out"),
        ]
    )
    func networkWording(urlCode: URLError.Code, code: JanuaryError.Code, word: String) throws {
        let backend = try #require(JanuaryError.backendUnreachable(URLError(urlCode)))
        #expect(backend.category == .network && backend.code == code)
        #expect(backend.message.contains(word), "\(backend.message)")
        if urlCode != .notConnectedToInternet {
            #expect(!backend.message.contains("offline"), "\(backend.message)")
        }
    }
}

@Suite("prefetchToken", suiteTimeLimit())
struct PrefetchTokenTests {
    @Test("100 concurrent callers make exactly one provider call, and a fresh token makes none")
    func oneCallForAHundred() async throws {
        let gate = TestGate()
        let provider = CountingProvider { call in
            try await gate.wait()
            return JanuaryClientToken(value: "ct-prefetched-\(call)", expiresIn: 3600)
        }
        var configuration = JanuaryPartnerClient.Configuration()
        configuration.clock = ManualClock()
        configuration.transport = ClosureTransport { _ in
            JanuaryHTTPResponse(statusCode: 200, body: Data("{}".utf8))
        }
        let client = try JanuaryPartnerClient(
            clientTokenProvider: { try await provider() },
            configuration: configuration
        )
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<100 {
                group.addTask { try await client.prefetchToken() }
            }
            try await gate.waitForArrivals(1)
            try await eventually("100 callers waiting for the one provider call") {
                client.coordinator.waitingRequestCount == 100
            }
            gate.open()
            try await group.waitForAll()
        }
        #expect(provider.callCount == 1)
        try await client.prefetchToken()
        #expect(provider.callCount == 1)
        _ = try await client.send(JanuaryRequest(path: "/v1.2/foods/1001"))
        #expect(provider.callCount == 1)
    }

    @Test("with a development key it returns at once")
    func developmentKey() async throws {
        let client = try JanuaryPartnerClient(developmentAPIKey: "sk-test-key")
        try await client.prefetchToken()
    }
}
