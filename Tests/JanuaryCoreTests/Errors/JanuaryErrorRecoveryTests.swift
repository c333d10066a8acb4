import Foundation
import JanuaryCore
import Testing

/// `JanuaryError.recovery`: one kind per error, for every category and every code the SDK knows.
///
/// The tables below are the specification, written out by hand: a change to the SDK's mapping must change them too.
@Suite("JanuaryError.recovery", suiteTimeLimit())
struct JanuaryErrorRecoveryTests {
    typealias Kind = JanuaryError.Recovery.Kind

    /// Each known code's recovery, in whatever category it comes.
    static let byCode: [JanuaryError.Code: Kind] = [
        // January's codes.
        .invalidRequest: .fixInput, .endUserIDRequired: .reportBug, .dateRangeTooLarge: .fixInput,
        .dailyWaterLimitExceeded: .fixInput, .imageUnreachable: .fixInput, .imageCorrupt: .fixInput,
        .imageFormatUnsupported: .fixInput, .imageInvalidBase64: .reportBug, .unauthorized: .reportBug,
        .tokenExpired: .signInAgain, .tokenInvalid: .signInAgain, .tokenRevoked: .signInAgain, .forbidden: .reportBug,
        .clientTokenNotAllowed: .reportBug, .scopeInsufficient: .reportBug, .endUserIDMismatch: .reportBug,
        .notFound: .fixInput, .conflict: .fixInput, .payloadTooLarge: .fixInput, .rateLimited: .retryLater,
        .requestLimitExceeded: .notUntilNextMonth, .creditLimitExceeded: .notUntilNextMonth, .cancelled: .retryLater,
        .internalError: .retryLater, .notImplemented: .reportBug, .upstreamError: .retryLater,
        .serviceUnavailable: .retryLater, .clientTokenRevocationIncomplete: .retryLater, .upstreamTimeout: .retryLater,
        // The SDK's codes.
        .invalidEndUserID: .reportBug, .serverOnlyEndpoint: .reportBug, .invalidTimeout: .reportBug,
        .invalidClientToken: .reportBug, .invalidClientTokenExpiration: .reportBug, .apiKeyAsClientToken: .reportBug,
        .clientTokenProviderFailed: .retryLater, .tokenProviderReentered: .reportBug,
        .tokenRejectedRepeatedly: .retryLater, .partnerBackendRefused: .signInAgain, .partnerBackendFailed: .retryLater,
        .developmentKeyInReleaseBuild: .reportBug, .invalidDevelopmentKey: .reportBug,
        .backgroundSessionUnsupported: .reportBug, .signedOut: .ignore, .requestTimeout: .retryLater,
        .responseTooLarge: .reportBug, .decodingFailed: .reportBug, .notConnectedToInternet: .retryWhenOnline,
        .cannotFindHost: .retryLater, .cannotConnectToHost: .retryLater, .secureConnectionFailed: .retryLater,
        .networkConnectionLost: .retryLater,
    ]

    /// Each category's recovery, for a code that is missing or new.
    static let byCategory: [JanuaryError.Category: Kind] = [
        .authentication: .signInAgain, .authorization: .reportBug, .tokenProvider: .retryLater, .network: .retryLater,
        .timeout: .retryLater, .server: .retryLater, .invalidInput: .fixInput, .notFound: .fixInput,
        .rateLimited: .retryLater, .cancelled: .ignore, .decoding: .reportBug,
    ]

    /// What a failure that did not mean to stop anything comes as: every category but `cancelled`.
    static let failing = JanuaryError.Category.allKnown.filter { $0 != .cancelled }

    @Test("the tables cover every known code and category, and nothing else")
    func tablesAreComplete() {
        #expect(Set(Self.byCode.keys) == Set(JanuaryError.Code.allKnown))
        #expect(Set(Self.byCategory.keys) == Set(JanuaryError.Category.allKnown))
    }

    @Test("a known code decides its recovery in every category", arguments: JanuaryError.Code.allKnown)
    func byCode(code: JanuaryError.Code) throws {
        let expected = try #require(Self.byCode[code])
        for category in Self.failing {
            let error = JanuaryError(category: category, code: code, message: "m", retryAfter: 7)
            #expect(error.recovery.kind == expected, "\(code) in \(category)")
            #expect(error.recovery.retryAfter == (expected == .retryLater ? 7 : nil), "\(code) in \(category)")
        }
    }

