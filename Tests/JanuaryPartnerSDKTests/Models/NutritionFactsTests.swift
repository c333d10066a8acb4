import Foundation
import Testing

@testable import JanuaryPartnerSDK

@Suite("Nutrition facts", suiteTimeLimit())
struct NutritionFactsTests {
    static let allWireKeys = [
        "calories", "protein", "carbohydrates", "net_carbohydrates", "total_fat", "trans_fat", "saturated_fat",
        "fiber", "total_sugars", "added_sugars", "cholesterol", "calcium", "iron", "potassium", "sodium", "vitamin_d",
    ]

    @Test("every nutrient decodes from its snake_case key and encodes back to it", arguments: allWireKeys)
    func everyKeyRoundTrips(key: String) throws {
        let facts = try Wire.decode(NutritionFacts.self, #"{"\#(key)": {"value": 2.5, "unit": "mg"}}"#)
        #expect(!facts.isEmpty)
        let object = try Wire.object(facts)
        #expect(Array(object.keys) == [key])
        let amount = try #require(object[key] as? [String: Any])
        #expect(amount["value"] as? Double == 2.5)
        #expect(amount["unit"] as? String == "mg")
    }

    @Test("a realistic record maps to the Swift names")
    func realisticRecord() throws {
        let facts = try Wire.decode(
            NutritionFacts.self,
            """
            {"calories": {"value": 105, "unit": "kcal"}, "protein": {"value": 1.3, "unit": "g"},
             "net_carbohydrates": {"value": 24, "unit": "g"}, "total_fat": null,
             "vitamin_d": {"value": 0, "unit": "IU"}, "potassium": {"value": 422, "unit": "mg"},
             "omega_3": {"value": 1, "unit": "g"}}
            """
        )
        #expect(facts.calories == NutrientAmount(value: 105, unit: .kilocalories))
        #expect(facts.protein?.value == 1.3)
        #expect(facts.netCarbohydrates?.unit == .grams)
        #expect(facts.totalFat == nil)
        #expect(facts.vitaminD == NutrientAmount(value: 0, unit: .internationalUnits), "zero is a value, kept")
        #expect(facts.potassium?.unit == .milligrams)
        #expect(facts.fiber == nil, "missing means no value, never zero")
    }

    @Test("an empty object is valid and encodes as an empty object")
    func emptyObject() throws {
        let facts = try Wire.decode(NutritionFacts.self, "{}")
        #expect(facts.isEmpty)
        #expect(facts == NutritionFacts())
        #expect(try Wire.object(facts).isEmpty)
    }

    @Test(
        "a malformed nutrient is no value, the rest survive",
        arguments: [
            #"{"value": "lots", "unit": "g"}"#, #"{"unit": "g"}"#, #"{"value": 3}"#, #""3 g""#, "[]", "{}",
        ]
    )
    func malformedNutrientIsNil(amount: String) throws {
        let facts = try Wire.decode(
            NutritionFacts.self, #"{"sodium": \#(amount), "calories": {"value": 90, "unit": "kcal"}}"#)
        #expect(facts.sodium == nil)
        #expect(facts.calories?.value == 90)
    }

    @Test("an unknown unit decodes as itself")
    func unknownUnit() throws {
        let facts = try Wire.decode(NutritionFacts.self, #"{"iron": {"value": 3, "unit": "µg RAE"}}"#)
        #expect(facts.iron?.unit == NutrientUnit(rawValue: "µg RAE"))
        #expect(facts.iron?.unit.description == "µg RAE")
    }

    @Test("scaling multiplies every present value and keeps units and gaps")
    func scaling() {
        let facts = NutritionFacts(
            calories: NutrientAmount(value: 105, unit: .kilocalories),
            sodium: NutrientAmount(value: 1, unit: .milligrams)
        )
        let scaled = facts.scaled(by: 2.5)
        #expect(scaled.calories == NutrientAmount(value: 262.5, unit: .kilocalories))
        #expect(scaled.sodium == NutrientAmount(value: 2.5, unit: .milligrams))
        #expect(scaled.protein == nil)
        #expect(NutritionFacts().scaled(by: 3).isEmpty)
    }

    /// Each property, its wire key and its name in the mirror: the amounts are kept in one array, read and written
    /// by position, so each property must reach its own position.
    static var properties: [(key: String, name: String, amount: WritableKeyPath<NutritionFacts, NutrientAmount?>)] {
        [
            ("calories", "calories", \.calories), ("protein", "protein", \.protein),
            ("carbohydrates", "carbohydrates", \.carbohydrates),
            ("net_carbohydrates", "netCarbohydrates", \.netCarbohydrates),
            ("total_fat", "totalFat", \.totalFat), ("trans_fat", "transFat", \.transFat),
            ("saturated_fat", "saturatedFat", \.saturatedFat), ("fiber", "fiber", \.fiber),
            ("total_sugars", "totalSugars", \.totalSugars), ("added_sugars", "addedSugars", \.addedSugars),
            ("cholesterol", "cholesterol", \.cholesterol), ("calcium", "calcium", \.calcium), ("iron", "iron", \.iron),
            ("potassium", "potassium", \.potassium), ("sodium", "sodium", \.sodium),
            ("vitamin_d", "vitaminD", \.vitaminD),
        ]
    }

    @Test("each property reads and writes its own nutrient: its key's value, and only it")
    func eachPropertyIsItsOwnNutrient() throws {
        #expect(Self.properties.map(\.key) == Self.allWireKeys)
        for (index, property) in Self.properties.enumerated() {
            let facts = try Wire.decode(NutritionFacts.self, #"{"\#(property.key)": {"value": 7, "unit": "g"}}"#)
            for (other, otherProperty) in Self.properties.enumerated() {
                #expect((facts[keyPath: otherProperty.amount] != nil) == (other == index), "\(property.key)")
            }
            var written = NutritionFacts()
            written[keyPath: property.amount] = NutrientAmount(value: Double(index), unit: .milligrams)
            #expect(try Array(Wire.object(written).keys) == [property.key])
        }
    }

    @Test("the memberwise initialiser puts each argument in its own property")
    func initialiserArguments() {
        let amounts = (0..<16).map { NutrientAmount(value: Double($0), unit: .grams) }
        let facts = NutritionFacts(
            calories: amounts[0], protein: amounts[1], carbohydrates: amounts[2], netCarbohydrates: amounts[3],
            totalFat: amounts[4], transFat: amounts[5], saturatedFat: amounts[6], fiber: amounts[7],
            totalSugars: amounts[8], addedSugars: amounts[9], cholesterol: amounts[10], calcium: amounts[11],
            iron: amounts[12], potassium: amounts[13], sodium: amounts[14], vitaminD: amounts[15])
        #expect(Self.properties.map { facts[keyPath: $0.amount] } == amounts)
    }

    @Test("print and dump show each nutrient by its property name")
    func mirrorShowsPropertyNames() {
        let facts = NutritionFacts(calories: NutrientAmount(value: 105, unit: .kilocalories))
        let children = Array(Mirror(reflecting: facts).children)
        #expect(children.map(\.label) == Self.properties.map(\.name))
        #expect(children.first?.value as? NutrientAmount == facts.calories)
        #expect(String(describing: facts).hasPrefix("NutritionFacts(calories: Optional("))
    }
}
