import Foundation
import JanuaryCore
import Testing

@Suite("Credentials never print their secret", suiteTimeLimit())
struct CredentialRedactionTests {
    static let tokenSecret = "tok_SECRET_9f8e7d6c5b4a"
    static let keySecret = "dev_SECRET_0a1b2c3d4e5f"

    /// Every way Swift code commonly turns a value into text.
    static func renderings(of value: Any) -> [String] {
        var dumped = ""
        dump(value, to: &dumped)
        return [
            String(describing: value),
            String(reflecting: value),
            "\(value)",
            dumped,
            Mirror(reflecting: value).children.map { "\($0.label ?? ""): \($0.value)" }.joined(separator: "\n"),
        ]
    }

    @Test("a client token shows <redacted> and its expiry, never its value")
    func tokenIsRedacted() throws {
        let expiry = Date(timeIntervalSince1970: 1_800_000_000)
        let token = JanuaryClientToken(value: Self.tokenSecret, expiresAt: expiry)
        #expect(token.expiresAt == expiry)
        for text in Self.renderings(of: token) {
            #expect(!text.contains(Self.tokenSecret))
            #expect(!text.contains("SECRET"))
            #expect(text.contains("<redacted>"))
        }
        #expect(token.description.contains("2027-01-15T08:00:00Z"))
        #expect(token.debugDescription == token.description)
    }

    @Test("a development key shows <redacted>, never its value")
    func keyIsRedacted() throws {
        let key = try DevelopmentAPIKey(Self.keySecret)
        for text in Self.renderings(of: key) {
            #expect(!text.contains("SECRET"))
            #expect(text.contains("<redacted>"))
        }
    }

    @Test("an error that wraps an error about a credential never shows the credential")
    func errorWrappingCredentialsIsRedacted() throws {
        struct ProviderFailure: Error, CustomStringConvertible {
            let token: JanuaryClientToken
            let leakedText: String
            var description: String { "failed with \(leakedText)" }
        }
        let token = JanuaryClientToken(value: Self.tokenSecret, expiresAt: .distantFuture)
        let inner = ProviderFailure(token: token, leakedText: Self.tokenSecret)
        let error = JanuaryError(
            category: .tokenProvider,
            message: "The token provider threw an error.",
            underlyingError: inner
        )
        let outer = JanuaryError(category: .authentication, message: "Refresh failed.", underlyingError: error)
        for value in [error, outer] {
            for text in Self.renderings(of: value) {
                #expect(!text.contains("SECRET"), "\(text)")
            }
        }
        #expect(outer.description.contains("ProviderFailure"))
        #expect(outer.description.contains("tokenProvider"))
    }

    @Test("key rejection errors never echo the key")
    func keyErrorsDoNotEchoTheKey() {
        let error = #expect(throws: JanuaryError.self) {
            try DevelopmentAPIKey("dev SECRET with spaces")
        }
        for text in Self.renderings(of: error as Any) {
            #expect(!text.contains("SECRET"))
        }
    }
}
