import Foundation

/// Photo and text analysis and corrections (Docs/Contract.md, Operations), scope `food_analysis:write`.
enum FoodAnalysisOperations {
    static let all: [Operation] = [
        Operation("scanFoodPhoto", "POST", "/v1.2/food-analysis/image", scope: .foodAnalysisWrite) { context, books in
            let fields = try JSONFields.body(context.body)
            let image = try fields.required("image")
            guard let text = image.stringValue, !text.isEmpty else {
                throw APIError.invalidRequest("`image` must be an http(s) URL or a data:image/…;base64 URI")
            }
            var standard = false
            if let reasoning = try fields.optionalObject("reasoning") {
                standard = try reasoning.requiredEnum("effort", ["none", "xhigh"]) == "none"
            }
            return .json(try ImageAnalyzer.analyze(image: text, standard: standard, catalog: books.catalog))
        },
        Operation("searchFoodsByNaturalLanguage", "POST", "/v1.2/food-analysis/text", scope: .foodAnalysisWrite) {
            context, books in
            let fields = try JSONFields.body(context.body)
            let text = try fields.requiredString("text", maxLength: 512)
            guard !text.isEmpty else { throw APIError.invalidRequest("`text` must be 1 to 512 characters") }
            let detections = TextAnalyzer.detect(text, catalog: books.catalog)
            return .json(Detection.scan(mealName: nil, Array(detections.prefix(100))))
        },
        Operation("correctPhotoScan", "POST", "/v1.2/food-analysis/corrections", scope: .foodAnalysisWrite) {
            context, books in
            try correct(context, books.catalog)
        },
    ]

    private static func correct(_ context: OperationContext, _ catalog: Catalog) throws -> APIResponse {
        let fields = try JSONFields.body(context.body)
        let analysis = try fields.requiredObject("analysis")
        let instruction = try fields.requiredString("instruction", maxLength: 1000, allowBlank: false)
        var mealName: String?
        if let value = analysis.value("meal_name") {
            guard let text = value.stringValue, text.unicodeScalars.count <= 256,
                !text.trimmingCharacters(in: .whitespaces).isEmpty
            else {
                throw APIError.invalidRequest(
                    "`analysis.meal_name` must be 1 to 256 Unicode code points with a non-space"
                )
            }
            mealName = text
        }
        let items = try analysis.requiredArray("detections", count: 0...100)
        var detections: [Detection] = []
        for index in items.indices {
            if let detection = try detection(analysis.element(items, index, of: "detections")) {
                detections.append(detection)
            }
        }
        let corrected = CorrectionApplier.apply(instruction, to: detections, catalog: catalog).map { detection in
            var detection = detection
            detection.confidence = nil
            return detection
        }
        return .json(Detection.scan(mealName: mealName, Array(corrected.prefix(100))))
    }

    /// One sent-back detection, validated; `nil` for one January drops (null name or serving unit).
    private static func detection(_ fields: JSONFields) throws -> Detection? {
        guard fields.has("confidence") else {
            throw APIError.invalidRequest("`\(fields.name("confidence"))` is required")
        }
        let confidence = try fields.optionalEnum("confidence", ["high", "medium", "low"], nullable: true)
        let food = try fields.requiredObject("food")
        for key in ["name", "brand_name"] where !food.has(key) {
            throw APIError.invalidRequest("`\(food.name(key))` is required")
        }
        let name = try food.optionalString("name", maxLength: 256, nullable: true)
        if name?.isEmpty == true { throw APIError.invalidRequest("`\(food.name("name"))` must not be empty") }
        let brand = try food.optionalString("brand_name", maxLength: 256, nullable: true)
        let id = try food.requiredString("id", maxLength: 10)
        guard FoodOperations.isNumericID(id) else {
            throw APIError.invalidRequest("`\(food.name("id"))` must be a numeric food id")
        }
        let quantity = try portion(food, "quantity")
        let nutrients = try nutrients(food)
        let serving = try food.requiredObject("serving")
        let servingID = try serving.requiredString("id", maxLength: 10)
        guard FoodOperations.isNumericID(servingID) else {
            throw APIError.invalidRequest("`\(serving.name("id"))` must be a numeric serving id")
        }
        let servingQuantity = try portion(serving, "quantity")
        guard serving.has("unit") else { throw APIError.invalidRequest("`\(serving.name("unit"))` is required") }
        let unit = try serving.optionalString("unit", maxLength: 64, nullable: true)
        if unit?.isEmpty == true { throw APIError.invalidRequest("`\(serving.name("unit"))` must not be empty") }
        var grams: Double?
        if serving.value("weight_grams") != nil {
            grams = try serving.requiredNumber("weight_grams")
            guard grams! >= 0 else { throw APIError.invalidRequest("`\(serving.name("weight_grams"))` must be ≥ 0") }
        }
        guard let name, let unit else { return nil }
        return Detection(
            confidence: confidence,
            name: name,
            brandName: brand,
            foodID: id,
            quantity: quantity,
            servingID: servingID,
            servingQuantity: servingQuantity,
            servingUnit: unit,
            servingWeightGrams: grams,
            nutrients: nutrients
        )
    }

    private static func portion(_ fields: JSONFields, _ key: String) throws -> Double {
        let value = try fields.requiredNumber(key)
        guard value > 0, value <= 10_000 else {
            throw APIError.invalidRequest("`\(fields.name(key))` must be greater than 0 and at most 10000")
        }
        return value
    }

    /// `NutritionFacts` keys and `NutrientAmount` units (Docs/Contract.md, Shared shapes).
    static let nutrientKeys: Set<String> = [
        "calories", "protein", "carbohydrates", "net_carbohydrates", "total_fat", "trans_fat", "saturated_fat",
        "fiber", "total_sugars", "added_sugars", "cholesterol", "calcium", "iron", "potassium", "sodium", "vitamin_d",
    ]
    static let nutrientUnits = ["g", "mg", "kcal", "IU", "mcg"]

    /// The nutrients of a sent-back detection, each a `NutrientAmount` of the contract's keys and units (an
    /// answer echoes them, so nothing January would not send may pass); the ten forwarded ones are also
    /// range-checked and filled in with zero when missing.
    private static func nutrients(_ food: JSONFields) throws -> SimulatedNutrients {
        let object = try food.requiredObject("nutrients")
        var result = SimulatedNutrients(amounts: [:])
        for key in object.members.keys.sorted() {
            guard nutrientKeys.contains(key) else {
                throw APIError.invalidRequest("`\(object.name(key))` is not a nutrient of NutritionFacts")
            }
            let amount = try object.requiredObject(key)
            try amount.rejectUnknown(allowed: ["value", "unit"])
            let value = try amount.requiredNumber("value")
            let unit = try amount.requiredEnum("unit", nutrientUnits)
            result[SimulatedNutrients.Nutrient(rawValue: key)] = SimulatedNutrients.Amount(value, unit)
        }
        for (nutrient, unit) in CorrectionApplier.forwardedNutrients {
            guard let amount = result[nutrient] else {
                result[nutrient] = SimulatedNutrients.Amount(0, unit)
                continue
            }
            guard (0...1_000_000).contains(amount.value) else {
                throw APIError.invalidRequest(
                    "`\(object.name(nutrient.rawValue))` must have a value from 0 to 1000000"
                )
            }
        }
        return result
    }
}
