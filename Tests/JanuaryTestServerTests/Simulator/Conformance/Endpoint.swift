import Foundation
import Testing

@testable import JanuaryTestServer

/// One operation of the contract (Docs/Contract.md, Operations) with a request January accepts, who may send it, and the schema of
/// its success answer.
struct Endpoint: Sendable, CustomTestStringConvertible {
    typealias Scope = JanuaryAPISimulator.Scope

    let operation: String
    let method: String
    let query: [(String, String)]
    let body: String?
    /// `nil` for the three API-key-only operations.
    let scope: Scope?
    let isPerUser: Bool
    let status: Int
    /// `nil` for `204`.
    let schema: Schema?
    /// Stores what the request needs for `user` (a log to read or change) and returns the path.
    let prepare: @Sendable (DirectSimulator, _ user: String) -> String

    var testDescription: String { operation }
    var isAPIKeyOnly: Bool { scope == nil }

    init(
        _ operation: String,
        _ method: String,
        _ path: String,
        query: [(String, String)] = [],
        body: String? = nil,
        scope: Scope?,
        perUser: Bool = false,
        status: Int = 200,
        schema: Schema?,
        prepare: (@Sendable (DirectSimulator, String) -> String)? = nil
    ) {
        self.operation = operation
        self.method = method
        self.query = query
        self.body = body
        self.scope = scope
        self.isPerUser = perUser
        self.status = status
        self.schema = schema
        self.prepare = prepare ?? { _, _ in path }
    }

    /// Sends the request with a credential and an optional `January-End-User-ID`.
    func send(_ simulator: DirectSimulator, path: String, credential: Credential, endUser: String?) -> Reply {
        simulator.call(method, path, query: query, body: body, credential: credential, endUser: endUser)
    }

    static let window = [("start_date", "2026-03-01"), ("end_date", "2026-03-10"), ("timezone", "Asia/Tokyo")]
    static let oneFood = #"[{"food_id":"1006","serving_id":"5012","quantity":1.5}]"#
    static let area = [("latitude", "37.79"), ("longitude", "-122.40")]

