import Foundation

/// The wire rules shared by January's identifiers: always sent as a string, but read from a string or an
/// integer, because some responses and older contracts carry numeric ids as JSON numbers.
enum IdentifierCoding {
    static func decodeString(from decoder: any Decoder) throws -> String {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            return text
        }
        if let number = try? container.decode(Int64.self) {
            return String(number)
        }
        if let number = try? container.decode(UInt64.self) {
            return String(number)
        }
        throw DecodingError.dataCorruptedError(
            in: container,
            debugDescription: "Expected an identifier as a string or an integer."
        )
    }

    static func encode(_ rawValue: String, to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
