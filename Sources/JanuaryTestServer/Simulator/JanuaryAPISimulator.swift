import Foundation

/// A stand-in for January's API and for a partner's token endpoint, served from a ``LoopbackHTTPServer``.
///
/// Use it to exercise a whole integration without a network: your token provider asks the simulator's
/// partner-backend endpoint (or ``mintToken()``) for a token, and the simulated API accepts it until it
/// expires, then answers as January does, `401` with `WWW-Authenticate: Bearer error="invalid_token"`.
///
/// ```swift
/// let simulator = try JanuaryAPISimulator(tokenLifetime: 120)
/// var configuration = JanuaryPartnerClient.Configuration(baseURL: simulator.baseURL)
/// let january = try JanuaryPartnerClient(clientTokenProvider: {
///     let token = simulator.mintToken()
///     return JanuaryClientToken(value: token.value, expiresAt: token.expiresAt)
/// }, configuration: configuration)
/// ```
///
/// Every API request is answered `200` with a small JSON echo (`method`, `path`, `partnerUserID`), and every
/// response carries an `X-January-API-Request-ID`. Script other answers with ``server``'s
/// ``LoopbackHTTPServer/enqueue(_:)``, which takes precedence.
public final class JanuaryAPISimulator: Sendable {
    /// A token the stand-in partner backend obtained from the simulated January.
    public struct IssuedToken: Sendable, Hashable {
        /// The access token to send as `Authorization: Bearer <value>`.
        public let value: String
        /// When the simulated January stops accepting it.
        public let expiresAt: Date
    }

    /// What the simulator has seen and done so far.
    public struct Statistics: Sendable, Hashable {
        /// Tokens minted, through ``mintToken()`` or the partner-backend endpoint.
        public var tokensIssued = 0
        /// API requests answered `200`.
        public var requestsAccepted = 0
        /// API requests answered `401` with `error="invalid_token"`.
        public var tokensRejected = 0
        /// API requests that carried no `Authorization` header at all.
        public var requestsWithoutCredential = 0
    }

    /// The path of the stand-in partner backend's token endpoint: `POST` returns
    /// `{"accessToken": "...", "expiresAt": "<ISO 8601>"}`.
    public static let partnerBackendTokenPath = "/partner-backend/january-token"

    /// The loopback server the simulator answers on.
    public let server: LoopbackHTTPServer

    private let tokenLifetime: TimeInterval
    private let now: @Sendable () -> Date
    private let state = SimulatorState()

    /// Starts a simulator on an ephemeral loopback port.
    ///
    /// - Parameters:
    ///   - tokenLifetime: How long a minted token is accepted, in seconds. Defaults to an hour.
    ///   - now: The simulator's idea of the current time; pass a manual clock's time in tests.
    /// - Throws: A `POSIXError` if the server cannot listen.
    public init(tokenLifetime: TimeInterval = 3600, now: @escaping @Sendable () -> Date = { Date() }) throws {
        self.tokenLifetime = tokenLifetime
        self.now = now
        self.server = try LoopbackHTTPServer()
        server.setHandler { [state, now, tokenLifetime] request in
            Self.respond(to: request, state: state, now: now, tokenLifetime: tokenLifetime)
        }
    }

    deinit {
        server.shutdown()
    }

    /// The simulated API's base URL, such as `http://127.0.0.1:54321`.
    public var baseURL: URL {
        server.baseURL
    }

    /// The full URL of the partner-backend token endpoint.
    public var partnerBackendTokenURL: URL {
        server.baseURL.appendingPathComponent(String(Self.partnerBackendTokenPath.dropFirst()))
    }

    /// Mints a token as a partner backend would obtain one from January.
    ///
    /// - Returns: A new token, valid for the simulator's token lifetime from now.
    public func mintToken() -> IssuedToken {
        state.mint(expiresAt: now().addingTimeInterval(tokenLifetime))
    }

    /// Accepts `key` as a development API key from now on.
    ///
    /// - Parameter key: The key, exactly as the client will send it.
    public func registerDevelopmentKey(_ key: String) {
        state.register(key: key)
    }

    /// Makes every token minted so far invalid, as if January had revoked them; later requests that carry
    /// one get `invalid_token`.
    public func revokeIssuedTokens() {
        state.revokeAll()
    }

    /// What the simulator has counted so far.
    public var statistics: Statistics {
        state.statistics
    }

    private static func respond(
        to request: RecordedRequest,
        state: SimulatorState,
        now: @Sendable () -> Date,
        tokenLifetime: TimeInterval
    ) -> ScriptedResponse {
        let requestID = state.nextRequestID()
        let idField = HeaderField(name: "X-January-API-Request-ID", value: requestID)
        if request.path == partnerBackendTokenPath {
            let token = state.mint(expiresAt: now().addingTimeInterval(tokenLifetime))
            let expiry = token.expiresAt.formatted(.iso8601)
            return .json(#"{"accessToken":"\#(token.value)","expiresAt":"\#(expiry)"}"#, headerFields: [idField])
        }
        guard let authorization = request.value(forHeader: "Authorization") else {
            state.record(.withoutCredential)
            return .json(
                #"{"error":"unauthorized"}"#,
                status: 401,
                headerFields: [idField, HeaderField(name: "WWW-Authenticate", value: #"Bearer realm="january""#)]
            )
        }
        let credential = authorization.hasPrefix("Bearer ") ? String(authorization.dropFirst(7)) : ""
        switch state.verdict(on: credential, at: now()) {
        case .accepted:
            state.record(.accepted)
            let userID = request.value(forHeader: "X-January-Partner-User-ID").map { "\"\($0)\"" } ?? "null"
            return .json(
                #"{"method":"\#(request.method)","path":"\#(request.path)","partnerUserID":\#(userID)}"#,
                headerFields: [idField]
            )
        case .rejected(let reason):
            state.record(.rejected)
            let challenge = #"Bearer realm="january", error="invalid_token", error_description="\#(reason)""#
            return .json(
                #"{"error":"invalid_token"}"#,
                status: 401,
                headerFields: [idField, HeaderField(name: "WWW-Authenticate", value: challenge)]
            )
        }
    }
}
