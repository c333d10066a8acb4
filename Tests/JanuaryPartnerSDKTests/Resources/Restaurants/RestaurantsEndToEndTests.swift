import Foundation
import JanuaryPartnerSDK
import JanuaryPartnerSDKTestSupport
import JanuaryTestServer
import Testing

/// `client.restaurants` through the real URLSession against the simulator's restaurants and menus.
@Suite("Restaurants end to end", suiteTimeLimit())
struct RestaurantsEndToEndTests {
    static let harborBurger = RestaurantID(rawValue: "3f1c2a9e-5b7d-4e21-9a6b-2d8f0c4e7a11")
    static let missionTaqueria = RestaurantID(rawValue: "8b2e6d14-0c3a-4f5e-b7d9-6a1e2c3f4b52")
    static let greenLeaf = RestaurantID(rawValue: "c4d5e6f7-1a2b-4c3d-8e9f-0a1b2c3d4e5f")

    /// Where each built-in restaurant is, from Docs/Simulator.md.
    static let locations: [RestaurantID: (latitude: Double, longitude: Double)] = [
        harborBurger: (37.7955, -122.3937),
        missionTaqueria: (37.7599, -122.4148),
        greenLeaf: (37.8044, -122.2712),
    ]

    /// The great-circle distance the simulator documents (haversine, Earth radius 6 371 008.8 m), to 0.1 m.
    static func distance(from point: (latitude: Double, longitude: Double), to id: RestaurantID) -> Double {
        let there = locations[id]!
        let radians = Double.pi / 180
        let sinLatitude = sin((there.latitude - point.latitude) * radians / 2)
        let sinLongitude = sin((there.longitude - point.longitude) * radians / 2)
        let a =
            sinLatitude * sinLatitude + cos(point.latitude * radians) * cos(there.latitude * radians) * sinLongitude
            * sinLongitude
        return (2 * 6_371_008.8 * asin(min(1, sqrt(a))) * 10).rounded() / 10
    }

    struct Nearby: Sendable, CustomTestStringConvertible {
        let query: String
        let from: RestaurantID
        let radius: Double
        let expected: [RestaurantID]
        var testDescription: String { "\(query) within \(Int(radius)) m" }
    }

    @Test(
        "restaurants are ranked by distance from the point and kept within the radius",
        arguments: [
            Nearby(query: "bowl", from: missionTaqueria, radius: 20_000, expected: [missionTaqueria, greenLeaf]),
            Nearby(query: "bowl", from: greenLeaf, radius: 20_000, expected: [greenLeaf, missionTaqueria]),
            Nearby(query: "bowl", from: missionTaqueria, radius: 5_000, expected: [missionTaqueria]),
            Nearby(
                query: "san francisco", from: harborBurger, radius: 8_000, expected: [harborBurger, missionTaqueria]),
            Nearby(query: "bagel", from: harborBurger, radius: 50_000, expected: []),
        ]
    )
    func searchRestaurants(_ nearby: Nearby) async throws {
        let harness = try ClientHarness()
        let point = Self.locations[nearby.from]!
        let response = try await harness.client.restaurants.search(
            SearchRestaurantsRequest(
                query: nearby.query, latitude: point.latitude, longitude: point.longitude, radiusMeters: nearby.radius))
        #expect(response.items.map(\.id) == nearby.expected)
        for restaurant in response.items {
            #expect(restaurant.type == .restaurant)
            #expect(restaurant.distanceMeters == Self.distance(from: point, to: restaurant.id))
        }
        let distances = response.items.compactMap(\.distanceMeters)
        #expect(distances == distances.sorted())
        let entry = try #require(harness.simulator.requestLog.first)
        #expect(entry.operation == "searchRestaurants")
        #expect(entry.query("radius_meters").flatMap(Double.init) == nearby.radius)
    }

    @Test("a restaurant's own fields decode: chain, city, addresses")
    func restaurantFields() async throws {
        let harness = try ClientHarness()
        let response = try await harness.client.restaurants.search(
            SearchRestaurantsRequest(query: "harbor burger", latitude: 37.7955, longitude: -122.3937))
        let harbor = try #require(response.items.first)
        #expect(harbor.id == Self.harborBurger)
        #expect(harbor.name == "Harbor Burger Co.")
        #expect(harbor.isChain == true)
        #expect(harbor.city == "San Francisco")
        #expect(harbor.address1 == "1 Ferry Building")
        #expect(harbor.address2 == "Shop 12")
        #expect(harbor.distanceMeters == 0)
    }

    @Test("menu items page by name, and paging stops after the short last page")
    func menuItemsPaging() async throws {
        let harness = try ClientHarness()
        var request: GetRestaurantMenuItemsRequest? = GetRestaurantMenuItemsRequest(
            restaurantID: Self.harborBurger, limit: 2)
        var pages: [[FoodID]] = []
        while let page = request {
            let response = try await harness.client.restaurants.menuItems(page)
            pages.append(response.items.map(\.id))
            request = page.nextPage(after: response)
        }
        // By name: Chocolate Shake, Classic Cheeseburger, Grilled Chicken Sandwich, Side Salad, Small French Fries.
        #expect(pages == [["7005", "7001"], ["7002", "7003"], ["7004"]])
        #expect(harness.entries("getRestaurantMenuItems").map { $0.query("offset") } == ["0", "2", "4"])
        #expect(harness.entries("getRestaurantMenuItems").allSatisfy { $0.query("limit") == "2" })
    }

