import JanuaryTransport
import Testing

/// One parsing example: where it comes from, the field value, and the challenges it must yield.
struct ChallengeVector: Sendable, CustomTestStringConvertible {
    let source: String
    let input: String
    let expected: [AuthenticationChallenge]

    init(_ source: String, _ input: String, _ expected: [AuthenticationChallenge]) {
        self.source = source
        self.input = input
        self.expected = expected
    }

    var testDescription: String {
        "\(source): \(input.count > 60 ? String(input.prefix(60)) + "…" : input)"
    }
}

private func challenge(
    _ scheme: String,
    _ parameters: [String: String] = [:],
    token68: String? = nil
) -> AuthenticationChallenge {
    AuthenticationChallenge(scheme: scheme, token68: token68, parameters: parameters)
}

// Learned from the grammar and examples of RFC 9110 §11, RFC 6750 §3, RFC 7616, RFC 7617 and RFC 4559, and
// from the kinds of cases other clients test (OkHttp's challenge parsing tests, Chromium's auth challenge
// tokenizer tests): empty list elements, spacing around `=`, quoted-pairs, token68 padding, malformed input.
// The vectors are written for this parser's documented behavior, not copied.
let challengeVectors: [ChallengeVector] = [
    // RFC 9110 §11.6.1
    ChallengeVector(
        "RFC 9110 two challenges in one field",
        #"Basic realm="simple", Newauth realm="apps", type=1, title="Login to \"apps\"""#,
        [
            challenge("Basic", ["realm": "simple"]),
            challenge("Newauth", ["realm": "apps", "type": "1", "title": #"Login to "apps""#]),
        ]
    ),
    ChallengeVector(
        "RFC 9110 token value", "Newauth realm=apps, type=1",
        [
            challenge("Newauth", ["realm": "apps", "type": "1"])
        ]),
    // RFC 7617
    ChallengeVector("RFC 7617 Basic", #"Basic realm="WallyWorld""#, [challenge("Basic", ["realm": "WallyWorld"])]),
    ChallengeVector(
        "RFC 7617 charset", #"Basic realm="foo", charset="UTF-8""#,
        [
            challenge("Basic", ["realm": "foo", "charset": "UTF-8"])
        ]),
    // RFC 6750 §3
    ChallengeVector("RFC 6750 realm only", #"Bearer realm="example""#, [challenge("Bearer", ["realm": "example"])]),
    ChallengeVector(
        "RFC 6750 invalid_token",
        #"Bearer realm="example", error="invalid_token", error_description="The access token expired""#,
        [
            challenge(
                "Bearer",
                [
                    "realm": "example", "error": "invalid_token", "error_description": "The access token expired",
                ])
        ]
    ),
    ChallengeVector(
        "RFC 6750 invalid_request", #"Bearer error="invalid_request""#,
        [
            challenge("Bearer", ["error": "invalid_request"])
        ]),
    ChallengeVector(
        "RFC 6750 insufficient_scope", #"Bearer error="insufficient_scope", scope="openid profile""#,
        [
            challenge("Bearer", ["error": "insufficient_scope", "scope": "openid profile"])
        ]),
    ChallengeVector("RFC 6750 bare scheme", "Bearer", [challenge("Bearer")]),
    // RFC 7616 §3.9.1
    ChallengeVector(
        "RFC 7616 Digest",
        #"Digest realm="http-auth@example.org", qop="auth, auth-int", algorithm=SHA-256, "#
            + #"nonce="7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v", "#
            + #"opaque="FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS""#,
        [
            challenge(
                "Digest",
                [
                    "realm": "http-auth@example.org", "qop": "auth, auth-int", "algorithm": "SHA-256",
                    "nonce": "7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v",
                    "opaque": "FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS",
                ])
        ]
    ),
    // RFC 4559 §4
    ChallengeVector("RFC 4559 bare Negotiate", "Negotiate", [challenge("Negotiate")]),
    ChallengeVector(
        "RFC 4559 token68", "Negotiate YIIBAwYGKwYBBQUCoIH4MIH1oDAwLgYKKwYBBAGCNwICCgYJKoZIgvcSAQ==",
        [
            challenge("Negotiate", token68: "YIIBAwYGKwYBBQUCoIH4MIH1oDAwLgYKKwYBBAGCNwICCgYJKoZIgvcSAQ==")
        ]),
    ChallengeVector("token68 with + and /", "Other a+b/c~d.e_f-g", [challenge("Other", token68: "a+b/c~d.e_f-g")]),
    ChallengeVector(
        "token68 then another challenge", "Other abc==, Basic realm=x",
        [
            challenge("Other", token68: "abc=="), challenge("Basic", ["realm": "x"]),
        ]),
    ChallengeVector(
        "token68 cannot take params", "Other abc==, realm=myrealm",
        [
            challenge("Other", token68: "abc==")
        ]),
    ChallengeVector("bare token is a token68", "Bearer error", [challenge("Bearer", token68: "error")]),
    ChallengeVector(
        "token and = is a padded token68", "Bearer error=, Basic",
        [
            challenge("Bearer", token68: "error="), challenge("Basic"),
        ]),
    // List syntax, RFC 9110 §5.6.1
    ChallengeVector(
        "empty elements before the first", " ,  , Basic realm=myrealm",
        [
            challenge("Basic", ["realm": "myrealm"])
        ]),
    ChallengeVector("BWS around =", #"Basic realm = "myrealm""#, [challenge("Basic", ["realm": "myrealm"])]),
    ChallengeVector(
        "no space after comma", #"Basic realm = "myrealm",Digest"#,
        [
            challenge("Basic", ["realm": "myrealm"]), challenge("Digest"),
        ]),
    ChallengeVector(
        "same scheme twice", #"Basic realm = "myrealm",Basic realm=myotherrealm"#,
        [
            challenge("Basic", ["realm": "myrealm"]), challenge("Basic", ["realm": "myotherrealm"]),
        ]),
    ChallengeVector(
        "empty elements before params", #"Digest, Basic ,,realm="myrealm""#,
        [
            challenge("Digest"), challenge("Basic", ["realm": "myrealm"]),
        ]),
    ChallengeVector(
        "scheme then comma then scheme", #"Digest,Basic realm="myrealm""#,
        [
            challenge("Digest"), challenge("Basic", ["realm": "myrealm"]),
        ]),
    ChallengeVector(
        "many empty elements", #"Digest,,,, Basic ,,foo=bar,realm="myrealm""#,
        [
            challenge("Digest"), challenge("Basic", ["foo": "bar", "realm": "myrealm"]),
        ]),
    ChallengeVector("trailing empty elements", #"Bearer realm="x",,, "#, [challenge("Bearer", ["realm": "x"])]),
    ChallengeVector(
        "whitespace before comma", #"Bearer realm="x" , error="invalid_token""#,
        [
            challenge("Bearer", ["realm": "x", "error": "invalid_token"])
        ]),
    ChallengeVector("scheme and trailing comma", "Basic,", [challenge("Basic")]),
    ChallengeVector("scheme, space and comma", "Bearer ,", [challenge("Bearer")]),
    ChallengeVector("tab after scheme", "Bearer\trealm=x", [challenge("Bearer", ["realm": "x"])]),
    ChallengeVector("empty value", "", []),
    ChallengeVector("only separators", ", ,\t ,", []),
    // quoted-string, RFC 9110 §5.6.4
    ChallengeVector("quoted-pairs", #"Basic realm="my\\\"r\ealm""#, [challenge("Basic", ["realm": #"my\"realm"#])]),
    ChallengeVector(
        "comma inside quotes", #",Digest,,,, Basic ,,,realm="my, realm,""#,
        [
            challenge("Digest"), challenge("Basic", ["realm": "my, realm,"]),
        ]),
    ChallengeVector(
        "= and , inside quotes", #"Bearer error_description="a=b, c=d", error="invalid_token""#,
        [
            challenge("Bearer", ["error_description": "a=b, c=d", "error": "invalid_token"])
        ]),
    ChallengeVector("escaped backslash at end", #"Bearer realm="abc\\""#, [challenge("Bearer", ["realm": #"abc\"#])]),
    ChallengeVector("empty quoted string", #"Basic realm="""#, [challenge("Basic", ["realm": ""])]),
    ChallengeVector(
        "non-ASCII inside quotes", #"Bearer error_description="Jeton expiré ✓""#,
        [
            challenge("Bearer", ["error_description": "Jeton expiré ✓"])
        ]),
    ChallengeVector(
        "every tchar in a token value", "Bearer realm=!#$%&'*+-.^_`|~09AZaz",
        [
            challenge("Bearer", ["realm": "!#$%&'*+-.^_`|~09AZaz"])
        ]),
    // Parameter names, RFC 9110 §11.2
    ChallengeVector(
        "mixed-case scheme and names", #"DiGeSt rEaLm="myrealm", QOP=auth"#,
        [
            challenge("DiGeSt", ["realm": "myrealm", "qop": "auth"])
        ]),
    ChallengeVector(
        "repeated name, first wins", "Other realm=first, REALM=second",
        [
            challenge("Other", ["realm": "first"])
        ]),
    ChallengeVector("lenient params after comma", "Basic, realm=x", [challenge("Basic", ["realm": "x"])]),
    // Malformed: the broken challenge is dropped and parsing resumes at the next comma.
    ChallengeVector("unescaped quote inside quotes", #"Digest,,,, Basic ,,,realm="my"realm""#, [challenge("Digest")]),
    ChallengeVector("unterminated quote", #"Basic realm="foo"#, []),
    ChallengeVector(
        "unterminated quote after a good one", #"Bearer realm="x", Basic realm="y"#,
        [
            challenge("Bearer", ["realm": "x"])
        ]),
    ChallengeVector(
        "control character in quotes", "Basic realm=\"a\u{01}b\", Bearer error=\"invalid_token\"",
        [
            challenge("Bearer", ["error": "invalid_token"])
        ]),
    ChallengeVector("@ is not a token character", "Basic realm=foobar@baz.com", []),
    ChallengeVector("non-ASCII token", "Bearer realm=é, Basic", [challenge("Basic")]),
    ChallengeVector(
        "two params without a comma", "Bearer a=b c=d, Basic realm=x",
        [
            challenge("Basic", ["realm": "x"])
        ]),
    ChallengeVector("scheme followed by =", "Bearer=x, Basic", [challenge("Basic")]),
    ChallengeVector("quoted scheme", #""Bearer" realm=x, Basic"#, [challenge("Basic")]),
    ChallengeVector("quoted string instead of params", #"Bearer "x""#, []),
    ChallengeVector("padding alone", "Negotiate =", []),
    ChallengeVector("value starting with =", "Bearer =abc", []),
    ChallengeVector("token68 followed by junk", "Negotiate abc def, Basic", [challenge("Basic")]),
    ChallengeVector(
        "junk param does not leak into the next challenge", "Bearer a=@, b=c, Basic x=y",
        [
            challenge("Basic", ["x": "y"])
        ]),
    ChallengeVector("lone backslash in quotes", "Bearer realm=\"abc\\", []),
]

@Suite("AuthenticationChallenge parsing vectors", suiteTimeLimit())
struct AuthenticationChallengeVectorTests {
    @Test("parses the vector as documented", arguments: challengeVectors)
    func vector(_ vector: ChallengeVector) {
        #expect(AuthenticationChallenge.parse(vector.input) == vector.expected)
    }

    @Test("has at least 40 vectors")
    func vectorCount() {
        #expect(challengeVectors.count >= 40)
    }

    @Test(
        "isInvalidToken is true only for Bearer with error=invalid_token",
        arguments: [
            (#"Bearer error="invalid_token""#, true),
            (#"bearer error="invalid_token""#, true),
            ("BEARER error=invalid_token, realm=x", true),
            (#"Bearer error="invalid_request""#, false),
            (#"Bearer error="insufficient_scope""#, false),
            (#"Bearer error="INVALID_TOKEN""#, false),
            (#"Bearer realm="x""#, false),
            ("Bearer", false),
            (#"Basic error="invalid_token""#, false),
            (#"DPoP error="invalid_token""#, false),
            (#"Bearerx error="invalid_token""#, false),
        ]
    )
    func invalidToken(input: String, expected: Bool) throws {
        let parsed = try #require(AuthenticationChallenge.parse(input).first)
        #expect(parsed.isInvalidToken == expected)
    }

    @Test("Bearer accessors read the RFC 6750 parameters")
    func accessors() throws {
        let parsed = try #require(
            AuthenticationChallenge.parse(
                #"Bearer Realm="january", ERROR="invalid_token", error_description="expired", scope="a b""#
            ).first)
        #expect(parsed.realm == "january")
        #expect(parsed.error == "invalid_token")
        #expect(parsed.errorDescription == "expired")
        #expect(parsed.scope == "a b")
        #expect(parsed.token68 == nil)
        let bare = challenge("Basic")
        #expect(bare.realm == nil && bare.error == nil && bare.errorDescription == nil && bare.scope == nil)
    }

    @Test("equality ignores the scheme's case only")
    func equality() {
        #expect(challenge("Bearer", ["realm": "x"]) == challenge("bEARER", ["realm": "x"]))
        #expect(challenge("Bearer", ["realm": "x"]) != challenge("Bearer", ["realm": "X"]))
        #expect(challenge("Bearer", token68: "abc") != challenge("Bearer", token68: "ABC"))
        #expect(challenge("Bearer") != challenge("Basic"))
        #expect(challenge("Bearer") != challenge("Bearer", ["realm": ""]))
    }

    @Test("the initializer lower-cases names deterministically")
    func initializerLowercases() {
        let made = AuthenticationChallenge(scheme: "Bearer", parameters: ["Realm": "b", "REALM": "a", "Scope": "s"])
        #expect(made.parameters == ["realm": "a", "scope": "s"])
    }

    @Test("ignores field values over 16 KiB of UTF-8, and only those")
    func sizeLimit() {
        let prefix = #"Bearer realm=""#
        let atLimit = prefix + String(repeating: "a", count: 16_384 - prefix.utf8.count - 1) + #"""#
        #expect(atLimit.utf8.count == 16_384)
        #expect(AuthenticationChallenge.parse(atLimit).count == 1)
        let overLimit = prefix + String(repeating: "a", count: 16_384 - prefix.utf8.count) + #"""#
        #expect(AuthenticationChallenge.parse(overLimit).isEmpty)
        // Counted in UTF-8 bytes, not characters: 5,462 three-byte characters are 16,386 bytes.
        let wide = #"Bearer realm=""# + String(repeating: "✓", count: 5_462) + #"""#
        #expect(wide.count < 16_384)
        #expect(AuthenticationChallenge.parse(wide).isEmpty)
    }

    @Test("parses each field on its own and keeps field order")
    func severalFields() {
        let oversized = "Basic realm=" + String(repeating: "x", count: 20_000)
        let parsed = AuthenticationChallenge.parse([
            "Digest", oversized, #"Basic realm="broken"#, #"Bearer error="invalid_token""#,
        ])
        #expect(parsed == [challenge("Digest"), challenge("Bearer", ["error": "invalid_token"])])
    }

    @Test(
        "finishes on pathological inputs at the size limit",
        arguments: [
            String(repeating: "a=", count: 8_000),
            String(repeating: "\"", count: 16_000),
            String(repeating: "\\", count: 16_000),
            String(repeating: ",", count: 16_000),
            String(repeating: " ", count: 16_000) + "x",
            "Bearer " + String(repeating: "a=b ", count: 4_000),
            "Bearer realm=\"" + String(repeating: "\\\"", count: 8_000),
            String(repeating: "Basic, ", count: 2_000),
            "B " + String(repeating: "=", count: 16_000),
        ]
    )
    func pathological(input: String) {
        let commas = input.utf8.filter { $0 == UInt8(ascii: ",") }.count
        #expect(AuthenticationChallenge.parse(input).count <= commas + 1)
    }
}
