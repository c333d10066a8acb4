import Foundation

/// The five food operations (Docs/Contract.md, Operations), scope `foods:read`.
enum FoodOperations {
    /// In the contract's matching order: fixed segments before `{food_id}`.
    static let all: [Operation] = [
        Operation("autocompleteFoods", "GET", "/v1.2/foods/autocomplete", scope: .foodsRead) { context, books in
            try autocomplete(context, books.catalog)
        },
        Operation("lookupFoodByBarcode", "GET", "/v1.2/foods/barcode/{barcode}", scope: .foodsRead) {
            context, books in
            let barcode = context.pathParameters["barcode", default: ""]
            guard (6...14).contains(barcode.count), barcode.allSatisfy({ $0.isASCII && $0.isNumber }) else {
                throw APIError.invalidRequest("`barcode` must be 6 to 14 digits")
            }
            guard let food = books.catalog.food(barcode: barcode) else {
                throw APIError.notFound("no food has the barcode \(barcode)")
            }
            return .json(FoodWire.item(food, allServings: false))
        },
        Operation("suggestFoodAlternatives", "POST", "/v1.2/foods/{food_id}/alternatives", scope: .foodsRead) {
            context, books in
            try FoodAlternatives.answer(context, books.catalog)
        },
        Operation("getFood", "GET", "/v1.2/foods/{food_id}", scope: .foodsRead) { context, books in
            let food = try food(context.pathParameters["food_id", default: ""], in: books.catalog)
            return .json(FoodWire.item(food, allServings: true))
        },
        Operation("searchFoods", "GET", "/v1.2/foods", scope: .foodsRead) { context, books in
            try search(context, books.catalog)
        },
    ]

    static let types = ["generic", "branded", "recipe"]

    /// Whether `text` fits `FoodId`/`ServingId`: `^[1-9]\d{0,9}$`.
    static func isNumericID(_ text: String) -> Bool {
        guard let first = text.first, first != "0", text.count <= 10 else { return false }
        return text.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// The food named by a path's `food_id`: `400` when it is not a numeric id, `404` when unknown.
    static func food(_ id: String, in catalog: Catalog) throws -> SimulatedFood {
        guard isNumericID(id) else {
            throw APIError.invalidRequest("`food_id` must be a numeric id (1 to 10 digits, no leading zero)")
        }
        guard let food = catalog.foods[id] else { throw APIError.notFound("no food has the id \(id)") }
        return food
    }

    private static func search(_ context: OperationContext, _ catalog: Catalog) throws -> APIResponse {
        let query = try context.query.requiredString("query", length: 1...256)
        let type = try context.query.optionalEnum("type", types)
        let limit = try context.query.integer("limit", in: 1...50, default: 10)
        let offset = try context.query.integer("offset", in: 0...Int.max, default: 0)
        let candidates = catalog.allFoods.filter { type == nil || $0.type.rawValue == type }
        let ranked = CatalogSearch.rank(candidates) {
            CatalogSearch.score(query: query, name: $0.name, brand: $0.brandName, aliases: $0.aliases)
        }
        let page = ranked.dropFirst(offset).prefix(limit)
        return .json(.object(["items": .array(page.map { FoodWire.item($0, allServings: false) })]))
    }

    private static func autocomplete(_ context: OperationContext, _ catalog: Catalog) throws -> APIResponse {
        guard let query = context.query.value("query") else { throw APIError.invalidRequest("`query` is required") }
        guard query.unicodeScalars.count <= 64 else {
            throw APIError.invalidRequest("`query` must be at most 64 Unicode code points")
        }
        let type = try context.query.optionalEnum("type", ["generic", "branded"])
        let limit = try context.query.integer("limit", in: 1...20, default: 8)
        guard query.filter({ $0.isLetter || $0.isNumber }).count >= 2 else {
            return .json(.object(["items": .array([])]))
        }
        let matches = catalog.allFoods.filter { food in
            (type.map { food.type.rawValue == $0 } ?? (food.type != .recipe))
                && CatalogSearch.completes(query, name: food.name, brand: food.brandName)
        }
        let ordered = matches.filter { $0.type == .generic } + matches.filter { $0.type != .generic }
        let items: [JSONValue] = ordered.prefix(limit).map { food in
            var nutrients: [String: JSONValue] = [:]
            if let calories = food.nutrients[.calories] {
                nutrients["calories"] = .object(["value": .number(calories.value), "unit": .string(calories.unit)])
            }
            return .object([
                "id": .string(food.id),
                "type": .string(food.type.rawValue),
                "name": .string(food.name),
                "brand_name": .string(food.brandName),
                "image_url": .string(food.imageURL),
                "nutrients": .object(nutrients),
            ])
        }
        return .json(.object(["items": .array(items)]))
    }
}
