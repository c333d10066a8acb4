import Foundation
import JanuaryPartnerSDK
import Testing

/// Every open set of strings the SDK exposes, from the core's error codes to January's vocabularies, behaves the
/// same way because it is the same protocol: a literal makes a value, a value prints as its string, and a value
/// no release knows yet is carried unchanged.
@Suite("Extensible strings", suiteTimeLimit())
struct ExtensibleStringTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let check: @Sendable () -> [String]
    }

    /// The problems with `T` as an extensible string, judged by one known value and its spelling.
    static func problems<T: JanuaryExtensibleString>(_ known: T, spelled spelling: String) -> [String] {
        var problems: [String] = []
        if T(stringLiteral: spelling) != known {
            problems.append("the literal \(spelling) is not the known value")
        }
        if known.description != spelling || known.rawValue != spelling {
            problems.append("the known value prints as \(known.description)")
        }
        let unknown = T(rawValue: "added_in_a_later_release")
        if unknown.description != unknown.rawValue || unknown == known {
            problems.append("an unknown value is not carried as given")
        }
        if Set([known, T(rawValue: spelling), unknown]).count != 2 {
            problems.append("values do not hash by their string")
        }
        return problems
    }

    static let cases: [Case] = [
        Case(testDescription: "JanuaryError.Code") { problems(JanuaryError.Code.rateLimited, spelled: "rate_limited") },
        Case(testDescription: "JanuaryEvent.Kind") {
            problems(JanuaryEvent.Kind.providerCallStarted, spelled: "providerCallStarted")
        },
        Case(testDescription: "JanuaryHTTPMethod") { problems(JanuaryHTTPMethod.get, spelled: "GET") },
        Case(testDescription: "NutrientUnit (a vocabulary)") { problems(NutrientUnit.grams, spelled: "g") },
        Case(testDescription: "FoodID (an identifier)") { problems(FoodID(rawValue: "1234567"), spelled: "1234567") },
    ]

    @Test("a literal makes a value, a value prints as its string, an unknown value is kept", arguments: cases)
    func behavesAsOne(_ type: Case) {
        #expect(type.check() == [])
    }

    @Test("an event kind is written as a literal and read back by its name")
    func eventKindLiteral() {
        let kind: JanuaryEvent.Kind = "tokenCacheCleared"
        #expect(kind == .tokenCacheCleared)
        #expect(JanuaryEvent.Kind("tokenCacheCleared") == kind)
    }
}
