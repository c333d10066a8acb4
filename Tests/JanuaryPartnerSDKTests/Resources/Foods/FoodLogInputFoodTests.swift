import Foundation
import JanuaryCoreTesting
import Testing

@testable import JanuaryPartnerSDK

@Suite("Food log input", suiteTimeLimit())
struct FoodLogInputFoodTests {
    @Test("encodes to food_id, serving_id and quantity, ids as strings")
    func encodesWireNames() throws {
        let object = try Wire.object(FoodLogInputFood(foodID: "1234", servingID: "56", quantity: 1.5))
        #expect(Set(object.keys) == ["food_id", "serving_id", "quantity"])
        #expect(object["food_id"] as? String == "1234")
        #expect(object["serving_id"] as? String == "56")
        #expect(object["quantity"] as? Double == 1.5)
    }

    @Test("decodes integer ids")
    func decodesIntegers() throws {
        let food = try Wire.decode(FoodLogInputFood.self, #"{"food_id": 1234, "serving_id": 56, "quantity": 2}"#)
        #expect(food == FoodLogInputFood(foodID: "1234", servingID: "56", quantity: 2))
    }

    @Test(
        "quantity must be finite, above 0 and at most 10000",
        arguments: [
            (0.001, true), (1, true), (10_000, true), (0, false), (-1, false), (10_000.001, false),
            (Double.nan, false), (Double.infinity, false), (-Double.infinity, false),
        ]
    )
    func quantityRule(quantity: Double, valid: Bool) async throws {
        let food = FoodLogInputFood(foodID: "1", servingID: "2", quantity: quantity)
        if valid {
            #expect(throws: Never.self) { try food.validate() }
        } else {
            try await requireRefusedLocally(naming: "FoodLogInputFood.quantity") { try food.validate() }
        }
    }

    @Test("ids must be catalogue ids")
    func idRules() async throws {
        try await requireRefusedLocally(naming: "FoodLogInputFood.foodID") {
            try FoodLogInputFood(foodID: "0", servingID: "2", quantity: 1).validate()
        }
        try await requireRefusedLocally(naming: "foods[3].servingID") {
            try FoodLogInputFood(foodID: "1", servingID: "x", quantity: 1).validate(field: "foods[3]")
        }
    }
}
