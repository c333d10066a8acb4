import Foundation
import Testing

@testable import JanuaryTestServer

@Suite("Simulator scopes", suiteTimeLimit())
struct ScopeTests {
    struct Call: Sendable, CustomTestStringConvertible {
        let operation: String
        let method: String
        let path: String
        let query: [String]
        let body: String?
        let scope: JanuaryAPISimulator.Scope
        /// The status once the scope is there; `404` for a log that was never written.
        var success = 200
        var testDescription: String { operation }

        var items: [(String, String)] {
            query.map { pair in
                let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
                return (parts[0], parts.count > 1 ? parts[1] : "")
            }
        }
    }

    static let area = ["query=burger", "latitude=37.7955", "longitude=-122.3937"]

    static let calls: [Call] =
        [
            Call(
                operation: "searchFoods", method: "GET", path: "/v1.2/foods", query: ["query=egg"], body: nil,
                scope: .foodsRead),
            Call(
                operation: "autocompleteFoods", method: "GET", path: "/v1.2/foods/autocomplete", query: ["query=eg"],
                body: nil, scope: .foodsRead),
            Call(
                operation: "getFood", method: "GET", path: "/v1.2/foods/1001", query: [], body: nil, scope: .foodsRead),
            Call(
                operation: "lookupFoodByBarcode", method: "GET", path: "/v1.2/foods/barcode/012345678905", query: [],
                body: nil, scope: .foodsRead),
            Call(
                operation: "suggestFoodAlternatives", method: "POST", path: "/v1.2/foods/1006/alternatives", query: [],
                body: "{}", scope: .foodsRead),
            Call(
                operation: "searchRestaurants", method: "GET", path: "/v1.2/restaurants", query: area, body: nil,
                scope: .restaurantsRead),
            Call(
                operation: "getRestaurantMenuItems", method: "GET",
                path: "/v1.2/restaurants/3f1c2a9e-5b7d-4e21-9a6b-2d8f0c4e7a11/menu-items", query: [], body: nil,
                scope: .restaurantsRead),
            Call(
                operation: "searchRestaurantMenuItems", method: "GET", path: "/v1.2/menu-items", query: area, body: nil,
                scope: .restaurantsRead),
            Call(
                operation: "scanFoodPhoto", method: "POST", path: "/v1.2/food-analysis/image", query: [],
                body: #"{"image":"https://example.com/banana.jpg"}"#, scope: .foodAnalysisWrite),
            Call(
                operation: "searchFoodsByNaturalLanguage", method: "POST", path: "/v1.2/food-analysis/text", query: [],
                body: #"{"text":"an apple"}"#, scope: .foodAnalysisWrite),
            Call(
                operation: "correctPhotoScan", method: "POST", path: "/v1.2/food-analysis/corrections", query: [],
                body: #"{"analysis":{"detections":[]},"instruction":"ok"}"#, scope: .foodAnalysisWrite),
            Call(
                operation: "predictGlucose", method: "POST", path: "/v1.2/glucose/predictions", query: [],
                body: GlucoseTests.body(), scope: .glucoseRead),
        ] + LogScopeCalls.calls

    @Test(arguments: calls)
    func eachOperationNeedsItsScopeAndNothingElse(_ call: Call) async throws {
        let harness = try SimulatorHarness()
        let without = harness.token(for: "user-1", scopes: JanuaryAPISimulator.Scope.all.filter { $0 != call.scope })
        let refused = try await harness.call(
            call.method, call.path, query: call.items, body: call.body,
            credential: .token(without))
        refused.expect(status: 403, code: "scope_insufficient")
        let only = harness.token(for: "user-1", scopes: [call.scope])
        let accepted = try await harness.call(
            call.method, call.path, query: call.items, body: call.body,
            credential: .token(only))
        #expect(accepted.status == call.success, "\(accepted.json.serialized)")
        #expect(harness.simulator.requestLog.map(\.operation) == [call.operation, call.operation])
        let withKey = try await harness.call(
            call.method, call.path, query: call.items, body: call.body,
            endUser: "user-1")
        #expect(withKey.status == call.success)
    }
}

/// The log operations' entries of the scope table.
enum LogScopeCalls {
    typealias Call = ScopeTests.Call

    static let window = ["start_date=2026-03-01", "end_date=2026-03-10", "timezone=UTC"]
    static let missing = "/v1.2/food-logs/00000000-0000-4000-8000-000000000000"

    static let calls: [Call] = [
        Call(
            operation: "listFoodLogs", method: "GET", path: "/v1.2/food-logs", query: window, body: nil,
            scope: .foodLogsRead),
        Call(
            operation: "createFoodLog", method: "POST", path: "/v1.2/food-logs", query: [],
            body: #"{"foods":[{"food_id":"1001","serving_id":"5001","quantity":1}]}"#, scope: .foodLogsWrite,
            success: 201),
        Call(
            operation: "getFoodLogSummary", method: "GET", path: "/v1.2/food-logs/summary", query: window, body: nil,
            scope: .foodLogsRead),
        Call(
            operation: "getFoodLog", method: "GET", path: missing, query: [], body: nil, scope: .foodLogsRead,
            success: 404),
        Call(
            operation: "updateFoodLog", method: "PATCH", path: missing, query: [], body: #"{"name":"x"}"#,
            scope: .foodLogsWrite, success: 404),
        Call(
            operation: "deleteFoodLog", method: "DELETE", path: missing, query: [], body: nil, scope: .foodLogsWrite,
            success: 204),
        Call(
            operation: "listWaterLogs", method: "GET", path: "/v1.2/water-logs", query: window + ["unit=ml"],
            body: nil, scope: .waterLogsRead),
        Call(
            operation: "createWaterLog", method: "POST", path: "/v1.2/water-logs", query: [],
            body: #"{"amount":{"value":250,"unit":"ml"}}"#, scope: .waterLogsWrite, success: 201),
        Call(
            operation: "deleteWaterLog", method: "DELETE",
            path: "/v1.2/water-logs/00000000-0000-4000-8000-000000000000",
            query: [], body: nil, scope: .waterLogsWrite, success: 204),
        Call(
            operation: "listWeightLogs", method: "GET", path: "/v1.2/weight-logs", query: window, body: nil,
            scope: .weightLogsRead),
        Call(
            operation: "createWeightLog", method: "POST", path: "/v1.2/weight-logs", query: [],
            body: #"{"weight":{"value":70,"unit":"kg"}}"#, scope: .weightLogsWrite, success: 201),
    ]
}
