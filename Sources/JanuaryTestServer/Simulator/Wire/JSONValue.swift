import Foundation

/// A JSON document as the simulator reads request bodies and writes response bodies.
///
/// Reading gives what `JSONDecoder` gives, so numbers, booleans and `null` keep their JSON types on every platform
/// (`JSONSerialization` turns booleans into numbers on some): plain JSON through ``PlainJSONReader``, which throws
/// nothing, the rest through `JSONDecoder`. Writing is done here, with sorted keys, so that the same answer is
/// always the same bytes.
enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// Parses a request body; `nil` when it is not JSON.
    static func parse(_ data: Data) -> JSONValue? {
        PlainJSONReader.read(data) ?? decoded(data)
    }

    /// What `JSONDecoder` reads from `data`, the reference ``PlainJSONReader`` agrees with.
    static func decoded(_ data: Data) -> JSONValue? {
        try? JSONDecoder().decode(JSONValue.self, from: data)
    }

    /// A number or `null`.
    static func number(_ value: Double?) -> JSONValue {
        value.map { .number($0) } ?? .null
    }

    /// A string or `null`.
    static func string(_ value: String?) -> JSONValue {
        value.map { .string($0) } ?? .null
    }

    /// A boolean or `null`.
    static func bool(_ value: Bool?) -> JSONValue {
        value.map { .bool($0) } ?? .null
    }

    /// The same document with object keys renamed by `names` at every depth; a key whose new name is already
    /// present keeps its value under the new name.
    func renamingKeys(_ names: [String: String]) -> JSONValue {
        switch self {
        case .array(let items):
            return .array(items.map { $0.renamingKeys(names) })
        case .object(let fields):
            var renamed: [String: JSONValue] = [:]
            for (key, value) in fields {
                let name = names[key] ?? key
                if renamed[name] == nil || names[key] == nil {
                    renamed[name] = value.renamingKeys(names)
                }
            }
            return .object(renamed)
        default:
            return self
        }
    }

    var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The value of a JSON number, integral or not.
    var doubleValue: Double? {
        switch self {
        case .int(let value): Double(value)
        case .number(let value): value
        default: nil
        }
    }

    /// The value of a JSON number without a fractional part, when `Int` holds it; `nil` for any other number
    /// (see ``isIntegral`` to tell the two apart).
    ///
    /// `Int(exactly:)`, not `Int(_:)`: on 32-bit watchOS `Int` ends at 2,147,483,647, and converting a larger
    /// `Double` with `Int(_:)` traps, so a request body could stop the process.
    var intValue: Int? {
        switch self {
        case .int(let value): value
        case .number(let value) where abs(value) < 1e15: Int(exactly: value)
        default: nil
        }
    }

    /// Whether this is a JSON number without a fractional part, whether or not `Int` can hold it.
    var isIntegral: Bool {
        switch self {
        case .int: true
        case .number(let value): value.isFinite && value.rounded() == value
        default: false
        }
    }

    var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    var arrayValue: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    var objectValue: [String: JSONValue]? {
        if case .object(let value) = self { return value }
        return nil
    }

    var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    subscript(key: String) -> JSONValue? {
        objectValue?[key]
    }

    /// The compact JSON text, object keys sorted.
    var serialized: String {
        var output = ""
        write(to: &output)
        return output
    }

    private func write(to output: inout String) {
        switch self {
        case .null:
            output += "null"
        case .bool(let value):
            output += value ? "true" : "false"
        case .int(let value):
            output += String(value)
        case .number(let value):
            output += Self.format(value)
        case .string(let value):
            Self.writeString(value, to: &output)
        case .array(let values):
            output += "["
            for (index, value) in values.enumerated() {
                if index > 0 { output += "," }
                value.write(to: &output)
            }
            output += "]"
        case .object(let members):
            output += "{"
            for (index, key) in members.keys.sorted().enumerated() {
                if index > 0 { output += "," }
                Self.writeString(key, to: &output)
                output += ":"
                members[key, default: .null].write(to: &output)
            }
            output += "}"
        }
    }

    /// Integral values without a fraction (`95`, not `95.0`), others in Swift's shortest round-trip form.
    private static func format(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value.rounded() == value && abs(value) < 1e15 {
            return String(Int64(value))
        }
        return "\(value)"
    }

    private static func writeString(_ value: String, to output: inout String) {
        output += "\""
        // Most strings need no escape: append them whole rather than scalar by scalar.
        if !value.utf8.contains(where: { $0 == 0x22 || $0 == 0x5C || $0 < 0x20 }) {
            output += value
            output += "\""
            return
        }
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where scalar.value < 0x20:
                output +=
                    "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                    + String(scalar.value, radix: 16)
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}

extension JSONValue: Decodable {
    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }
}
