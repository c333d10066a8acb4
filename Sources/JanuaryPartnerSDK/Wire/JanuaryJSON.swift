import Foundation

/// January's JSON conventions, for bodies the client encodes and answers it decodes: ISO 8601 dates with an
/// offset going out, and with or without fractional seconds coming back.
enum JanuaryJSON {
    /// The encoder for request bodies. `JSONEncoder` is safe to share for encoding once configured.
    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }()

    /// The decoder for answers. `JSONDecoder` is safe to share for decoding once configured.
    static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            if let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text) {
                return date
            }
            if let date = try? Date.ISO8601FormatStyle().parse(text) {
                return date
            }
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "Expected an ISO 8601 date."
            )
        }
        return decoder
    }()
}
