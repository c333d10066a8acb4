import Foundation
import JanuaryCore
import JanuaryPartnerSDK
import JanuaryTestServer
import JanuaryTestSupport

/// A token provider backed by the simulator that counts its calls.
final class CountingProvider: Sendable {
    private let calls = Locked(0)
    private let mint: @Sendable () async throws -> JanuaryClientToken

    init(_ mint: @escaping @Sendable () async throws -> JanuaryClientToken) {
        self.mint = mint
    }

    convenience init(simulator: JanuaryAPISimulator) {
        self.init {
            let token = simulator.mintToken()
            return JanuaryClientToken(value: token.value, expiresAt: token.expiresAt)
        }
    }

    var callCount: Int {
        calls.withLock { $0 }
    }

    func callAsFunction() async throws -> JanuaryClientToken {
        calls.withLock { $0 += 1 }
        return try await mint()
    }
}

/// Collects events from the client's callback.
final class EventLog: Sendable {
    private let events = Locked<[JanuaryTokenEvent]>([])

    func record(_ event: JanuaryTokenEvent) {
        events.withLock { $0.append(event) }
    }

    func count(of kind: JanuaryTokenEvent.Kind) -> Int {
        events.withLock { $0.filter { $0.kind == kind }.count }
    }

    var all: [JanuaryTokenEvent] {
        events.withLock { $0 }
    }
}

/// A client wired to a simulator, a manual clock and an event log.
struct Harness {
    let simulator: JanuaryAPISimulator
    let clock: ManualClock
    let provider: CountingProvider
    let events = EventLog()
    let client: JanuaryPartnerClient

    init(
        tokenLifetime: TimeInterval = 3600,
        provider makeProvider: ((JanuaryAPISimulator) -> CountingProvider)? = nil,
        configure: (inout JanuaryPartnerClient.Configuration) -> Void = { _ in }
    ) throws {
        let clock = ManualClock()
        let simulator = try JanuaryAPISimulator(tokenLifetime: tokenLifetime, now: { clock.now() })
        let provider = makeProvider?(simulator) ?? CountingProvider(simulator: simulator)
        var configuration = JanuaryPartnerClient.Configuration(baseURL: simulator.baseURL)
        configuration.clock = clock
        configuration.onEvent = { [events] in events.record($0) }
        configure(&configuration)
        self.simulator = simulator
        self.clock = clock
        self.provider = provider
        self.client = try JanuaryPartnerClient(clientTokenProvider: { try await provider() }, configuration: configuration)
    }

    var server: LoopbackHTTPServer {
        simulator.server
    }

    /// The bearer credentials the server received, in order.
    var credentialsSeen: [String?] {
        server.receivedRequests.map { $0.value(forHeader: "Authorization") }
    }
}

extension JanuaryRequest {
    static let ping = JanuaryRequest(path: "/v1/ping")
}
