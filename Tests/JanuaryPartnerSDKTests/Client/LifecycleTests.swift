import Foundation
import JanuaryPartnerSDK
import JanuaryPartnerSDKTestSupport
import JanuaryTestServer
import Testing

/// The client's life and the network's faults, through the real URLSession and the simulator.
@Suite("Lifecycle and network faults, through the client", suiteTimeLimit())
struct LifecycleTests {
    @Test("a token that arrives after sign-out is never used")
    func lateTokenAfterSignOutIsDropped() async throws {
        let gate = TestGate()
        let lateToken = Locked<String?>(nil)
        let harness = try ClientHarness(provider: { simulator, _ in
            CountingProvider { call in
                let token = simulator.mintToken(endUserID: ClientHarness.endUserID)
                if call == 1 {
                    lateToken.withLock { $0 = token.value }
                    try await gate.wait()
                }
                return JanuaryClientToken(value: token.value, expiresIn: TimeInterval(token.expiresIn))
            }
        })
        let waiting = Task { try await harness.client.send(.autocomplete) }
        try await gate.waitForArrivals(1)
        harness.client.signOut()
        gate.open()
        let error = await #expect(throws: JanuaryError.self) { try await waiting.value }
        #expect(error?.category == .cancelled)
        #expect(error?.code == "signed_out")
        _ = try await harness.client.send(.autocomplete)
        let late = try #require(lateToken.withLock { $0 })
        #expect(!harness.credentialsSeen.contains("Bearer " + late))
        #expect(harness.provider.callCount == 2)
    }

    @Test("a client whose only references are its requests in flight completes them and is then freed")
    func clientIsFreedAfterItsLastRequest() async throws {
        let simulator = try JanuaryAPISimulator()
        weak var weakClient: JanuaryPartnerClient?
        var tasks: [Task<Int, any Error>] = []
        do {
            let client = try JanuaryPartnerClient(
                clientTokenProvider: {
                    let token = simulator.mintToken()
                    return JanuaryClientToken(value: token.value, expiresIn: TimeInterval(token.expiresIn))
                },
                configuration: .init(baseURL: simulator.baseURL)
            )
            weakClient = client
            for _ in 0..<10 {
                tasks.append(Task { try await client.send(.autocomplete).statusCode })
            }
        }
        var statuses: [Int] = []
        for task in tasks {
            statuses.append(try await task.value)
        }
        #expect(statuses == Array(repeating: 200, count: 10))
        tasks.removeAll()
        #expect(weakClient == nil, "nothing but the requests held the client: no cycle through the cache or session")
    }

    @Test(
        "a connection closed mid-response or without one: a GET is retried, a POST fails once with network",
        arguments: [ScriptedResponse.Behavior.closeMidResponse, .closeWithoutResponse]
    )
    func brokenConnections(behavior: ScriptedResponse.Behavior) async throws {
        let harness = try ClientHarness()
        harness.server.enqueue(
            ScriptedResponse(status: 200, body: Data(repeating: 0x7B, count: 4096), behavior: behavior))
        let sleepers = Task {
            try await harness.clock.waitForSleepers(1)
            harness.clock.advance(by: try #require(harness.clock.sleeperRemainingDurations.first))
        }
        let response = try await harness.client.send(.autocomplete)
        try await sleepers.value
        #expect(response.statusCode == 200)
        #expect(harness.server.receivedRequests.count == 2)

        harness.server.enqueue(
            ScriptedResponse(status: 201, body: Data(repeating: 0x7B, count: 4096), behavior: behavior))
        let write = JanuaryRequest(
            method: .post,
            path: "/v1.2/food-analysis/text",
            body: try .json(["text": "an apple"])
        )
        let error = await #expect(throws: JanuaryError.self) { try await harness.client.send(write) }
        #expect(error?.category == .network)
        #expect(error?.message.contains("may or may not have taken effect") == true)
        #expect(harness.server.receivedRequests.count == 3)
    }

    @Test("an invalid_token from another origin after a redirect neither refreshes nor replays")
    func invalidTokenFromAnotherOriginIsNotJanuarys() async throws {
        let harness = try ClientHarness()
        let elsewhere = try LoopbackHTTPServer { _ in
            .json(
                #"{"code":"token_expired","message":"not January"}"#,
                status: 401,
                headerFields: [HeaderField(name: "WWW-Authenticate", value: #"Bearer error="invalid_token""#)]
            )
        }
        defer { elsewhere.shutdown() }
        _ = try await harness.client.send(.autocomplete)
        let location = elsewhere.baseURL.appendingPathComponent("trap").absoluteString
        harness.server.enqueue(
            ScriptedResponse(status: 307, headerFields: [HeaderField(name: "Location", value: location)])
        )
        let error = await #expect(throws: JanuaryError.self) {
            try await harness.client.send(
                JanuaryRequest(method: .post, path: "/v1.2/food-analysis/text", body: try .json(["text": "apple"]))
            )
        }
        #expect(error?.category == .authentication)
        #expect(elsewhere.receivedRequests.count == 1)
        #expect(elsewhere.receivedRequests.first?.value(forHeader: "Authorization") == nil)
        #expect(harness.provider.callCount == 1, "the token January accepted is kept")
        try await harness.events.waitForEvents(of: .providerCallFinished)
        #expect(harness.events.count(of: .requestRetried) == 0)
        #expect(harness.events.count(of: .tokenInvalidated) == 0)
        _ = try await harness.client.send(.autocomplete)
        #expect(harness.provider.callCount == 1)
    }

    @Test("the retry event comes after the refresh that made it possible, through the same ordered callback")
    func retryEventIsOrderedAfterTheRefresh() async throws {
        let harness = try ClientHarness()
        _ = try await harness.client.send(.autocomplete)
        _ = harness.simulator.expireIssuedTokens()
        _ = try await harness.client.send(.autocomplete)
        try await harness.events.waitForEvents(of: .requestRetried)
        let kinds = harness.events.events.map(\.kind)
        let retried = try #require(kinds.lastIndex(of: .requestRetried))
        let finished = try #require(kinds.lastIndex(of: .providerCallFinished))
        let invalidated = try #require(kinds.firstIndex(of: .tokenInvalidated))
        #expect(invalidated < finished)
        #expect(finished < retried)
    }

    @Test("100 concurrent requests on a cold start make exactly one provider call")
    func coldStartBurstCoalesces() async throws {
        let harness = try ClientHarness()
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<100 {
                group.addTask { try await harness.client.send(.autocomplete).statusCode }
            }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(statuses == Array(repeating: 200, count: 100))
        #expect(harness.provider.callCount == 1)
        #expect(Set(harness.credentialsSeen).count == 1)
    }

    @Test("100 concurrent requests rejected with the same token cause one refresh")
    func staleRejectionStormCausesOneRefresh() async throws {
        let harness = try ClientHarness()
        _ = try await harness.client.send(.autocomplete)
        _ = harness.simulator.expireIssuedTokens()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<100 {
                group.addTask { _ = try await harness.client.send(.autocomplete) }
            }
            try await group.waitForAll()
        }
        #expect(harness.provider.callCount == 2)
    }
}
