import Foundation
import JanuaryCoreTesting
import JanuaryTransport

/// A deterministic fuzzer for ``AuthenticationChallenge/parse(_:)-(String)``: it feeds random, mutated and
/// grammar-built field values and checks properties that must hold for any input.
///
/// The same function serves the fast property test (100,000 values) and the slow fuzz run (1,000,000 values,
/// `JANUARY_FUZZ=1`); a fixed seed makes any failure reproducible.
enum ChallengeFuzzing {
    /// A failed property, with the input that broke it.
    struct Violation: CustomStringConvertible {
        let input: String
        let property: String

        var description: String {
            "\(property) for input \(input.debugDescription)"
        }
    }

    /// Parses `count` generated values and checks each.
    ///
    /// - Parameters:
    ///   - count: How many values to feed.
    ///   - seed: The generator's seed.
    /// - Returns: Up to the first 10 violations; empty when every property held.
    static func run(count: Int, seed: UInt64) -> [Violation] {
        var generator = SplitMix64(seed: seed)
        var violations: [Violation] = []
        for iteration in 0..<count {
            let input = makeInput(using: &generator, iteration: iteration)
            if let property = brokenProperty(for: input, checkArrayForm: iteration % 8 == 0) {
                violations.append(Violation(input: input, property: property))
                if violations.count == 10 {
                    break
                }
            }
        }
        return violations
    }

    // MARK: Properties

    /// The first property `input` breaks, or `nil`.
    static func brokenProperty(for input: String, checkArrayForm: Bool) -> String? {
        let parsed = AuthenticationChallenge.parse(input)
        if let broken = brokenProperty(of: parsed, from: input) {
            return broken
        }
        if checkArrayForm && AuthenticationChallenge.parse([input, input]) != parsed + parsed {
            return "parse([value, value]) is not parse(value) twice"
        }
        return nil
    }

    /// The first property that `parsed`, claimed to be the result of parsing `input`, breaks, or `nil`.
    static func brokenProperty(of parsed: [AuthenticationChallenge], from input: String) -> String? {
        if input.utf8.count > AuthenticationChallenge.maximumFieldValueLength {
            return parsed.isEmpty ? nil : "an oversized value yielded challenges"
        }
        let commas = input.utf8.lazy.filter { $0 == UInt8(ascii: ",") }.count
        if parsed.count > commas + 1 {
            return "more challenges (\(parsed.count)) than commas + 1 (\(commas + 1))"
        }
        for challenge in parsed {
            if !isToken(challenge.scheme) {
                return "scheme \(challenge.scheme.debugDescription) is not a token"
            }
            if let token68 = challenge.token68 {
                if !isToken68(token68) {
                    return "token68 \(token68.debugDescription) is not a token68"
                }
                if !challenge.parameters.isEmpty {
                    return "a challenge has both a token68 and parameters"
                }
            }
            for (name, value) in challenge.parameters {
                if !isToken(name) || name != name.lowercased() {
                    return "parameter name \(name.debugDescription) is not a lower-case token"
                }
                if value.utf8.contains(where: { ($0 < 0x20 && $0 != 0x09) || $0 == 0x7F }) {
                    return "parameter value \(value.debugDescription) holds a control character"
                }
            }
        }
        let reparsed = AuthenticationChallenge.parse(serialize(parsed))
        if reparsed != parsed {
            return "serializing and parsing again changed the result"
        }
        return nil
    }

    /// Writes challenges in canonical form: token68 after a space, or every parameter as a quoted string.
    static func serialize(_ challenges: [AuthenticationChallenge]) -> String {
        challenges.map { challenge in
            if let token68 = challenge.token68 {
                return "\(challenge.scheme) \(token68)"
            }
            let parameters = challenge.parameters.sorted { $0.key < $1.key }.map { name, value in
                let escaped = value.replacingOccurrences(of: "\\", with: "\\\\")
                    .replacingOccurrences(of: "\"", with: "\\\"")
                return "\(name)=\"\(escaped)\""
            }
            return parameters.isEmpty ? challenge.scheme : "\(challenge.scheme) " + parameters.joined(separator: ", ")
        }.joined(separator: ", ")
    }

