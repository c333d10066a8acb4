import Foundation
import JanuaryCore
import JanuaryTransport

/// One call to a January endpoint: method, path, query, headers, body, the user it concerns, and whether it may be
/// sent more than once.
///
/// The client adds `Authorization` itself and carries ``partnerUserID`` in the
/// ``JanuaryPartnerClient/partnerUserIDHeaderName`` header; do not set either header yourself.
///
/// ```swift
/// struct TextQuery: Encodable { let text: String }
/// let request = JanuaryRequest(
///     method: .post,
///     path: "/v1.2/food-analysis/text",
///     body: try .json(TextQuery(text: "2 eggs and a banana")),
///     replay: .safe  // an analysis only reads: sent again after a 5xx or a lost answer
/// )
/// let scan: FoodScan = try await january.send(request, decoding: FoodScan.self)
/// ```
public struct JanuaryRequest: Sendable {
    /// An HTTP method: the transport's ``/JanuaryTransport/JanuaryHTTPMethod``, one type for every layer. It frames
    /// the request; ``replay``, not the method, says whether it may be sent twice.
    public typealias Method = JanuaryHTTPMethod

    /// The HTTP method.
    public var method: Method

    /// The endpoint's path, such as `/v1/meals`, resolved against the client's base URL.
    ///
    /// A path must start with `/` and must not contain a scheme, a host, `..` segments, a query or a fragment:
    /// the credential is only ever sent to the configured base URL.
    public var path: String {
        get { encodedPath?.percentEncoded ?? pathText }
        set {
            pathText = newValue
            encodedPath = nil
        }
    }

    /// The path as the caller wrote it, checked and encoded when the request is prepared.
    private var pathText: String

    /// A typed operation's path, encoded once from its segments; `nil` for a path given as text.
    private(set) var encodedPath: RequestPath?

    /// Query items appended to the URL, percent-encoded by the client.
    public var queryItems: [URLQueryItem]

    /// Extra header fields. `Authorization` and the partner user ID header are reserved for the client.
    public var headers: [String: String]

    /// The request body.
    public var body: Body

    /// The user the request concerns, validated with ``/JanuaryCore/PartnerUserID/validate()`` before anything is sent.
    public var partnerUserID: PartnerUserID?

    /// Seconds to wait for January's answer to this request, or `nil` for
    /// ``JanuaryPartnerClient/Configuration/requestTimeout``.
    ///
    /// Food analysis can take tens of seconds, so its operations wait longer than other calls. It must be finite,
    /// greater than 0 and at most 86,400 seconds; otherwise sending throws `invalidInput` with code
    /// `invalid_timeout` before anything is sent.
    public var timeout: TimeInterval?

    /// Whether the client may send the request more than once, stated once and read unchanged by every decision
    /// about a second send: ``/JanuaryTransport/JanuaryReplayClass/onceOnly`` unless you say otherwise, never the
    /// method's rule.
    ///
    /// - ``/JanuaryTransport/JanuaryReplayClass/safe`` for a request that has the same effect sent twice (a read,
    ///   an analysis, a `POST` that only reads, an update or delete January treats as idempotent): it is sent again
    ///   after a refreshed token, a rate limit, and under ``JanuaryPartnerClient/Configuration/retryPolicy`` after a
    ///   `5xx`, a timeout or a lost connection. Its failures never say ``/JanuaryCore/JanuaryError/mayHaveTakenEffect``.
    /// - ``/JanuaryTransport/JanuaryReplayClass/onceOnly``, the default, for a write January does not deduplicate:
    ///   sent again only when January certainly did nothing (an expired token, `429 rate_limited`). A `5xx`, no
    ///   answer, or a `2xx` whose body cannot be decoded fails with `mayHaveTakenEffect`.
    /// - ``/JanuaryTransport/JanuaryReplayClass/never`` for a request that must not reach January twice, whatever
    ///   happens. A request whose body is a one-shot stream is sent as `never` whatever this says.
    ///
    /// The SDK's own operations state January's contract (Docs/Contract.md).
    public var replay: JanuaryReplayClass

    /// Creates a request.
    ///
    /// - Parameters:
    ///   - method: The HTTP method. Defaults to `GET`.
    ///   - path: The endpoint's path, starting with `/`.
    ///   - queryItems: Query items to append.
    ///   - headers: Extra header fields.
    ///   - body: The body. Defaults to none.
    ///   - partnerUserID: The user the request concerns, if any.
    ///   - replay: Whether the client may send it more than once (see ``replay``); `onceOnly` unless you say
    ///     otherwise.
    public init(
        method: Method = .get,
        path: String,
        queryItems: [URLQueryItem] = [],
        headers: [String: String] = [:],
        body: Body = .empty,
        partnerUserID: PartnerUserID? = nil,
        replay: JanuaryReplayClass = .onceOnly
    ) {
        self.method = method
        self.pathText = path
        self.encodedPath = nil
        self.queryItems = queryItems
        self.headers = headers
        self.body = body
        self.partnerUserID = partnerUserID
        self.timeout = nil
        self.replay = replay
    }
}

extension JanuaryRequest {
    /// A typed operation's request, its path already encoded (``JanuaryOperation/request(_:query:body:timeout:)``
    /// makes every one).
    init(method: Method, path: RequestPath, queryItems: [URLQueryItem], body: Body, replay: JanuaryReplayClass) {
        self.init(method: method, path: path.percentEncoded, queryItems: queryItems, body: body, replay: replay)
        encodedPath = path
    }
}

extension JanuaryRequest {
    /// A request body: nothing, bytes in memory, or a stream that can be read only once.
    public struct Body: Sendable {
        enum Storage: Sendable {
            case empty
            case data(Data, contentType: String?)
            case stream(JanuaryHTTPRequest.Body, contentType: String?)
        }

        let storage: Storage

        /// No body.
        public static let empty = Body(storage: .empty)

        /// Bytes in memory. Such a request can be replayed after a token refresh or a rate limit.
        ///
        /// - Parameters:
        ///   - data: The bytes to send.
        ///   - contentType: The `Content-Type` to send, if any.
        /// - Returns: The body.
        public static func data(_ data: Data, contentType: String? = nil) -> Body {
            Body(storage: .data(data, contentType: contentType))
        }

        /// A value encoded as JSON by the SDK's own encoder, the one its typed operations use: keys sorted, `/` not
        /// escaped, dates as UTC ISO 8601 with milliseconds (`2026-08-26T18:35:11.000Z`), and
        /// `Content-Type: application/json`.
        ///
        /// - Parameter value: The value to encode.
        /// - Returns: The body.
        /// - Throws: ``/JanuaryCore/JanuaryError`` of category ``/JanuaryCore/JanuaryError/Category/invalidInput`` if
        ///   the value cannot be encoded, such as a number that is not finite.
        public static func json(_ value: some Encodable) throws -> Body {
            .data(try JanuaryJSON.encode(value), contentType: "application/json")
        }

        /// A stream read once, as it is sent, for large uploads.
        ///
        /// The stream cannot be rewound, so a request with this body is never replayed: if January rejects the
        /// token, the request fails and says it was not replayed, and it is never retried after a rate limit.
        ///
        /// - Parameters:
        ///   - stream: The stream. The client takes it over; do not read it or pass it elsewhere.
        ///   - contentType: The `Content-Type` to send, if any.
        /// - Returns: The body.
        public static func stream(_ stream: InputStream, contentType: String? = nil) -> Body {
            Body(storage: .stream(.stream(handingOver: stream), contentType: contentType))
        }
    }
}