    @Test("a missing or new code is treated by its category", arguments: JanuaryError.Category.allKnown)
    func byCategory(category: JanuaryError.Category) throws {
        let expected = try #require(Self.byCategory[category])
        for code: JanuaryError.Code? in [nil, "brand_new_code"] {
            let error = JanuaryError(category: category, code: code, message: "m")
            #expect(error.recovery == JanuaryError.Recovery(expected), "\(String(describing: code)) in \(category)")
        }
    }

    @Test("a stopped request is ignored whatever its code", arguments: JanuaryError.Code.allKnown)
    func cancelledIgnores(code: JanuaryError.Code) {
        let error = JanuaryError(category: .cancelled, code: code, message: "m", retryAfter: 3)
        #expect(error.recovery == JanuaryError.Recovery(.ignore))
    }

    /// A write that may be stored is checked before it is repeated, even when the user signed out while the SDK was
    /// settling it (`signed_out`) or the device went offline: nothing else may hide that fact.
    @Test("mayHaveTakenEffect comes before every other rule", arguments: JanuaryError.Category.allKnown)
    func mayHaveTakenEffectFirst(category: JanuaryError.Category) {
        for code in [nil] + JanuaryError.Code.allKnown {
            for retryAfter: TimeInterval? in [nil, 12] {
                let error = JanuaryError(
                    category: category, code: code, message: "m", retryAfter: retryAfter, mayHaveTakenEffect: true)
                #expect(
                    error.recovery == JanuaryError.Recovery(.checkBeforeRepeating, retryAfter: retryAfter),
                    "\(String(describing: code)) in \(category)")
            }
        }
    }

    @Test("every kind is given by some error, and the known list holds each once")
    func everyKindIsReached() {
        var reached: Set<Kind> = [JanuaryError(category: .server, message: "m", mayHaveTakenEffect: true).recovery.kind]
        for category in JanuaryError.Category.allKnown {
            reached.insert(JanuaryError(category: category, message: "m").recovery.kind)
            for code in JanuaryError.Code.allKnown {
                reached.insert(JanuaryError(category: category, code: code, message: "m").recovery.kind)
            }
        }
        #expect(reached == Set(Kind.allKnown))
        #expect(Set(Kind.allKnown).count == Kind.allKnown.count)
    }

    /// The issue that asked for `recovery`: a partner's switch told users "try again" on a spent monthly allowance.
    @Test(
        "a monthly limit is never retried, even with a Retry-After",
        arguments: [
            JanuaryError.Code.creditLimitExceeded, .requestLimitExceeded,
        ])
    func monthlyLimits(code: JanuaryError.Code) {
        let error = JanuaryError(category: .rateLimited, code: code, message: "m", statusCode: 429, retryAfter: 30)
        #expect(error.recovery == JanuaryError.Recovery(.notUntilNextMonth))
        let burst = JanuaryError(category: .rateLimited, code: .rateLimited, message: "m", retryAfter: 30)
        #expect(burst.recovery == JanuaryError.Recovery(.retryLater, retryAfter: 30))
    }

    @Test(
        "a recovery describes its kind and its wait",
        arguments: [
            (JanuaryError.Recovery(.retryLater, retryAfter: 30), "retryLater after 30 s"),
            (JanuaryError.Recovery(.checkBeforeRepeating, retryAfter: 1.5), "checkBeforeRepeating after 1.500 s"),
            (JanuaryError.Recovery(.notUntilNextMonth), "notUntilNextMonth"),
        ])
    func descriptions(recovery: JanuaryError.Recovery, text: String) {
        #expect(recovery.description == text)
        #expect(String(describing: recovery) == text)
    }

    @Test("kinds compare as constants and as string literals, and a switch needs a default")
    func kindsAreExtensible() {
        let error = JanuaryError(category: .rateLimited, code: .creditLimitExceeded, message: "m")
        #expect(error.recovery.kind == "notUntilNextMonth")
        #expect(error.recovery.kind == Kind(rawValue: "notUntilNextMonth"))
        func action(_ kind: Kind) -> String {
            switch kind {
            case .retryLater: "try again"
            case .notUntilNextMonth: "next month"
            default: "report"
            }
        }
        #expect(action(error.recovery.kind) == "next month")
        #expect(action("aKindAddedLater") == "report")
    }
}