    /// A food log of `user`'s, created through the API; its path.
    @Sendable static func storedLog(_ simulator: DirectSimulator, _ user: String) -> String {
        let created = simulator.call(
            "POST", "/v1.2/food-logs", body: #"{"foods":\#(oneFood),"name":"Lunch"}"#, endUser: user)
        return "/v1.2/food-logs/\(created.json["id"]?.stringValue ?? "missing")"
    }

    /// A `prepare` for a list: stores one log by posting `body` to the list's `path` for the user, so that the list
    /// has an item to check against the schema, and answers the path.
    static func afterPosting(_ body: String, to path: String) -> @Sendable (DirectSimulator, String) -> String {
        { simulator, user in
            simulator.call("POST", path, body: body, endUser: user)
            return path
        }
    }

    /// The 26 operations of the NEWEST contract.
    static let all: [Endpoint] = [
        Endpoint(
            "createClientToken", "POST", "/v1.2/auth/client-tokens",
            body: #"{"end_user_id":"u1","scopes":["foods:read","glucose:read"],"ttl_seconds":600}"#,
            scope: nil, status: 201, schema: ContractSchema.clientToken),
        Endpoint(
            "revokeClientTokens", "POST", "/v1.2/auth/client-token-revocations", body: #"{"end_user_id":"u1"}"#,
            scope: nil, schema: ContractSchema.revocation),
        Endpoint("getCredits", "GET", "/v1.2/credits", scope: nil, schema: ContractSchema.creditBalance),
        Endpoint(
            "searchFoods", "GET", "/v1.2/foods", query: [("query", "rice")], scope: .foodsRead,
            schema: ContractSchema.foodSearchResults),
        Endpoint(
            "autocompleteFoods", "GET", "/v1.2/foods/autocomplete", query: [("query", "ba")], scope: .foodsRead,
            schema: ContractSchema.autocomplete),
        Endpoint(
            "suggestFoodAlternatives", "POST", "/v1.2/foods/1006/alternatives",
            body: #"{"diet_restrictions":["gluten"],"diet_preferences":[]}"#, scope: .foodsRead,
            schema: ContractSchema.alternatives),
        Endpoint(
            "lookupFoodByBarcode", "GET", "/v1.2/foods/barcode/012345678905", scope: .foodsRead,
            schema: ContractSchema.foodSearchItem),
        Endpoint("getFood", "GET", "/v1.2/foods/1033", scope: .foodsRead, schema: ContractSchema.foodSearchItem),
        Endpoint(
            "searchRestaurants", "GET", "/v1.2/restaurants", query: [("query", "burger")] + area,
            scope: .restaurantsRead, schema: ContractSchema.restaurants),
        Endpoint(
            "getRestaurantMenuItems", "GET", "/v1.2/restaurants/3f1c2a9e-5b7d-4e21-9a6b-2d8f0c4e7a11/menu-items",
            scope: .restaurantsRead, schema: ContractSchema.menuItems),
        Endpoint(
            "searchRestaurantMenuItems", "GET", "/v1.2/menu-items", query: [("query", "chicken")] + area,
            scope: .restaurantsRead, schema: ContractSchema.menuItemSearch),
        Endpoint(
            "scanFoodPhoto", "POST", "/v1.2/food-analysis/image",
            body: #"{"image":"https://photos.example.com/2-eggs-and-toast.jpg","reasoning":{"effort":"none"}}"#,
            scope: .foodAnalysisWrite, schema: ContractSchema.foodScan),
        Endpoint(
            "searchFoodsByNaturalLanguage", "POST", "/v1.2/food-analysis/text",
            body: #"{"text":"2 eggs and a cup of white rice"}"#, scope: .foodAnalysisWrite,
            schema: ContractSchema.foodScan),
        Endpoint(
            "correctPhotoScan", "POST", "/v1.2/food-analysis/corrections",
            body: ConformanceBodies.correction(), scope: .foodAnalysisWrite, schema: ContractSchema.foodScan),
        Endpoint(
            "listFoodLogs", "GET", "/v1.2/food-logs", query: window, scope: .foodLogsRead, perUser: true,
            schema: ContractSchema.foodLogs,
            prepare: { simulator, user in
                _ = storedLog(simulator, user)
                return "/v1.2/food-logs"
            }),
        Endpoint(
            "createFoodLog", "POST", "/v1.2/food-logs",
            body: #"{"foods":\#(oneFood),"eaten_at":"2026-03-10T08:15:00.5+09:00"}"#, scope: .foodLogsWrite,
            perUser: true, status: 201, schema: ContractSchema.foodLog),
        Endpoint(
            "getFoodLogSummary", "GET", "/v1.2/food-logs/summary",
            query: window + [("group_by", "week"), ("week_start", "sunday")], scope: .foodLogsRead, perUser: true,
            schema: ContractSchema.foodLogSummary,
            prepare: { simulator, user in
                _ = storedLog(simulator, user)
                return "/v1.2/food-logs/summary"
            }),
        Endpoint(
            "getFoodLog", "GET", "", scope: .foodLogsRead, perUser: true, schema: ContractSchema.foodLog,
            prepare: storedLog),
        Endpoint(
            "updateFoodLog", "PATCH", "", body: #"{"name":"Late lunch","eaten_at":"2026-03-09T23:00:00Z"}"#,
            scope: .foodLogsWrite, perUser: true, schema: ContractSchema.foodLog, prepare: storedLog),
        Endpoint(
            "deleteFoodLog", "DELETE", "", scope: .foodLogsWrite, perUser: true, status: 204, schema: nil,
            prepare: storedLog),
        Endpoint(
            "listWaterLogs", "GET", "/v1.2/water-logs", query: window + [("unit", "cup")], scope: .waterLogsRead,
            perUser: true, schema: ContractSchema.waterLogs,
            prepare: afterPosting(
                #"{"amount":{"value":12,"unit":"fl_oz"},"consumed_at":"2026-03-05T10:00:00Z"}"#, to: "/v1.2/water-logs")
        ),
        Endpoint(
            "createWaterLog", "POST", "/v1.2/water-logs", body: #"{"amount":{"value":1.5,"unit":"cup"}}"#,
            scope: .waterLogsWrite, perUser: true, status: 201, schema: ContractSchema.waterLog),
        Endpoint(
            "deleteWaterLog", "DELETE", "/v1.2/water-logs/6f1c1f0e-8d1e-4f7a-9d56-2f3c4b5a6d7e",
            scope: .waterLogsWrite, perUser: true, status: 204, schema: nil),
        Endpoint(
            "listWeightLogs", "GET", "/v1.2/weight-logs", query: window, scope: .weightLogsRead, perUser: true,
            schema: ContractSchema.weightLogs,
            prepare: afterPosting(
                #"{"weight":{"value":150.5,"unit":"lb"},"measured_at":"2026-03-05T07:00:00-05:00"}"#,
                to: "/v1.2/weight-logs")),
        Endpoint(
            "createWeightLog", "POST", "/v1.2/weight-logs", body: #"{"weight":{"value":70,"unit":"kg"}}"#,
            scope: .weightLogsWrite, perUser: true, status: 201, schema: ContractSchema.weightLog),
        Endpoint(
            "predictGlucose", "POST", "/v1.2/glucose/predictions", body: GlucoseTests.body(), scope: .glucoseRead,
            schema: ContractSchema.glucosePrediction),
    ]
}

/// Request bodies the conformance tables build on.
enum ConformanceBodies {
    /// A sent-back analysis of two eggs with `detections` copies of the detection, and an instruction.
    static func correction(
        detections: Int = 1,
        mealName: String = #""Eggs""#,
        quantity: String = "2",
        servingUnit: String = #""large""#,
        calories: String = "156",
        instruction: String = "double the eggs"
    ) -> String {
        let detection =
            #"{"confidence":"high","food":{"name":"egg","brand_name":null,"id":"1003","quantity":\#(quantity),"nutrients":{"calories":{"value":\#(calories),"unit":"kcal"},"protein":{"value":12.6,"unit":"g"}},"serving":{"id":"5006","quantity":1,"unit":\#(servingUnit),"weight_grams":50}}}"#
        let list = Array(repeating: detection, count: detections).joined(separator: ",")
        return #"{"analysis":{"meal_name":\#(mealName),"detections":[\#(list)]},"instruction":"\#(instruction)"}"#
    }
}
