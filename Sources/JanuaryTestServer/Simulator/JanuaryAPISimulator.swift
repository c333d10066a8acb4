import Foundation

/// An offline stand-in for January's Partner API v1.2 and for a partner backend's token endpoint, answering in
/// the test's own process (``inProcess(tokenLifetime:now:)``, through `SimulatorTransport` of
/// `JanuaryPartnerSDKTesting`) or over a ``LoopbackHTTPServer`` (``init(tokenLifetime:now:)``), with the same
/// engine either way.
///
/// It answers every partner-facing operation under `/v1.2/` with the contract's paths, fields, status codes
/// and error codes: client tokens bound to an end user and scopes, API keys, a built-in food and restaurant
/// catalogue, deterministic food analysis and glucose curves, and per-user food, water and weight logs kept
/// in memory. Every response carries `x-request-id` and a `Date` header from the injected clock; every error
/// is `application/json` `{"code", "message"}`. `Docs/Simulator.md` lists what it implements and how.
///
/// ```swift
/// let clock = ManualClock()                                  // any source of `Date`
/// let simulator = try JanuaryAPISimulator(tokenLifetime: 1800, now: { clock.now() })
/// let token = simulator.mintToken(endUserID: "user-42", scopes: [.foodsRead, .foodLogsWrite])
/// simulator.failNext(with: .rateLimited(retryAfter: 2), pathPrefix: "/v1.2/foods")
/// // point the client at simulator.baseURL and send `Authorization: Bearer \(token.value)`
/// ```
///
/// Tests can add foods and restaurants, script failures (``failNext(_:with:method:pathPrefix:)``,
/// ``failNextWrites(_:afterStoringWith:method:pathPrefix:)``), revoke or expire tokens, and read the
/// ``requestLog``. ``server`` stays available for raw scripting with ``LoopbackHTTPServer/enqueue(_:)``,
/// whose queue is served before the simulator.
///
/// An in-process simulator opens no socket; asking it for ``server``, ``baseURL`` or ``partnerBackendTokenURL``
/// starts a loopback server on the same engine, so one simulator can serve both ways.
public final class JanuaryAPISimulator: Sendable {
    /// The path of the stand-in partner backend's token endpoint. `POST` with an optional JSON body
    /// `{"end_user_id"?, "scopes"?, "ttl_seconds"?}` answers `201` with January's `ClientToken` body
    /// `{"token", "expires_in", "expires_at", "end_user_id", "scopes"}`.
    public static let partnerBackendTokenPath = "/partner-backend/january-token"

    /// The end user that tokens are bound to when a test does not name one, until ``defaultEndUserID`` is set.
    public static let defaultEndUserID = "simulated-end-user"

    /// How long a token minted without an explicit lifetime is accepted, in seconds.
    public let tokenLifetime: TimeInterval

    let now: @Sendable () -> Date
    let books: LockedValue<SimulatorBooks>
    let engine: SimulatorEngine
    #if !os(watchOS) && !JANUARY_NO_LOOPBACK_SERVER
    /// The loopback server, once there is one: from the start for ``init(tokenLifetime:now:)``, on first use of
    /// ``server`` for ``inProcess(tokenLifetime:now:)``.
    let loopback = LockedValue<LoopbackHTTPServer?>(nil)
    #endif

    init(tokenLifetime: TimeInterval, clock now: @escaping @Sendable () -> Date) {
        let books = LockedValue(SimulatorBooks())
        self.tokenLifetime = tokenLifetime
        self.now = now
        self.books = books
        self.engine = SimulatorEngine(books: books, now: now, tokenLifetime: tokenLifetime)
    }

