import Foundation
import JanuaryPartnerSDK
import JanuaryTestServer
import JanuaryTransport

/// A `JanuaryHTTPTransport` that hands each request to a `JanuaryAPISimulator` in the same process and returns its
/// answer: no socket, no URLSession, no App Transport Security exception.
///
/// The simulator's own engine answers, exactly as over loopback: the same statuses, bodies and header fields
/// (`Date`, `x-request-id`, `Retry-After`, `WWW-Authenticate`, `Location`, plus the `Content-Length` the
/// loopback server writes), the same scripted failures and the same request log. What a socket would do, it
/// does by itself:
/// - ``/JanuaryTestServer/JanuaryAPISimulator/ScriptedFailure/closeConnection`` throws the `network` error URLSession gives when
///   a connection closes before any answer (``droppedConnectionCode``), and
///   ``/JanuaryTestServer/JanuaryAPISimulator/ScriptedFailure/transportError(_:)`` throws the `URLError` it names, mapped as the
///   SDK's own transport maps it (`.timedOut` is a `timeout` error).
/// - ``/JanuaryTestServer/JanuaryAPISimulator/ScriptedFailure/delay(_:)`` sleeps on ``clock``, so a `ManualClock` test ends the
///   wait with `advance(by:)`; a wait as long as the request's timeout fails with `URLError(.timedOut)` instead.
/// - Cancelling the calling task throws `CancellationError`, before the request is handed over or during a
///   delay.
///
/// The URL's scheme and host are ignored: only the method, the path and query, the header fields and the body
/// reach the simulator. `JanuaryPartnerClient.simulated(_:user:scopes:clock:configure:)` builds a client on
/// it in one line; use this type directly to give a client of your own configuration the in-process simulator:
///
/// ```swift
/// let clock = ManualClock()
/// let simulator = JanuaryAPISimulator.inProcess(now: { clock.now() })
/// var configuration = JanuaryPartnerClient.Configuration(baseURL: SimulatorTransport.baseURL)
/// configuration.transport = SimulatorTransport(simulator, clock: clock)
/// configuration.clock = clock
/// ```
public struct SimulatorTransport: JanuaryHTTPTransport, CheckedHTTPTransport {
    /// A base URL for clients on this transport: `https://simulator.january.invalid`. The `.invalid` domain
    /// (RFC 2606) can never resolve, so a client that loses its transport by mistake reaches nobody.
    public static let baseURL = URL(string: "https://simulator.january.invalid")!

    /// The largest request body handed over, as the loopback server's limit; a larger one is answered `413`.
    static let maximumBodySize = 64 * 1024 * 1024

    /// The simulator's stand-in partner backend token endpoint on ``baseURL``: for
    /// `JanuaryPartnerClient(tokenEndpoint:configuration:)` with this transport as the configuration's transport,
    /// so that the production construction runs in process and `failNextPartnerBackendRequests` applies to it.
    public static var partnerBackendTokenURL: URL {
        baseURL.appendingPathComponent(String(JanuaryAPISimulator.partnerBackendTokenPath.dropFirst()))
    }

    /// The `URLError` code URLSession gives when the server closes the connection without answering, which
    /// ``/JanuaryTestServer/JanuaryAPISimulator/ScriptedFailure/closeConnection`` throws in process: `.badServerResponse` with
    /// swift-corelibs-foundation (Linux), `.networkConnectionLost` on Apple platforms.
    public static var droppedConnectionCode: URLError.Code {
        #if canImport(FoundationNetworking)
        .badServerResponse
        #else
        .networkConnectionLost
        #endif
    }

    /// The simulator that answers.
    public let simulator: JanuaryAPISimulator

    /// The clock that scripted delays and timeouts run on.
    public let clock: any JanuaryClock

    /// The timeout of a request that names none, as the client's `requestTimeout` is for URLSession.
    public let timeout: TimeInterval

    /// Creates a transport that answers from `simulator`.
    ///
    /// - Parameters:
    ///   - simulator: The simulator, usually from ``/JanuaryTestServer/JanuaryAPISimulator/inProcess(tokenLifetime:now:)``; a
    ///     loopback simulator answers in process too.
    ///   - clock: The clock for scripted delays; give the client's clock (a `ManualClock` in tests). The system
    ///     clock by default.
    ///   - timeout: Seconds after which a delayed answer fails with `URLError(.timedOut)`, for requests without
    ///     a timeout of their own; 60 by default, the client's default `requestTimeout`.
    public init(
        _ simulator: JanuaryAPISimulator,
        clock: any JanuaryClock = SystemJanuaryClock(),
        timeout: TimeInterval = 60
    ) {
        self.simulator = simulator
        self.clock = clock
        self.timeout = timeout
    }

