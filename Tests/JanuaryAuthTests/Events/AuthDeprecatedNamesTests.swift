import JanuaryAuth
import JanuaryAuthTestSupport
import JanuaryCore
import Testing

/// JanuaryAuth's former names still work for partners who have not moved yet: each is its replacement. The tests
/// are deprecated themselves so that calling the old names warns nowhere in the build.
@Suite("JanuaryAuth's deprecated names are their replacements", suiteTimeLimit())
struct AuthDeprecatedNamesTests {
    @available(*, deprecated, message: "calls deprecated names on purpose")
    @Test("coordinatorReset is tokenCacheCleared")
    func coordinatorReset() {
        #expect(JanuaryEvent.Kind.coordinatorReset == .tokenCacheCleared)
        #expect(JanuaryEvent.Kind.coordinatorReset.rawValue == "tokenCacheCleared")
    }

    @available(*, deprecated, message: "calls deprecated names on purpose")
    @Test("the breaker's disabled is none: it never opens")
    func breakerDisabled() {
        #expect(TokenRejectionBreaker.disabled.rejectionThreshold == TokenRejectionBreaker.none.rejectionThreshold)
        #expect(TokenRejectionBreaker.disabled.rejectionThreshold == 0)
    }
}
