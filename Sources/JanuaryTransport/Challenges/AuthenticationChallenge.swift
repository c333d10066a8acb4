/// One challenge from a `WWW-Authenticate` response header: an auth-scheme with either a token68 or a set of
/// auth-params (RFC 9110 §11.6.1, §11.2).
///
/// January answers an expired or revoked token with `401` and a Bearer challenge whose `error` is
/// `invalid_token` (RFC 6750 §3). ``isInvalidToken`` is the one check that decides whether refreshing the
/// token can help; other challenges (`Basic`, or Bearer `insufficient_scope`) mean it cannot.
///
/// ```swift
/// let challenges = AuthenticationChallenge.parse(#"Bearer realm="january", error="invalid_token""#)
/// challenges.first?.isInvalidToken // true
/// ```
///
/// Equality compares ``scheme`` case-insensitively, as schemes are (RFC 9110 §11.1), and everything else
/// exactly.
public struct AuthenticationChallenge: Sendable, Equatable {
    /// The auth-scheme as the server spelled it, such as `Bearer`. Compare it case-insensitively.
    public let scheme: String

    /// The token68 that followed the scheme instead of parameters (as in `Negotiate YIIB...==`), if any.
    public let token68: String?

    /// The auth-params, keyed by lower-cased name, with quoted-string values unquoted and unescaped. When a name
    /// repeats, the first occurrence wins.
    public let parameters: [String: String]

    /// Creates a challenge, for example to stand in for a parsed one in a test.
    ///
    /// - Parameters:
    ///   - scheme: The auth-scheme, such as `Bearer`.
    ///   - token68: A token68 in place of parameters, if any.
    ///   - parameters: The auth-params. Names are lower-cased; if two names differ only in case, the value of
    ///     the name that sorts first is kept.
    public init(scheme: String, token68: String? = nil, parameters: [String: String] = [:]) {
        self.scheme = scheme
        self.token68 = token68
        // Two dictionaries of strings, the type the parameters already have, rather than one of (name, value) pairs
        // mapped to their values: that was one more specialisation of Dictionary, and of mapValues, in an app.
        var lowered: [String: String] = [:]
        var originalNames: [String: String] = [:]
        for (name, value) in parameters {
            let key = HTTPSyntax.asciiLowercased(name)
            if let existing = originalNames[key], existing < name {
                continue
            }
            originalNames[key] = name
            lowered[key] = value
        }
        self.parameters = lowered
    }

    /// Creates a challenge from parameters the parser has already lower-cased and de-duplicated.
    init(scheme: String, token68: String?, normalizedParameters: [String: String]) {
        self.scheme = scheme
        self.token68 = token68
        self.parameters = normalizedParameters
    }

    /// The `error` parameter, such as `invalid_token` (RFC 6750 §3).
    public var error: String? {
        parameters["error"]
    }

    /// The `error_description` parameter, a human-readable explanation (RFC 6750 §3).
    public var errorDescription: String? {
        parameters["error_description"]
    }

    /// The `realm` parameter (RFC 9110 §11.5).
    public var realm: String? {
        parameters["realm"]
    }

    /// The `scope` parameter: the scopes the resource needs (RFC 6750 §3).
    public var scope: String? {
        parameters["scope"]
    }

    /// Whether this is a Bearer challenge saying the token is expired, revoked or otherwise invalid, so that a
    /// fresh token may succeed (RFC 6750 §3.1).
    ///
    /// `false` for every other scheme and for Bearer challenges with no `error` or another one, such as
    /// `invalid_request` or `insufficient_scope`, where a new token would be refused the same way.
    public var isInvalidToken: Bool {
        HTTPSyntax.asciiCaseInsensitiveEquals(scheme, "Bearer") && error == "invalid_token"
    }

    /// Whether two challenges are the same: schemes compared case-insensitively, the rest exactly.
    ///
    /// - Parameters:
    ///   - lhs: A challenge.
    ///   - rhs: Another challenge.
    /// - Returns: `true` when they have the same scheme, token68 and parameters.
    public static func == (lhs: AuthenticationChallenge, rhs: AuthenticationChallenge) -> Bool {
        HTTPSyntax.asciiCaseInsensitiveEquals(lhs.scheme, rhs.scheme) && lhs.token68 == rhs.token68
            && lhs.parameters == rhs.parameters
    }
}

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
