import JanuaryCore
import Testing

@Suite("DevelopmentAPIKey")
struct DevelopmentAPIKeyTests {
    @Test(
        "rejects empty and malformed keys with an authentication error",
        arguments: [
            "", " ", "\n", " \t\r\n ", "\u{00A0}", "two words", "line\nbreak", "tab\tinside", "ключ", "key\u{0}",
        ])
    func rejectsMalformedKeys(raw: String) {
        let error = #expect(throws: JanuaryError.self) {
            try DevelopmentAPIKey(raw)
        }
        #expect(error?.category == .authentication)
    }

    @Test(
        "trims surrounding whitespace",
        arguments: [
            ("jan_dev_123", "jan_dev_123"),
            ("  jan_dev_123\n", "jan_dev_123"),
            ("\tjan_dev_123 ", "jan_dev_123"),
        ])
    func trimsSurroundingWhitespace(raw: String, expected: String) throws {
        #expect(try DevelopmentAPIKey(raw).value == expected)
    }
}