    /// Hands `request` to the simulator and returns its answer, after any scripted delay.
    ///
    /// - Parameter request: The request the client sends.
    /// - Returns: The simulator's response, whatever its status.
    /// - Throws: `JanuaryError` of category `network` or `timeout` for a scripted dropped connection or transport
    ///   error, `invalidInput` for a request the SDK's own transport would refuse, or `CancellationError`.
    public func send(_ request: JanuaryHTTPRequest) async throws -> JanuaryHTTPResponse {
        try Task.checkCancellation()
        try TransportSafety.validate(request)
        return try await answer(request)
    }

    /// Sends a request the SDK checked already; the simulator answers without redirects, so its scope holds.
    package func send(_ checked: CheckedHTTPRequest) async throws -> JanuaryHTTPResponse {
        try await answer(checked.request)
    }

    /// Hands a checked `request` to the simulator and returns its answer, after any scripted delay.
    private func answer(_ request: JanuaryHTTPRequest) async throws -> JanuaryHTTPResponse {
        try Task.checkCancellation()
        guard let body = try Self.content(of: request.body) else {
            return JanuaryHTTPResponse(
                statusCode: 413,
                headerFields: ["Content-Type": "text/plain; charset=utf-8"],
                body: Data("LoopbackHTTPServer: malformed request.".utf8),
                url: request.url
            )
        }
        let answer = simulator.answer(
            method: request.method.rawValue,
            target: Self.target(of: request.url),
            headerFields: request.headerFields.map { HeaderField(name: $0.name, value: $0.value) },
            body: body
        )
        try await wait(answer.delay, timeout: request.timeout ?? timeout, of: request)
        switch answer {
        case .respond(let response):
            return Self.response(response, to: request)
        case .dropConnection:
            throw URLErrorMapping.networkError(for: URLError(Self.droppedConnectionCode))
        case .transportError(let code, _):
            throw URLErrorMapping.networkError(for: URLError(code))
        }
    }

    /// Waits out a scripted delay on the clock; a delay that reaches the timeout ends there, as URLSession's
    /// would. The sleep is named by the request's method and path, for a manual clock's stall message.
    private func wait(_ delay: TimeInterval, timeout: TimeInterval, of request: JanuaryHTTPRequest) async throws {
        guard delay > 0 else {
            return
        }
        let scripted = "the simulator's scripted delay of \(JanuaryError.seconds(delay)) s"
        let target = "\(request.method.rawValue) \(request.url.path)"
        if timeout > 0, delay >= timeout {
            let purpose =
                "the \(JanuaryError.seconds(timeout)) s request timeout of \(target), which \(scripted) reaches"
            try await ClockSleepPurpose.sleep(for: timeout, on: clock, purpose: purpose)
            throw URLErrorMapping.networkError(for: URLError(.timedOut))
        }
        try await ClockSleepPurpose.sleep(for: delay, on: clock, purpose: "\(scripted) before answering \(target)")
        try Task.checkCancellation()
    }

    /// The request target the loopback server would read: the path and query as sent, still percent-encoded.
    static func target(of url: URL) -> String {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: true) else {
            return url.path.isEmpty ? "/" : url.path
        }
        let path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        guard let query = components.percentEncodedQuery else {
            return path
        }
        return path + "?" + query
    }

    /// The response as URLSession delivers the loopback server's: the fields with the `Content-Length` the server
    /// writes, and no content where HTTP allows none.
    static func response(_ scripted: ScriptedResponse, to request: JanuaryHTTPRequest) -> JanuaryHTTPResponse {
        let status = scripted.status
        let hasContent = !(100...199).contains(status) && status != 204 && status != 304
        var fields = JanuaryHTTPHeaderFields()
        for field in scripted.headerFields {
            fields.append(field.value, for: field.name)
        }
        if hasContent {
            fields["Content-Length"] = String(scripted.body.count)
        }
        let body = hasContent && request.method != .head ? scripted.body : Data()
        return JanuaryHTTPResponse(statusCode: status, headerFields: fields, body: body, url: request.url)
    }

    /// The body's bytes, reading a stream body once; `nil` when it is over ``maximumBodySize``.
    static func content(of body: JanuaryHTTPRequest.Body) throws -> Data? {
        if let data = body.data {
            return data.count > maximumBodySize ? nil : data
        }
        guard let stream = try body.takeStream() else {
            return Data()
        }
        stream.open()
        defer { stream.close() }
        var content = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBufferPointer { stream.read($0.baseAddress!, maxLength: $0.count) }
            if count == 0 {
                return content
            }
            guard count > 0 else {
                throw JanuaryError.network(
                    "The request's stream body could not be read.",
                    underlyingError: stream.streamError
                )
            }
            content.append(contentsOf: buffer[..<count])
            if content.count > maximumBodySize {
                return nil
            }
        }
    }
}
