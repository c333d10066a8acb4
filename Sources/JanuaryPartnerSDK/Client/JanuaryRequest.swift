import Foundation
import JanuaryCore
import JanuaryTransport

/// One call to a January endpoint: method, path, query, headers, body and the user it concerns.
///
/// The client adds `Authorization` itself and carries ``partnerUserID`` in the
/// ``JanuaryPartnerClient/partnerUserIDHeaderName`` header; do not set either header yourself.
///
/// ```swift
/// let request = JanuaryRequest(
///     method: .post,
///     path: "/v1/meals",
///     body: try .json(meal),
///     partnerUserID: PartnerUserID(rawValue: partnerOwnedUserID)
/// )
/// let created: Meal = try await january.send(request, decoding: Meal.self)
/// ```
public struct JanuaryRequest: Sendable {
    /// An HTTP method: the transport's ``/JanuaryTransport/JanuaryHTTPMethod``, so that one type and one idempotence rule
    /// serve every layer.
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

    private var allowsReplay: Bool

    private var idempotence: Bool?

    /// Whether sending the request twice has the same effect at January as sending it once, so that the client
    /// may send it again after a `5xx`, a timeout or a lost connection, when nobody knows whether January acted.
    ///
    /// By default the method decides (``/JanuaryTransport/JanuaryHTTPMethod/isIdempotent``): `GET`, `PUT` and `DELETE`
    /// are, `POST` and `PATCH` are not. Set it to `true` for a `POST` that only reads, such as an analysis, and to
    /// `false` for any request that must not act twice. The SDK's own operations set it as January's contract
    /// says. A `429 rate_limited` is retried either way, and ``isReplayable`` `false` still forbids every
    /// second send.
    public var isIdempotent: Bool {
        get { idempotence ?? method.isIdempotent }
        set { idempotence = newValue }
    }

    /// Whether the client may send the request a second time at all: once more after refreshing an expired
    /// token, or again under ``JanuaryPartnerClient/Configuration/retryPolicy`` (``isIdempotent`` decides which
    /// failures those are).
    ///
    /// `true` by default when the body is in memory. Set it to `false` for a request that must not reach
    /// January twice, whatever happens. A request whose body is a one-shot stream is never replayable, and
    /// setting this to `true` does not change that.
    public var isReplayable: Bool {
        get { allowsReplay && body.isReplayable }
        set { allowsReplay = newValue }
    }

    /// Creates a request.
    ///
    /// - Parameters:
    ///   - method: The HTTP method. Defaults to `GET`.
    ///   - path: The endpoint's path, starting with `/`.
    ///   - queryItems: Query items to append.
    ///   - headers: Extra header fields.
    ///   - body: The body. Defaults to none.
    ///   - partnerUserID: The user the request concerns, if any.
    public init(
        method: Method = .get,
        path: String,
        queryItems: [URLQueryItem] = [],
        headers: [String: String] = [:],
        body: Body = .empty,
        partnerUserID: PartnerUserID? = nil
    ) {
        self.method = method
        self.pathText = path
        self.encodedPath = nil
        self.queryItems = queryItems
        self.headers = headers
        self.body = body
        self.partnerUserID = partnerUserID
        self.timeout = nil
        self.allowsReplay = true
        self.idempotence = nil
    }
}

extension JanuaryRequest {
    /// A typed operation's request, its path encoded once from raw segments (see ``RequestPath/init(segments:)``).
    ///
    /// - Parameters:
    ///   - method: The HTTP method.
    ///   - segments: The path's segments, not percent-encoded, such as `["v1.2", "foods", id.rawValue]`.
    ///   - queryItems: Query items to append.
    ///   - body: The body.
    /// - Throws: What ``RequestPath/init(segments:)`` throws.
    init(
        method: Method,
        segments: [String],
        queryItems: [URLQueryItem] = [],
        body: Body = .empty
    ) throws {
        let path = try RequestPath(segments: segments)
        self.init(method: method, path: path.percentEncoded, queryItems: queryItems, body: body)
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

        var isReplayable: Bool {
            if case .stream = storage {
                return false
            }
            return true
        }
    }
}
