/// One `FoodLogInputFood` (`{food_id, serving_id, quantity}`) resolved against the catalogue: used by food
/// logs, glucose prediction and its consumed-food history.
struct Portion: Sendable {
    let food: SimulatedFood
    let serving: SimulatedFood.Serving
    let quantity: Double

    var nutrients: SimulatedNutrients {
        food.nutrients(quantity: quantity, of: serving)
    }

    /// Reads and checks one input food; unknown foods or servings answer `400 invalid_request`.
    static func parse(_ fields: JSONFields, catalog: Catalog) throws -> Portion {
        let foodID = try fields.requiredString("food_id", maxLength: 10)
        guard FoodOperations.isNumericID(foodID) else {
            throw APIError.invalidRequest("`\(fields.name("food_id"))` must be a numeric food id")
        }
        let servingID = try fields.requiredString("serving_id", maxLength: 10)
        guard FoodOperations.isNumericID(servingID) else {
            throw APIError.invalidRequest("`\(fields.name("serving_id"))` must be a numeric serving id")
        }
        let quantity = try fields.requiredNumber("quantity")
        guard quantity > 0, quantity <= 10_000 else {
            throw APIError.invalidRequest("`\(fields.name("quantity"))` must be greater than 0 and at most 10000")
        }
        guard let food = catalog.foods[foodID] else {
            throw APIError.invalidRequest("`\(fields.name("food_id"))` \(foodID) is not a known food")
        }
        guard let serving = food.serving(id: servingID) else {
            throw APIError.invalidRequest(
                "`\(fields.name("serving_id"))` \(servingID) is not a serving of food \(foodID)"
            )
        }
        return Portion(food: food, serving: serving, quantity: quantity)
    }

    /// Reads a `foods` array of 1–100 input foods.
    static func parseList(_ fields: JSONFields, key: String = "foods", catalog: Catalog) throws -> [Portion] {
        let items = try fields.requiredArray(key, count: 1...100)
        return try items.indices.map { try parse(fields.element(items, $0, of: key), catalog: catalog) }
    }
}
