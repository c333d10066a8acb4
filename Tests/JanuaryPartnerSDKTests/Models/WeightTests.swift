import Foundation
import JanuaryCoreTesting
import Testing

@testable import JanuaryPartnerSDK

@Suite("Weight", suiteTimeLimit())
struct WeightTests {
    @Test("encodes value and unit")
    func encodes() throws {
        let object = try Wire.object(Weight(value: 72.5, unit: .kilograms))
        #expect(object["value"] as? Double == 72.5)
        #expect(object["unit"] as? String == "kg")
        #expect(try Wire.decode(Weight.self, #"{"value": 160, "unit": "lb"}"#) == Weight(value: 160, unit: .pounds))
    }

    @Test(
        "ranges are checked per unit, unknown units refused",
        arguments: [
            (Weight(value: 2, unit: .pounds), true), (Weight(value: 1500, unit: .pounds), true),
            (Weight(value: 1.9, unit: .pounds), false), (Weight(value: 1500.1, unit: .pounds), false),
            (Weight(value: 1, unit: .kilograms), true), (Weight(value: 700, unit: .kilograms), true),
            (Weight(value: 0.9, unit: .kilograms), false), (Weight(value: 701, unit: .kilograms), false),
            (Weight(value: .nan, unit: .kilograms), false), (Weight(value: 70, unit: "st"), false),
        ]
    )
    func ranges(weight: Weight, valid: Bool) async throws {
        let check = { try weight.validate(field: "profile.weight", pounds: 2...1500, kilograms: 1...700) }
        if valid {
            #expect(throws: Never.self) { try check() }
        } else {
            try await requireRefusedLocally(naming: "profile.weight", check)
        }
    }
}
