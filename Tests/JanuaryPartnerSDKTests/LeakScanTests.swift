import Foundation
import JanuaryCore
import JanuaryPartnerSDK
import JanuaryTestServer
import JanuaryTestSupport
import JanuaryTransport
import Testing

/// Everything a transport saw, rendered every way Swift renders values.
final class RenderingTransport: HTTPTransport {
    private let inner: any HTTPTransport
    private let texts = Locked<[String]>([])

    init(_ inner: any HTTPTransport) {
        self.inner = inner
    }

    var renderings: [String] {
        texts.withLock { $0 }
    }

    func record(_ value: Any) {
        texts.withLock { $0 += LeakScanTests.renderings(of: value) }
    }

    func send(_ request: HTTPTransportRequest) async throws -> HTTPTransportResponse {
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

@Suite("Leak scan: no token or key in anything the SDK emits")
struct LeakScanTests {
    static func renderings(of value: Any) -> [String] {
        var dumped = ""
        dump(value, to: &dumped)
        return [String(describing: value), String(reflecting: value), "\(value)", dumped]
    }

    @Test("a whole scripted session emits neither the token nor the key anywhere")
    func scriptedSessionLeaksNothing() async throws {
        let clock = ManualClock()
        let simulator = try JanuaryAPISimulator(tokenLifetime: 600, now: { clock.now() })
        let issued = Locked<[String]>([])
        let events = EventLog()
        let transport = RenderingTransport(URLSessionHTTPTransport())
        var configuration = JanuaryPartnerClient.Configuration(baseURL: simulator.baseURL)
        configuration.clock = clock
        configuration.transport = transport
        configuration.onEvent = { events.record($0) }
        let client = try JanuaryPartnerClient(
            clientTokenProvider: {
                let token = simulator.mintToken()
                issued.withLock { $0.append(token.value) }
                return JanuaryClientToken(value: token.value, expiresAt: token.expiresAt)
            },
            configuration: configuration
        )
        var emitted: [String] = []
        func attempt(_ request: JanuaryRequest) async {
            do {
                emitted += Self.renderings(of: try await client.send(request))
            } catch {
                emitted += Self.renderings(of: error)
            }
        }
        await attempt(.ping)
        clock.advance(by: 590)  // stale: refreshed before sending
        await attempt(.ping)
        simulator.revokeIssuedTokens()  // invalid_token, refresh, retry
        await attempt(JanuaryRequest(method: .post, path: "/v1/meals", body: .data(Data("{}".utf8))))
        simulator.revokeIssuedTokens()
        await attempt(
            JanuaryRequest(method: .post, path: "/v1/upload", body: .stream(InputStream(data: Data("x".utf8)))))
        simulator.server.enqueue(ScriptedResponse(status: 500), ScriptedResponse(status: 403))
        await attempt(.ping)
        await attempt(.ping)
        await attempt(JanuaryRequest(path: "/v1/ping", partnerUserID: PartnerUserID(rawValue: "jane@example.com")))
        emitted += Self.renderings(of: client)
        emitted += Self.renderings(of: configuration)

        let keyClient = try JanuaryPartnerClient(
            developmentAPIKey: "jan_dev_LEAKCHECK_123",
            configuration: { () -> JanuaryPartnerClient.Configuration in
                var keyConfiguration = JanuaryPartnerClient.Configuration(baseURL: simulator.baseURL)
                keyConfiguration.transport = transport
                keyConfiguration.onEvent = { events.record($0) }
                return keyConfiguration
            }()
        )
        do {
            _ = try await keyClient.send(.ping)
        } catch {
            emitted += Self.renderings(of: error)
        }
        emitted += Self.renderings(of: keyClient)
        emitted += events.all.flatMap { Self.renderings(of: $0) }
        emitted += transport.renderings

        let secrets = issued.withLock { $0 } + ["jan_dev_LEAKCHECK_123"]
        #expect(secrets.count >= 4, "the session should have used several tokens")
        #expect(events.all.count >= 6)
        #expect(transport.renderings.count >= 40)
        for secret in secrets {
            let leaks = emitted.filter { $0.contains(secret) }
            #expect(
                leaks.isEmpty,
                "secret found in \(leaks.count) renderings: \(leaks.first.map { String($0.prefix(200)) } ?? "")")
        }
        #expect(transport.renderings.contains { $0.contains("<redacted>") })
        // The server did receive them: the scan would have found them had the SDK printed them.
        #expect(
            simulator.server.receivedRequests.contains {
                $0.value(forHeader: "Authorization")?.contains(secrets[0]) == true
            })
    }
}
