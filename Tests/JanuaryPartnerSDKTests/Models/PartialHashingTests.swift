import Foundation
import JanuaryCoreTesting
import Testing

@testable import JanuaryPartnerSDK

/// Issue 45: the models that nest arrays of other models hash a few of their fields (an id, a count) instead of every
/// nested value, to keep the standard library's array hashing out of the app once per nested type. That is sound only
/// while equality still compares everything: two values that differ in a field the hash leaves out must stay unequal
/// (so a `Set` keeps both), and equal values must hash equally.
@Suite("Models that hash part of themselves still compare all of it", suiteTimeLimit())
struct PartialHashingTests {
    /// One model: a value, an equal copy made separately, and a value that differs only in a field its hash skips.
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let made: @Sendable (_ changed: Bool) -> AnyHashable
        var testDescription: String { name }

        init<Value: Hashable & Sendable>(_ name: String, _ make: @escaping @Sendable (_ changed: Bool) -> Value) {
            self.name = name
            self.made = { AnyHashable(make($0)) }
        }
    }

    static let day = Date(timeIntervalSince1970: 1_773_000_000)
    static let portion = FoodLogInputFood(foodID: "1001", servingID: "42", quantity: 1)
    static func food(_ changed: Bool) -> Food {
        Food(id: "1001", name: "banana", servings: changed ? [ServingOption(id: "5001", quantity: 1)] : [])
    }

    static let cases: [Case] = [
        Case("Food") { food($0) },
        Case("AlternativeFood") {
            AlternativeFood(id: "1002", servings: $0 ? [ServingSummary(id: "7", quantity: 1)] : [])
        },
        Case("RestaurantMenuItem") { RestaurantMenuItem(id: "1003", name: $0 ? "Fries" : "Burger") },
        Case("RestaurantMenuSearchItem") { RestaurantMenuSearchItem(id: "1004", name: $0 ? "Fries" : "Burger") },
        Case("FoodLog") {
            FoodLog(id: "3bee2eb0-cbbf-4a14-8f4e-63739cbd5ac7", foods: [], eatenAt: day, name: $0 ? "x" : nil)
        },
        Case("FoodSearchResults") { FoodSearchResults(items: [food($0)]) },
        Case("AutocompleteFoodsResponse") {
            AutocompleteFoodsResponse(items: [FoodSuggestion(id: "1005", name: $0 ? "pear" : "apple")])
        },
        Case("SuggestFoodAlternativesResponse") {
            SuggestFoodAlternativesResponse(alternatives: [AlternativeFood(id: "1006", name: $0 ? "kale" : "rice")])
        },
        Case("SearchRestaurantsResponse") {
            SearchRestaurantsResponse(items: [Restaurant(id: "r-1", name: $0 ? "Diner" : "Cafe")])
        },
        Case("SearchRestaurantMenuItemsResponse") {
            SearchRestaurantMenuItemsResponse(items: [RestaurantMenuSearchItem(id: "1007", isChain: $0)])
        },
        Case("GetRestaurantMenuItemsResponse") {
            GetRestaurantMenuItemsResponse(items: [RestaurantMenuItem(id: "1008", glycemicIndex: $0 ? 40 : 50)])
        },
        Case("FoodScan") {
            FoodScan(
                mealName: "Lunch",
                totalNutrients: $0
                    ? NutritionFacts(calories: NutrientAmount(value: 1, unit: .kilocalories)) : NutritionFacts(),
                detections: [])
        },
        Case("GlucosePrediction") { GlucosePrediction(points: [], chart: $0 ? GlucoseChart(min: 1) : GlucoseChart()) },
        Case("CreateFoodLogRequest") {
            CreateFoodLogRequest(foods: [$0 ? FoodLogInputFood(foodID: "1009", servingID: "42", quantity: 2) : portion])
        },
        Case("UpdateFoodLogRequest") {
            UpdateFoodLogRequest(foods: [$0 ? FoodLogInputFood(foodID: "1010", servingID: "42", quantity: 2) : portion])
        },
        Case("PredictGlucoseRequest") {
            PredictGlucoseRequest(
                profile: GlucosePredictionProfile(
                    age: $0 ? 41 : 40, sex: .female, height: Height(value: 170, unit: .centimeters),
                    weight: Weight(value: 70, unit: .kilograms)),
                foods: [portion], startTime: day, timeZone: TimeZone(identifier: "UTC")!)
        },
    ]

    @Test(arguments: cases)
    func equalValuesHashEquallyAndADifferenceOutsideTheHashStillCounts(_ model: Case) {
        let value = model.made(false)
        let equalCopy = model.made(false)
        let differingOutsideTheHash = model.made(true)
        #expect(value == equalCopy)
        #expect(value.hashValue == equalCopy.hashValue)
        #expect(value != differingOutsideTheHash, "equality no longer compares the changed field")
        #expect(Set([value, equalCopy, differingOutsideTheHash]).count == 2)
    }
}
