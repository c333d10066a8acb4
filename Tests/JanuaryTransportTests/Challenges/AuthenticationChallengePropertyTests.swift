import Foundation
import JanuaryTransport
import Testing

@Suite("AuthenticationChallenge properties", suiteTimeLimit(minutes: 10))
struct AuthenticationChallengePropertyTests {
    @Test("100,000 random, mutated and grammar-built values keep every property")
    func hundredThousand() {
        let violations = ChallengeFuzzing.run(count: 100_000, seed: 0x4A41_4E55_4152_5931)
        #expect(violations.isEmpty, "\(violations)")
    }

    @Test(
        "1,000,000 values keep every property (set JANUARY_FUZZ=1)",
        .enabled(if: ProcessInfo.processInfo.environment["JANUARY_FUZZ"] == "1")
    )
    func oneMillion() {
        let violations = ChallengeFuzzing.run(count: 1_000_000, seed: 0x0F0F_1234_5678_9ABC)
        #expect(violations.isEmpty, "\(violations)")
    }

    @Test(
        "the property checker rejects results that break a property",
        arguments: [
            ("Bearer", [AuthenticationChallenge(scheme: "Bea rer")]),
            ("Bearer", [AuthenticationChallenge(scheme: "")]),
            ("Bearer k=v", [AuthenticationChallenge(scheme: "Bearer", token68: "a", parameters: ["k": "v"])]),
            ("Bearer a b", [AuthenticationChallenge(scheme: "Bearer", token68: "a b")]),
            ("Bearer k=v", [AuthenticationChallenge(scheme: "Bearer", parameters: ["k\u{1}": "v"])]),
            ("Bearer k=v", [AuthenticationChallenge(scheme: "Bearer", parameters: ["k": "v\u{0}"])]),
            ("A B", [AuthenticationChallenge(scheme: "A"), AuthenticationChallenge(scheme: "B")]),
            (
                String(repeating: "a", count: AuthenticationChallenge.maximumFieldValueLength + 1),
                [AuthenticationChallenge(scheme: "a")]
            ),
        ]
    )
    func checkerCanFail(input: String, fabricated: [AuthenticationChallenge]) {
        #expect(ChallengeFuzzing.brokenProperty(of: fabricated, from: input) != nil)
    }

    @Test("the property checker accepts the honest parse of every vector")
    func checkerAcceptsVectors() {
        for vector in challengeVectors {
            #expect(ChallengeFuzzing.brokenProperty(for: vector.input, checkArrayForm: true) == nil, "\(vector)")
        }
        #expect(
            ChallengeFuzzing.serialize([AuthenticationChallenge(scheme: "B", parameters: ["k": "a\"b\\"])])
                == #"B k="a\"b\\""#)
    }
}
