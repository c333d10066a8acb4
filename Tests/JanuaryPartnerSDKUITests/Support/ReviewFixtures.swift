import Foundation
import JanuaryCore
import JanuaryPartnerSDK

@testable import JanuaryPartnerSDKUI

typealias Review = MealReviewStateMachine

/// Foods as the simulator's catalogue has them (Docs/Simulator.md): nutrients of one default serving.
enum ReviewFixtures {
    static let medium = ServingOption(
        id: "5001", quantity: 1, unit: "medium", scalingFactor: 1, weightGrams: 118, isPrimary: true)
    static let cup = ServingOption(id: "5002", quantity: 1, unit: "cup, sliced", scalingFactor: 1.27, weightGrams: 150)
    static let hundredGrams = ServingOption(id: "5003", quantity: 100, unit: "g", scalingFactor: 0.85, weightGrams: 100)

    static let banana = Food(
        id: "1001", type: .generic, name: "banana",
        nutrients: NutritionFacts(
            calories: NutrientAmount(value: 105, unit: .kilocalories),
            protein: NutrientAmount(value: 1.3, unit: .grams),
            carbohydrates: NutrientAmount(value: 27, unit: .grams), totalFat: NutrientAmount(value: 0.4, unit: .grams)),
        servings: [medium, cup, hundredGrams])

    static let large = ServingOption(
        id: "5006", quantity: 1, unit: "large", scalingFactor: 1, weightGrams: 50, isPrimary: true)
    static let eggGrams = ServingOption(id: "5007", quantity: 100, unit: "g", scalingFactor: 2, weightGrams: 100)

    static let egg = Food(
        id: "1003", type: .generic, name: "egg",
        nutrients: NutritionFacts(
            calories: NutrientAmount(value: 78, unit: .kilocalories), protein: NutrientAmount(value: 6.3, unit: .grams),
            totalFat: NutrientAmount(value: 5.3, unit: .grams)),
        servings: [large, eggGrams])

    /// A search result: the default serving only.
    static let eggFromSearch = Food(
        id: egg.id, type: egg.type, name: egg.name, nutrients: egg.nutrients, servings: [large])

    /// A detection of `quantity` of `food`'s serving `serving`, with the nutrients the analysis gives (already
    /// scaled).
    static func detected(
        _ food: Food, _ serving: ServingOption, quantity: Double, calories: Double? = nil
    ) -> FoodDetection {
        let portion = try! food.portion(servingID: serving.id, quantity: quantity)
        var nutrients = portion.nutrients ?? NutritionFacts()
        if let calories {
            nutrients.calories = NutrientAmount(value: calories, unit: .kilocalories)
        }
        return FoodDetection(
            confidence: .high,
            food: DetectedFood(
                name: food.name, brandName: food.brandName, id: food.id, quantity: quantity,
                serving: ServingSummary(
                    id: serving.id, quantity: serving.quantity, unit: serving.unit, weightGrams: serving.weightGrams),
                nutrients: nutrients))
    }

    /// Two eggs and a banana, as a photo analysis finds them.
    static let breakfast = FoodScan(
        mealName: "Breakfast", detections: [detected(egg, large, quantity: 2), detected(banana, medium, quantity: 1)])

    static func failure(_ category: JanuaryError.Category, _ code: JanuaryError.Code? = nil, effect: Bool = false)
        -> JanuaryError
    {
        JanuaryError(category: category, code: code, message: "test", mayHaveTakenEffect: effect)
    }
}

/// Runs events from a fresh sheet for `input`; returns it and every action, in order.
func review(
    _ input: MealReviewInput, name: String? = nil, eatenAt: Date? = nil, _ events: [Review.Event]
) -> (Review, [Review.Action]) {
    var machine = Review(input: input, name: name, eatenAt: eatenAt)
    var actions: [Review.Action] = []
    for event in events {
        actions += machine.handle(event)
    }
    return (machine, actions)
}

/// Runs events from a fresh sheet for the breakfast scan.
func review(name: String? = nil, eatenAt: Date? = nil, _ events: [Review.Event]) -> (Review, [Review.Action]) {
    review(.scan(ReviewFixtures.breakfast), name: name, eatenAt: eatenAt, events)
}

/// The breakfast scan, opened and with both foods fetched: attempt 1 is the egg, 2 the banana; items 1 and 2.
func editingBreakfast() -> Review {
    review([
        .appeared, .foodFetched(attempt: 1, .success(ReviewFixtures.egg)),
        .foodFetched(attempt: 2, .success(ReviewFixtures.banana)),
    ]).0
}
