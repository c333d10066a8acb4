// Our own tests' harness, which drives the loopback server: compiled out where JanuaryTestServer has none (watchOS,
// and the same shape under JANUARY_NO_LOOPBACK_SERVER), since our tests do not run there.
#if !os(watchOS) && !JANUARY_NO_LOOPBACK_SERVER
import Foundation
import JanuaryPartnerSDK
import JanuaryTestServer

/// A client wired to the v1.2 simulator over the real URLSession (or, for ``SimulatorPath/inProcess``, through
/// `SimulatorTransport`), with one manual clock for both, a provider that mints from the simulator and counts
/// its calls, and an event recorder.
package struct ClientHarness: Sendable {
    package let simulator: JanuaryAPISimulator
    package let clock: ManualClock
    package let provider: CountingProvider
    package let events = TokenEventRecorder()
    package let client: JanuaryPartnerClient
    /// Seconds the simulator's clock (its `Date` headers, token expiry, "today") is ahead of the manual clock's
    /// wall time; change it between requests to date one response wrongly.
    package let simulatorSkew: Locked<TimeInterval>

    /// The end user the provider's tokens are bound to, and the one `user` acts for.
    package static let endUserID = "user-42"

    /// Creates a client in client-token mode.
    ///
    /// - Parameters:
    ///   - tokenLifetime: The lifetime of the tokens the simulator mints.
    ///   - scopes: The scopes of the provider's tokens; all ten by default.
    ///   - provider: A provider of your own, given the simulator and the clock; by default one that mints a token
    ///     for ``endUserID`` with `scopes` and returns it with its `expires_in`.
    ///   - configure: Changes to the configuration.
    ///   - simulatorSkew: Seconds January's clock is ahead of the device's (negative: behind).
    ///   - path: Loopback HTTP (the default) or in process, with no socket.
    /// - Throws: What the simulator or the client's initializer throws.
    package init(
        tokenLifetime: TimeInterval = 3_600,
        scopes: [JanuaryAPISimulator.Scope]? = nil,
        provider: ((JanuaryAPISimulator, ManualClock) -> CountingProvider)? = nil,
        configure: (inout JanuaryPartnerClient.Configuration) -> Void = { _ in },
        simulatorSkew: TimeInterval = 0,
        path: SimulatorPath = .loopback
    ) throws {
        let clock = ManualClock()
        let skew = Locked(simulatorSkew)
        let now: @Sendable () -> Date = { clock.now().addingTimeInterval(skew.withLock { $0 }) }
        let simulator =
            path == .loopback
            ? try JanuaryAPISimulator(tokenLifetime: tokenLifetime, now: now)
            : JanuaryAPISimulator.inProcess(tokenLifetime: tokenLifetime, now: now)
        let counting =
            provider?(simulator, clock)
            ?? CountingProvider { _ in
                let token = simulator.mintToken(endUserID: Self.endUserID, scopes: scopes)
                return JanuaryClientToken(value: token.value, expiresIn: TimeInterval(token.expiresIn))
            }
        var configuration = JanuaryPartnerClient.Configuration(
            baseURL: path == .loopback ? simulator.baseURL : SimulatorTransport.baseURL
        )
        configuration.clock = clock
        configuration.onEvent = events.handler
        // The provider's timeout would arm a sleeper on the manual clock; tests that count sleepers to find
        // retry waits must see only those.
        configuration.tokenProviderTimeout = .infinity
        configure(&configuration)
        if path == .inProcess {
            configuration.transport = SimulatorTransport(simulator, clock: clock, timeout: configuration.requestTimeout)
        }
        self.simulator = simulator
        self.simulatorSkew = skew
        self.clock = clock
        self.provider = counting
        self.client = try JanuaryPartnerClient(
            clientTokenProvider: { try await counting() },
            configuration: configuration
        )
    }

    /// The loopback server under the simulator; an in-process harness's client never reaches it.
    package var server: LoopbackHTTPServer {
        simulator.server
    }

    /// The user client for ``endUserID`` in Los Angeles.
    package var user: JanuaryUserClient {
        client.forUser(PartnerUserID(rawValue: Self.endUserID), timeZone: TimeZone(identifier: "America/Los_Angeles")!)
    }

    /// The bearer credentials the server received, in order.
    package var credentialsSeen: [String?] {
        server.receivedRequests.map { $0.value(forHeader: "Authorization") }
    }

    /// What has left the client so far, for `requireRefusedLocally(outbound:)`: the requests the simulator logged,
    /// those the loopback server received, and the calls to the token provider.
    package var outbound: [String] {
        simulator.requestLog.map { "\($0.method) \($0.path) to the simulator" }
            + server.receivedRequests.map { "\($0.method) \($0.path) to the loopback server" }
            + Array(repeating: "a call to the token provider", count: provider.callCount)
    }

    /// How many requests reached the simulator (the partner-backend endpoint excluded).
    package var apiRequestCount: Int {
        simulator.requestLog.filter { $0.path != JanuaryAPISimulator.partnerBackendTokenPath }.count
    }
}

extension JanuaryRequest {
    /// A cheap authenticated GET that every token with `foods:read` may make; a read, so stated `safe`.
    package static let autocomplete = JanuaryRequest(
        path: "/v1.2/foods/autocomplete",
        queryItems: [URLQueryItem(name: "query", value: "ban")],
        replay: .safe
    )
}
#endif
