import Foundation
import JanuaryCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The ``JanuaryHTTPTransport`` the SDK uses: URLSession with nothing persisted and credentials kept where they belong.
///
/// Each transport owns a private URLSession built from a copy of the configuration you pass, with credential
/// storage, cookie storage and the URL cache turned off, so no token, cookie or response is written anywhere.
/// ``shutdown()`` (or releasing the transport) invalidates the session and cancels what is in flight.
///
/// What it refuses, with ``/JanuaryCore/JanuaryError/Category/invalidInput`` and before any I/O:
/// - a URL that is not absolute `http`/`https`, or that has a user name or password in it;
/// - `Authorization` or `Proxy-Authorization` over plain `http` to a host that is not loopback
///   (`127.0.0.0/8`, `::1`, `localhost`), so a credential never travels in cleartext;
/// - a method or field name that is not a token, or a field value with CR, LF or another control character;
/// - a body on `GET` or `HEAD`, which URLSession on Linux cannot send;
/// - every request, with code `background_session_unsupported`, when the configuration is a background one (its
///   `identifier` is set): Apple's background sessions never ask the delegate about redirects, so the rules
///   below could not be kept.
///
/// Redirects are followed as URLSession proposes them, with these rules:
/// - **Same origin** (scheme, host and port equal to the original request's): followed with `Authorization`.
/// - **Another origin**: followed **without** `Authorization` and `Proxy-Authorization`, and once a chain has
///   left the original origin no later hop carries them, even back on it. A credential is for January's
///   origin only; following (rather than stopping) keeps public, unauthenticated redirects such as a CDN
///   working, and a server that needs the credential answers 401, which the caller sees.
/// - **https to http**: never followed, credential or not; the 3xx response itself is returned.
/// - A cleartext hop to a host that is not loopback never carries a credential.
/// - A request the SDK sends to a partner's token endpoint carries the partner's own session fields, which these
///   rules cannot tell apart from others: it follows no redirect to another origin at all, on whichever
///   transport the client has.
///
/// Authentication challenges other than server trust are declined, so a 401 (even one that also offers
/// `Basic realm="…"`, which made URLSession on Linux wait forever for a credential) is delivered as a response
/// for the SDK to act on. Server trust gets the system's default evaluation.
///
/// A response body larger than ``maximumResponseBodySize`` fails the request with
/// ``/JanuaryCore/JanuaryError/Category/network`` (code `response_too_large`) instead of growing without bound.
///
/// A response whose body is framed by `Content-Length` alone (no transfer or content coding) is returned as soon as
/// its last byte arrives, without waiting for URLSession to report the task complete; any other is returned when
/// the task completes.
///
/// Cancelling the calling task cancels the URLSession task and throws `CancellationError` at once.
public final class URLSessionHTTPTransport: JanuaryHTTPTransport, CheckedHTTPTransport {
    /// The largest response body accepted unless told otherwise: 16 MiB, far above any January answer.
    public static let defaultMaximumResponseBodySize = 16 * 1024 * 1024

    /// The largest response body, in bytes, this transport accepts.
    public let maximumResponseBodySize: Int

    private struct State {
        var isShutDown = false
        /// Sessions made for one request each (see ``needsFreshConnection(_:body:)``), to cancel them on shutdown.
        var writeSessions: [ObjectIdentifier: URLSession] = [:]
    }

    private let session: URLSession
    private let delegate: SessionDelegate
    /// Where the URLSession calls that can wait are made, off the cooperative threads.
    private let calls = SessionCallQueue()
    private let configuration: URLSessionConfiguration
    private let state = Locked(State())
    /// Why every request fails, when the configuration passed in could not be used.
    private let refusal: JanuaryError?

    /// Creates a transport with its own URLSession.
    ///
    /// - Parameters:
    ///   - configuration: The configuration to copy; `.ephemeral` by default. Its credential storage, cookie
    ///     storage and cache are turned off in the copy whatever you set. A background configuration (one made
    ///     with `background(withIdentifier:)`) is not used: every request then fails with
    ///     ``/JanuaryCore/JanuaryError/Category/invalidInput`` and code `background_session_unsupported`.
    ///   - maximumResponseBodySize: The largest response body accepted, in bytes.
    public init(
        configuration: URLSessionConfiguration = .ephemeral,
        maximumResponseBodySize: Int = URLSessionHTTPTransport.defaultMaximumResponseBodySize
    ) {
        self.maximumResponseBodySize = maximumResponseBodySize
        refusal = Self.refusal(of: configuration)
        // A background configuration is not even handed to URLSession: one session per identifier may exist in
        // a process, and the app's own background session may be the one using it.
        let configuration =
            refusal == nil ? (configuration.copy() as? URLSessionConfiguration) ?? .ephemeral : .ephemeral
        Self.turnOffPersistence(of: configuration)
        self.configuration = configuration
        delegate = SessionDelegate(calls: calls)
        session = Self.makeSession(configuration, delegate: delegate)
    }

