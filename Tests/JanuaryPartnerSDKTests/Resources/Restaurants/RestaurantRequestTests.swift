import Foundation
import JanuaryCoreTesting
import JanuaryPartnerSDKTestSupport
import JanuaryTestServer
import Testing

@testable import JanuaryPartnerSDK

@Suite("Restaurant requests are built and checked before sending", suiteTimeLimit())
struct RestaurantRequestTests {
    private func query(_ request: JanuaryRequest) -> [String: String] {
        Dictionary(uniqueKeysWithValues: request.queryItems.map { ($0.name, $0.value ?? "") })
    }

    @Test("restaurant search has the contract's defaults and wire names")
    func restaurantSearch() throws {
        let search = SearchRestaurantsRequest(query: "sweetgreen", latitude: 37.7749, longitude: -122.4194)
        #expect(search.radiusMeters == 8_000)
        #expect(search.limit == 10)
        let request = try search.makeRequest(for: .searchRestaurants, typeName: "SearchRestaurantsRequest")
        #expect(request.method == .get)
        #expect(request.path == "/v1.2/restaurants")
        #expect(
            query(request) == [
                "query": "sweetgreen", "latitude": "37.7749", "longitude": "-122.4194", "radius_meters": "8000",
                "limit": "10",
            ])
    }

    @Test("menu item search goes to /v1.2/menu-items with the same parameters")
    func menuItemSearch() throws {
        let search = SearchRestaurantMenuItemsRequest(
            query: "burrito bowl", latitude: 0.00001, longitude: 180, radiusMeters: 1500.5, limit: 100)
        #expect(SearchRestaurantMenuItemsRequest(query: "x", latitude: 0, longitude: 0).radiusMeters == 8_000)
        #expect(SearchRestaurantMenuItemsRequest(query: "x", latitude: 0, longitude: 0).limit == 10)
        let request = try search.makeRequest(
            for: .searchRestaurantMenuItems, typeName: "SearchRestaurantMenuItemsRequest")
        #expect(request.path == "/v1.2/menu-items")
        #expect(
            query(request) == [
                "query": "burrito bowl", "latitude": "0.00001", "longitude": "180", "radius_meters": "1500.5",
                "limit": "100",
            ])
    }

    static let nearbyCases: [(query: String, lat: Double, lon: Double, radius: Double, limit: Int, field: String?)] = [
        ("a", -90, -180, 1, 1, nil), (String(repeating: "q", count: 256), 90, 180, 50_000, 100, nil),
        ("", 0, 0, 8_000, 10, "query"), ("   ", 0, 0, 8_000, 10, "query"),
        (String(repeating: "q", count: 257), 0, 0, 8_000, 10, "query"),
        ("x", -90.0001, 0, 8_000, 10, "latitude"), ("x", 90.0001, 0, 8_000, 10, "latitude"),
        ("x", .nan, 0, 8_000, 10, "latitude"), ("x", 0, -180.0001, 8_000, 10, "longitude"),
        ("x", 0, 180.0001, 8_000, 10, "longitude"), ("x", 0, .infinity, 8_000, 10, "longitude"),
        ("x", 0, 0, 0.999, 10, "radiusMeters"), ("x", 0, 0, 50_000.1, 10, "radiusMeters"),
        ("x", 0, 0, .nan, 10, "radiusMeters"), ("x", 0, 0, 8_000, 0, "limit"), ("x", 0, 0, 8_000, 101, "limit"),
    ]

    @Test("restaurant and menu searches share the location rules", arguments: nearbyCases)
    func nearbyRules(
        testCase: (query: String, lat: Double, lon: Double, radius: Double, limit: Int, field: String?)
    ) async throws {
        let restaurants = SearchRestaurantsRequest(
            query: testCase.query, latitude: testCase.lat, longitude: testCase.lon, radiusMeters: testCase.radius,
            limit: testCase.limit)
        let dishes = SearchRestaurantMenuItemsRequest(
            query: testCase.query, latitude: testCase.lat, longitude: testCase.lon, radiusMeters: testCase.radius,
            limit: testCase.limit)
        if let field = testCase.field {
            try await requireRefusedLocally(naming: "SearchRestaurantsRequest.\(field)") { try restaurants.validate() }
            try await requireRefusedLocally(naming: "SearchRestaurantMenuItemsRequest.\(field)") {
                _ = try dishes.makeRequest(
                    for: .searchRestaurantMenuItems, typeName: "SearchRestaurantMenuItemsRequest")
            }
        } else {
            #expect(throws: Never.self) { try restaurants.validate() }
            #expect(throws: Never.self) { try dishes.validate() }
        }
    }

    @Test("a menu-item search's errors name the type the partner wrote")
    func menuItemSearchErrorsNameTheirType() async throws {
        let simulator = JanuaryAPISimulator.inProcess()
        let january = try JanuaryPartnerClient.simulated(simulator)
        let dishes = SearchRestaurantMenuItemsRequest(query: "", latitude: 0, longitude: 0)
        try await requireRefusedLocally(naming: "SearchRestaurantMenuItemsRequest.query") {
            _ = try await january.restaurants.searchMenuItems(dishes)
        }
        try await requireRefusedLocally(naming: "SearchRestaurantsRequest.query") {
            _ = try await january.restaurants.search(dishes)
        }
        #expect(simulator.requestLog.isEmpty)
    }

    @Test("menu items have the contract's defaults and the restaurant id in the path")
    func menuItems() throws {
        let menu = GetRestaurantMenuItemsRequest(restaurantID: "53fc3b8a-e6bf-404d-83c8-9f42124d1bee")
        #expect(menu.limit == 100)
        #expect(menu.offset == 0)
        let request = try menu.makeRequest()
        #expect(request.method == .get)
        #expect(request.path == "/v1.2/restaurants/53fc3b8a-e6bf-404d-83c8-9f42124d1bee/menu-items")
        #expect(query(request) == ["limit": "100", "offset": "0"])
    }

    @Test(
        "menu item rules: restaurant id pattern, limit 1-500, offset >= 0",
        arguments: [
            (GetRestaurantMenuItemsRequest(restaurantID: "r", limit: 1), nil),
            (GetRestaurantMenuItemsRequest(restaurantID: "r", limit: 500, offset: 1000), nil),
            (GetRestaurantMenuItemsRequest(restaurantID: "r", limit: 0), "limit"),
            (GetRestaurantMenuItemsRequest(restaurantID: "r", limit: 501), "limit"),
            (GetRestaurantMenuItemsRequest(restaurantID: "r", offset: -1), "offset"),
            (GetRestaurantMenuItemsRequest(restaurantID: ""), "restaurantID"),
            (GetRestaurantMenuItemsRequest(restaurantID: "../../credits"), "restaurantID"),
            (GetRestaurantMenuItemsRequest(restaurantID: "a b"), "restaurantID"),
            (
                GetRestaurantMenuItemsRequest(restaurantID: RestaurantID(rawValue: String(repeating: "r", count: 65))),
                "restaurantID"
            ),
        ] as [(GetRestaurantMenuItemsRequest, String?)]
    )
    func menuItemRules(request: GetRestaurantMenuItemsRequest, field: String?) async throws {
        if let field {
            try await requireRefusedLocally(naming: "GetRestaurantMenuItemsRequest.\(field)") { try request.validate() }
            try await requireRefusedLocally(naming: field) { _ = try request.makeRequest() }
        } else {
            #expect(throws: Never.self) { try request.validate() }
        }
    }

    @Test("the next menu page follows a full page and stops after a short one")
    func menuPaging() {
        let menu = GetRestaurantMenuItemsRequest(restaurantID: "r", limit: 2)
        let full = GetRestaurantMenuItemsResponse(items: [RestaurantMenuItem(id: "1"), RestaurantMenuItem(id: "2")])
        #expect(menu.nextPage(after: full)?.offset == 2)
        #expect(menu.nextPage(after: GetRestaurantMenuItemsResponse(items: [RestaurantMenuItem(id: "1")])) == nil)
    }
}
