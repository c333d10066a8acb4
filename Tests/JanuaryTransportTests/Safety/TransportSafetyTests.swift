import Foundation
import JanuaryCore
import JanuaryCoreTesting
import JanuaryTransport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("TransportSafety", suiteTimeLimit())
struct TransportSafetyTests {
    @Test(
        "isLoopbackHost accepts only unambiguous loopback spellings",
        arguments: [
            ("localhost", true), ("LocalHost", true), ("127.0.0.1", true), ("127.255.255.254", true),
            ("127.1.2.3", true), ("::1", true), ("[::1]", true), ("0:0:0:0:0:0:0:1", true),
            ("[0000:0000::0001]", true),
            ("localhost.", false), ("api.localhost", false), ("localhost.evil.com", false),
            ("127.0.0.1.evil.com", false), ("127.1", false), ("0177.0.0.1", false), ("127.000.0.1", false),
            ("127.0.0.256", false), ("128.0.0.1", false), ("10.0.0.1", false), ("0.0.0.0", false),
            ("::", false), ("::2", false), ("::ffff:127.0.0.1", false), ("fe80::1%lo0", false),
            ("example.com", false), ("", false), ("[::1", false),
        ]
    )
    func loopback(host: String, expected: Bool) {
        #expect(TransportSafety.isLoopbackHost(host) == expected)
    }

    @Test(
        "validate refuses unsafe requests before any I/O",
        arguments: [
            ("http://example.com/v1", ["Authorization": "Bearer t"], "GET", true),
            ("http://10.0.0.1/v1", ["authorization": "Bearer t"], "GET", true),
            ("http://127.1/v1", ["Authorization": "Bearer t"], "GET", true),
            ("http://example.com/v1", ["Proxy-Authorization": "Basic x"], "GET", true),
            ("http://example.com/v1", [:], "GET", false),
            ("https://example.com/v1", ["Authorization": "Bearer t"], "GET", false),
            ("http://127.0.0.1:8080/v1", ["Authorization": "Bearer t"], "GET", false),
            ("http://localhost:8080/v1", ["Authorization": "Bearer t"], "GET", false),
            ("http://[::1]:8080/v1", ["Authorization": "Bearer t"], "GET", false),
            ("https://user:hunter2@example.com/v1", [:], "GET", true),
            ("https://user@example.com/v1", [:], "GET", true),
            ("https://@example.com/v1", [:], "GET", true),
            ("ftp://example.com/v1", [:], "GET", true),
            ("file:///etc/passwd", [:], "GET", true),
            ("https://example.com/v1", ["Bad Name": "x"], "GET", true),
            ("https://example.com/v1", ["X-Injected": "a\r\nEvil: 1"], "GET", true),
            ("https://example.com/v1", ["X-Nul": "a\u{0}b"], "GET", true),
            ("https://example.com/v1", ["X-Tab": "a\tb"], "GET", false),
            ("https://example.com/v1", [:], "GE T", true),
            ("https://example.com/v1", [:], "", true),
        ] as [(String, [String: String], String, Bool)]
    )
    func validate(url: String, fields: [String: String], method: String, refused: Bool) async throws {
        let request = JanuaryHTTPRequest(
            method: JanuaryHTTPMethod(rawValue: method),
            url: try #require(URL(string: url)),
            headerFields: JanuaryHTTPHeaderFields(fields.map { (name: $0.key, value: $0.value) })
        )
        if refused {
            try await requireRefusedLocally(hiding: ["Bearer t", "hunter2"]) { try TransportSafety.validate(request) }
        } else {
            try TransportSafety.validate(request)
        }
    }

    @Test("validate refuses a body on GET and HEAD but not on POST", arguments: ["GET", "HEAD", "POST", "PUT"])
    func bodyOnGet(method: String) {
        let request = JanuaryHTTPRequest(
            method: JanuaryHTTPMethod(rawValue: method),
            url: URL(string: "https://example.com")!,
            body: .data(Data("x".utf8))
        )
        let refused = (try? TransportSafety.validate(request)) == nil
        #expect(refused == (method == "GET" || method == "HEAD"))
    }

    @Test(
        "validateCredentialURL accepts https anywhere and http only on loopback",
        arguments: [
            ("https://api.january.test", true), ("http://127.0.0.1:9", true), ("http://localhost", true),
            ("http://api.january.test", false), ("https://k:s@api.january.test", false), ("mailto:x@y.z", false),
        ]
    )
    func credentialURL(url: String, accepted: Bool) throws {
        let url = try #require(URL(string: url))
        #expect(((try? TransportSafety.validateCredentialURL(url)) != nil) == accepted)
    }