    private static func isToken(_ text: String) -> Bool {
        !text.isEmpty
            && text.utf8.allSatisfy { byte in
                (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                    || "!#$%&'*+-.^_`|~".utf8.contains(byte)
            }
    }

    private static func isToken68(_ text: String) -> Bool {
        let body = text.utf8.prefix { $0 != UInt8(ascii: "=") }
        let padding = text.utf8.dropFirst(body.count)
        return !body.isEmpty && padding.allSatisfy { $0 == UInt8(ascii: "=") }
            && body.allSatisfy { byte in
                (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                    || "-._~+/".utf8.contains(byte)
            }
    }

    // MARK: Generation

    private static let fragments: [String] = [
        "Bearer", "Basic", "Digest", "Negotiate", "realm", "error", "invalid_token", "error_description", "scope",
        "a", "Z", "0", "9", "x", "=", "==", ",", ", ", " ", "  ", "\t", "\"", "\\", "\\\"", "/", "+", "-", ".", "_",
        "~", "@", ";", ":", "(", ")", "{", "}", "!", "#", "'", "*", "|", "`", "^", "%",
        "é", "✓", "🔑", "\u{0}", "\u{1}", "\r", "\n", "\r\n", "\u{7F}", "\u{85}", "\u{FEFF}",
    ]

    private static let seeds: [String] =
        challengeVectors.map(\.input) + [
            #"Bearer realm="january", error="invalid_token", error_description="The token expired""#,
            #"Basic realm="x", Bearer error="invalid_token""#,
            "Negotiate YIIBAw==, NTLM",
        ]

    private static func makeInput(using generator: inout SplitMix64, iteration: Int) -> String {
        if iteration % 20_000 == 19_999 {
            // Rarely, values around and over the size limit.
            let length = AuthenticationChallenge.maximumFieldValueLength - 50 + Int(generator.next() % 100)
            return String(repeating: grammarBuilt(using: &generator), count: 1)
                + String(repeating: "a", count: max(0, length))
        }
        switch generator.next() % 100 {
        case 0..<30:
            return randomFragments(count: Int(generator.next() % 40), using: &generator)
        case 30..<70:
            return mutated(seeds[Int(generator.next() % UInt64(seeds.count))], using: &generator)
        case 70..<97:
            return grammarBuilt(using: &generator)
        default:
            return randomFragments(count: 100 + Int(generator.next() % 900), using: &generator)
        }
    }

    private static func randomFragments(count: Int, using generator: inout SplitMix64) -> String {
        var text = ""
        for _ in 0..<count {
            text += fragments[Int(generator.next() % UInt64(fragments.count))]
        }
        return text
    }

    private static func mutated(_ seed: String, using generator: inout SplitMix64) -> String {
        var characters = Array(seed)
        for _ in 0...(generator.next() % 4) {
            let position = characters.isEmpty ? 0 : Int(generator.next() % UInt64(characters.count))
            switch generator.next() % 5 {
            case 0:
                let fragment = fragments[Int(generator.next() % UInt64(fragments.count))]
                characters.insert(contentsOf: fragment, at: position)
            case 1 where !characters.isEmpty:
                characters.remove(at: position)
            case 2 where !characters.isEmpty:
                let end = min(characters.count, position + 1 + Int(generator.next() % 12))
                characters.insert(contentsOf: characters[position..<end], at: end)
            case 3:
                characters = Array(characters.prefix(position))
            default:
                if characters.count > 1 {
                    characters.swapAt(position, Int(generator.next() % UInt64(characters.count)))
                }
            }
        }
        return String(characters)
    }

    private static func grammarBuilt(using generator: inout SplitMix64) -> String {
        let schemes = ["Bearer", "Basic", "Digest", "DPoP", "bearer", "X-Custom_1"]
        let names = ["realm", "error", "error_description", "scope", "charset", "Nonce", "qop"]
        let values = ["invalid_token", "\"invalid_token\"", "\"a, b\"", "\"x=y\"", "\"\\\"q\\\"\"", "tok", "\"\""]
        let spaces = ["", " ", "  ", "\t"]
        var challenges: [String] = []
        for _ in 0...(generator.next() % 3) {
            var text = schemes[Int(generator.next() % UInt64(schemes.count))]
            switch generator.next() % 3 {
            case 0:
                break
            case 1:
                text += " abc" + String(repeating: "=", count: Int(generator.next() % 3))
            default:
                var parameters: [String] = []
                for _ in 0...(generator.next() % 3) {
                    let space = spaces[Int(generator.next() % UInt64(spaces.count))]
                    parameters.append(
                        names[Int(generator.next() % UInt64(names.count))] + space + "=" + space
                            + values[Int(generator.next() % UInt64(values.count))]
                    )
                }
                text += " " + parameters.joined(separator: generator.next() % 4 == 0 ? ",, " : ", ")
            }
            challenges.append(text)
        }
        return challenges.joined(separator: generator.next() % 4 == 0 ? " ,, " : ", ")
    }
}
