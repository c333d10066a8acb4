import Foundation
import JanuaryCoreTesting
import JanuaryPartnerSDK
import Testing

@Suite("Food portions", suiteTimeLimit())
struct FoodPortionTests {
    /// Apple slices: nutrients per default serving "1 medium" (182 g, factor 1.82); also "1 cup" (109 g, factor
    /// 1.09) and "100 g" with a weight but no factor.
    static let apple = Food(
        id: "300",
        name: "apple",
        nutrients: NutritionFacts(
            calories: NutrientAmount(value: 95, unit: .kilocalories),
            fiber: NutrientAmount(value: 4.4, unit: .grams),
            sodium: NutrientAmount(value: 2, unit: .milligrams)
        ),
        glycemicIndex: 36,
        glycemicLoad: 5,
        servings: [
            ServingOption(id: "1", quantity: 1, unit: "cup", scalingFactor: 1.09, weightGrams: 109, isPrimary: false),
            ServingOption(id: "2", quantity: 1, unit: "medium", scalingFactor: 1.82, weightGrams: 182, isPrimary: true),
            ServingOption(id: "3", quantity: 100, unit: "g", scalingFactor: nil, weightGrams: 100, isPrimary: nil),
            ServingOption(id: "4", quantity: 1, unit: "slice", scalingFactor: nil, weightGrams: nil, isPrimary: nil),
        ]
    )

    private func close(_ a: Double?, _ b: Double) -> Bool {
        guard let a else { return false }
        return abs(a - b) < 1e-9
    }

    @Test("without a serving id the primary serving is used, unscaled at quantity 1")
    func defaultServing() throws {
        let portion = try Self.apple.portion()
        #expect(portion.serving.id == "2")
        #expect(portion.quantity == 1)
        #expect(portion.amount == 1)
        #expect(portion.unit == "medium")
        #expect(portion.grams == 182)
        #expect(portion.nutrients == Self.apple.nutrients)
        #expect(portion.glycemicLoad == 5)
        #expect(portion.loggableFood == FoodLogInputFood(foodID: "300", servingID: "2", quantity: 1))
    }

    @Test("another serving scales nutrients and glycemic load by quantity and relative factor, not the index")
    func otherServing() throws {
        let portion = try Self.apple.portion(servingID: "1", quantity: 2)
        let factor = 2 * 1.09 / 1.82
        #expect(portion.amount == 2)
        #expect(portion.unit == "cup")
        #expect(portion.grams == 218)
        #expect(close(portion.nutrients?.calories?.value, 95 * factor))
        #expect(portion.nutrients?.calories?.unit == .kilocalories)
        #expect(close(portion.nutrients?.fiber?.value, 4.4 * factor))
        #expect(close(portion.nutrients?.sodium?.value, 2 * factor))
        #expect(portion.nutrients?.protein == nil)
        #expect(close(portion.glycemicLoad, 5 * factor))
        #expect(portion.glycemicIndex == 36, "the glycemic index is a property of the food")
        #expect(portion.loggableFood == FoodLogInputFood(foodID: "300", servingID: "1", quantity: 2))
    }

    @Test("a serving without a scaling factor scales by weight; one with neither has no nutrients")
    func fallbacks() throws {
        let grams = try Self.apple.portion(servingID: "3", quantity: 1.5)
        #expect(grams.amount == 150)
        #expect(grams.grams == 150)
        #expect(close(grams.nutrients?.calories?.value, 95 * 1.5 * 100 / 182))
        let slice = try Self.apple.portion(servingID: "4", quantity: 3)
        #expect(slice.amount == 3)
        #expect(slice.grams == nil)
        #expect(slice.nutrients == nil)
        #expect(slice.glycemicLoad == nil)
        #expect(slice.glycemicIndex == 36)
    }

    @Test("without a primary serving the first is the default")
    func firstServingFallback() throws {
        var food = Self.apple
        food.servings = food.servings.map { serving in
            var copy = serving
            copy.isPrimary = nil
            return copy
        }
        let portion = try food.portion(quantity: 3)
        #expect(portion.serving.id == "1")
        #expect(close(portion.nutrients?.calories?.value, 285))
        #expect(food.defaultServing?.id == "1")
    }

    @Test(
        "quantity must be finite, above 0 and at most 10000",
        arguments: [
            (0.25, true), (10_000, true), (0, false), (-2, false), (10_001, false), (.nan, false),
            (.infinity, false),
        ]
    )
    func quantityRule(quantity: Double, valid: Bool) async throws {
        if valid {
            #expect(throws: Never.self) { _ = try Self.apple.portion(quantity: quantity) }
        } else {
            try await requireRefusedLocally(naming: "quantity") { _ = try Self.apple.portion(quantity: quantity) }
        }
    }

    @Test("an unknown serving id or a food without servings is refused")
    func refusals() async throws {
        try await requireRefusedLocally(naming: "servingID") { _ = try Self.apple.portion(servingID: "99") }
        try await requireRefusedLocally(naming: "servings") { _ = try Food(id: "1").portion() }
    }

    @Test("menu items make portions the same way")
    func menuItems() throws {
        let item = RestaurantMenuItem(
            id: "77",
            nutrients: NutritionFacts(calories: NutrientAmount(value: 600, unit: .kilocalories)),
            glycemicIndex: 60,
            glycemicLoad: 30,
            servings: [ServingOption(id: "5", quantity: 1, unit: "bowl", scalingFactor: 1, weightGrams: 450)]
        )
        let half = try item.portion(quantity: 0.5)
        #expect(half.nutrients?.calories?.value == 300)
        #expect(half.glycemicLoad == 15)
        #expect(half.glycemicIndex == 60)
        #expect(half.grams == 225)
        let searchItem = RestaurantMenuSearchItem(
            id: "78", nutrients: item.nutrients, servings: item.servings)
        #expect(try searchItem.portion(quantity: 2).nutrients?.calories?.value == 1200)
        #expect(try searchItem.portion(quantity: 2).loggableFood.foodID == "78")
    }
}
