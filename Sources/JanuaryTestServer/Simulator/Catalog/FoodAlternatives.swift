/// `suggestFoodAlternatives`: other foods of the same category that avoid every restriction and suit every
/// preference, fewest carbohydrates first, at most five.
enum FoodAlternatives {
    static let restrictions = [
        "gluten", "lactose", "yeast", "tree_nuts", "peanuts", "dairy", "eggs", "sulfites", "soy", "wheat",
        "shellfish", "fish", "mushrooms", "sesame", "msg", "caffeine", "fodmaps",
    ]
    static let preferences = [
        "vegetarian", "vegan", "keto", "paleo", "pescatarian", "low_carbohydrate", "high_protein", "kosher", "halal",
    ]

    static func answer(_ context: OperationContext, _ catalog: Catalog) throws -> APIResponse {
        let id = context.pathParameters["food_id", default: ""]
        guard FoodOperations.isNumericID(id) else {
            throw APIError.invalidRequest("`food_id` must be a numeric id (1 to 10 digits, no leading zero)")
        }
        let fields = try JSONFields.body(context.body, emptyAllowed: true)
        let avoid = try vocabulary(fields, "diet_restrictions", restrictions, maximum: 17)
        let want = try vocabulary(fields, "diet_preferences", preferences, maximum: 9)
        let food = try FoodOperations.food(id, in: catalog)
        let alternatives = catalog.allFoods
            .filter { candidate in
                candidate.id != food.id && candidate.category != nil && candidate.category == food.category
                    && candidate.contains.isDisjoint(with: avoid) && want.isSubset(of: candidate.suits)
            }
            .enumerated()
            .sorted { lhs, rhs in
                let left = lhs.element.nutrients[.carbohydrates]?.value ?? 0
                let right = rhs.element.nutrients[.carbohydrates]?.value ?? 0
                return left != right ? left < right : lhs.offset < rhs.offset
            }
            .prefix(5)
            .map { entry -> JSONValue in
                let candidate = entry.element
                return .object([
                    "id": .string(candidate.id),
                    "name": .string(candidate.name),
                    "brand_name": .string(candidate.brandName),
                    "nutrients": candidate.nutrients.wire,
                    "servings": .array(candidate.defaultServing.map { [FoodWire.summary($0)] } ?? []),
                ])
            }
        return .json(.object(["alternatives": .array(Array(alternatives))]))
    }

    private static func vocabulary(
        _ fields: JSONFields,
        _ key: String,
        _ allowed: [String],
        maximum: Int
    ) throws -> Set<String> {
        guard let items = try fields.optionalArray(key, count: 0...maximum) else { return [] }
        var values: Set<String> = []
        for (index, item) in items.enumerated() {
            guard let text = item.stringValue, allowed.contains(text) else {
                throw APIError.invalidRequest("`\(key)[\(index)]` must be one of \(allowed.joined(separator: ", "))")
            }
            values.insert(text)
        }
        return values
    }
}
