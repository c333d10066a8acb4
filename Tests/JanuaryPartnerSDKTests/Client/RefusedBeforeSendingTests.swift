import Foundation
import JanuaryCoreTesting
import JanuaryPartnerSDK
import Testing

/// Every typed operation refuses bad input before any I/O. The client points at a loopback port where nothing
/// listens, so a request that was sent would fail with a network error instead of `invalidInput`.
@Suite("Typed operations refuse bad input before sending", suiteTimeLimit())
struct RefusedBeforeSendingTests {
    static func client() throws -> JanuaryPartnerClient {
        try JanuaryPartnerClient(
            developmentAPIKey: "sk-test",
            configuration: .init(baseURL: URL(string: "http://127.0.0.1:9")!)
        )
    }

    static let profile = GlucosePredictionProfile(
        age: 30, sex: .male, height: Height(value: 70, unit: .inches), weight: Weight(value: 170, unit: .pounds))

    static let refusals: [(String, @Sendable (JanuaryPartnerClient) async throws -> Void)] = [
        ("foods.search", { _ = try await $0.foods.search(SearchFoodsRequest(query: "  ")) }),
        ("foods.search limit", { _ = try await $0.foods.search(SearchFoodsRequest(query: "x", limit: 51)) }),
        (
            "foods.autocomplete",
            { _ = try await $0.foods.autocomplete(AutocompleteFoodsRequest(query: String(repeating: "a", count: 65))) }
        ),
        ("foods.get", { _ = try await $0.foods.get(id: "../credits") }),
        ("foods.get(barcode:)", { _ = try await $0.foods.get(barcode: "12345") }),
        (
            "foods.suggestAlternatives",
            { _ = try await $0.foods.suggestAlternatives(SuggestFoodAlternativesRequest(foodID: "0")) }
        ),
        (
            "restaurants.search",
            { _ = try await $0.restaurants.search(SearchRestaurantsRequest(query: "x", latitude: 91, longitude: 0)) }
        ),
        (
            "restaurants.menuItems",
            { _ = try await $0.restaurants.menuItems(GetRestaurantMenuItemsRequest(restaurantID: "a/b")) }
        ),
        (
            "restaurants.searchMenuItems",
            {
                _ = try await $0.restaurants.searchMenuItems(
                    SearchRestaurantMenuItemsRequest(query: "x", latitude: 0, longitude: 0, radiusMeters: 50_001))
            }
        ),
        (
            "foodAnalysis.analyzePhoto",
            { _ = try await $0.foodAnalysis.analyzePhoto(.url(URL(string: "ftp://example.com/a.jpg")!)) }
        ),
        ("foodAnalysis.analyzeDescription", { _ = try await $0.foodAnalysis.analyzeDescription("") }),
        (
            "foodAnalysis.correct",
            { _ = try await $0.foodAnalysis.correct(FoodScan(detections: []), instruction: " ") }
        ),
        (
            "glucose.predict",
            { _ = try await $0.glucose.predict(PredictGlucoseRequest(profile: profile, foods: [], startTime: Date())) }
        ),
    ]

    @Test("a refused request throws invalidInput, never a network error", arguments: refusals)
    func refused(name: String, operation: @Sendable (JanuaryPartnerClient) async throws -> Void) async throws {
        let client = try Self.client()
        try await requireRefusedLocally { try await operation(client) }
    }

    @Test("a valid request does reach the network, so the refusals above were decided locally")
    func validRequestIsSent() async throws {
        let client = try Self.client()
        do {
            _ = try await client.foods.search(SearchFoodsRequest(query: "banana"))
            Issue.record("nothing listens on port 9; the request cannot succeed")
        } catch let error as JanuaryError {
            #expect(error.category != .invalidInput, "\(error)")
        }
    }
}
