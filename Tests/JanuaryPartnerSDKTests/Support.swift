import Foundation
import JanuaryCore
import JanuaryPartnerSDK
import JanuaryTestServer
import JanuaryTestSupport

/// A token provider backed by the simulator that counts its calls.
final class CountingProvider: Sendable {
    private let calls = Locked(0)
    private let mint: @Sendable (_ call: Int) async throws -> JanuaryClientToken

    /// - Parameter mint: Makes the token for a call, given the call's number, from 1.
    init(_ mint: @escaping @Sendable (_ call: Int) async throws -> JanuaryClientToken) {
        self.mint = mint
    }

    convenience init(simulator: JanuaryAPISimulator) {
        self.init { _ in simulator.mintClientToken() }
    }

    var callCount: Int {
        calls.withLock { $0 }
    }

    func callAsFunction() async throws -> JanuaryClientToken {
        let call = calls.withLock { count in
            count += 1
            return count
        }
        return try await mint(call)
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
        provider makeProvider: ((JanuaryAPISimulator, ManualClock) -> CountingProvider)? = nil,
        configure: (inout JanuaryPartnerClient.Configuration) -> Void = { _ in }
    ) throws {
        let clock = ManualClock()
        let simulator = try JanuaryAPISimulator(tokenLifetime: tokenLifetime, now: { clock.now() })
        let provider = makeProvider?(simulator, clock) ?? CountingProvider(simulator: simulator)
        var configuration = JanuaryPartnerClient.Configuration(baseURL: simulator.baseURL)
        configuration.clock = clock
        configuration.onEvent = { [events] in events.record($0) }
        configure(&configuration)
        self.simulator = simulator
        self.clock = clock
        self.provider = provider
        self.client = try JanuaryPartnerClient(
            clientTokenProvider: { try await provider() }, configuration: configuration)
    }

    var server: LoopbackHTTPServer {
        simulator.server
    }

    /// The bearer credentials the server received, in order.
    var credentialsSeen: [String?] {
        server.receivedRequests.map { $0.value(forHeader: "Authorization") }
    }
}

extension JanuaryAPISimulator {
    /// A token minted by the simulated January, as the partner's provider returns it.
    func mintClientToken() -> JanuaryClientToken {
        let token = mintToken()
        return JanuaryClientToken(value: token.value, expiresAt: token.expiresAt)
    }
}

extension JanuaryRequest {
    static let ping = JanuaryRequest(path: "/v1/ping")
}

/// Holds tasks at `wait()` until `open()`; tests use it to keep a provider call in flight.
final class TestGate: Sendable {
    private struct State {
        var isOpen = false
        var waiters: [CheckedContinuation<Void, Never>] = []
        var arrived = 0
    }

    private let state = Locked(State())

    func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let resumeNow = state.withLock { state in
                state.arrived += 1
                if state.isOpen {
                    return true
                }
                state.waiters.append(continuation)
                return false
            }
            if resumeNow {
                continuation.resume()
            }
        }
    }

    func open() {
        let waiters = state.withLock { state in
            state.isOpen = true
            defer { state.waiters.removeAll() }
            return state.waiters
        }
        for waiter in waiters {
            waiter.resume()
        }
    }

    /// Returns once `count` tasks have reached `wait()`.
    func waitForWaiters(_ count: Int) async {
        while state.withLock({ $0.arrived }) < count {
            await Task.yield()
        }
    }
}
