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
