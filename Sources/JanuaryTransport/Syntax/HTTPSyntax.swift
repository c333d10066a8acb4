/// Byte classes of the HTTP grammar (RFC 9110 §5.6, RFC 5234 Appendix B.1), shared by every parser and check
/// in this module so they all agree on what a token is.
enum HTTPSyntax {
    /// `tchar` (RFC 9110 §5.6.2): the characters of a token such as a field name, method or auth-scheme.
    static func isTokenCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "a")...UInt8(ascii: "z"):
            true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"),
            UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }

    /// The characters of `token68` before its `=` padding (RFC 9110 §11.2).
    static func isToken68Character(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "+"),
            UInt8(ascii: "/"):
            true
        default:
            false
        }
    }

    /// `OWS` / `BWS` whitespace (RFC 9110 §5.6.3): space or horizontal tab.
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }

    /// Whether `text` is a non-empty token (RFC 9110 §5.6.2).
    static func isToken(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy(isTokenCharacter)
    }

    /// Whether `text` can be sent as a field value without changing the message's framing: no CR, LF, NUL or
    /// other control character except HTAB (RFC 9110 §5.5). Non-ASCII (obs-text) is allowed.
    static func isSafeFieldValue(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 == UInt8(ascii: "\t") || ($0 >= 0x20 && $0 != 0x7F) }
    }

    /// ASCII-only lower-casing: field names, schemes and parameter names are ASCII tokens, and Unicode case
    /// mapping must not turn a non-token into one.
    static func asciiLowercased(_ text: String) -> String {
        guard text.utf8.contains(where: { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }) else {
            return text
        }
        return String(decoding: text.utf8.map(asciiLower), as: UTF8.self)
    }

    /// Case-insensitive ASCII comparison, as RFC 9110 §5.1 (field names) and §11.1 (auth-schemes) require.
    static func asciiCaseInsensitiveEquals(_ lhs: String, _ rhs: String) -> Bool {
        lhs.utf8.count == rhs.utf8.count && zip(lhs.utf8, rhs.utf8).allSatisfy { asciiLower($0) == asciiLower($1) }
    }

    /// Whether `lhs` sorts before `rhs` once both are lowercased in ASCII: the order of
    /// `asciiLowercased(lhs) < asciiLowercased(rhs)`, compared byte by byte in place when both are ASCII (every valid
    /// field name), through those copies otherwise: `String` orders the normalized text, in which a combining mark
    /// can change the order of the letter before it, so no byte can be judged on its own.
    static func asciiCaseInsensitiveLess(_ lhs: String, _ rhs: String) -> Bool {
        guard lhs.utf8.allSatisfy({ $0 < 0x80 }), rhs.utf8.allSatisfy({ $0 < 0x80 }) else {
            return asciiLowercased(lhs) < asciiLowercased(rhs)
        }
        var left = lhs.utf8.makeIterator()
        var right = rhs.utf8.makeIterator()
        while true {
            switch (left.next(), right.next()) {
            case (nil, nil):
                return false
            case (nil, _):
                return true
            case (_, nil):
                return false
            case (let l?, let r?):
                let (lower, upper) = (asciiLower(l), asciiLower(r))
                if lower != upper {
                    return lower < upper
                }
            }
        }
    }

    /// The value of `text` when it is only decimal digits, as many as `digits` allows; `nil` otherwise. The checked
    /// digits are folded by hand: `Int64(text)` would add the standard library's generic integer parser to an app
    /// for a few digits.
    static func decimalNumber(_ text: String, digits: ClosedRange<Int>) -> Int64? {
        guard digits.contains(text.utf8.count), text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else {
            return nil
        }
        return text.utf8.reduce(Int64(0)) { $0 * 10 + Int64($1 - 0x30) }
    }

    private static func asciiLower(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 0x20 : byte
    }
}
