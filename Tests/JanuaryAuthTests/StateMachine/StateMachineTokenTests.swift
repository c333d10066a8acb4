import Foundation
import JanuaryAuth
import JanuaryCore
import Testing

@testable import JanuaryAuth

@Suite("State machine: which tokens are cached, and for how long", suiteTimeLimit())
struct StateMachineTokenTests {
    struct TokenCase: Sendable, CustomTestStringConvertible {
        let name: String
        let token: JanuaryClientToken
        /// `nil` when the token is accepted.
        let code: JanuaryError.Code?
        let messageFragments: [String]
        /// For an accepted token: seconds it has left at receipt.
        let remaining: TimeInterval

        var testDescription: String {
            name
        }

        static func accepted(_ name: String, _ token: JanuaryClientToken, remaining: TimeInterval) -> TokenCase {
            TokenCase(name: name, token: token, code: nil, messageFragments: [], remaining: remaining)
        }

        static func refused(
            _ name: String, _ token: JanuaryClientToken, _ code: JanuaryError.Code, _ fragments: String...
        )
            -> TokenCase
        {
            TokenCase(name: name, token: token, code: code, messageFragments: fragments, remaining: 0)
        }
    }

    static let invalidToken = JanuaryError.Code.invalidClientToken
    static let invalidExpiry = JanuaryError.Code.invalidClientTokenExpiration
    static let apiKey = JanuaryError.Code.apiKeyAsClientToken

    /// Received at uptime 0 and wall time `start`, with a leeway of 60 s.
    static let tokenCases: [TokenCase] = [
        .accepted("expiresIn an hour", .init(value: "ct-ok", expiresIn: 3600), remaining: 3600),
        .accepted("expiresIn just past the leeway", .init(value: "ct-ok", expiresIn: 61), remaining: 61),
        .accepted("expiresAt an hour on", .init(value: "ct-ok", expiresAt: start + 3600), remaining: 3600),
        .accepted(
            "expiresAt the distant future (clamped to January's longest TTL)",
            .init(value: "ct-ok", expiresAt: .distantFuture),
            remaining: 7_200
        ),
        .accepted("any visible ASCII", .init(value: "ct-!#$%&'*+-.^_`|~0123456789", expiresIn: 3600), remaining: 3600),
        .refused(
            "expiresIn exactly the leeway", .init(value: "ct-a", expiresIn: 60), invalidExpiry,
            "within the refresh leeway"),
        .refused(
            "expiresIn inside the leeway", .init(value: "ct-a", expiresIn: 59), invalidExpiry,
            "within the refresh leeway"),
        .refused(
            "expiresAt inside the leeway", .init(value: "ct-a", expiresAt: start + 30), invalidExpiry,
            "within the refresh leeway"),
        .refused("expiresIn 0", .init(value: "ct-a", expiresIn: 0), invalidExpiry, "already expired", "clock skew"),
        .refused(
            "expiresIn negative", .init(value: "ct-a", expiresIn: -10), invalidExpiry, "already expired", "clock skew"),
        .refused(
            "expiresAt a second ago", .init(value: "ct-a", expiresAt: start - 1), invalidExpiry, "already expired",
            "clock skew"),
        .refused(
            "expiresAt now", .init(value: "ct-a", expiresAt: start), invalidExpiry, "already expired", "clock skew"),
        .refused("expiresIn infinity", .init(value: "ct-a", expiresIn: .infinity), invalidExpiry, "not a number"),
        .refused("expiresIn NaN", .init(value: "ct-a", expiresIn: .nan), invalidExpiry, "not a number"),
        .refused("empty", .init(value: "", expiresIn: 3600), invalidToken, "empty"),
        .refused("a space", .init(value: "ct-two words", expiresIn: 3600), invalidToken, "whitespace"),
        .refused("CR LF header injection", .init(value: "ct-a\r\nX-Injected: 1", expiresIn: 3600), invalidToken),
        .refused("a tab", .init(value: "ct-a\tb", expiresIn: 3600), invalidToken),
        .refused("a trailing space", .init(value: "ct-a ", expiresIn: 3600), invalidToken),
        .refused("non-ASCII", .init(value: "ct-caf\u{E9}", expiresIn: 3600), invalidToken, "non-ASCII"),
        .refused("DEL", .init(value: "ct-a\u{7F}", expiresIn: 3600), invalidToken),
        .refused("NUL", .init(value: "ct-a\u{0}", expiresIn: 3600), invalidToken),
        .refused(
            "a partner API key", .init(value: "sk-live-4f3e2d1c", expiresIn: 3600), apiKey, "must never reach the app"),
        .refused("a partner test key", .init(value: "sk-test-0a9b8c", expiresAt: start + 3600), apiKey, "API key"),
    ]

