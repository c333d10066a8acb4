import Foundation
import Testing

@testable import JanuaryTestServer

@Suite("Simulator scopes", .timeLimit(.minutes(1)))
struct ScopeTests {
    struct Call: Sendable, CustomTestStringConvertible {
        let operation: String
        let method: String
        let path: String
        let query: [String]
        let body: String?
        let scope: JanuaryAPISimulator.Scope
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
        #expect(refused.status == 403)
        #expect(refused.code == "scope_insufficient")
        let only = harness.token(for: "user-1", scopes: [call.scope])
        let accepted = try await harness.call(
            call.method, call.path, query: call.items, body: call.body,
            credential: .token(only))
        #expect((200..<300).contains(accepted.status), "\(accepted.json.serialized)")
        #expect(harness.simulator.requestLog.map(\.operation) == [call.operation, call.operation])
        let withKey = try await harness.call(
            call.method, call.path, query: call.items, body: call.body,
            endUser: "user-1")
        #expect((200..<300).contains(withKey.status))
    }
}

/// The log operations' entries of the scope table; filled in with the log operations.
enum LogScopeCalls {
    static let calls: [ScopeTests.Call] = []
}
