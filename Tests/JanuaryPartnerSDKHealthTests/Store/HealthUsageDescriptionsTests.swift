import Testing

@testable import JanuaryPartnerSDKHealth

@Suite("The Info.plist keys HealthKit requires are checked before asking, as a clear error", suiteTimeLimit())
struct HealthUsageDescriptionsTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let plist: [String: String]?
        let writing: Bool
        let reading: Bool
        let missing: String?
        var testDescription: String { name }
    }

    static let both = [
        "NSHealthUpdateUsageDescription": "Your meals, water and weight are saved to Health.",
        "NSHealthShareUsageDescription": "Your glucose readings personalise predictions.",
    ]

    static let cases: [Case] = [
        Case(name: "both keys, writing and reading", plist: both, writing: true, reading: true, missing: nil),
        Case(
            name: "no Info.plist, writing", plist: nil, writing: true, reading: false,
            missing: "NSHealthUpdateUsageDescription"),
        Case(
            name: "no Info.plist, reading", plist: nil, writing: false, reading: true,
            missing: "NSHealthShareUsageDescription"),
        Case(
            name: "only the read key, writing", plist: ["NSHealthShareUsageDescription": "Glucose."], writing: true,
            reading: false, missing: "NSHealthUpdateUsageDescription"),
        Case(
            name: "only the write key, writing: enough", plist: ["NSHealthUpdateUsageDescription": "Meals."],
            writing: true, reading: false, missing: nil),
        Case(
            name: "only the write key, reading", plist: ["NSHealthUpdateUsageDescription": "Meals."], writing: false,
            reading: true, missing: "NSHealthShareUsageDescription"),
        Case(
            name: "a blank write key", plist: ["NSHealthUpdateUsageDescription": " \n\t"], writing: true,
            reading: false, missing: "NSHealthUpdateUsageDescription"),
        Case(name: "nothing asked: nothing needed", plist: nil, writing: false, reading: false, missing: nil),
    ]

    @Test("a missing or blank key is a missing_usage_description error naming it", arguments: cases)
    func check(_ variant: Case) {
        do {
            try HealthUsageDescriptions.check(in: variant.plist, writing: variant.writing, reading: variant.reading)
            #expect(variant.missing == nil)
        } catch let error as JanuaryHealthError {
            #expect(error.code == .missingUsageDescription)
            #expect(error.missingInfoPlistKey == variant.missing)
            #expect(error.message.contains(variant.missing ?? "?"))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test("a value that is not a string counts as missing")
    func notAString() {
        #expect(throws: JanuaryHealthError.self) {
            try HealthUsageDescriptions.check(
                in: ["NSHealthUpdateUsageDescription": 42], writing: true, reading: false)
        }
    }
}
