import Foundation

// The loopback side of the simulator: a socket that serves the same engine to a real URLSession. watchOS does not
// let apps open BSD sockets (Apple TN3135), so there it is compiled out and tests use the in-process simulator;
// JANUARY_NO_LOOPBACK_SERVER builds that shape elsewhere, for Scripts/apple-typecheck.sh.
#if !os(watchOS) && !JANUARY_NO_LOOPBACK_SERVER
extension JanuaryAPISimulator {
    /// Starts a simulator on an ephemeral loopback port.
    ///
    /// - Parameters:
    ///   - tokenLifetime: How long a token minted without an explicit lifetime is accepted, in seconds;
    ///     an hour by default.
    ///   - now: The simulator's clock. Expiry, `Date` headers, default timestamps and "today" all read it; pass
    ///     a manual clock's time in tests instead of sleeping.
    /// - Throws: ``LoopbackHTTPServerError`` if the server cannot listen.
    public convenience init(tokenLifetime: TimeInterval = 3600, now: @escaping @Sendable () -> Date = { Date() }) throws
    {
        self.init(tokenLifetime: tokenLifetime, clock: now)
        _ = try startLoopback()
    }

    /// The loopback server the simulator answers on.
    ///
    /// An in-process simulator starts one on first use; if the socket cannot be opened then, that is a
    /// programming error in the test (create the simulator with ``init(tokenLifetime:now:)`` to handle it).
    public var server: LoopbackHTTPServer {
        do {
            return try startLoopback()
        } catch {
            preconditionFailure("JanuaryAPISimulator could not open its loopback server: \(error)")
        }
    }

    /// The simulated API's base URL, such as `http://127.0.0.1:54321`; paths start with `/v1.2/`.
    public var baseURL: URL {
        server.baseURL
    }

    /// The full URL of the partner-backend token endpoint.
    public var partnerBackendTokenURL: URL {
        server.baseURL.appendingPathComponent(String(Self.partnerBackendTokenPath.dropFirst()))
    }

    fileprivate func startLoopback() throws -> LoopbackHTTPServer {
        try loopback.withLock { loopback in
            if let loopback {
                return loopback
            }
            let engine = self.engine
            let server = try LoopbackHTTPServer { request in
                engine.respond(to: request)
            }
            loopback = server
            return server
        }
    }
}
#endif
