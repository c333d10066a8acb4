import Foundation
import Testing

@testable import JanuaryPartnerSDK

@Suite("Operation encoding", .timeLimit(.minutes(1)))
struct OperationEncodingTests {
    @Test(
        "path parameters stay one segment",
        arguments: [
            ("1234567", "1234567"), ("53fc3b8a-e6bf_X", "53fc3b8a-e6bf_X"), ("a/b", "a%2Fb"), ("a?b#c", "a%3Fb%23c"),
            ("..", "%2E%2E"), (".", "%2E"), ("a b", "a%20b"), ("é", "%C3%A9"), ("%41", "%2541"),
        ]
    )
    func pathSegments(raw: String, encoded: String) {
        #expect(OperationEncoding.pathSegment(raw) == encoded)
    }

    @Test(
        "numbers are written without exponents or needless fractions",
        arguments: [
            (8_000.0, "8000"), (1, "1"), (-122.4194, "-122.4194"), (37.7749, "37.7749"), (0.00001, "0.00001"),
            (-0.000001234, "-0.000001234"), (1500.5, "1500.5"), (0, "0"), (-90, "-90"),
        ]
    )
    func numbers(value: Double, text: String) {
        #expect(OperationEncoding.number(value) == text)
    }

    @Test("a body that cannot be JSON is refused as invalid input")
    func nonFiniteBody() {
        expectInvalidInput(naming: "finite") { _ = try OperationEncoding.jsonBody(["value": Double.nan]) }
    }
}
