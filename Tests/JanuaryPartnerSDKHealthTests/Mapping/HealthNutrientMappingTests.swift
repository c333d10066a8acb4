import Foundation
import JanuaryPartnerSDK
import Testing

@testable import JanuaryPartnerSDKHealth

@Suite("One mapping table: January's nutrients to HealthKit types and units", suiteTimeLimit())
struct HealthNutrientMappingTests {
    static func mapping(_ key: String) throws -> HealthNutrientMapping {
        try #require(HealthNutrientMapping.all.first { $0.januaryKey == key })
    }

    struct Conversion: Sendable, CustomTestStringConvertible {
        let nutrient: String
        let value: Double
        let unit: NutrientUnit
        let expected: Double?
        var testDescription: String { "\(value) \(unit) of \(nutrient) → \(expected.map { "\($0)" } ?? "left out")" }
    }

    static let conversions: [Conversion] = [
        // Energy: kcal only.
        Conversion(nutrient: "calories", value: 250, unit: .kilocalories, expected: 250),
        Conversion(nutrient: "calories", value: 250, unit: .grams, expected: nil),
        Conversion(nutrient: "calories", value: 1046, unit: "kJ", expected: nil),
        // Grams, milligrams and micrograms convert exactly by powers of ten.
        Conversion(nutrient: "protein", value: 12, unit: .grams, expected: 12),
        Conversion(nutrient: "protein", value: 500, unit: .milligrams, expected: 0.5),
        Conversion(nutrient: "fiber", value: 2_500_000, unit: .micrograms, expected: 2.5),
        Conversion(nutrient: "sodium", value: 0.5, unit: .grams, expected: 500),
        Conversion(nutrient: "sodium", value: 300, unit: .milligrams, expected: 300),
        Conversion(nutrient: "iron", value: 1_500, unit: .micrograms, expected: 1.5),
        Conversion(nutrient: "vitamin_d", value: 0.01, unit: .milligrams, expected: 10),
        Conversion(nutrient: "vitamin_d", value: 5, unit: .micrograms, expected: 5),
        // IU: only vitamin D, by its definition (40 IU = 1 µg); HealthKit has no dietary type in IU.
        Conversion(nutrient: "vitamin_d", value: 400, unit: .internationalUnits, expected: 10),
        Conversion(nutrient: "calcium", value: 400, unit: .internationalUnits, expected: nil),
        Conversion(nutrient: "protein", value: 1, unit: .kilocalories, expected: nil),
        // A value Health cannot take.
        Conversion(nutrient: "protein", value: -1, unit: .grams, expected: nil),
        Conversion(nutrient: "protein", value: .nan, unit: .grams, expected: nil),
        Conversion(nutrient: "protein", value: .infinity, unit: .grams, expected: nil),
        Conversion(nutrient: "protein", value: 0, unit: .grams, expected: 0),
    ]

    @Test("each amount is converted to the table's unit, or left out", arguments: conversions)
    func convert(_ conversion: Conversion) throws {
        let mapping = try Self.mapping(conversion.nutrient)
        #expect(mapping.convert(NutrientAmount(value: conversion.value, unit: conversion.unit)) == conversion.expected)
    }

    static let table: [(String, HealthDataType, HealthUnit)] = [
        ("calories", .dietaryEnergyConsumed, .kilocalories),
        ("protein", .dietaryProtein, .grams),
        ("carbohydrates", .dietaryCarbohydrates, .grams),
        ("total_fat", .dietaryFatTotal, .grams),
        ("saturated_fat", .dietaryFatSaturated, .grams),
        ("fiber", .dietaryFiber, .grams),
        ("total_sugars", .dietarySugar, .grams),
        ("cholesterol", .dietaryCholesterol, .milligrams),
        ("calcium", .dietaryCalcium, .milligrams),
        ("iron", .dietaryIron, .milligrams),
        ("potassium", .dietaryPotassium, .milligrams),
        ("sodium", .dietarySodium, .milligrams),
        ("vitamin_d", .dietaryVitaminD, .micrograms),
    ]

    @Test("the table, row by row, with HealthKit's identifiers")
    func rows() {
        #expect(HealthNutrientMapping.all.map(\.januaryKey) == Self.table.map(\.0))
        #expect(HealthNutrientMapping.all.map(\.type) == Self.table.map(\.1))
        #expect(HealthNutrientMapping.all.map(\.unit) == Self.table.map(\.2))
        #expect(HealthDataType.dietaryVitaminD.rawValue == "HKQuantityTypeIdentifierDietaryVitaminD")
        #expect(HealthDataType.food.rawValue == "HKCorrelationTypeIdentifierFood")
    }

    @Test("every nutrient January reports is mapped or listed as not mapped, never both")
    func everyNutrientAccountedFor() throws {
        let amount = NutrientAmount(value: 1, unit: .grams)
        let everything = NutritionFacts(
            calories: amount, protein: amount, carbohydrates: amount, netCarbohydrates: amount, totalFat: amount,
            transFat: amount, saturatedFat: amount, fiber: amount, totalSugars: amount, addedSugars: amount,
            cholesterol: amount, calcium: amount, iron: amount, potassium: amount, sodium: amount, vitaminD: amount)
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(everything)) as? [String: Any]
        let januaryKeys = Set(try #require(json).keys)
        let mapped = Set(HealthNutrientMapping.all.map(\.januaryKey))
        let unmapped = Set(HealthNutrientMapping.unmapped.keys)
        #expect(januaryKeys.count == 16)
        #expect(mapped.union(unmapped) == januaryKeys)
        #expect(mapped.isDisjoint(with: unmapped))
        #expect(unmapped == ["net_carbohydrates", "trans_fat", "added_sugars"])
        // Each mapping reads its own nutrient: only its key is present when the facts hold only it.
        for mapping in HealthNutrientMapping.all {
            let one = try JSONDecoder().decode(
                NutritionFacts.self, from: Data(#"{"\#(mapping.januaryKey)": {"value": 7, "unit": "g"}}"#.utf8))
            #expect(mapping.amount(one)?.value == 7, "\(mapping.januaryKey)")
            #expect(HealthNutrientMapping.all.filter { $0.amount(one) != nil }.count == 1)
        }
    }

    @Test(
        "the mirror asks to write only what it writes: a meal's nutrient types, water, weight",
        arguments: [
            (HealthMirrorKinds.foodLogs, 13), (.waterLogs, 1), (.weightLogs, 1), (.all, 15), ([], 0),
        ] as [(HealthMirrorKinds, Int)])
    func writtenTypes(kinds: HealthMirrorKinds, count: Int) {
        let types = kinds.writtenTypes
        #expect(types.count == count)
        #expect(!types.contains(.food))
        #expect(!types.contains(.bloodGlucose))
        #expect(types.contains(.dietaryWater) == kinds.contains(.waterLogs))
        #expect(types.contains(.bodyMass) == kinds.contains(.weightLogs))
        #expect(types.contains(.dietaryEnergyConsumed) == kinds.contains(.foodLogs))
    }
}
