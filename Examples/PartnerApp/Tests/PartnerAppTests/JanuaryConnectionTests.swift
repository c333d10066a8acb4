import Foundation
import JanuaryPartnerSDK
import JanuaryPartnerSDKTesting
import JanuaryTestServer
import PartnerApp
import Testing

/// The app's connection through its token endpoint, against the simulator standing in for our backend.
@Suite("Connecting through our token endpoint", suiteTimeLimit())
struct JanuaryConnectionTests {
    /// The user's session with our backend, which changes when they sign in again.
    actor Session {
        var token = "session-1"

        func renew(_ token: String) {
            self.token = token
        }
    }

    static func makeClient(_ simulator: JanuaryAPISimulator, session: Session) throws -> JanuaryPartnerClient {
        var configuration = JanuaryPartnerClient.Configuration(baseURL: simulator.baseURL)
        configuration.clock = ManualClock()
        configuration.retryPolicy = .none
        return try JanuaryConnection.makeClient(
            tokenURL: simulator.partnerBackendTokenURL,
            sessionToken: { await session.token },
            configuration: configuration
        )
    }

    @Test("the token endpoint gets the user's current session, and the token works")
    func usesTheCurrentSession() async throws {
        let simulator = try JanuaryAPISimulator()
        let session = Session()
        let january = try Self.makeClient(simulator, session: session)
        try await january.prefetchToken()
        await session.renew("session-2")
        january.signOut()
        _ = try await january.foods.get(id: "1001")
        let sent = simulator.server.receivedRequests
            .filter { $0.path == JanuaryAPISimulator.partnerBackendTokenPath }
            .map { $0.value(forHeader: "Authorization") }
        #expect(sent == ["Bearer session-1", "Bearer session-2"])
    }

    @Test("our backend refusing the session sends the user to sign in")
    func refusedMeansSignIn() async throws {
        let simulator = try JanuaryAPISimulator()
        simulator.failNextPartnerBackendRequests(with: .refuse)
        let january = try Self.makeClient(simulator, session: Session())
        let error = try await #require(throws: JanuaryError.self) { try await january.foods.get(id: "1001") }
        #expect(error.code == .partnerBackendRefused)
        #expect(JanuaryConnection.response(to: error) == .signIn)
        #expect(!(error.localizedDescription.contains("partner_backend_refused")))
    }

    @Test(
        "a spent monthly allowance is not retried",
        arguments: [JanuaryError.Code.creditLimitExceeded, .requestLimitExceeded]
    )
    func allowanceSpent(code: JanuaryError.Code) async throws {
        let simulator = try JanuaryAPISimulator()
        simulator.failNext(with: code == .creditLimitExceeded ? .creditLimitExceeded : .requestLimitExceeded)
        let january = try Self.makeClient(simulator, session: Session())
        let error = try await #require(throws: JanuaryError.self) { try await january.foods.get(id: "1001") }
        #expect(error.code == code)
        #expect(JanuaryConnection.response(to: error) == .allowanceSpent)
    }

    @Test("a water log whose answer was lost is reloaded before it is offered again, although it came as a 503")
    func lostWriteIsCheckedFirst() async throws {
        let simulator = try JanuaryAPISimulator()
        simulator.failNextWrites(afterStoringWith: .serviceUnavailable, pathPrefix: "/v1.2/water-logs")
        let january = try Self.makeClient(simulator, session: Session())
        let user = january.forUser(PartnerUserID(rawValue: simulator.defaultEndUserID))
        let error = try await #require(throws: JanuaryError.self) { try await user.waterLogs.create(.milliliters(250)) }
        #expect(error.category == .server && error.mayHaveTakenEffect)
        #expect(JanuaryConnection.response(to: error) == .reloadBeforeRepeating)
    }

    @Test("a backend that cannot be reached is retried later, and is not called offline")
    func unreachableBackend() async throws {
        let closed = try LoopbackHTTPServer()
        let url = closed.baseURL.appendingPathComponent("january-token")
        closed.shutdown()
        let january = try JanuaryConnection.makeClient(tokenURL: url, sessionToken: { "session-1" })
        let error = try await #require(throws: JanuaryError.self) { try await january.prefetchToken() }
        #expect(error.category == .network && error.code == .cannotConnectToHost)
        #expect(JanuaryConnection.response(to: error) == .retryLater(nil))
    }
}
