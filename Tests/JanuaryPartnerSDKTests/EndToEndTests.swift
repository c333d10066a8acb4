import Foundation
import JanuaryPartnerSDK
import JanuaryTestServer
import Testing

@Suite("End to end through the client, the real URLSession and the loopback simulator")
struct EndToEndTests {
    @Test("100 concurrent requests on a cold start make exactly one provider call")
    func coldStartBurstCoalesces() async throws {
        let harness = try Harness()
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<100 {
                group.addTask { try await harness.client.send(.ping).statusCode }
            }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(statuses == Array(repeating: 200, count: 100))
        #expect(harness.provider.callCount == 1)
        #expect(harness.simulator.statistics.requestsAccepted == 100)
        #expect(Set(harness.credentialsSeen).count == 1)
    }

    @Test("a token inside the refresh leeway is replaced before sending; the server never sees it")
    func staleTokenIsRefreshedBeforeSending() async throws {
        let harness = try Harness(tokenLifetime: 3600)
        _ = try await harness.client.send(.ping)
        harness.clock.advance(by: 3600 - 61)
        _ = try await harness.client.send(.ping)
        #expect(harness.provider.callCount == 1, "fresh until a minute before expiry")
        harness.clock.advance(by: 1)
        _ = try await harness.client.send(.ping)
        #expect(harness.provider.callCount == 2)
        #expect(harness.simulator.statistics.tokensRejected == 0)
        let seen = harness.credentialsSeen
        #expect(seen[0] == seen[1])
        #expect(seen[1] != seen[2])
    }

    @Test("invalid_token causes exactly one refresh and one retry")
    func invalidTokenRefreshesAndRetriesOnce() async throws {
        let harness = try Harness()
        _ = try await harness.client.send(.ping)
        harness.simulator.revokeIssuedTokens()
        let response = try await harness.client.send(.ping)
        #expect(response.statusCode == 200)
        #expect(harness.provider.callCount == 2)
        #expect(harness.server.receivedRequests.count == 3)
        #expect(harness.simulator.statistics.tokensRejected == 1)
        #expect(harness.events.count(of: .requestRetried) == 1)
    }