    @Test("a menu item carries its nutrients and its one serving, and makes a loggable portion")
    func menuItem() async throws {
        let harness = try ClientHarness()
        let response = try await harness.client.restaurants.menuItems(
            GetRestaurantMenuItemsRequest(restaurantID: Self.missionTaqueria))
        #expect(
            response.items.map(\.name) == [
                "Carnitas Tacos", "Chicken Burrito", "Chips and Guacamole", "Horchata", "Veggie Bowl",
            ])
        let burrito = try #require(response.items.first { $0.id == "7006" })
        #expect(burrito.nutrients.calories?.value == 980)
        #expect(burrito.glycemicLoad == 52)
        #expect(burrito.servings.map(\.id) == ["8006"])
        #expect(burrito.servings.first?.unit == "burrito")
        let half = try burrito.portion(quantity: 0.5)
        #expect(half.nutrients?.calories?.value == 490)
        #expect(half.loggableFood == FoodLogInputFood(foodID: "7006", servingID: "8006", quantity: 0.5))
    }

    @Test("menu-item search ranks dishes by their restaurant's distance")
    func searchMenuItems() async throws {
        let harness = try ClientHarness()
        let point = Self.locations[Self.harborBurger]!
        let response = try await harness.client.restaurants.searchMenuItems(
            SearchRestaurantMenuItemsRequest(query: "chicken", latitude: point.latitude, longitude: point.longitude))
        #expect(response.items.map(\.id) == ["7002", "7006"])
        #expect(response.items.map(\.restaurantName) == ["Harbor Burger Co.", "Mission Taqueria"])
        #expect(response.items.map(\.isChain) == [true, false])
        #expect(response.items.allSatisfy { $0.type == .menuItem })
        #expect(response.items.first?.distanceMeters == 0)
        #expect(response.items.last?.distanceMeters == Self.distance(from: point, to: Self.missionTaqueria))
        #expect(response.items.last?.servings.map(\.id) == ["8006"])
        #expect(harness.simulator.requestLog.first?.operation == "searchRestaurantMenuItems")
    }

    @Test("an unknown restaurant's menu is 404 not_found, sent once")
    func unknownRestaurant() async throws {
        let harness = try ClientHarness()
        await EndToEnd.expectError(.notFound, code: "not_found", status: 404) {
            _ = try await harness.client.restaurants.menuItems(GetRestaurantMenuItemsRequest(restaurantID: "nowhere"))
        }
        #expect(harness.simulator.requestLog.count == 1)
    }

    static let refusals: [EndToEnd.Refusal<JanuaryPartnerClient>] = [
        .init(
            "latitude 91", naming: "latitude",
            { _ = try await $0.restaurants.search(SearchRestaurantsRequest(query: "x", latitude: 91, longitude: 0)) }
        ),
        .init(
            "longitude -181", naming: "longitude",
            { _ = try await $0.restaurants.search(SearchRestaurantsRequest(query: "x", latitude: 0, longitude: -181)) }
        ),
        .init(
            "radius 0", naming: "radiusMeters",
            {
                _ = try await $0.restaurants.search(
                    SearchRestaurantsRequest(query: "x", latitude: 0, longitude: 0, radiusMeters: 0))
            }
        ),
        .init(
            "limit 101", naming: "limit",
            {
                _ = try await $0.restaurants.searchMenuItems(
                    SearchRestaurantMenuItemsRequest(query: "x", latitude: 0, longitude: 0, limit: 101))
            }
        ),
        .init(
            "empty query", naming: "query",
            {
                _ = try await $0.restaurants.searchMenuItems(
                    SearchRestaurantMenuItemsRequest(query: "", latitude: 0, longitude: 0))
            }
        ),
        .init(
            "a restaurant id with a slash", naming: "restaurantID",
            { _ = try await $0.restaurants.menuItems(GetRestaurantMenuItemsRequest(restaurantID: "a/b")) }
        ),
        .init(
            "menu limit 501", naming: "limit",
            {
                _ = try await $0.restaurants.menuItems(
                    GetRestaurantMenuItemsRequest(restaurantID: RestaurantsEndToEndTests.harborBurger, limit: 501))
            }
        ),
    ]

    @Test("bad input is refused before a token is fetched or a byte is sent", arguments: refusals)
    func refusedLocally(_ refusal: EndToEnd.Refusal<JanuaryPartnerClient>) async throws {
        try await refusal.check(on: \.client)
    }

    @Test("results of a type the SDK does not know, with fields it does not know, decode")
    func unknownResultType() async throws {
        let harness = try ClientHarness()
        harness.server.enqueue(
            .json(
                """
                {"items": [
                  {"type": "food_truck", "id": "truck-9", "name": "Taco Truck", "is_chain": false,
                   "distance_meters": 12.5, "city": "Oakland", "address1": null, "address2": null,
                   "schedule": {"mon": "11-14"}, "rating": 4.5},
                  {"type": "restaurant", "id": "r-1", "name": null, "is_chain": null, "distance_meters": null,
                   "city": null, "address1": null, "address2": null}
                ], "next_cursor": "abc"}
                """))
        let response = try await harness.client.restaurants.search(
            SearchRestaurantsRequest(query: "taco", latitude: 37.8, longitude: -122.27))
        #expect(response.items.map(\.type) == [RestaurantResultType(rawValue: "food_truck"), .restaurant])
        #expect(response.items.first?.distanceMeters == 12.5)
        #expect(response.items.last?.name == nil)
    }
}
