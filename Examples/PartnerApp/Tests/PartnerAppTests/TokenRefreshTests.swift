import Foundation
import JanuaryPartnerSDK
import JanuaryPartnerSDKTesting
import PartnerApp
import Testing

/// A partner's test of the SDK's promise, in milliseconds: the token is refreshed a minute before expiry.
@Suite("Token refresh, as a partner tests it", suiteTimeLimit())
struct TokenRefreshTests {
    /// Counts calls to the app's token provider.
    final class Backend: Sendable {
        private let lock = NSLock()
        nonisolated(unsafe) private var calls = 0  // only touched while `lock` is held

        func token() -> JanuaryClientToken {
            lock.lock()
            defer { lock.unlock() }
            calls += 1
            return JanuaryClientToken(value: "ct-test-\(calls)", expiresIn: 3_600)
        }

        var callCount: Int {
            lock.lock()
            defer { lock.unlock() }
            return calls
        }
    }

    @Test("the token is refreshed a minute before expiry, not before")
    func refreshedAMinuteBeforeExpiry() async throws {
        let clock = ManualClock()
        let backend = Backend()
        let transport = ClosureTransport { _ in JanuaryHTTPResponse(statusCode: 200, body: Data("{}".utf8)) }
        var configuration = JanuaryPartnerClient.Configuration()
        configuration.clock = clock
        configuration.transport = transport
        let january = try JanuaryPartnerClient(clientTokenProvider: { backend.token() }, configuration: configuration)
        let ping = JanuaryRequest(
            path: "/v1.2/foods/autocomplete", queryItems: [URLQueryItem(name: "query", value: "ba")])

        _ = try await january.send(ping)
        clock.advance(by: 3_600 - 61)  // 61 s left: still fresh
        _ = try await january.send(ping)
        #expect(backend.callCount == 1)

        clock.advance(by: 1)  // 60 s left: inside the minute, refreshed before sending
        _ = try await january.send(ping)
        #expect(backend.callCount == 2)
        let sent = transport.requests.map { $0.headerFields["Authorization"] }
        #expect(sent == ["Bearer ct-test-1", "Bearer ct-test-1", "Bearer ct-test-2"])
    }

    @Test("a token the backend returns as JSON is decoded straight into JanuaryClientToken")
    func decodingTheBackendsAnswer() throws {
        let answer = Data(#"{"token":"ct-abc","expires_in":1800,"end_user_id":"user-1","scopes":["foods:read"]}"#.utf8)
        let token = try JSONDecoder().decode(JanuaryClientToken.self, from: answer)
        #expect(token.expiresIn == 1_800)
        #expect(!String(describing: token).contains("ct-abc"))
    }
}
