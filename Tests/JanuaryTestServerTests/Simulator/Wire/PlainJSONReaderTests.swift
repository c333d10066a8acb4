import Foundation
import JanuaryCoreTesting
import Testing

@testable import JanuaryTestServer

/// Issue 40: the simulator reads plain JSON without `JSONDecoder`'s throws, and must read exactly what
/// `JSONDecoder` reads: where `PlainJSONReader` answers, its answer is `JSONDecoder`'s, and it leaves everything
/// else to `JSONDecoder`.
@Suite("Reading plain JSON as JSONDecoder does", suiteTimeLimit())
struct PlainJSONReaderTests {
    /// Asserts that the reader either defers or agrees with `JSONDecoder` on `text`; returns whether it answered.
    @discardableResult
    private static func agrees(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        agrees(Data(text.utf8), sourceLocation: sourceLocation)
    }

    @discardableResult
    private static func agrees(_ data: Data, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        guard let read = PlainJSONReader.read(data) else {
            return false
        }
        let decoded = JSONValue.decoded(data)
        #expect(read == decoded, "\(String(decoding: data, as: UTF8.self))", sourceLocation: sourceLocation)
        return true
    }

    @Test(
        "plain documents are read, as JSONDecoder reads them",
        arguments: [
            #"{"foods":[{"food_id":"1002","serving_id":"5004","quantity":2.5}],"name":"meal 1","eaten_at":null}"#,
            #" [ true , false , null , 0 , -0 , 17 , -12345678901234567 , 0.5 , -2.25e-3 , 1.25E+1 ] "#,
            #""tab\t quote\" slash\/ back\\ \b\f\n\r \u00e9 \u0000 \uFFFF é 😀""#,
            "{}", "[]", "\"\"", "0", "[[[[]]]]", #"{"a":{"b":{"c":[1,{"d":"e"}]}}}"#,
        ])
    func plainDocuments(text: String) {
        #expect(Self.agrees(text), "read, not left to JSONDecoder: \(text)")
    }

    @Test(
        "what the two might read differently, and what is not JSON, is left to JSONDecoder",
        arguments: [
            "\u{FEFF}1", "[1,]", #"{"a":1,}"#, #"{"a":1,"a":2}"#, #""\ud83d\ude00""#, #""\ud800""#, "1.0", "1e2",
            "-1.0e0", "1e-400", "1e400", "12345678901234567890", "0.123456789012345678", "01", "-", "1.", ".5",
            "+1", "tru", "nul", "[1 2]", #"{"a" 1}"#, #"{1:2}"#, "\"\u{01}\"", #""\x""#, #""\u12""#, "\"open",
            "[", "{", "", "   ", "1 2", "NaN", "Infinity",
            String(repeating: "[", count: 101) + String(repeating: "]", count: 101),
        ])
    func leftToJSONDecoder(text: String) {
        #expect(!Self.agrees(text), "left to JSONDecoder: \(text)")
    }

    @Test("invalid UTF-8 in a string is left to JSONDecoder")
    func invalidUTF8() {
        #expect(!Self.agrees(Data([0x22, 0xC3, 0x28, 0x22])))
        #expect(!Self.agrees(Data([0x22, 0xFF, 0x22])))
    }

    /// Random documents, written with random spacing, and each with one byte changed, removed or added.
    @Test("1,000 random documents and their mutations: the reader agrees with JSONDecoder or defers")
    func randomDocuments() {
        var random = SplitMix64(seed: 40)
        var read = 0
        for _ in 0..<1_000 {
            let text = Self.write(Self.randomValue(depth: 0, &random), &random)
            if Self.agrees(text) {
                read += 1
            }
            var bytes = Array(text.utf8)
            let position = Int(random.next() % UInt64(bytes.count))
            let alphabet = Array(#"{}[],:"\ -.e0123456789tfnu"#.utf8)
            let byte = alphabet[Int(random.next() % UInt64(alphabet.count))]
            switch random.next() % 3 {
            case 0: bytes[position] = byte
            case 1: bytes.remove(at: position)
            default: bytes.insert(byte, at: position)
            }
            Self.agrees(Data(bytes))
        }
        // The generator writes no repeated keys, surrogates or whole-valued decimals, so every document is plain.
        #expect(read == 1_000)
    }

    private static func randomValue(depth: Int, _ random: inout SplitMix64) -> JSONValue {
        switch random.next() % (depth < 3 ? 8 : 6) {
        case 0: return .null
        case 1: return .bool(random.next() % 2 == 0)
        case 2: return .int(Int(truncatingIfNeeded: random.next() % 2_000_000) - 1_000_000)
        case 3: return .number((Double(Int(random.next() % 20_000) - 10_000) + 0.5) / 4)
        case 4, 5:
            let pieces = ["a", "Z", " ", "é", "😀", "\"", "\\", "/", "\n", "\t", "\u{1}", "\u{7F}", "mealé"]
            return .string((0..<(random.next() % 6)).map { _ in pieces[Int(random.next() % 13)] }.joined())
        case 6:
            return .array((0..<(random.next() % 4)).map { _ in randomValue(depth: depth + 1, &random) })
        default:
            var members: [String: JSONValue] = [:]
            for index in 0..<(random.next() % 4) {
                members["k\(index)\(["", "é", "\""][Int(random.next() % 3)])"] = randomValue(
                    depth: depth + 1, &random)
            }
            return .object(members)
        }
    }

    /// JSON text for `value`, escaping as a writer might and spaced at random.
    private static func write(_ value: JSONValue, _ random: inout SplitMix64) -> String {
        let space = ["", " ", "\n", "\t ", "\r\n"][Int(random.next() % 5)]
        switch value {
        case .null: return space + "null"
        case .bool(let flag): return space + (flag ? "true" : "false")
        case .int(let number): return space + String(number)
        case .number(let number): return space + (random.next() % 2 == 0 ? "\(number)" : "\(number * 10)e-1")
        case .string(let text): return space + quoted(text, &random)
        case .array(let elements):
            return space + "[" + elements.map { write($0, &random) }.joined(separator: ",") + space + "]"
        case .object(let members):
            let written = members.sorted { $0.key < $1.key }.map {
                quoted($0.key, &random) + ":" + write($0.value, &random)
            }
            return space + "{" + written.joined(separator: "," + space) + space + "}"
        }
    }

    private static func quoted(_ text: String, _ random: inout SplitMix64) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += random.next() % 2 == 0 ? "\\\\" : "\\u005C"
            case "/": out += random.next() % 2 == 0 ? "/" : "\\/"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\u{1}": out += "\\u0001"
            default:
                out +=
                    scalar.value > 0x7F && scalar.value <= 0xFFFF && random.next() % 2 == 0
                    ? String(format: "\\u%04x", scalar.value) : String(scalar)
            }
        }
        return out + "\""
    }
}
