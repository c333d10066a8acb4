/// A single forward pass over the UTF-8 bytes of one `WWW-Authenticate` value (RFC 9110 §11.6.1).
///
/// Every step either consumes bytes or ends; look-aheads scan at most the next token and its whitespace, and a
/// failed challenge resumes from where it failed, so each byte is examined a small constant number of times.
struct ChallengeParser {
    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    private static let comma = UInt8(ascii: ",")
    private static let equals = UInt8(ascii: "=")
    private static let quote = UInt8(ascii: "\"")
    private static let backslash = UInt8(ascii: "\\")

    /// `#challenge` (RFC 9110 §5.6.1): challenges separated by commas, empty elements ignored.
    mutating func parseChallenges() -> [AuthenticationChallenge] {
        var challenges: [AuthenticationChallenge] = []
        while true {
            skipSeparators()
            guard index < bytes.count else {
                return challenges
            }
            if let challenge = parseChallenge() {
                challenges.append(challenge)
            } else {
                skipToNextComma()
            }
        }
    }

    /// `auth-scheme [ 1*SP ( token68 / #auth-param ) ]`, or `nil` when malformed.
    private mutating func parseChallenge() -> AuthenticationChallenge? {
        guard let scheme = readToken() else {
            return nil
        }
        let sawWhitespace = skipWhitespace()
        guard index < bytes.count else {
            return AuthenticationChallenge(scheme: scheme, token68: nil, normalizedParameters: [:])
        }
        if bytes[index] == Self.comma {
            // `Digest, Basic` ends the challenge; `Basic, realm=x` (lenient) or `Basic ,,realm=x` (§5.6.1 empty
            // elements) continue it with parameters.
            let comma = index
            skipSeparators()
            if startsAuthParam() {
                return parseAuthParams(scheme: scheme)
            }
            index = comma
            return AuthenticationChallenge(scheme: scheme, token68: nil, normalizedParameters: [:])
        }
        guard sawWhitespace else {
            // Something like `Bearer=x` or `Bearer"x"`: not a scheme at all.
            return nil
        }
        if startsAuthParam() {
            return parseAuthParams(scheme: scheme)
        }
        guard let token68 = readToken68() else {
            return nil
        }
        skipWhitespace()
        guard index == bytes.count || bytes[index] == Self.comma else {
            return nil
        }
        return AuthenticationChallenge(scheme: scheme, token68: token68, normalizedParameters: [:])
    }

    /// `auth-param *( OWS "," OWS auth-param )`, ending before a comma that starts another challenge.
    private mutating func parseAuthParams(scheme: String) -> AuthenticationChallenge? {
        var parameters: [String: String] = [:]
        while true {
            // `startsAuthParam` has checked that a token, optional whitespace and `=` come next.
            guard let name = readToken() else {
                return nil
            }
            skipWhitespace()
            index += 1
            skipWhitespace()
            guard index < bytes.count else {
                return nil
            }
            let value: String?
            if bytes[index] == Self.quote {
                value = readQuotedString()
            } else {
                value = readToken()
            }
            guard let value else {
                return nil
            }
            let key = HTTPSyntax.asciiLowercased(name)
            if parameters[key] == nil {
                parameters[key] = value
            }
            skipWhitespace()
            guard index < bytes.count else {
                break
            }
            guard bytes[index] == Self.comma else {
                return nil
            }
            let comma = index
            skipSeparators()
            guard index < bytes.count else {
                break
            }
            guard startsAuthParam() else {
                index = comma
                break
            }
        }
        return AuthenticationChallenge(scheme: scheme, token68: nil, normalizedParameters: parameters)
    }

    /// Whether `token BWS "=" BWS` and then a value start here, rather than a token68 whose `=` padding ends the
    /// element (`abc==`), or another challenge. Consumes nothing.
    private func startsAuthParam() -> Bool {
        var position = index
        let tokenStart = position
        while position < bytes.count, HTTPSyntax.isTokenCharacter(bytes[position]) {
            position += 1
        }
        guard position > tokenStart else {
            return false
        }
        while position < bytes.count, HTTPSyntax.isWhitespace(bytes[position]) {
            position += 1
        }
        guard position < bytes.count, bytes[position] == Self.equals else {
            return false
        }
        position += 1
        while position < bytes.count, HTTPSyntax.isWhitespace(bytes[position]) {
            position += 1
        }
        return position < bytes.count && bytes[position] != Self.comma && bytes[position] != Self.equals
    }

    /// `token` (RFC 9110 §5.6.2).
    private mutating func readToken() -> String? {
        let start = index
        while index < bytes.count, HTTPSyntax.isTokenCharacter(bytes[index]) {
            index += 1
        }
        guard index > start else {
            return nil
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    /// `token68 = 1*( ALPHA / DIGIT / "-" / "." / "_" / "~" / "+" / "/" ) *"="` (RFC 9110 §11.2).
    private mutating func readToken68() -> String? {
        let start = index
        while index < bytes.count, HTTPSyntax.isToken68Character(bytes[index]) {
            index += 1
        }
        guard index > start else {
            return nil
        }
        while index < bytes.count, bytes[index] == Self.equals {
            index += 1
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    /// `quoted-string = DQUOTE *( qdtext / quoted-pair ) DQUOTE` (RFC 9110 §5.6.4), unescaped.
    ///
    /// Returns `nil` when the string is unterminated or holds a control character; in the latter case it still
    /// consumes up to the closing quote, so that resynchronizing does not mistake that quote for an opening one.
    private mutating func readQuotedString() -> String? {
        index += 1
        var content: [UInt8] = []
        var valid = true
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case Self.quote:
                return valid ? String(decoding: content, as: UTF8.self) : nil
            case Self.backslash:
                guard index < bytes.count else {
                    return nil
                }
                let escaped = bytes[index]
                index += 1
                // quoted-pair = "\" ( HTAB / SP / VCHAR / obs-text )
                if escaped == UInt8(ascii: "\t") || (escaped >= 0x20 && escaped != 0x7F) {
                    content.append(escaped)
                } else {
                    valid = false
                }
            default:
                // qdtext = HTAB / SP / %x21 / %x23-5B / %x5D-7E / obs-text; the quote and backslash are handled.
                if byte == UInt8(ascii: "\t") || (byte >= 0x20 && byte != 0x7F) {
                    content.append(byte)
                } else {
                    valid = false
                }
            }
        }
        return nil
    }

    /// Skips `OWS`, reporting whether there was any.
    @discardableResult
    private mutating func skipWhitespace() -> Bool {
        let start = index
        while index < bytes.count, HTTPSyntax.isWhitespace(bytes[index]) {
            index += 1
        }
        return index > start
    }

    /// Skips whitespace and commas: the separators and empty elements of a list (RFC 9110 §5.6.1.2).
    private mutating func skipSeparators() {
        while index < bytes.count, HTTPSyntax.isWhitespace(bytes[index]) || bytes[index] == Self.comma {
            index += 1
        }
    }

    /// Moves to the next comma outside a quoted string, or to the end, after a malformed challenge. Always
    /// consumes at least one byte when not at a comma, so the caller's loop makes progress.
    private mutating func skipToNextComma() {
        while index < bytes.count, bytes[index] != Self.comma {
            if bytes[index] == Self.quote {
                index += 1
                while index < bytes.count, bytes[index] != Self.quote {
                    index += bytes[index] == Self.backslash ? 2 : 1
                }
            }
            index += 1
        }
        index = min(index, bytes.count)
    }
}
