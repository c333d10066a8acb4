import Foundation
import JanuaryPartnerSDK
import JanuaryPartnerSDKTestSupport
import JanuaryTestServer
import JanuaryTransport
import Testing

/// Everything a transport saw, rendered every way Swift renders values.
final class RenderingTransport: JanuaryHTTPTransport {
    private let inner: any JanuaryHTTPTransport
    private let texts = Locked<[String]>([])

    init(_ inner: any JanuaryHTTPTransport) {
        self.inner = inner
    }

    var renderings: [String] {
        texts.withLock { $0 }
    }

    func record(_ value: Any) {
        texts.withLock { $0 += LeakScanTests.renderings(of: value) }
    }

    func send(_ request: JanuaryHTTPRequest) async throws -> JanuaryHTTPResponse {
        record(request)
        record(request.headerFields)
        do {
            let response = try await inner.send(request)
            record(response)
            return response
        } catch {
            record(error)
            throw error
        }
    }
}

@Suite("Leak scan: no token or key in anything the SDK emits", suiteTimeLimit())
struct LeakScanTests {
    static func renderings(of value: Any) -> [String] {
        var dumped = ""
        dump(value, to: &dumped)
        var texts = [String(describing: value), String(reflecting: value), "\(value)", dumped]
        if let error = value as? any Error {
            texts.append(error.localizedDescription)
        }
        return texts
    }

    @Test("a whole scripted session emits neither the token nor the key anywhere")
    func scriptedSessionLeaksNothing() async throws {
        let clock = ManualClock()
        let simulator = try JanuaryAPISimulator(tokenLifetime: 600, now: { clock.now() })
        let issued = Locked<[String]>([])
        let events = TokenEventRecorder()
        let transport = RenderingTransport(URLSessionHTTPTransport())
        var configuration = JanuaryPartnerClient.Configuration(baseURL: simulator.baseURL)
        configuration.clock = clock
        configuration.transport = transport
        configuration.retryPolicy = .none
        configuration.onEvent = events.handler
        let client = try JanuaryPartnerClient(
            clientTokenProvider: {
                let token = simulator.mintToken(endUserID: "user-42")
                issued.withLock { $0.append(token.value) }
                return JanuaryClientToken(value: token.value, expiresAt: token.expiresAt)
            },
            configuration: configuration
        )
        let user = client.forUser(PartnerUserID(rawValue: "user-42"), timeZone: TimeZone(identifier: "UTC")!)
        var emitted: [String] = []
        func attempt(_ operation: () async throws -> Any) async {
            do {
                emitted += Self.renderings(of: try await operation())
            } catch {
                emitted += Self.renderings(of: error)
            }
        }
        await attempt { try await client.foods.search(SearchFoodsRequest(query: "banana")) }
        clock.advance(by: 590)  // stale: refreshed before sending
        await attempt { try await client.send(.autocomplete) }
        simulator.revokeIssuedTokens()  // token_revoked: surfaced, the token dropped
        await attempt {
            try await user.foodLogs.create(
                CreateFoodLogRequest(foods: [FoodLogInputFood(foodID: "1001", servingID: "5001", quantity: 1)]))
        }
        simulator.revokeIssuedTokens()
        await attempt {
            try await client.send(
                JanuaryRequest(
                    method: .post,
                    path: "/v1.2/food-analysis/text",
                    body: .stream(InputStream(data: Data(#"{"text":"apple"}"#.utf8)), contentType: "application/json")
                )
            )
        }
        simulator.failNext(with: .internalError)
        await attempt { try await client.send(.autocomplete) }
        simulator.failNext(with: .error(status: 403, code: "scope_insufficient"))
        await attempt { try await client.send(.autocomplete) }
        simulator.failNext(with: .rateLimited(retryAfter: 5))
        await attempt { try await client.send(.autocomplete) }
        await attempt {
            try await client.forUser(PartnerUserID(rawValue: "jane@example.com")).weightLogs.list(
                from: try JanuaryDate(Date(), in: .current), through: try JanuaryDate(Date(), in: .current))
        }
        await attempt { try await client.send(JanuaryRequest(path: "/v1.2/credits")) }
        client.signOut()
        await attempt { try await client.send(.autocomplete) }
        emitted += Self.renderings(of: client)
        emitted += Self.renderings(of: configuration)

        simulator.registerDevelopmentKey("sk-LEAKCHECK-123")
        var keyConfiguration = JanuaryPartnerClient.Configuration(baseURL: simulator.baseURL)
        keyConfiguration.transport = transport
        keyConfiguration.onEvent = events.handler
        let keyClient = try JanuaryPartnerClient(developmentAPIKey: "sk-LEAKCHECK-123", configuration: keyConfiguration)
        await attempt { try await keyClient.foods.get(id: "1001") }
        simulator.failNext(with: .tokenInvalid)
        await attempt { try await keyClient.send(.autocomplete) }
        emitted += Self.renderings(of: keyClient)
        try await events.waitForEvents(of: .tokenCacheCleared)
        emitted += events.events.flatMap { Self.renderings(of: $0) }
        emitted += transport.renderings

        let secrets = issued.withLock { $0 } + ["sk-LEAKCHECK-123"]
        #expect(secrets.count >= 4, "the session should have used several tokens")
        #expect(events.events.count >= 6)
        #expect(transport.renderings.count >= 40)
        for secret in secrets {
            let leaks = emitted.filter { $0.contains(secret) }
            #expect(
                leaks.isEmpty,
                "secret found in \(leaks.count) renderings: \(leaks.first.map { String($0.prefix(200)) } ?? "")"
            )
        }
        #expect(transport.renderings.contains { $0.contains("<redacted>") })
        // The server did receive them: the scan would have found them had the SDK printed them.
        #expect(
            simulator.server.receivedRequests.contains {
                $0.value(forHeader: "Authorization")?.contains(secrets[0]) == true
            }
        )
    }
}
