import JanuaryCore
import JanuaryTransport
import Testing

@Suite("HTTP methods", suiteTimeLimit())
struct JanuaryHTTPMethodTests {
    @Test(
        "the one idempotence rule: RFC 9110's idempotent methods, and nothing it does not know",
        arguments: [
            ("GET", true), ("HEAD", true), ("OPTIONS", true), ("TRACE", true), ("PUT", true), ("DELETE", true),
            ("POST", false), ("PATCH", false), ("PURGE", false), ("CONNECT", false), ("delete", true),
            ("post", false),
        ]
    )
    func idempotence(name: String, isIdempotent: Bool) {
        #expect(JanuaryHTTPMethod(rawValue: name).isIdempotent == isIdempotent)
    }

    @Test("names are upper-cased, so a method compares equal however it was spelled")
    func spelling() {
        #expect(JanuaryHTTPMethod(rawValue: "patch") == .patch)
        #expect(JanuaryHTTPMethod(rawValue: "Get").rawValue == "GET")
        #expect(JanuaryHTTPMethod.post.description == "POST")
    }
}