    @Test("a provider's token is judged before it is cached", arguments: tokenCases)
    func judging(_ testCase: TokenCase) throws {
        var machine = Machine(refreshLeeway: 60, backoff: .default)
        let actions = try machine.fetch(returning: .success(testCase.token), at: at(0))
        let finished = try #require(actions.events.first)
        let clamped = testCase.code == nil && testCase.remaining == 7_200
        #expect(
            actions.eventKinds == (clamped ? [.providerCallFinished, .tokenLifetimeClamped] : [.providerCallFinished]))
        guard let code = testCase.code else {
            let credential = try #require(actions.credential)
            #expect(credential.value == testCase.token.value && credential.generation == 1 && credential.isRefreshable)
            #expect(credential.expiresAt == start.addingTimeInterval(testCase.remaining))
            #expect(finished.outcome == nil && finished.generation == 1)
            #expect(machine.phase == .idle(cachedGeneration: 1))
            let refreshAt = testCase.remaining - 60
            #expect(machine.lookUp(at: at(refreshAt * 0.999_999)).fresh == credential)
            #expect(machine.lookUp(at: at(refreshAt)).mustWait)
            return
        }
        let error = try #require(actions.januaryError)
        #expect(error.category == .tokenProvider && error.code == code)
        for fragment in testCase.messageFragments {
            #expect(error.message.contains(fragment), "\(error.message)")
        }
        if !testCase.token.value.isEmpty {
            #expect(!error.message.contains(testCase.token.value) && !error.description.contains(testCase.token.value))
        }
        #expect(finished.outcome == .tokenProvider && finished.generation == nil)
        #expect(machine.phase == .failed(consecutiveFailures: 1, retryAt: 0), "a refused token counts as a failure")
        // It was never cached, and it used up no generation.
        let next = try machine.fetch(returning: .success(.init(value: "ct-good", expiresIn: 3600)), at: at(0))
        #expect(next.credential?.generation == 1)
    }

    @Test func anAPIKeyIsRefusedWithoutEverQuotingIt() throws {
        var machine = Machine(refreshLeeway: 60, backoff: .none)
        let key = "sk-live-do-not-ship-7c6b5a"
        let error = try #require(
            try machine.fetch(returning: .success(.init(value: key, expiresIn: 3600)), at: at(0)).januaryError
        )
        #expect(error.code == JanuaryError.Code.apiKeyAsClientToken && error.category == .tokenProvider)
        #expect(error.message.contains("An API key must never reach the app"))
        var dumped = ""
        dump(error, to: &dumped)
        for rendering in [error.message, error.description, error.debugDescription, String(reflecting: error), dumped] {
            #expect(!rendering.contains(key))
        }
    }

    struct SkewCase: Sendable, CustomTestStringConvertible {
        /// The device's wall clock minus January's.
        let deviceClockOffset: TimeInterval
        let notesJanuarysDate: Bool
        let token: JanuaryClientToken
        /// Seconds the token is judged to have left; `nil` if it is refused as already expired.
        let remaining: TimeInterval?

        var testDescription: String {
            let lifetime =
                token.expiresIn.map { "expiresIn \($0)" } ?? "expiresAt +\(token.expiresAt.timeIntervalSince(start))"
            return "device \(deviceClockOffset > 0 ? "+" : "")\(deviceClockOffset) s, \(lifetime), "
                + (notesJanuarysDate ? "January's Date seen" : "January's Date not seen")
        }
    }

    /// January's true time at receipt is `start`; the token's `expiresAt` is in January's time.
    static let skewCases: [SkewCase] = [
        // The device runs 10 minutes fast: a 5-minute token looks expired, unless January's clock is known.
        SkewCase(
            deviceClockOffset: 600, notesJanuarysDate: false, token: .init(value: "ct-s", expiresAt: start + 300),
            remaining: nil),
        SkewCase(
            deviceClockOffset: 600, notesJanuarysDate: true, token: .init(value: "ct-s", expiresAt: start + 300),
            remaining: 300),
        SkewCase(
            deviceClockOffset: 600, notesJanuarysDate: true, token: .init(value: "ct-s", expiresAt: start + 1800),
            remaining: 1800),
        // The device runs 10 minutes slow: the token would be kept 10 minutes past its expiry.
        SkewCase(
            deviceClockOffset: -600, notesJanuarysDate: false, token: .init(value: "ct-s", expiresAt: start + 300),
            remaining: 900),
        SkewCase(
            deviceClockOffset: -600, notesJanuarysDate: true, token: .init(value: "ct-s", expiresAt: start + 300),
            remaining: 300),
        // A lifetime does not depend on any wall clock.
        SkewCase(
            deviceClockOffset: 600, notesJanuarysDate: false, token: .init(value: "ct-s", expiresIn: 300),
            remaining: 300),
        SkewCase(
            deviceClockOffset: 600, notesJanuarysDate: true, token: .init(value: "ct-s", expiresIn: 300), remaining: 300
        ),
        SkewCase(
            deviceClockOffset: -600, notesJanuarysDate: false, token: .init(value: "ct-s", expiresIn: 300),
            remaining: 300),
        SkewCase(
            deviceClockOffset: -600, notesJanuarysDate: true, token: .init(value: "ct-s", expiresIn: 300),
            remaining: 300),
    ]

    @Test("expiresAt is judged in January's time once its Date header is seen", arguments: skewCases)
    func clockSkew(_ testCase: SkewCase) throws {
        var machine = Machine(refreshLeeway: 60, backoff: .none)
        let receipt = at(0, wallOffset: testCase.deviceClockOffset)
        var january = JanuaryClockEstimate()
        if testCase.notesJanuarysDate {
            january.note(start, at: receipt)
            #expect(january.time(at: receipt) == start)
        }
        let actions = try machine.fetch(
            returning: .success(testCase.token), at: receipt, januaryNow: january.time(at: receipt))
        guard let remaining = testCase.remaining else {
            let error = try #require(actions.januaryError)
            #expect(error.code == JanuaryError.Code.invalidClientTokenExpiration)
            #expect(error.message.contains("already expired") && error.message.contains("clock skew"))
            #expect(error.message.contains("device's clock"))
            return
        }
        let credential = try #require(actions.credential)
        #expect(credential.expiresAt == receipt.date.addingTimeInterval(remaining))
        let refreshAt = remaining - 60
        #expect(machine.lookUp(at: at(refreshAt - 0.001, wallOffset: testCase.deviceClockOffset)).fresh == credential)
        #expect(machine.lookUp(at: at(refreshAt, wallOffset: testCase.deviceClockOffset)).mustWait)
    }

    @Test("a jump of the device's wall clock after January's Date was seen does not move January's time")
    func wallClockJumpAfterTheDateHeader() throws {
        var machine = Machine(refreshLeeway: 60, backoff: .none)
        var january = JanuaryClockEstimate()
        january.note(start, at: at(0))
        // The user moves the device's clock an hour ahead; a token January minted now for 30 minutes is good.
        let afterJump = at(10, wallOffset: 3_600)
        #expect(january.time(at: afterJump) == start + 10)
        let actions = try machine.fetch(
            returning: .success(.init(value: "ct-jump", expiresAt: start + 10 + 1_800)),
            at: afterJump,
            januaryNow: january.time(at: afterJump)
        )
        let credential = try #require(actions.credential)
        #expect(credential.expiresAt == afterJump.date.addingTimeInterval(1_800))
    }

    @Test func aRefusedExpiryNamesWhichClockJudgedIt() throws {
        var machine = Machine(refreshLeeway: 60, backoff: .none)
        let error = try #require(
            try machine.fetch(
                returning: .success(.init(value: "ct-old", expiresAt: start - 5)), at: at(0), januaryNow: start
            ).januaryError
        )
        #expect(error.message.contains("January's clock"))
    }
}