    /// Turns off what a session would keep of its requests: credential and cookie storage, cookies and the URL
    /// cache. The transport's own session is configured so, and so are the bare sessions that the benchmarks and
    /// the soak test measure it against, so that the comparison is of the same URLSession work.
    ///
    /// - Parameter configuration: The configuration to change.
    package static func turnOffPersistence(of configuration: URLSessionConfiguration) {
        configuration.urlCredentialStorage = nil
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    }

    /// Why a session configuration cannot carry the SDK's requests, or `nil` when it can.
    ///
    /// A background session (`identifier` set) never calls `urlSession(_:task:willPerformHTTPRedirection:…)`:
    /// Apple follows redirects itself there, so stripping the credential on a cross-origin hop and refusing
    /// https-to-http would silently be off.
    ///
    /// - Parameter configuration: The configuration.
    /// - Returns: The error every request would fail with, or `nil`.
    package static func refusal(of configuration: URLSessionConfiguration) -> JanuaryError? {
        guard configuration.identifier != nil else {
            return nil
        }
        return JanuaryError.invalidInput(
            "A background URLSession configuration cannot be used: background sessions do not let the transport "
                + "check redirects, so credentials could follow them. Use an ephemeral or default configuration.",
            code: JanuaryError.Code.backgroundSessionUnsupported
        )
    }

    private static func makeSession(_ configuration: URLSessionConfiguration, delegate: SessionDelegate) -> URLSession {
        #if canImport(FoundationNetworking)
        let queue: OperationQueue = InlineDelegateQueue()
        #else
        let queue = OperationQueue()
        #endif
        queue.name = "JanuaryTransport.URLSessionHTTPTransport"
        queue.maxConcurrentOperationCount = 1
        return URLSession(configuration: configuration, delegate: delegate, delegateQueue: queue)
    }

    deinit {
        calls.async { [session] in session.invalidateAndCancel() }
    }

    /// Invalidates the session: requests in flight fail with ``/JanuaryCore/JanuaryError/Category/network`` and later
    /// sends fail the same way. Calling it again does nothing. It does not wait for URLSession.
    public func shutdown() {
        let sessions = state.withLock { state -> [URLSession] in
            guard !state.isShutDown else {
                return []
            }
            state.isShutDown = true
            defer { state.writeSessions = [:] }
            return [session] + state.writeSessions.values
        }
        // After `isShutDown` is set: a task creation already handed over comes first, and a later one sees the flag
        // (see `start`), so no task is created in an invalidated session, which would stop the process.
        calls.async {
            for session in sessions {
                session.invalidateAndCancel()
            }
        }
    }

    /// Whether a request of the replay class `replay` with `body` is sent on a connection of its own, where the
    /// platform would otherwise resend it by itself.
    ///
    /// On Linux, URLSession (libcurl) resends a request whose reused keep-alive connection closes before any
    /// response, as if the connection had been stale. Only a ``JanuaryReplayClass/safe`` request may be sent twice,
    /// and only one without content can be: swift-corelibs-foundation cannot rewind a body, so the resend hangs
    /// until the request times out. Any other request therefore gets a session, and so a connection, of its own
    /// there: a connection that closes without an answer fails at once with `network`, and the caller decides
    /// whether to send it again. Apple's URLSession does not resend them.
    static func needsFreshConnection(_ replay: JanuaryReplayClass, body: JanuaryHTTPRequest.Body) -> Bool {
        #if canImport(FoundationNetworking)
        !replay.allowsResendAfterUnknownOutcome || !body.isEmpty
        #else
        false
        #endif
    }