    @Test("100 concurrent requests rejected with the same token cause one refresh")
    func staleRejectionStormCausesOneRefresh() async throws {
        let harness = try Harness()
        _ = try await harness.client.send(.ping)
        harness.simulator.revokeIssuedTokens()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<100 {
                group.addTask { _ = try await harness.client.send(.ping) }
            }
            try await group.waitForAll()
        }
        #expect(harness.provider.callCount == 2)
        #expect(harness.events.count(of: .requestRetried) == harness.simulator.statistics.tokensRejected)
    }

    @Test("a second invalid_token fails with authentication after one retry")
    func secondInvalidTokenFails() async throws {
        let harness = try Harness(provider: { _, _ in
            CountingProvider { _ in
                JanuaryClientToken(value: "never-accepted-\(UUID().uuidString)", expiresAt: .distantFuture)
            }
        })
        let error = await #expect(throws: JanuaryError.self) {
            try await harness.client.send(.ping)
        }
        #expect(error?.category == .authentication)
        #expect(error?.statusCode == 401)
        #expect(error?.requestID?.hasPrefix("req_sim_") == true)
        #expect(error?.message.contains("retried once") == true)
        #expect(harness.provider.callCount == 2)
        #expect(harness.server.receivedRequests.count == 2)
    }

    @Test("a POST with a body in memory is retried with the same body")
    func postWithInMemoryBodyIsRetried() async throws {
        let harness = try Harness()
        _ = try await harness.client.send(.ping)
        harness.simulator.revokeIssuedTokens()
        let body = Data(#"{"meal":"soup"}"#.utf8)
        let request = JanuaryRequest(
            method: .post, path: "/v1/meals", body: .data(body, contentType: "application/json"))
        #expect(request.isReplayable)
        _ = try await harness.client.send(request)
        let posts = harness.server.receivedRequests.filter { $0.method == "POST" }
        #expect(posts.count == 2)
        #expect(posts.allSatisfy { $0.body == body && $0.value(forHeader: "Content-Type") == "application/json" })
    }

    @Test("a request with a one-shot stream body is never replayed")
    func oneShotBodyIsNotReplayed() async throws {
        let harness = try Harness()
        _ = try await harness.client.send(.ping)
        harness.simulator.revokeIssuedTokens()
        let payload = Data(repeating: 0x41, count: 2048)
        let request = JanuaryRequest(method: .post, path: "/v1/uploads", body: .stream(InputStream(data: payload)))
        #expect(!request.isReplayable)
        let error = await #expect(throws: JanuaryError.self) {
            try await harness.client.send(request)
        }
        #expect(error?.category == .authentication)
        #expect(error?.message.contains("not replayed because its body is a one-shot stream") == true)
        let uploads = harness.server.receivedRequests.filter { $0.path == "/v1/uploads" }
        #expect(uploads.count == 1)
        #expect(uploads.first?.body == payload)
        #expect(harness.events.count(of: .requestRetried) == 0)
    }

    @Test("a request marked not replayable is not replayed")
    func optOutIsHonoured() async throws {
        let harness = try Harness()
        _ = try await harness.client.send(.ping)
        harness.simulator.revokeIssuedTokens()
        var request = JanuaryRequest(method: .post, path: "/v1/payments", body: .data(Data("{}".utf8)))
        request.isReplayable = false
        let error = await #expect(throws: JanuaryError.self) {
            try await harness.client.send(request)
        }
        #expect(error?.message.contains("marked as not replayable") == true)
        #expect(harness.server.receivedRequests.filter { $0.path == "/v1/payments" }.count == 1)
        // The rejected token was discarded, so the next request gets a new one without another rejection.
        _ = try await harness.client.send(.ping)
        #expect(harness.provider.callCount == 2)
        #expect(harness.simulator.statistics.tokensRejected == 1)
    }

    @Test("development key mode sends the key and never retries")
    func developmentKeyModeNeverRetries() async throws {
        let simulator = try JanuaryAPISimulator()
        simulator.registerDevelopmentKey("jan_dev_good")
        let configuration = JanuaryPartnerClient.Configuration(baseURL: simulator.baseURL)
        let good = try JanuaryPartnerClient(developmentAPIKey: "  jan_dev_good\n", configuration: configuration)
        _ = try await good.send(.ping)
        #expect(simulator.server.receivedRequests.last?.value(forHeader: "Authorization") == "Bearer jan_dev_good")

        let bad = try JanuaryPartnerClient(developmentAPIKey: "jan_dev_revoked", configuration: configuration)
        simulator.server.clearReceivedRequests()
        let error = await #expect(throws: JanuaryError.self) {
            try await bad.send(.ping)
        }
        #expect(error?.category == .authentication)
        #expect(error?.message.contains("development API key") == true)
        #expect(simulator.server.receivedRequests.count == 1)
    }

    @Test("an empty development key is refused with authentication", arguments: ["", "   ", "\n\t"])
    func emptyDevelopmentKeyIsRefused(key: String) {
        let error = #expect(throws: JanuaryError.self) {
            try JanuaryPartnerClient(developmentAPIKey: key)
        }
        #expect(error?.category == .authentication)
    }

    @Test("the typed send decodes JSON")
    func typedSendDecodes() async throws {
        struct Echo: Decodable, Equatable {
            let method: String
            let path: String
            let partnerUserID: String?
        }
        let harness = try Harness()
        let echo = try await harness.client.send(
            JanuaryRequest(path: "/v1/echo", partnerUserID: PartnerUserID(rawValue: "user 42/ü")),
            decoding: Echo.self
        )
        #expect(echo == Echo(method: "GET", path: "/v1/echo", partnerUserID: "user%2042%2F%C3%BC"))

        struct Mismatch: Decodable { let missing: Int }
        let error = await #expect(throws: JanuaryError.self) {
            try await harness.client.send(.ping, decoding: Mismatch.self)
        }
        #expect(error?.category == .decoding)
        #expect(error?.underlyingError is DecodingError)
    }
}
