import Foundation
import JanuaryCore

/// An HTTP request for a ``JanuaryHTTPTransport``: method, URL, header fields, body and timeout; what goes on the wire,
/// and no policy.
///
/// Whether the SDK may send it twice is not the request's: the SDK states a ``JanuaryReplayClass`` for each of its
/// requests and keeps it beside the request, from the operation that made it to the transport.
///
/// Printing never shows a credential: `description`, `debugDescription` and `dump` show `Authorization` (and
/// the other fields ``JanuaryHTTPHeaderFields`` redacts) as `<redacted>`, and a URL's user and password likewise.
public struct JanuaryHTTPRequest: Sendable {
    /// The request method, such as `GET` or `POST`. Its name must be a token (RFC 9110 §9.1).
    public var method: JanuaryHTTPMethod

    /// The absolute `http` or `https` URL to send to.
    public var url: URL {
        get { urlReference.value }
        set { urlReference = Boxed(newValue) }
    }
    /// ``url``, boxed: `URL` is not frozen in Apple's Foundation, and stored inline it would give this request, and
    /// everything on the request path that holds one, a layout known only at run time (see `Boxed`). The transport
    /// hands the same box on to the request's ``PendingRequest``.
    package private(set) var urlReference: Boxed<URL>

    /// The header fields to send.
    public var headerFields: JanuaryHTTPHeaderFields

    /// The request content.
    public var body: Body

    /// Seconds to wait for the response before failing with a timeout; `nil` uses the session's setting.
    public var timeout: TimeInterval?

    /// Creates a request.
    ///
    /// - Parameters:
    ///   - method: The request method; `GET` by default.
    ///   - url: The absolute `http` or `https` URL.
    ///   - headerFields: The header fields to send.
    ///   - body: The content; empty by default.
    ///   - timeout: Seconds to wait for a response, or `nil` for the session's default.
    public init(
        method: JanuaryHTTPMethod = .get,
        url: URL,
        headerFields: JanuaryHTTPHeaderFields = [:],
        body: Body = .empty,
        timeout: TimeInterval? = nil
    ) {
        self.method = method
        self.urlReference = Boxed(url)
        self.headerFields = headerFields
        self.body = body
        self.timeout = timeout
    }
}

extension JanuaryHTTPRequest: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// A one-line summary with credentials redacted, such as
    /// `JanuaryHTTPRequest(POST https://api.example/v1, headers: [Authorization: <redacted>], body: 12 bytes)`.
    public var description: String {
        var parts = ["\(method) \(Self.printable(url))", "headers: \(headerFields)", "body: \(body)"]
        if let timeout {
            parts.append("timeout: \(timeout)s")
        }
        return "JanuaryHTTPRequest(" + parts.joined(separator: ", ") + ")"
    }

    /// The same text as ``description``.
    public var debugDescription: String {
        description
    }

    /// A mirror whose children are redacted, so that `dump` and debuggers show no credential.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "method": method.rawValue,
                "url": Self.printable(url),
                "headerFields": headerFields,
                "body": body.description,
                "timeout": timeout as Any,
            ],
            displayStyle: .struct
        )
    }

    /// The URL with any user and password replaced by `<redacted>`. Such URLs are refused before sending, but
    /// the refused request may still be printed.
    static func printable(_ url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false),
            components.percentEncodedUser != nil || components.percentEncodedPassword != nil
        else {
            return url.absoluteString
        }
        components.percentEncodedUser = nil
        components.percentEncodedPassword = nil
        // URLComponents would percent-encode the placeholder's angle brackets, so splice it in as text.
        guard let text = components.string, let authority = text.range(of: "://") else {
            return Redaction.placeholder
        }
        return text[..<authority.upperBound] + Redaction.placeholder + "@" + text[authority.upperBound...]
    }
}

extension JanuaryHTTPRequest {
    /// The content of a request: none, bytes in memory, or a one-shot stream.
    ///
    /// Bytes in memory can be sent any number of times; a stream is read once, so a request with a stream body
    /// is never replayed, and sending the same stream body a second time fails with
    /// ``/JanuaryCore/JanuaryError/Category/invalidInput`` before anything is sent.
    public struct Body: Sendable, CustomStringConvertible {
        private enum Storage: Sendable {
            case empty
            case data(Data)
            case stream(OneShotStream)
        }