    /// Sends `request` over URLSession and returns the response, whatever its status.
    ///
    /// - Parameter request: The request to send.
    /// - Returns: The response, including 4xx and 5xx ones.
    /// - Throws: `CancellationError` when the calling task is cancelled; ``/JanuaryCore/JanuaryError`` with
    ///   category ``/JanuaryCore/JanuaryError/Category/invalidInput`` for a refused request,
    ///   ``/JanuaryCore/JanuaryError/Category/timeout`` when no answer came within the request's timeout, and
    ///   ``/JanuaryCore/JanuaryError/Category/network`` when no response arrived for another reason (the
    ///   `URLError` is the underlying error), including after ``shutdown()``. Every request fails with category
    ///   ``/JanuaryCore/JanuaryError/Category/invalidInput`` and code `background_session_unsupported` when the
    ///   transport was made with a background configuration.
    public func send(_ request: JanuaryHTTPRequest) async throws -> JanuaryHTTPResponse {
        try checkUsable()
        try TransportSafety.validate(request)
        // Nobody has stated that a plain request may be sent twice, so the platform may not resend it either.
        return try await perform(request, replay: .never, redirects: .anyOriginWithoutCredential)
    }

    /// Sends a request that passed the checks already, on the connection its replay class allows and keeping the
    /// redirect scope it carries.
    package func send(_ checked: CheckedHTTPRequest) async throws -> JanuaryHTTPResponse {
        try checkUsable()
        return try await perform(checked.request, replay: checked.replay, redirects: checked.redirects)
    }

    /// Throws what every send throws before its request is looked at: the caller's cancellation, then the refusal
    /// of an unusable configuration.
    private func checkUsable() throws {
        try Task.checkCancellation()
        if let refusal {
            throw refusal
        }
    }

    /// Sends a checked `request` of the class `replay`, following only the redirects `redirects` allows.
    ///
    /// The task is created, resumed and cancelled through ``SessionCallQueue``, never on the caller's thread on
    /// Linux, where those calls wait for the session's work queue.
    private func perform(
        _ request: JanuaryHTTPRequest,
        replay: JanuaryReplayClass,
        redirects: RedirectScope
    ) async throws -> JanuaryHTTPResponse {
        let urlRequest = try Self.makeURLRequest(request)
        let pending = PendingRequest(
            url: request.urlReference, maximumBodySize: maximumResponseBodySize, redirects: redirects)
        let isWrite = Self.needsFreshConnection(replay, body: request.body)
        let delegate = isWrite ? SessionDelegate(calls: calls) : self.delegate
        let session = isWrite ? Self.makeSession(configuration, delegate: delegate) : self.session
        // A request on the shared session learns of a shutdown in `start`, under the lock it takes there anyway,
        // and fails with the same error; a write's own session is noted here, so that shutdown cancels it.
        if isWrite {
            try state.withLock { state in
                guard !state.isShutDown else {
                    throw JanuaryError.network("The transport was shut down.")
                }
                state.writeSessions[ObjectIdentifier(session)] = session
            }
        }
        defer {
            if isWrite {
                state.withLock { _ = $0.writeSessions.removeValue(forKey: ObjectIdentifier(session)) }
                // After the task's creation, which was handed over before this: a session invalidated first would
                // refuse to create it.
                calls.async { session.finishTasksAndInvalidate() }
            }
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                guard pending.start(continuation) else {
                    return
                }
                calls.async { [self] in
                    start(pending, urlRequest, in: session, delegate: delegate)
                }
            }
        } onCancel: {
            // The task, if it exists yet; if not, `start` finds the request ended and cancels the task itself.
            if let task = pending.cancel() {
                calls.async { task.cancel() }
            }
        }
    }

    /// Creates and resumes the task carrying `pending`, unless the transport was shut down or the request
    /// cancelled meanwhile.
    private func start(
        _ pending: PendingRequest,
        _ urlRequest: URLRequest,
        in session: URLSession,
        delegate: SessionDelegate
    ) {
        let task: URLSessionDataTask?
        if SessionCallQueue.isSerialQueue {
            // Shutdown sets the flag before it hands the session's invalidation to this same serial queue, so the
            // session cannot be invalidated between the check and the creation; the lock is not held across
            // `dataTask(with:)`, which waits for the session's work queue, so no thread waiting for it is blocked.
            let isShutDown = state.withLock { $0.isShutDown }
            task = isShutDown ? nil : session.dataTask(with: urlRequest)
        } else {
            // In place (Apple platforms): under the lock, so shutdown cannot invalidate the session between the
            // check and the creation; Apple's `dataTask(with:)` does not wait.
            task = state.withLock { $0.isShutDown ? nil : session.dataTask(with: urlRequest) }
        }
        guard let task else {
            pending.finish(.failure(.network("The transport was shut down.")))
            return
        }
        delegate.register(pending, for: task.taskIdentifier)
        if pending.attach(task) {
            task.resume()
        } else {
            // Cancelled meanwhile: a task never resumed would stay in its session, which a write's session would
            // wait for before invalidating itself.
            delegate.unregister(task.taskIdentifier)
            task.cancel()
        }
    }

    private static func makeURLRequest(_ request: JanuaryHTTPRequest) throws -> URLRequest {
        var urlRequest = URLRequest(url: request.url)
        // A new URLRequest's method is already GET, and setting it costs two allocations on Linux.
        if request.method.rawValue != "GET" {
            urlRequest.httpMethod = request.method.rawValue
        }
        urlRequest.httpShouldHandleCookies = false
        urlRequest.cachePolicy = .reloadIgnoringLocalCacheData
        if let timeout = request.timeout {
            urlRequest.timeoutInterval = timeout
        }
        urlRequest.setHeaderFields(request.headerFields)
        if let data = request.body.data {
            urlRequest.httpBody = data
        } else if let stream = try request.body.takeStream() {
            urlRequest.httpBodyStream = stream
        }
        return urlRequest
    }
}

