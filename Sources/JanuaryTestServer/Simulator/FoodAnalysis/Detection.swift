/// One recognised food of a `FoodScan`, January's `FoodDetection` and `DetectedFood`.
struct Detection: Sendable {
    var confidence: String?
    var name: String?
    var brandName: String?
    var foodID: String
    /// Servings eaten.
    var quantity: Double
    var servingID: String
    var servingQuantity: Double
    var servingUnit: String?
    var servingWeightGrams: Double?
    /// Already scaled to `quantity`.
    var nutrients: SimulatedNutrients

    init(food: SimulatedFood, serving: SimulatedFood.Serving, quantity: Double, confidence: String?) {
        self.confidence = confidence
        name = food.name
        brandName = food.brandName
        foodID = food.id
        self.quantity = quantity
        servingID = serving.id
        servingQuantity = serving.quantity ?? 1
        servingUnit = serving.unit
        servingWeightGrams = serving.weightGrams
        nutrients = food.nutrients(quantity: quantity, of: serving)
    }

    init(
        confidence: String?,
        name: String?,
        brandName: String?,
        foodID: String,
        quantity: Double,
        servingID: String,
        servingQuantity: Double,
        servingUnit: String?,
        servingWeightGrams: Double?,
        nutrients: SimulatedNutrients
    ) {
        self.confidence = confidence
        self.name = name
        self.brandName = brandName
        self.foodID = foodID
        self.quantity = quantity
        self.servingID = servingID
        self.servingQuantity = servingQuantity
        self.servingUnit = servingUnit
        self.servingWeightGrams = servingWeightGrams
        self.nutrients = nutrients
    }

    /// Changes the servings eaten, scaling the nutrients with them.
    mutating func rescale(to newQuantity: Double) {
        let clamped = min(10_000, max(0.0001, newQuantity))
        nutrients = nutrients.scaled(by: clamped / quantity)
        quantity = clamped
    }

    var wire: JSONValue {
        .object([
            "confidence": .string(confidence),
            "food": .object([
                "name": .string(name),
                "brand_name": .string(brandName),
                "id": .string(foodID),
                "quantity": .number(quantity),
                "serving": .object([
                    "id": .string(servingID),
                    "quantity": .number(servingQuantity),
                    "unit": .string(servingUnit),
                    "weight_grams": .number(servingWeightGrams),
                ]),
                "nutrients": nutrients.wire,
            ]),
        ])
    }

    /// January's `FoodScan`: the meal name, the detections and their summed nutrients.
    static func scan(mealName: String?, _ detections: [Detection]) -> JSONValue {
        let total = detections.reduce(SimulatedNutrients(amounts: [:])) { $0.adding($1.nutrients) }
        return .object([
            "meal_name": .string(mealName),
            "total_nutrients": total.wire,
            "detections": .array(detections.map(\.wire)),
        ])
    }
}
