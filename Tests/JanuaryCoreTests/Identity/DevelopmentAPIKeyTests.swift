import JanuaryCore
import JanuaryCoreTesting
import Testing

@Suite("DevelopmentAPIKey", suiteTimeLimit())
struct DevelopmentAPIKeyTests {
    @Test(
        "rejects an empty or whitespace-only key as a missing credential",
        arguments: ["", " ", "\n", " \t\r\n ", "\u{00A0}"])
    func rejectsEmptyKeys(raw: String) {
        let error = #expect(throws: JanuaryError.self) {
            try DevelopmentAPIKey(raw)
        }
        #expect(error?.category == .authentication)
        #expect(error?.code == "invalid_development_key")
    }

    @Test(
        "rejects a malformed key as invalid input",
        arguments: ["two words", "line\nbreak", "tab\tinside", "ключ", "key\u{0}"])
    func rejectsMalformedKeys(raw: String) async throws {
        try await requireRefusedLocally(code: "invalid_development_key", hiding: [raw]) {
            _ = try DevelopmentAPIKey(raw)
        }
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
