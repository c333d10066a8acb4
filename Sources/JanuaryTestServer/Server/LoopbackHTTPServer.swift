// The loopback server is compiled out on watchOS, which does not let apps open BSD sockets (Apple TN3135): tests
// there use the in-process simulator. JANUARY_NO_LOOPBACK_SERVER builds the same shape elsewhere, so that
// Scripts/apple-typecheck.sh can check it without a watchOS SDK.
#if !os(watchOS) && !JANUARY_NO_LOOPBACK_SERVER
import Foundation

/// A small HTTP/1.1 server on `127.0.0.1` for tests: it answers from a script and records every request.
///
/// Each server listens on its own ephemeral port, so tests can run in parallel, and two servers are two
/// different origins (handy for redirect tests). It needs nothing but the toolchain: BSD sockets and one thread
/// per connection, so a slow or delayed answer never holds up another connection.
///
/// ```swift
/// #if canImport(FoundationNetworking)
/// import FoundationNetworking
/// #endif
///
/// let server = try LoopbackHTTPServer()
/// defer { server.shutdown() }
///
/// server.enqueue(.json(#"{"id":1}"#))  // served first, in order
/// server.setHandler { request in  // then this answers everything else
///     request.path == "/health" ? .text("ok") : .text("missing", status: 404)
/// }
///
/// let (data, _) = try await URLSession.shared.data(from: server.baseURL.appendingPathComponent("v1/items"))
/// #expect(server.receivedRequests.map(\.path) == ["/v1/items"])
/// ```
///
/// What it speaks (RFC 9112): persistent connections with several requests each; request bodies framed by
/// `Content-Length` or the chunked transfer coding; `Expect: 100-continue`, answered with `100 Continue`;
/// responses always framed by `Content-Length`. Malformed requests get `400` (or `431`, `413`, `505`) and the
/// connection is closed; they are not recorded. It does not speak TLS, HTTP/2 or pipelining beyond reading
/// requests in order.
///
/// Answers come first from the queue filled by ``enqueue(_:)``, oldest first, then from the handler; without
/// a handler every request gets `404`.
///
/// The server stops on ``shutdown()`` or when the last reference to it goes away.
public final class LoopbackHTTPServer: Sendable {
    /// Answers a request that the queue does not. It may suspend; other connections are served meanwhile.
    public typealias Handler = @Sendable (RecordedRequest) async -> ScriptedResponse

    private let core: ServerCore

    /// Starts a server on `127.0.0.1` with a port the system chooses, accepting at once.
    ///
    /// - Parameter handler: Answers requests when the queue is empty; `nil` answers `404`.
    /// - Throws: ``LoopbackHTTPServerError`` if the socket cannot be opened, bound or listened on.
    public init(handler: Handler? = nil) throws {
        core = try ServerCore(handler: handler)
    }

    deinit {
        core.shutdown()
    }

    /// The port the server listens on; it stays the same after shutdown.
    public var port: Int {
        core.port
    }

    /// `http://127.0.0.1:<port>`, with no trailing slash.
    public var baseURL: URL {
        // A literal IPv4 address and a number cannot make an invalid URL.
        URL(string: "http://127.0.0.1:\(core.port)")!
    }

    /// Replaces the handler that answers requests when the queue is empty.
    ///
    /// - Parameter handler: The new handler; requests already being answered keep the old one.
    public func setHandler(_ handler: @escaping Handler) {
        core.setHandler(handler)
    }

    /// Adds responses to the queue. Each request takes the oldest queued response, before the handler is asked.
    ///
    /// - Parameter responses: The responses, in the order they are to be served.
    public func enqueue(_ responses: ScriptedResponse...) {
        core.enqueue(responses)
    }

    /// The requests received so far, in the order their bodies finished arriving: the most recent
    /// ``receivedRequestLimit`` of them.
    public var receivedRequests: [RecordedRequest] {
        core.receivedRequests
    }

    /// How many of the most recent requests ``receivedRequests`` keeps: 1,000 by default, 0 keeps none. Lowering
    /// it forgets the older ones at once, so that a long soak test does not grow without bound.
    public var receivedRequestLimit: Int {
        get { core.receivedRequestLimit }
        set { core.receivedRequestLimit = newValue }
    }

    /// Forgets the requests received so far.
    public func clearReceivedRequests() {
        core.clearReceivedRequests()
    }

    /// Stops the server: once it returns, the port refuses connections, and every open connection and pending
    /// delay ends. On Linux it does not wait for the server's own thread, which closes the listening socket moments
    /// later, so calling it from a task (or dropping the last reference there) never blocks one of the threads
    /// every task shares; on Apple platforms it waits for that thread to close it. Calling it again does nothing.
    ///
    /// A handler that is still running finishes, but its answer is not sent.
    public func shutdown() {
        core.shutdown()
    }
}

/// Why a ``LoopbackHTTPServer`` could not start: the socket call that failed and the `errno` it set.
public struct LoopbackHTTPServerError: Error, Sendable, CustomStringConvertible {
    /// The failing call, such as `bind`.
    public let operation: String

    /// The `errno` value the call set.
    public let code: Int32

    /// A summary such as `LoopbackHTTPServer: bind failed (errno 98)`.
    public var description: String {
        "LoopbackHTTPServer: \(operation) failed (errno \(code))"
    }
}
#endif
