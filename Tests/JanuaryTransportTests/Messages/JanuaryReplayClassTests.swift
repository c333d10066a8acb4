import JanuaryTransport
import Testing

@Suite("JanuaryReplayClass", suiteTimeLimit())
struct JanuaryReplayClassTests {
    @Test(
        "each class prints its name, answers both resend questions as its documentation says, and equals only itself",
        arguments: [
            (JanuaryReplayClass.safe, "safe", true, true), (.onceOnly, "onceOnly", true, false),
            (.never, "never", false, false),
        ] as [(JanuaryReplayClass, String, Bool, Bool)]
    )
    func answers(replay: JanuaryReplayClass, name: String, allowsResend: Bool, afterUnknownOutcome: Bool) {
        #expect(replay.description == name)
        #expect(replay.allowsResend == allowsResend)
        #expect(replay.allowsResendAfterUnknownOutcome == afterUnknownOutcome)
        let all: [JanuaryReplayClass] = [.safe, .onceOnly, .never]
        #expect(all.filter { $0 == replay }.count == 1)
        #expect(Set(all).count == 3)
    }
}
