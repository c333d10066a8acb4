import Foundation
import JanuaryCore
import JanuaryTransport

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