extension URLSessionHTTPTransport: CustomStringConvertible, CustomReflectable {
    /// The type's name and whether it was shut down.
    public var description: String {
        "URLSessionHTTPTransport(\(state.withLock { $0.isShutDown } ? "shut down" : "open"))"
    }

    /// A mirror without the URLSession, whose tasks hold their requests, `Authorization` header included:
    /// `dump` of anything that holds a transport must not reach a credential that way.
    public var customMirror: Mirror {
        Mirror(self, children: ["isShutDown": state.withLock { $0.isShutDown }], displayStyle: .class)
    }
}

extension URLRequest {
    /// Sets every field of `fields` on the request, as `addValue(_:forHTTPHeaderField:)` field by field would.
    ///
    /// When no two names are equal (ignoring case), which is every request the SDK makes, the fields are set in
    /// one assignment of `allHTTPHeaderFields`: on Linux each `addValue` looks the name up among the fields set
    /// so far with a locale-aware case-insensitive comparison, which made three fields cost about 4.3 µs against
    /// 0.5 µs for one assignment. Repeated names keep `addValue`, which joins their values.
    fileprivate mutating func setHeaderFields(_ fields: JanuaryHTTPHeaderFields) {
        // Pairwise, on the fields themselves: a request has a handful, and an array of their names would be one
        // more allocation per request.
        let namesAreDistinct = fields.enumerated().allSatisfy { index, field in
            !fields.prefix(index).contains { HTTPSyntax.asciiCaseInsensitiveEquals($0.name, field.name) }
        }
        guard namesAreDistinct else {
            for field in fields {
                addValue(field.value, forHTTPHeaderField: field.name)
            }
            return
        }
        // Sized by the initializer: `reserveCapacity` on an empty dictionary was an unspecialised generic call in the
        // release build, a third of this function's samples under `perf` (Docs/Benchmarks.md, "Hops and CPU").
        var all = [String: String](minimumCapacity: fields.count)
        for field in fields {
            all[field.name] = field.value
        }
        allHTTPHeaderFields = all
    }
}

// Only the initializer above makes one, and only on Linux, where swift-corelibs-foundation's session calls it.

#if canImport(FoundationNetworking)
/// The delegate queue of a ``URLSessionHTTPTransport`` on Linux: it runs each delegate callback at once, on the
/// thread that hands it over, instead of wrapping it in an `Operation` and hopping to another thread.
///
/// swift-corelibs-foundation hands every delegate callback of a session to its delegate queue with
/// `addOperation(_:)`, from the session's own serial work queue, in order: the response, each piece of the body,
/// redirects, challenges and completion. A plain `OperationQueue` turns each into an `Operation` with its KVO
/// notifications and a wake-up of another thread, three or more per request; measured over loopback that was
/// most of the ~100 µs a request through the SDK cost beyond the same request through a session without a
/// delegate (whose `data(for:)` completes inline). Running them in place keeps their order, because the work
/// queue that hands them over is serial.
///
/// What the delegate may not do here is call back into the session synchronously: `URLSessionTask.cancel()`
/// waits on the work queue the callback is running on, so ``SessionDelegate`` cancels a task, and answers a
/// challenge (whose cancel disposition cancels the task), from another queue.
///
/// Apple's URLSession is a different implementation, so Darwin keeps an ordinary serial `OperationQueue`.
// Safe because it adds no state to `OperationQueue`, which is itself safe to share: a block handed over runs at
// once on the caller's thread, and `SessionDelegate`, which is what those blocks call, guards its own state.
final class InlineDelegateQueue: OperationQueue, @unchecked Sendable {
    override func addOperation(_ block: @escaping @Sendable () -> Void) {
        block()
    }
}
#endif