        private let storage: Storage

        private init(_ storage: Storage) {
            self.storage = storage
        }

        /// No content.
        public static let empty = Body(.empty)

        /// Content held in memory, which can be sent again.
        ///
        /// - Parameter data: The bytes to send.
        /// - Returns: The body.
        public static func data(_ data: Data) -> Body {
            Body(.data(data))
        }

        /// Content read from a stream, once. The request is sent with chunked transfer coding where the platform
        /// does so for streams (as on Linux), and is never replayable.
        ///
        /// The SDK calls `makeStream` at most once, when the request is sent, so the stream is created where it
        /// is used and no non-Sendable `InputStream` is shared between tasks. Copies of this body share that
        /// one call.
        ///
        /// - Parameter makeStream: Creates the stream to read. If it throws, the send fails with
        ///   ``/JanuaryCore/JanuaryError/Category/invalidInput`` and the thrown error as its underlying error.
        /// - Returns: The body.
        public static func stream(_ makeStream: @escaping @Sendable () throws -> InputStream) -> Body {
            Body(.stream(OneShotStream(makeStream)))
        }

        /// A body that hands over an existing stream once, for the SDK's own request type.
        ///
        /// - Parameter stream: The stream; the body takes it over.
        /// - Returns: The body.
        package static func stream(handingOver stream: InputStream) -> Body {
            Body(.stream(OneShotStream(handingOver: stream)))
        }

        /// Whether the body can be sent again: `true` unless it is a stream.
        public var isReplayable: Bool {
            if case .stream = storage {
                return false
            }
            return true
        }

        /// Whether there is certainly no content: an empty body or empty data. A stream is never empty here,
        /// because its length is unknown until it is read.
        public var isEmpty: Bool {
            switch storage {
            case .empty: true
            case .data(let data): data.isEmpty
            case .stream: false
            }
        }

        /// Whether this is a stream that was already taken, so that a second send can be refused before any
        /// other work.
        package var isSpentStream: Bool {
            if case .stream(let oneShot) = storage {
                return oneShot.isTaken
            }
            return false
        }

        /// `empty`, `12 bytes` or `one-shot stream`: never the content, which may hold personal data.
        public var description: String {
            switch storage {
            case .empty: "empty"
            case .data(let data): "\(data.count) bytes"
            case .stream: "one-shot stream"
            }
        }

        /// The bytes of an in-memory body, or `nil` for an empty or stream body.
        package var data: Data? {
            if case .data(let data) = storage {
                return data
            }
            return nil
        }

        /// Takes the stream of a stream body, or `nil` for other bodies.
        ///
        /// - Returns: The stream.
        /// - Throws: ``/JanuaryCore/JanuaryError/Category/invalidInput`` when the stream was already taken or its
        ///   factory threw.
        package func takeStream() throws -> InputStream? {
            guard case .stream(let oneShot) = storage else {
                return nil
            }
            return try oneShot.take()
        }
    }
}

/// The source of a stream body and whether it has been used, shared by every copy of the body: the one place a
/// one-shot stream is handed out, once.
// Safe because the source is only read inside `taken.withLock` in `take()`, which hands it out once and marks
// it taken under the same lock; an `InputStream` handed over is never touched by this type otherwise, so no
// two threads can read it.
package final class OneShotStream: @unchecked Sendable {
    private enum Source {
        case factory(@Sendable () throws -> InputStream)
        case stream(InputStream)
    }

    private let source: Source
    private let taken = Locked(false)

    init(_ makeStream: @escaping @Sendable () throws -> InputStream) {
        source = .factory(makeStream)
    }

    init(handingOver stream: InputStream) {
        source = .stream(stream)
    }

    var isTaken: Bool {
        taken.withLock { $0 }
    }

    func take() throws -> InputStream {
        let alreadyTaken = taken.withLock { taken in
            defer { taken = true }
            return taken
        }
        guard !alreadyTaken else {
            throw JanuaryError.invalidInput("The request's stream body was already sent; a stream is read once.")
        }
        switch source {
        case .stream(let stream):
            return stream
        case .factory(let makeStream):
            do {
                return try makeStream()
            } catch {
                throw JanuaryError.invalidInput(
                    "The request's stream body could not be created.",
                    underlyingError: error
                )
            }
        }
    }
}
