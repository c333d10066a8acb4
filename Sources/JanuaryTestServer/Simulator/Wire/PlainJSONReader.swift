import Foundation

/// Reads the plain JSON most bodies are, without throwing, or says it cannot be sure and leaves the document to
/// `JSONDecoder` (``JSONValue/parse(_:)``).
///
/// Why not `JSONDecoder` alone: `JSONValue` learns a value's type by trying each one (`Bool`, `Int`, `Double`,
/// `String`, array, object), and every failed try throws. Under swift-testing every throw captures a backtrace and
/// enters a cache that is filtered whenever a test case ends: the suite threw 324,223 errors a run, 253,474 of the
/// JanuaryTestServer tests' 258,102 from `JSONValue.init(from:)` (counted with a `perf` probe on
/// `swift_willThrow`), and with that capture switched off a parallel run took half the CPU (11.4 s instead of
/// 22.1 s beside a CPU hog), parallel runs paying more for it than serial ones.
///
/// It gives exactly what `JSONDecoder` gives, because it answers only where the two cannot differ and returns
/// `nil` for everything else, valid or not: a byte-order mark, a trailing comma (which `JSONDecoder` accepts), a
/// repeated key (where `JSONDecoder` keeps the first), a `\u` escape of a surrogate, invalid UTF-8, nesting deeper
/// than 100, a number with a fraction or exponent whose value is a whole number (`JSONDecoder` reads `1.0` as an
/// `Int`) and a number longer than 18 digits or characters. `PlainJSONReaderTests` compares the two.
struct PlainJSONReader {
    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0

    private init(_ data: Data) {
        bytes = [UInt8](data)
    }

    /// The document in `data`, or `nil` when it is not plain JSON as described above.
    static func read(_ data: Data) -> JSONValue? {
        var reader = PlainJSONReader(data)
        guard let value = reader.value() else {
            return nil
        }
        reader.skipWhitespace()
        return reader.index == reader.bytes.count ? value : nil
    }

    private mutating func skipWhitespace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) {
            index += 1
        }
    }

    private mutating func value() -> JSONValue? {
        skipWhitespace()
        guard index < bytes.count else {
            return nil
        }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            return object()
        case UInt8(ascii: "["):
            return array()
        case UInt8(ascii: "\""):
            return string().map(JSONValue.string)
        case UInt8(ascii: "t"):
            return literal("true", .bool(true))
        case UInt8(ascii: "f"):
            return literal("false", .bool(false))
        case UInt8(ascii: "n"):
            return literal("null", .null)
        default:
            return number()
        }
    }

    private mutating func literal(_ word: String, _ value: JSONValue) -> JSONValue? {
        let word = Array(word.utf8)
        guard index + word.count <= bytes.count, Array(bytes[index..<index + word.count]) == word else {
            return nil
        }
        index += word.count
        return value
    }

    private mutating func object() -> JSONValue? {
        guard depth < 100 else {
            return nil
        }
        depth += 1
        defer { depth -= 1 }
        index += 1
        var members: [String: JSONValue] = [:]
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let key = string(), members[key] == nil
            else {
                return nil
            }
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                return nil
            }
            index += 1
            guard let value = value() else {
                return nil
            }
            members[key] = value
            skipWhitespace()
            guard index < bytes.count else {
                return nil
            }
            index += 1
            switch bytes[index - 1] {
            case UInt8(ascii: ","):
                continue
            case UInt8(ascii: "}"):
                return .object(members)
            default:
                return nil
            }
        }
    }

    private mutating func array() -> JSONValue? {
        guard depth < 100 else {
            return nil
        }
        depth += 1
        defer { depth -= 1 }
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            guard let element = value() else {
                return nil
            }
            elements.append(element)
            skipWhitespace()
            guard index < bytes.count else {
                return nil
            }
            index += 1
            switch bytes[index - 1] {
            case UInt8(ascii: ","):
                continue
            case UInt8(ascii: "]"):
                return .array(elements)
            default:
                return nil
            }
        }
    }

    /// A string starting at the opening quote; `nil` for a control character, an unknown escape, a surrogate
    /// escape or invalid UTF-8.
    private mutating func string() -> String? {
        index += 1
        var scalars: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(bytes: scalars, encoding: .utf8)
            case 0x00..<0x20:
                return nil
            case UInt8(ascii: "\\"):
                guard index < bytes.count else {
                    return nil
                }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"):
                    scalars.append(escape)
                case UInt8(ascii: "b"):
                    scalars.append(0x08)
                case UInt8(ascii: "f"):
                    scalars.append(0x0C)
                case UInt8(ascii: "n"):
                    scalars.append(0x0A)
                case UInt8(ascii: "r"):
                    scalars.append(0x0D)
                case UInt8(ascii: "t"):
                    scalars.append(0x09)
                case UInt8(ascii: "u"):
                    guard index + 4 <= bytes.count,
                        let code = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16),
                        let scalar = Unicode.Scalar(code)
                    else {
                        // A surrogate half (or not four hex digits): left to JSONDecoder.
                        return nil
                    }
                    index += 4
                    scalars.append(contentsOf: Array(String(Character(scalar)).utf8))
                default:
                    return nil
                }
            default:
                scalars.append(byte)
            }
        }
        return nil
    }

    /// A number as RFC 8259 spells it: an `Int` when it has neither fraction nor exponent, a `Double` when its
    /// value is not a whole number; anything else is left to JSONDecoder.
    private mutating func number() -> JSONValue? {
        let start = index
        func digits() -> Int {
            let first = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                index += 1
            }
            return index - first
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") {
            index += 1
        }
        let integerStart = index
        let integerDigits = digits()
        guard integerDigits > 0, integerDigits == 1 || bytes[integerStart] != UInt8(ascii: "0") else {
            return nil
        }
        var isWhole = true
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else {
                return nil
            }
            isWhole = false
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard digits() > 0 else {
                return nil
            }
            isWhole = false
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard text.utf8.count <= 18 else {
            return nil
        }
        if isWhole {
            return Int(text).map(JSONValue.int)
        }
        guard let value = Double(text), value.isFinite, value.rounded(.towardZero) != value else {
            return nil
        }
        return .number(value)
    }
}
