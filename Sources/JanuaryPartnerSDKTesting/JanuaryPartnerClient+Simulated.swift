import Foundation
import JanuaryPartnerSDK
import JanuaryTestServer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension JanuaryPartnerClient {
    /// A client whose January is `simulator`, answering in this process: for tests and SwiftUI previews, with
    /// no socket, no backend and no network.
    ///
    /// Its token provider stands in for your backend: the simulator mints a client token for `user` with
    /// `scopes` (``/JanuaryTestServer/JanuaryAPISimulator/mintToken(endUserID:scopes:lifetime:)``), so refresh, expiry, revocation
    /// and every other token rule run as in production. While the simulator's partner backend has scripted answers
    /// (``/JanuaryTestServer/JanuaryAPISimulator/failNextPartnerBackendRequests(_:with:)``), the provider asks that
    /// backend instead, as `JanuaryPartnerClient(tokenEndpoint:configuration:)` would, so `.refuse` gives
    /// `partnerBackendRefused` here too. Requests go through a ``SimulatorTransport`` on `clock`,
    /// to ``SimulatorTransport/baseURL``; everything else is the client's own (validation, retries, error
    /// mapping).
    ///
    /// ```swift
    /// let clock = ManualClock()
    /// let simulator = JanuaryAPISimulator.inProcess(now: { clock.now() })
    /// let user = PartnerUserID(rawValue: "user-42")
    /// let january = try JanuaryPartnerClient.simulated(simulator, user: user, clock: clock)
    /// let banana = try await january.foods.get(id: "1001")
    /// ```
    ///
    /// In a SwiftUI preview, the defaults do: `try JanuaryPartnerClient.simulated(.inProcess())` acts for the
    /// simulator's default end user on the system clock.
    ///
    /// - Parameters:
    ///   - simulator: The simulator that answers; ``/JanuaryTestServer/JanuaryAPISimulator/inProcess(tokenLifetime:now:)`` opens no
    ///     socket.
    ///   - user: The end user the tokens are bound to; the simulator's
    ///     ``/JanuaryTestServer/JanuaryAPISimulator/defaultEndUserID-swift.property`` when `nil`. Use the same identifier with
    ///     ``JanuaryPartnerClient/forUser(_:timeZone:)``; it must pass `PartnerUserID.validate()`, as there.
    ///   - scopes: The scopes the tokens grant; all ten when `nil`.
    ///   - clock: The client's clock, which also runs scripted delays; give the simulator the same clock's time.
    ///     The system clock by default.
    ///   - configure: Further changes to the configuration, such as `onEvent` or `retryPolicy`. Leave `baseURL`,
    ///     `transport` and `clock` as they are.
    /// - Returns: The client.
    /// - Throws: `JanuaryError` of category `invalidInput` when `user` is not a valid ``/JanuaryCore/PartnerUserID``
    ///   (code `invalid_end_user_id`, such as an email address) or `configure` leaves the configuration invalid.
    public static func simulated(
        _ simulator: JanuaryAPISimulator,
        user: PartnerUserID? = nil,
        scopes: [JanuaryAPISimulator.Scope]? = nil,
        clock: any JanuaryClock = SystemJanuaryClock(),
        configure: (inout Configuration) -> Void = { _ in }
    ) throws -> JanuaryPartnerClient {
        // Refused here, before a token is minted for it, as every other operation that takes a user refuses it.
        try user?.validate()
        let user = user?.rawValue
        var configuration = Configuration(baseURL: SimulatorTransport.baseURL)
        configuration.clock = clock
        // The in-process mint answers at once, so a provider deadline would only add a sleeper to the test's manual
        // clock that the test never asked for, and `waitForSleepers(1)` could return for it instead of the delay the
        // test scripted. A partner's `configure` may still set one.
        configuration.tokenProviderTimeout = .infinity
        configure(&configuration)
        let transport = SimulatorTransport(simulator, clock: clock, timeout: configuration.requestTimeout)
        configuration.transport = transport
        let backend = TokenEndpoint(
            makeRequest: { try Self.partnerBackendRequest(user: user, scopes: scopes) },
            timeout: configuration.tokenProviderTimeout,
            transport: transport
        )
        return try JanuaryPartnerClient(
            clientTokenProvider: {
                if simulator.hasPendingPartnerBackendFailures {
                    return try await backend.fetch()
                }
                let token = simulator.mintToken(endUserID: user, scopes: scopes)
                return JanuaryClientToken(value: token.value, expiresIn: TimeInterval(token.expiresIn))
            },
            configuration: configuration
        )
    }

    /// A client whose January is `simulator`, for a user named by a plain string.
    ///
    /// Every other operation that acts for a user takes a ``/JanuaryCore/PartnerUserID``; pass one to the
    /// `simulated` that takes `user: PartnerUserID?`, as in `user: PartnerUserID(rawValue: "user-42")`. This
    /// form forwards to it unchanged.
    ///
    /// - Parameters:
    ///   - simulator: The simulator that answers.
    ///   - user: The end user the tokens are bound to; the simulator's default end user when `nil`.
    ///   - scopes: The scopes the tokens grant; all ten when `nil`.
    ///   - clock: The client's clock; the system clock by default.
    ///   - configure: Further changes to the configuration.
    /// - Returns: The client.
    /// - Throws: What the `simulated` that takes `user: PartnerUserID?` throws.
    @available(*, deprecated, message: "Pass the user as a PartnerUserID: user: PartnerUserID(rawValue: id)")
    @_disfavoredOverload
    public static func simulated(
        _ simulator: JanuaryAPISimulator,
        user: String?,
        scopes: [JanuaryAPISimulator.Scope]? = nil,
        clock: any JanuaryClock = SystemJanuaryClock(),
        configure: (inout Configuration) -> Void = { _ in }
    ) throws -> JanuaryPartnerClient {
        // Disfavoured so that `user: nil`, which both forms accept, picks the PartnerUserID form instead of being
        // ambiguous; a string (literal or variable) still reaches this one, with the deprecation warning.
        try simulated(
            simulator,
            user: user.map(PartnerUserID.init(rawValue:)),
            scopes: scopes,
            clock: clock,
            configure: configure
        )
    }

    /// The request a `simulated` client sends the simulator's partner backend for a token of `user` with `scopes`.
    private static func partnerBackendRequest(user: String?, scopes: [JanuaryAPISimulator.Scope]?) throws -> URLRequest
    {
        var request = URLRequest(url: SimulatorTransport.partnerBackendTokenURL)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = try JanuaryJSON.encode(PartnerBackendBody(endUserID: user, scopes: scopes?.map(\.rawValue)))
        return request
    }

    /// The partner backend's optional body: whom the token is for and what it may do.
    private struct PartnerBackendBody: Encodable {
        let endUserID: String?
        let scopes: [String]?

        enum CodingKeys: String, CodingKey {
            case endUserID = "end_user_id"
            case scopes
        }
    }
}