    @Test(
        "validateURL names the rule a URL breaks: not http(s), no host, a user name or password",
        arguments: [
            ("ftp://api.january.test/file", "Only absolute http and https URLs can be sent."),
            ("/v1.2/foods", "Only absolute http and https URLs can be sent."),
            ("https:///v1.2/foods", "The URL has no host."),
            ("https://k:s@api.january.test/", "Refusing a URL with a user name or password in it."),
        ]
    )
    func urlRules(url: String, message: String) throws {
        let url = try #require(URL(string: url))
        let error = #expect(throws: JanuaryError.self) { try TransportSafety.validateURL(url) }
        #expect(error?.category == .invalidInput)
        #expect(error?.message == message)
    }
}

@Suite("RedirectPolicy", suiteTimeLimit())
struct RedirectPolicyTests {
    private static let original = URL(string: "https://api.january.test/v1/start")!

    private static func proposed(_ url: String) -> URLRequest {
        var request = URLRequest(url: URL(string: url)!)
        request.setValue("Bearer secret", forHTTPHeaderField: "Authorization")
        request.setValue("Basic proxy", forHTTPHeaderField: "Proxy-Authorization")
        request.setValue("kept", forHTTPHeaderField: "X-Other")
        return request
    }

    @Test(
        "follows, strips or stops each kind of hop",
        arguments: [
            // (target, previous hop, followed, keeps credential)
            ("https://api.january.test/v1/next", "https://api.january.test/v1/start", true, true),
            ("https://API.January.Test:443/v1/next", "https://api.january.test/v1/start", true, true),
            ("https://api.january.test:8443/v1/next", "https://api.january.test/v1/start", true, false),
            ("https://cdn.january.test/file", "https://api.january.test/v1/start", true, false),
            ("https://api.january.test.evil.com/", "https://api.january.test/v1/start", true, false),
            ("http://api.january.test/v1/next", "https://api.january.test/v1/start", false, false),
            ("http://127.0.0.1/v1/next", "https://api.january.test/v1/start", false, false),
            ("https://user:pw@api.january.test/v1", "https://api.january.test/v1/start", false, false),
            ("ftp://api.january.test/v1", "https://api.january.test/v1/start", false, false),
            // An IPv6 literal is its own origin, compared without its brackets.
            ("https://[::1]/v1/next", "https://api.january.test/v1/start", true, false),
        ] as [(String, String, Bool, Bool)]
    )
    func hop(target: String, previous: String, followed: Bool, keepsCredential: Bool) throws {
        var withdrawn = false
        let next = RedirectPolicy.nextRequest(
            proposed: Self.proposed(target),
            after: URL(string: previous),
            originalURL: Self.original,
            credentialWithdrawn: &withdrawn
        )
        #expect((next != nil) == followed)
        if let next {
            #expect((next.value(forHTTPHeaderField: "Authorization") != nil) == keepsCredential)
            #expect((next.value(forHTTPHeaderField: "Proxy-Authorization") != nil) == keepsCredential)
            #expect(next.value(forHTTPHeaderField: "X-Other") == "kept")
            #expect(withdrawn == !keepsCredential)
        }
    }

    @Test("once withdrawn, the credential stays withdrawn even back on the original origin")
    func staysWithdrawn() {
        var withdrawn = false
        _ = RedirectPolicy.nextRequest(
            proposed: Self.proposed("https://other.test/x"),
            after: Self.original,
            originalURL: Self.original,
            credentialWithdrawn: &withdrawn
        )
        #expect(withdrawn)
        let back = RedirectPolicy.nextRequest(
            proposed: Self.proposed("https://api.january.test/v1/back"),
            after: URL(string: "https://other.test/x"),
            originalURL: Self.original,
            credentialWithdrawn: &withdrawn
        )
        #expect(back?.value(forHTTPHeaderField: "Authorization") == nil)
    }

    @Test("a cleartext hop to a remote host never carries the credential, even from an http original")
    func cleartextHop() {
        var withdrawn = false
        let original = URL(string: "http://example.com/start")!
        let next = RedirectPolicy.nextRequest(
            proposed: Self.proposed("http://example.com/next"),
            after: original,
            originalURL: original,
            credentialWithdrawn: &withdrawn
        )
        #expect(next != nil)
        #expect(next?.value(forHTTPHeaderField: "Authorization") == nil)
    }
}
