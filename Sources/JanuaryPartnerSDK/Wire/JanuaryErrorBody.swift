import Foundation

/// What January says in an error response: `{"code": "...", "message": "..."}`, read defensively.
///
/// Gateways in front of January may answer with HTML, plain text or nothing, and a hostile or broken server with
/// anything at all; so a body larger than ``maximumSize`` is not parsed, a body that is not a JSON object of
/// strings yields nothing, and parsing never throws or traps.
struct JanuaryErrorBody: Sendable, Equatable {
    /// The largest body that is parsed: January's error bodies are a few hundred bytes.
    static let maximumSize = 64 * 1024

    /// The longest code kept; January's codes are short words joined by underscores.
    static let maximumCodeLength = 64

    /// January's stable code, if it sent a well-formed one; a code shaped like a key or token is `<redacted>`.
    var code: String?

    /// January's message, cleaned by ``ErrorMessageSanitizer``, if it sent one.
    var message: String?

    private struct Wire: Decodable {
        let code: String?
        let message: String?

        private enum CodingKeys: String, CodingKey {
            case code, message
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            code = try? container.decodeIfPresent(String.self, forKey: .code)
            message = try? container.decodeIfPresent(String.self, forKey: .message)
        }
    }

    /// Reads `body`; an empty result when it is not January's error shape.
    init(parsing body: Data) {
        guard !body.isEmpty, body.count <= Self.maximumSize, Self.looksLikeJSONObject(body),
            let wire = try? JanuaryJSON.makeDecoder().decode(Wire.self, from: body)
        else {
            return
        }
        code = wire.code.flatMap(Self.acceptableCode).map(ErrorMessageSanitizer.redactingCredentials(in:))
        message = wire.message.flatMap(ErrorMessageSanitizer.clean)
    }

    /// A cheap first look, so that HTML and text bodies are not handed to the JSON parser at all.
    private static func looksLikeJSONObject(_ body: Data) -> Bool {
        let first = body.first {
            $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D && $0 != 0xEF && $0 != 0xBB
                && $0 != 0xBF
        }
        return first == UInt8(ascii: "{")
    }

    /// A code is kept only if it is a plain word (`[A-Za-z0-9_.-]`: ASCII letters of either case, digits, `_`, `.` and
    /// `-`), so that it is safe to print and compare.
    private static func acceptableCode(_ code: String) -> String? {
        guard !code.isEmpty, code.utf8.count <= maximumCodeLength,
            code.utf8.allSatisfy({ byte in
                (0x61...0x7A).contains(byte) || (0x41...0x5A).contains(byte) || (0x30...0x39).contains(byte)
                    || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            })
        else {
            return nil
        }
        return code
    }
}
