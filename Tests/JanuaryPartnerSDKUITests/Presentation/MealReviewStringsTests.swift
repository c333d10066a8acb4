import Foundation
import JanuaryCore
import JanuaryPartnerSDK
import Testing

@testable import JanuaryPartnerSDKUI

@Suite("Every string the review sheet uses is in the catalogue, and its numbers in the user's locale", suiteTimeLimit())
struct MealReviewStringsTests {
    @Test("every key exists in English, not blank")
    func keys() throws {
        let catalogue = try MealScannerStringsTests.catalogue()
        let keys = Set(MealReviewStringKey.allCases.map(\.rawValue))
        #expect(keys.subtracting(catalogue.keys).sorted() == [])
        for key in keys {
            #expect(catalogue[key]?.trimmingCharacters(in: .whitespaces).isEmpty == false, "\(key) is blank")
        }
    }

    @Test("the bundle's own lookup finds each key", arguments: MealReviewStringKey.allCases)
    func lookup(key: MealReviewStringKey) throws {
        #expect(key.localized == (try MealScannerStringsTests.catalogue())[key.rawValue])
    }

    @Test(
        "a format key has as many placeholders as the screen fills",
        arguments: [
            (MealReviewStringKey.itemPortion, 2), (.servingWithWeight, 3), (.servingWithUnit, 2),
            (.servingWeightOnly, 1),
            (.amountKilocalories, 1), (.amountGrams, 1), (.amountMilligrams, 1), (.amountMicrograms, 1),
            (.amountOther, 2), (.searchResult, 2), (.searchFailed, 1), (.announceRemoved, 1), (.announceAdded, 1),
        ])
    func placeholders(key: MealReviewStringKey, count: Int) {
        let english = key.localized
        let positional = (1...count).allSatisfy { english.contains("%\($0)$@") }
        let plain = english.components(separatedBy: "%@").count - 1 == count
        #expect(positional || plain, "\(key.rawValue): \(english)")
        #expect(!english.contains("%\(count + 1)$@"))
    }

    @Test(
        "numbers follow the locale; units January writes are shown as they are",
        arguments: [
            ("en_US_POSIX", ReviewFixtures.cup, "1 cup, sliced (150 g)", "1,234.5 g"),
            ("de_DE", ReviewFixtures.cup, "1 cup, sliced (150 g)", "1.234,5 g"),
            ("en_US_POSIX", ReviewFixtures.hundredGrams, "100 g", "1,234.5 g"),
            ("de_DE", ServingOption(id: "1", quantity: 0.5, unit: "cup"), "0,5 cup", "1.234,5 g"),
            ("en_US_POSIX", ServingOption(id: "1", weightGrams: 30), "30 g", "1,234.5 g"),
            ("en_US_POSIX", ServingOption(id: "1"), "1 serving", "1,234.5 g"),
        ])
    func format(locale: String, serving: ServingOption, servingText: String, grams: String) {
        let format = MealReviewFormat(locale: Locale(identifier: locale))
        #expect(format.serving(serving).string == servingText)
        #expect(format.amount(NutrientAmount(value: 1_234.54, unit: .grams)).string == grams)
    }

    @Test(
        "amounts: whole kilocalories and milligrams, grams to the tenth, an unknown unit as January writes it",
        arguments: [
            (NutrientAmount(value: 104.6, unit: .kilocalories), "105 kcal"),
            (NutrientAmount(value: 0.44, unit: .grams), "0.4 g"),
            (NutrientAmount(value: 422.4, unit: .milligrams), "422 mg"),
            (NutrientAmount(value: 12.2, unit: .micrograms), "12 mcg"),
            (NutrientAmount(value: 400, unit: .internationalUnits), "400 IU"),
        ])
    func amounts(amount: NutrientAmount, text: String) {
        #expect(MealReviewFormat(locale: Locale(identifier: "en_US_POSIX")).amount(amount).string == text)
    }
}
