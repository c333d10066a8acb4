import Foundation
import JanuaryCore

extension JanuaryRequest {
    /// A request body: nothing, bytes in memory, or a stream that can be read only once.
    public struct Body: Sendable {
        enum Storage: Sendable {
            case empty
            case data(Data, contentType: String?)
            case stream(OneShotStream, contentType: String?)
        }

        let storage: Storage

        /// No body.
        public static let empty = Body(storage: .empty)

        /// Bytes in memory. Such a request can be replayed after a token refresh.
        ///
        /// - Parameters:
        ///   - data: The bytes to send.
        ///   - contentType: The `Content-Type` to send, if any.
        /// - Returns: The body.
        public static func data(_ data: Data, contentType: String? = nil) -> Body {
            Body(storage: .data(data, contentType: contentType))
        }

        /// A value encoded as JSON, with ISO 8601 dates, and `Content-Type: application/json`.
        ///
        /// - Parameter value: The value to encode.
        /// - Returns: The body.
        /// - Throws: ``/JanuaryCore/JanuaryError`` of category ``/JanuaryCore/JanuaryError/Category/invalidInput`` if
        ///   the value cannot be encoded.
        public static func json(_ value: some Encodable) throws -> Body {
            let encoder = JSONEncoder()
            encoder.dateEncodingStrategy = .iso8601
            do {
                return .data(try encoder.encode(value), contentType: "application/json")
            } catch {
                throw JanuaryError(
                    category: .invalidInput,
                    message: "The request body could not be encoded as JSON.",
                    underlyingError: error
                )
            }
        }

        /// A stream read once, as it is sent, for large uploads.
        ///
        /// The stream cannot be rewound, so a request with this body is never replayed: if January rejects the
        /// token, the request fails with ``/JanuaryCore/JanuaryError/Category/authentication`` and says it was not
        /// replayed.
        ///
        /// - Parameters:
        ///   - stream: The stream. The client takes it over; do not read it or pass it elsewhere.
        ///   - contentType: The `Content-Type` to send, if any.
        /// - Returns: The body.
        public static func stream(_ stream: InputStream, contentType: String? = nil) -> Body {
            Body(storage: .stream(OneShotStream(stream), contentType: contentType))
        }

        var isReplayable: Bool {
            if case .stream = storage {
                return false
            }
            return true
        }
    }
}

/// An input stream handed over to the SDK, to be given to URLSession at most once.
// Safe because the stream is never read by this type: the only access is `take()`, which hands it out once,
// under a lock, and returns nil ever after, so no two threads can read the stream.
final class OneShotStream: @unchecked Sendable {
    private let stream: Locked<InputStream?>

    init(_ stream: InputStream) {
        self.stream = Locked(stream)
    }

    var isTaken: Bool {
        stream.withLock { $0 == nil }
    }

    func take() -> InputStream? {
        stream.withLock { stream in
            defer { stream = nil }
            return stream
        }
    }
}