    /// A simulator that answers in the test's own process and opens no socket: for app tests, SwiftUI previews
    /// and anywhere plain-http loopback is unwelcome (App Transport Security) or a socket is too slow.
    ///
    /// Hand it to `JanuaryPartnerClient.simulated(_:user:scopes:clock:configure:)` or to a `SimulatorTransport`,
    /// both in `JanuaryPartnerSDKTesting`. It behaves exactly as the loopback simulator: the same engine
    /// answers, with the same headers, errors, scripted failures, delays and request log.
    ///
    /// ```swift
    /// let clock = ManualClock()
    /// let simulator = JanuaryAPISimulator.inProcess(now: { clock.now() })
    /// let user = PartnerUserID(rawValue: "user-42")
    /// let january = try JanuaryPartnerClient.simulated(simulator, user: user, clock: clock)
    /// ```
    ///
    /// - Parameters:
    ///   - tokenLifetime: How long a token minted without an explicit lifetime is accepted, in seconds;
    ///     an hour by default.
    ///   - now: The simulator's clock, as for ``init(tokenLifetime:now:)``.
    /// - Returns: The simulator.
    public static func inProcess(
        tokenLifetime: TimeInterval = 3600,
        now: @escaping @Sendable () -> Date = { Date() }
    ) -> JanuaryAPISimulator {
        JanuaryAPISimulator(tokenLifetime: tokenLifetime, clock: now)
    }

    #if !os(watchOS) && !JANUARY_NO_LOOPBACK_SERVER
    deinit {
        loopback.withLock { $0 }?.shutdown()
    }
    #endif

    /// Answers one request in process, through the same engine as the loopback server: the entry point of
    /// `SimulatorTransport`.
    ///
    /// - Parameters:
    ///   - method: The request method, such as `GET`.
    ///   - target: The path and query, still percent-encoded, such as `/v1.2/foods?query=banana`.
    ///   - headerFields: The header fields, in order.
    ///   - body: The request content.
    /// - Returns: What the simulator does with the request.
    package func answer(
        method: String,
        target: String,
        headerFields: [HeaderField],
        body: Data
    ) -> SimulatorAnswer {
        engine.answer(to: RecordedRequest(method: method, target: target, headerFields: headerFields, body: body))
    }

    /// The end user that ``mintToken(endUserID:scopes:lifetime:)`` and the partner-backend endpoint bind tokens
    /// to when none is named; ``defaultEndUserID-swift.type.property`` until set.
    public var defaultEndUserID: String {
        get { books.withLock { $0.defaultEndUserID } }
        set { books.withLock { $0.defaultEndUserID = newValue } }
    }

    /// What the simulator has counted so far.
    public var statistics: Statistics {
        books.withLock { $0.statistics }
    }

    /// The requests the simulator answered, in the order it answered them: the most recent ``requestLogLimit``.
    ///
    /// Requests answered from ``LoopbackHTTPServer/enqueue(_:)`` are not here; ``server``'s
    /// ``LoopbackHTTPServer/receivedRequests`` has those too. ``statistics`` counts every request, however many
    /// the log keeps.
    public var requestLog: [RequestLogEntry] {
        books.withLock { $0.requestLog.recent }
    }

    /// How many of the most recent requests ``requestLog`` keeps: 1,000 by default, 0 keeps none. Lowering it
    /// forgets the older entries at once. A long soak test stays bounded in memory with the default.
    public var requestLogLimit: Int {
        get { books.withLock { $0.requestLog.limit } }
        set { books.withLock { $0.requestLog.limit = newValue } }
    }

    /// Forgets the request log (the statistics stay).
    public func clearRequestLog() {
        books.withLock { $0.requestLog.removeAll() }
    }
}

extension JanuaryAPISimulator {
    /// What the simulator has seen and done so far.
    public struct Statistics: Sendable, Hashable {
        /// Client tokens minted, through ``JanuaryAPISimulator/mintToken(endUserID:scopes:lifetime:)``, the
        /// partner-backend endpoint or `POST /v1.2/auth/client-tokens`.
        public var tokensIssued = 0
        /// API requests whose credential was accepted (authenticated and authorized), whatever they answered
        /// after that.
        public var requestsAccepted = 0
        /// API requests answered `401` with a token code (`token_expired`, `token_invalid`, `token_revoked`),
        /// scripted ones included.
        public var tokensRejected = 0
        /// API requests that reached authentication without an `Authorization` header (a scripted failure
        /// answered before authentication is not counted here).
        public var requestsWithoutCredential = 0
        /// Every request received, the partner-backend endpoint included.
        public var requestsReceived = 0
        /// Requests answered by a scripted failure.
        public var scriptedFailuresServed = 0
    }
}
