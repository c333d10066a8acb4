import Foundation
import JanuaryPartnerSDK
import Testing

@Suite("Extensible vocabularies", suiteTimeLimit())
struct VocabularyTests {
    @Test(
        "known nutrient units have their wire strings",
        arguments: [
            (NutrientUnit.grams, "g"), (.milligrams, "mg"), (.micrograms, "mcg"), (.kilocalories, "kcal"),
            (.internationalUnits, "IU"),
        ]
    )
    func nutrientUnits(unit: NutrientUnit, wire: String) throws {
        #expect(unit.rawValue == wire)
        #expect(try Wire.json(unit) as? String == wire)
        #expect(try Wire.decode(NutrientUnit.self, "\"\(wire)\"") == unit)
    }

    @Test("weight units have their wire strings")
    func weightUnits() throws {
        #expect(WeightUnit.pounds.rawValue == "lb")
        #expect(WeightUnit.kilograms.rawValue == "kg")
        #expect(try Wire.decode(WeightUnit.self, #""stone""#) == WeightUnit(rawValue: "stone"))
    }

    @Test("a vocabulary value is a single JSON string, not an object")
    func singleString() throws {
        #expect(try Wire.json(NutrientUnit.grams) as? String == "g")
        #expect(throws: DecodingError.self) { try Wire.decode(NutrientUnit.self, #"{"rawValue": "g"}"#) }
        #expect(throws: DecodingError.self) { try Wire.decode(NutrientUnit.self, "3") }
    }

    @Test("a vocabulary value can be written as a literal and compares by exact wire string")
    func literals() {
        let unit: NutrientUnit = "IU"
        #expect(unit == .internationalUnits)
        #expect(NutrientUnit(rawValue: "iu") != .internationalUnits)
        #expect("\(unit)" == "IU")
    }
}
