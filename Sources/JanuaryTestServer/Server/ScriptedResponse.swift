import Foundation

/// What the ``LoopbackHTTPServer`` answers to one request: a status, header fields, a body, an optional delay
/// and a ``Behavior`` that can break the connection on purpose.
///
/// The server writes `Content-Length` itself from ``body`` (and leaves it out for 1xx, 204 and 304), so any
/// `Content-Length` or `Transfer-Encoding` among ``headerFields`` is dropped. A `Connection: close` field makes
/// the server close the connection after the response.
///
/// ```swift
/// server.enqueue(
///     .json(#"{"ok":true}"#),
///     ScriptedResponse(status: 503, headerFields: [HeaderField(name: "Retry-After", value: "1")]),
///     ScriptedResponse(status: 200, delay: 5) // for cancellation and timeout tests
/// )
/// ```
public struct ScriptedResponse: Sendable {
    /// The status code, written as given (the server does not check it is in 100...599).
    public let status: Int

    /// Header fields to send, in order, apart from the framing fields the server writes itself.
    public let headerFields: [HeaderField]

    /// The response content. Not sent for `HEAD` requests or statuses that cannot have content.
    public let body: Data

    /// Seconds to wait before answering. The wait happens on this connection's own thread, so other
    /// connections are answered meanwhile, and ``LoopbackHTTPServer/shutdown()`` ends it early.
    public let delay: TimeInterval

    /// Whether to answer normally or to break the connection on purpose.
    public let behavior: Behavior

    /// Creates a response.
    ///
    /// - Parameters:
    ///   - status: The status code, such as `200` or `401`.
    ///   - headerFields: Header fields to send, in order.
    ///   - body: The content to send.
    ///   - delay: Seconds to wait before answering; `0` answers at once.
    ///   - behavior: ``Behavior/normal`` or a way to fail the connection.
    public init(
        status: Int,
        headerFields: [HeaderField] = [],
        body: Data = Data(),
        delay: TimeInterval = 0,
        behavior: Behavior = .normal
    ) {
        self.status = status
        self.headerFields = headerFields
        self.body = body
        self.delay = delay
        self.behavior = behavior
    }

    /// A UTF-8 plain-text response with `Content-Type: text/plain; charset=utf-8`, unless `headerFields` sets
    /// its own `Content-Type`.
    ///
    /// - Parameters:
    ///   - text: The body text.
    ///   - status: The status code; `200` by default.
    ///   - headerFields: Further header fields.
    /// - Returns: The response.
    public static func text(_ text: String, status: Int = 200, headerFields: [HeaderField] = []) -> ScriptedResponse {
        ScriptedResponse(
            status: status,
            headerFields: withContentType("text/plain; charset=utf-8", headerFields),
            body: Data(text.utf8)
        )
    }

    /// A JSON response with `Content-Type: application/json`, unless `headerFields` sets its own `Content-Type`.
    ///
    /// The text is sent as given; it is not validated, so a test can send malformed JSON on purpose.
    ///
    /// - Parameters:
    ///   - json: The JSON text.
    ///   - status: The status code; `200` by default.
    ///   - headerFields: Further header fields.
    /// - Returns: The response.
    public static func json(_ json: String, status: Int = 200, headerFields: [HeaderField] = []) -> ScriptedResponse {
        ScriptedResponse(
            status: status,
            headerFields: withContentType("application/json", headerFields),
            body: Data(json.utf8)
        )
    }

    private static func withContentType(_ contentType: String, _ fields: [HeaderField]) -> [HeaderField] {
        if fields.contains(where: { RecordedRequest.namesMatch($0.name, "Content-Type") }) {
            return fields
        }
        return [HeaderField(name: "Content-Type", value: contentType)] + fields
    }
}

extension ScriptedResponse {
    /// How the server delivers a ``ScriptedResponse``: normally, or by failing the connection on purpose so a
    /// test can see how a client copes with a network failure.
    ///
    /// An extensible set of values; compare with `==`.
    public struct Behavior: Sendable, Hashable, CustomStringConvertible {
        private enum Kind: String, Sendable, Hashable {
            case normal
            case closeMidResponse
            case closeWithoutResponse
        }

        private let kind: Kind

        private init(_ kind: Kind) {
            self.kind = kind
        }

        /// Sends the whole response and keeps the connection open if the request allows it.
        public static let normal = Behavior(.normal)

        /// Sends the status line, the header fields and the first half of the body, then closes the connection.
        ///
        /// `Content-Length` announces the whole body, so the client sees the response cut short. An empty body
        /// is announced as one byte, so that even then the response is incomplete.
        public static let closeMidResponse = Behavior(.closeMidResponse)

        /// Reads the whole request, records it, then closes the connection without sending a byte.
        public static let closeWithoutResponse = Behavior(.closeWithoutResponse)

        /// The behavior's name, such as `closeMidResponse`.
        public var description: String {
            kind.rawValue
        }
    }
}
