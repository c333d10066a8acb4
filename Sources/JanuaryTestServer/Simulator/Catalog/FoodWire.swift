/// January's JSON shapes for catalogue foods (Docs/Contract.md, Shared shapes).
enum FoodWire {
    /// `FoodSearchItem`: search and barcode results carry only the default serving; `getFood` all of them.
    static func item(_ food: SimulatedFood, allServings: Bool) -> JSONValue {
        let servings = allServings ? food.servings : food.defaultServing.map { [$0] } ?? []
        return .object([
            "id": .string(food.id),
            "type": .string(food.type.rawValue),
            "name": .string(food.name),
            "brand_name": .string(food.brandName),
            "nutrients": food.nutrients.wire,
            "glycemic_index": .number(food.glycemicIndex),
            "glycemic_load": .number(food.glycemicLoad),
            "image_url": .string(food.imageURL),
            "barcode": .string(food.barcode),
            "servings": .array(servings.map(option)),
        ])
    }

    /// `ServingOption`: every key present, `null` where unknown.
    static func option(_ serving: SimulatedFood.Serving) -> JSONValue {
        .object([
            "id": .string(serving.id),
            "quantity": .number(serving.quantity),
            "unit": .string(serving.unit),
            "scaling_factor": .number(serving.scalingFactor),
            "weight_grams": .number(serving.weightGrams),
            "is_primary": .bool(serving.isPrimary),
        ])
    }

    /// `ServingSummary`: `quantity` is never null, so an unknown one reads as 1.
    static func summary(_ serving: SimulatedFood.Serving) -> JSONValue {
        .object([
            "id": .string(serving.id),
            "quantity": .number(serving.quantity ?? 1),
            "unit": .string(serving.unit),
            "weight_grams": .number(serving.weightGrams),
        ])
    }
}
