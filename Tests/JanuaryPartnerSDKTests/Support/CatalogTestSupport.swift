import Foundation
import JanuaryPartnerSDK
import Testing

/// Decoding and encoding helpers for the catalogue model tests, with plain decoders: the models must not depend
/// on a decoder's date or key strategy.
enum Wire {
    static func decode<Value: Decodable>(_ type: Value.Type, _ json: String) throws -> Value {
        try JSONDecoder().decode(type, from: Data(json.utf8))
    }

    /// The value encoded and read back as a JSON object, to compare keys and values without caring for order.
    static func object(_ value: some Encodable) throws -> [String: Any] {
        let data = try JSONEncoder().encode(value)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// The value encoded and read back as any JSON value.
    static func json(_ value: some Encodable) throws -> Any {
        try JSONSerialization.jsonObject(with: try JSONEncoder().encode(value), options: [.fragmentsAllowed])
    }

    /// The body of a request as a JSON object.
    static func object(body data: Data) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }
}
