extension AuthenticationChallenge {
    /// The longest `WWW-Authenticate` field value that is parsed, in UTF-8 bytes. Longer values are ignored: no
    /// real challenge is that long, and the limit bounds the work a hostile server can cause.
    public static let maximumFieldValueLength = 16_384

    /// Parses the challenges in one `WWW-Authenticate` field value (RFC 9110 §11.6.1).
    ///
    /// The value is a comma-separated list (§5.6.1) in which empty elements are ignored, and each challenge is
    /// an auth-scheme token (§5.6.2) followed, after whitespace, by either a token68 or auth-params (§11.2) of
    /// the form `name = token` or `name = "quoted string"` (§5.6.4, with quoted-pairs unescaped), optional
    /// whitespace being allowed around `=` (§5.6.3). Commas and `=` inside quoted strings are content.
    ///
    /// Parsing is total and lenient in one way only: auth-params may also follow the scheme after a comma
    /// (`Basic, realm="x"`), as several clients accept. Anything malformed (an unterminated quote, a parameter
    /// without a value, stray characters after a value, a scheme followed by `=`) drops that one challenge, not
    /// guessed at; parsing resumes at the next comma outside quotes. It never traps, never throws and takes
    /// time linear in the input.
    ///
    /// - Parameter headerValue: One field value, as received.
    /// - Returns: The challenges that could be read, in order; empty when the value is longer than
    ///   ``maximumFieldValueLength`` UTF-8 bytes.
    public static func parse(_ headerValue: String) -> [AuthenticationChallenge] {
        guard headerValue.utf8.count <= maximumFieldValueLength else {
            return []
        }
        var parser = ChallengeParser(Array(headerValue.utf8))
        return parser.parseChallenges()
    }

    /// Parses the challenges of every `WWW-Authenticate` field of a response, in field order.
    ///
    /// Each value is parsed on its own, so a malformed or oversized field does not affect the others.
    ///
    /// - Parameter headerValues: The field values, in the order received.
    /// - Returns: The challenges of all the fields, in order.
    public static func parse(_ headerValues: [String]) -> [AuthenticationChallenge] {
        headerValues.flatMap { parse($0) }
    }
}
