import Foundation

/// An offline stand-in for January's Partner API v1.2 and for a partner backend's token endpoint, served from
/// a ``LoopbackHTTPServer``.
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
public final class JanuaryAPISimulator: Sendable {
    /// The path of the stand-in partner backend's token endpoint. `POST` with an optional JSON body
    /// `{"end_user_id"?, "scopes"?, "ttl_seconds"?}` answers `201` with January's `ClientToken` body
    /// `{"token", "expires_in", "expires_at", "end_user_id", "scopes"}`.
    public static let partnerBackendTokenPath = "/partner-backend/january-token"

    /// The end user that tokens are bound to when a test does not name one, until ``defaultEndUserID`` is set.
    public static let defaultEndUserID = "simulated-end-user"

    /// The loopback server the simulator answers on.
    public let server: LoopbackHTTPServer

    /// How long a token minted without an explicit lifetime is accepted, in seconds.
    public let tokenLifetime: TimeInterval

    let now: @Sendable () -> Date
    let books = LockedValue(SimulatorBooks())

    /// Starts a simulator on an ephemeral loopback port.
    ///
    /// - Parameters:
    ///   - tokenLifetime: How long a token minted without an explicit lifetime is accepted, in seconds;
    ///     an hour by default.
    ///   - now: The simulator's clock. Expiry, `Date` headers, default timestamps and "today" all read it; pass
    ///     a manual clock's time in tests instead of sleeping.
    /// - Throws: ``LoopbackHTTPServerError`` if the server cannot listen.
    public init(tokenLifetime: TimeInterval = 3600, now: @escaping @Sendable () -> Date = { Date() }) throws {
        self.tokenLifetime = tokenLifetime
        self.now = now
        self.server = try LoopbackHTTPServer()
        let engine = SimulatorEngine(books: books, now: now, tokenLifetime: tokenLifetime)
        server.setHandler { request in
            engine.respond(to: request)
        }
    }

    deinit {
        server.shutdown()
    }

    /// The simulated API's base URL, such as `http://127.0.0.1:54321`; paths start with `/v1.2/`.
    public var baseURL: URL {
        server.baseURL
    }

    /// The full URL of the partner-backend token endpoint.
    public var partnerBackendTokenURL: URL {
        server.baseURL.appendingPathComponent(String(Self.partnerBackendTokenPath.dropFirst()))
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
