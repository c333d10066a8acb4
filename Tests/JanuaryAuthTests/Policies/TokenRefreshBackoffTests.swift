import Foundation
import JanuaryAuth
import Testing

@Suite("TokenRefreshBackoff", suiteTimeLimit())
struct TokenRefreshBackoffTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let backoff: TokenRefreshBackoff
        let failures: Int
        let expected: TimeInterval
        var testDescription: String { "\(failures) failures -> \(expected) s" }
    }

    static let cases: [Case] = [
        Case(backoff: .default, failures: -1, expected: 0),
        Case(backoff: .default, failures: 0, expected: 0),
        Case(backoff: .default, failures: 1, expected: 0),
        Case(backoff: .default, failures: 2, expected: 1),
        Case(backoff: .default, failures: 3, expected: 2),
        Case(backoff: .default, failures: 4, expected: 4),
        Case(backoff: .default, failures: 6, expected: 16),
        Case(backoff: .default, failures: 7, expected: 30),
        Case(backoff: .default, failures: 5_000, expected: 30),
        Case(backoff: .default, failures: .max, expected: 30),
        Case(backoff: .none, failures: 10, expected: 0),
        Case(backoff: .init(initialDelay: 0.5, multiplier: 3, maximumDelay: 20), failures: 3, expected: 1.5),
        Case(backoff: .init(initialDelay: 0.5, multiplier: 3, maximumDelay: 20), failures: 5, expected: 13.5),
        Case(backoff: .init(initialDelay: 5, multiplier: 1, maximumDelay: 60), failures: 9, expected: 5),
        Case(backoff: .init(initialDelay: 50, multiplier: 2, maximumDelay: 10), failures: 2, expected: 10),
        Case(backoff: .init(initialDelay: -1, multiplier: 2, maximumDelay: 10), failures: 4, expected: 0),
        Case(backoff: .init(initialDelay: .nan, multiplier: 2, maximumDelay: 10), failures: 4, expected: 0),
        Case(backoff: .init(initialDelay: 1, multiplier: .nan, maximumDelay: 10), failures: 4, expected: 0),
        Case(backoff: .init(initialDelay: 1, multiplier: 2, maximumDelay: -5), failures: 4, expected: 0),
        Case(backoff: .init(initialDelay: 1, multiplier: .infinity, maximumDelay: 7), failures: 4, expected: 7),
    ]

    @Test("delay follows initial * multiplier^(failures - 2), capped", arguments: cases)
    func delay(_ testCase: Case) {
        #expect(testCase.backoff.delay(afterConsecutiveFailures: testCase.failures) == testCase.expected)
    }

    @Test func defaultsMatchTheDocumentation() {
        #expect(TokenRefreshBackoff.default == TokenRefreshBackoff(initialDelay: 1, multiplier: 2, maximumDelay: 30))
        #expect(TokenRefreshBackoff.none.maximumDelay == 0)
    }
}
