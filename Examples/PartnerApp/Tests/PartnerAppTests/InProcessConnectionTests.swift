import Foundation
import JanuaryPartnerSDK
import JanuaryPartnerSDKTesting
import JanuaryTestServer
import PartnerApp
import Testing

/// The production construction, `JanuaryPartnerClient(tokenEndpoint:configuration:)`, tested in process: the
/// configuration's transport is the in-process simulator, which also plays our backend's token endpoint, so no
/// socket is opened and the backend's answers are scripted as over loopback.
@Suite("Our token endpoint, in process", suiteTimeLimit())
struct InProcessConnectionTests {
    actor Session {
        var token = "session-1"
    }

    static func makeClient(_ simulator: JanuaryAPISimulator, clock: ManualClock) throws -> JanuaryPartnerClient {
        var configuration = JanuaryPartnerClient.Configuration(baseURL: SimulatorTransport.baseURL)
        configuration.clock = clock
        configuration.retryPolicy = .none
        configuration.transport = SimulatorTransport(simulator, clock: clock)
        let session = Session()
        return try JanuaryConnection.makeClient(
            tokenURL: SimulatorTransport.partnerBackendTokenURL,
            sessionToken: { await session.token },
            configuration: configuration
        )
    }

    @Test("foods are searched with a token from our endpoint, through the configured transport")
    func searches() async throws {
        let clock = ManualClock()
        let simulator = JanuaryAPISimulator.inProcess(now: { clock.now() })
        let january = try Self.makeClient(simulator, clock: clock)
        let results = try await january.foods.search(SearchFoodsRequest(query: "apple"))
        #expect(!results.items.isEmpty)
        #expect(simulator.statistics.tokensIssued == 1)
        #expect(
            simulator.requestLog.map(\.path).first == JanuaryAPISimulator.partnerBackendTokenPath,
            "the token came from our endpoint, in process"
        )
    }

    @Test("our backend refusing the session sends the user to sign in")
    func refused() async throws {
        let clock = ManualClock()
        let simulator = JanuaryAPISimulator.inProcess(now: { clock.now() })
        simulator.failNextPartnerBackendRequests(with: .refuse)
        let january = try Self.makeClient(simulator, clock: clock)
        let error = try await #require(throws: JanuaryError.self) {
            _ = try await january.foods.search(SearchFoodsRequest(query: "apple"))
        }
        #expect(error.code == .partnerBackendRefused)
        #expect(JanuaryConnection.response(to: error) == .signIn)
    }
}
