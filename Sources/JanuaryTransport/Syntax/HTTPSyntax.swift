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
    /// mapping must not turn a non-token into one. Out of line: the optimiser copied its scan and copy into each of
    /// seven callers, about 0.8 KB of an app.
    @inline(never)
    static func asciiLowercased(_ text: String) -> String {
        guard text.utf8.contains(where: { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }) else {
            return text
        }
        return String(decoding: text.utf8.map(asciiLower), as: UTF8.self)
    }

    /// Case-insensitive ASCII comparison, as RFC 9110 §5.1 (field names) and §11.1 (auth-schemes) require.
    /// Walked with one iterator beside the loop: `zip` made its own iterator type, specialised, for this alone.
    static func asciiCaseInsensitiveEquals(_ lhs: String, _ rhs: String) -> Bool {
        guard lhs.utf8.count == rhs.utf8.count else {
            return false
        }
        var right = rhs.utf8.makeIterator()
        for byte in lhs.utf8 {
            guard let other = right.next(), asciiLower(byte) == asciiLower(other) else {
                return false
            }
        }
        return true
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

    /// The pieces of `text` between the characters `isSeparator` accepts, as `split(omittingEmptySubsequences:
    /// whereSeparator:)` cuts them, as strings. One loop for every split in this module: the standard library's split
    /// is specialised for each separator and then mapped to strings, about 2 KB of an app for a few rare paths.
    ///
    /// - Parameters:
    ///   - text: The text to cut, character by character.
    ///   - omittingEmpty: Whether empty pieces (two separators in a row, or one at either end) are left out; an
    ///     empty `text` is then no piece rather than one empty piece.
    ///   - isSeparator: Whether a character separates pieces.
    /// - Returns: The pieces in order, without the separators.
    static func pieces(of text: String, omittingEmpty: Bool, separatedBy isSeparator: (Character) -> Bool)
        -> [String]
    {
        var pieces: [String] = []
        var start = text.startIndex
        var index = start
        while index < text.endIndex {
            let next = text.index(after: index)
            if isSeparator(text[index]) {
                if !omittingEmpty || start < index {
                    pieces.append(String(text[start..<index]))
                }
                start = next
            }
            index = next
        }
        if !omittingEmpty || start < text.endIndex {
            pieces.append(String(text[start...]))
        }
        return pieces
    }

    private static func asciiLower(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 0x20 : byte
    }
}
