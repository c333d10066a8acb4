import Foundation
import JanuaryCore

/// The SDK's one JSON configuration: every request body it encodes and every answer it decodes goes through here.
///
/// Coders are made for each use rather than kept in a `static let`: Apple declares `JSONEncoder` and
/// `JSONDecoder` `Sendable` only from iOS 16, macOS 13, tvOS 16 and watchOS 9, so with the SDK's minimums a shared
/// one is a Swift 6 error, and making one costs far less than the network exchange it serves.
package enum JanuaryJSON {
    /// Encodes a request body: keys sorted so that a body is reproducible, `/` left unescaped so that a base64
    /// image (full of slashes) does not grow past the size January accepts, and any `Date` as January's
    /// timestamp (UTC with milliseconds and `Z`), the same text the models write.
    ///
    /// - Parameter value: The value to encode.
    /// - Returns: The JSON bytes.
    /// - Throws: ``/JanuaryCore/JanuaryError`` of category ``/JanuaryCore/JanuaryError/Category/invalidInput``
    ///   when the value cannot be encoded, such as a number that is not finite.
    // One generic copy for every body, as `JSONEncoder` runs generically anyway (Docs/Benchmarks.md, "Size in an
    // app").
    @_semantics("optimize.sil.specialize.generic.never")
    package static func encode(_ value: some Encodable) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(JanuaryTimestamp.string(from: date))
        }
        do {
            return try encoder.encode(value)
        } catch {
            throw JanuaryError.invalidInput(
                "The request body could not be encoded as JSON; every number must be finite.",
                underlyingError: error
            )
        }
    }

    /// A decoder for January's answers. The models read their own timestamps; a bare `Date` in a partner's type
    /// is read by the same parser, so with or without fractional seconds and with any offset.
    static func makeDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            guard let date = JanuaryTimestamp.parse(try container.decode(String.self)) else {
                throw DecodingError.dataCorruptedError(
                    in: container,
                    debugDescription: "Expected an ISO 8601 date-time with an offset."
                )
            }
            return date
        }
        return decoder
    }
}
