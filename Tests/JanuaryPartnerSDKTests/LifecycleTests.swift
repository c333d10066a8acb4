import Foundation
import JanuaryCore
import JanuaryPartnerSDK
import JanuaryTestServer
import JanuaryTestSupport
import Testing

@Suite("Lifecycle and server faults, through the client")
struct LifecycleTests {
    @Test("a token that arrives after sign-out is never used")
    func lateTokenAfterSignOutIsDropped() async throws {
        let gate = TestGate()
        let lateToken = Locked<String?>(nil)
        let harness = try Harness(provider: { simulator, _ in
            CountingProvider { call in
                let token = simulator.mintClientToken()
                if call == 1 {
                    lateToken.withLock { $0 = token.value }
                    await gate.wait()
                }
                return token
            }
        })
        let waiting = Task { try await harness.client.send(.ping) }
        await gate.waitForWaiters(1)
        harness.client.signOut()
        gate.open()
        let error = await #expect(throws: JanuaryError.self) { try await waiting.value }
        #expect(error?.category == .cancelled)
        _ = try await harness.client.send(.ping)
        let late = try #require(lateToken.withLock { $0 })
        #expect(!harness.credentialsSeen.contains("Bearer " + late))
        #expect(harness.provider.callCount == 2)
    }

    @Test("a client released with requests in flight finishes them and is then freed")
    func releasedClientFinishesInFlightRequests() async throws {
        let simulator = try JanuaryAPISimulator()
        weak var weakClient: JanuaryPartnerClient?
        var tasks: [Task<Int, any Error>] = []
        do {
            let client = try JanuaryPartnerClient(
                clientTokenProvider: { simulator.mintClientToken() },
                configuration: .init(baseURL: simulator.baseURL)
            )
            weakClient = client
            for _ in 0..<10 {
                simulator.server.enqueue(ScriptedResponse(status: 200, delay: 0.2))
            }
            for _ in 0..<10 {
                tasks.append(Task { try await client.send(.ping).statusCode })
            }
        }
        var statuses: [Int] = []
        for task in tasks {
            statuses.append(try await task.value)
        }
        #expect(statuses == Array(repeating: 200, count: 10))
        tasks.removeAll()
        #expect(weakClient == nil)
    }

    @Test("a connection closed mid-response fails with network and is not retried")
    func connectionClosedMidResponse() async throws {
        let harness = try Harness()
        harness.server.enqueue(
            ScriptedResponse(status: 200, body: Data(repeating: 0x7B, count: 4096), behavior: .closeMidResponse)
        )
        let error = await #expect(throws: JanuaryError.self) { try await harness.client.send(.ping) }
        #expect(error?.category == .network)
        #expect(harness.events.count(of: .requestRetried) == 0)
    }

    @Test("a connection closed without a response fails with network")
    func connectionClosedWithoutResponse() async throws {
        let harness = try Harness()
        harness.server.enqueue(ScriptedResponse(status: 200, behavior: .closeWithoutResponse))
        let error = await #expect(throws: JanuaryError.self) { try await harness.client.send(.ping) }
        #expect(error?.category == .network)
    }

    @Test("a 401 with Basic beside Bearer invalid_token is delivered and retried once, not hung")
    func basicBesideBearerInvalidTokenIsRetried() async throws {
        let harness = try Harness()
        harness.server.enqueue(
            ScriptedResponse(
                status: 401,
                headerFields: [
                    HeaderField(name: "WWW-Authenticate", value: #"Basic realm="legacy""#),
                    HeaderField(name: "WWW-Authenticate", value: #"Bearer realm="january", error="invalid_token""#),
                ]
            )
        )
        let response = try await harness.client.send(.ping)
        #expect(response.statusCode == 200)
        #expect(harness.provider.callCount == 2)
        #expect(harness.server.receivedRequests.count == 2)
    }
}

@Suite("Answers that did not come from January's origin")
struct RedirectedAnswerTests {
    @Test("an invalid_token from another origin after a redirect neither refreshes nor replays")
    func invalidTokenFromAnotherOriginIsNotJanuarys() async throws {
        let harness = try Harness()
        let elsewhere = try LoopbackHTTPServer()
        defer { elsewhere.shutdown() }
        elsewhere.setHandler { _ in
            ScriptedResponse(
                status: 401,
                headerFields: [HeaderField(name: "WWW-Authenticate", value: #"Bearer error="invalid_token""#)]
            )
        }
        _ = try await harness.client.send(.ping)
        let location = elsewhere.baseURL.appendingPathComponent("trap").absoluteString
        harness.server.enqueue(
            ScriptedResponse(status: 307, headerFields: [HeaderField(name: "Location", value: location)])
        )
        let error = await #expect(throws: JanuaryError.self) {
            try await harness.client.send(
                JanuaryRequest(method: .post, path: "/v1/meals", body: .data(Data("{}".utf8))))
        }
        #expect(error?.category == .authentication)
        #expect(elsewhere.receivedRequests.count == 1)
        #expect(elsewhere.receivedRequests.first?.value(forHeader: "Authorization") == nil)
        #expect(harness.provider.callCount == 1, "the token January accepted is kept")
        #expect(harness.events.count(of: .requestRetried) == 0)
        #expect(harness.events.count(of: .tokenInvalidated) == 0)
        _ = try await harness.client.send(.ping)
        #expect(harness.provider.callCount == 1)
    }

    @Test("the retry event comes after the refresh that made it possible, through the same ordered callback")
    func retryEventIsOrderedAfterTheRefresh() async throws {
        let harness = try Harness()
        _ = try await harness.client.send(.ping)
        harness.simulator.revokeIssuedTokens()
        _ = try await harness.client.send(.ping)
        let kinds = harness.events.all.map(\.kind)
        let retried = try #require(kinds.lastIndex(of: .requestRetried))
        let finished = try #require(kinds.lastIndex(of: .providerCallFinished))
        let invalidated = try #require(kinds.firstIndex(of: .tokenInvalidated))
        #expect(invalidated < finished)
        #expect(finished < retried)
    }
}
