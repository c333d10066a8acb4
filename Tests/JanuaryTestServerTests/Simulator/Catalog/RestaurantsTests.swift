import Foundation
import Testing

@testable import JanuaryTestServer

@Suite("Simulator restaurants", suiteTimeLimit())
struct RestaurantsTests {
    /// The Ferry Building, San Francisco.
    static let here = [("latitude", "37.7955"), ("longitude", "-122.3937")]

    @Test func searchRanksByProximityWithHaversineDistances() async throws {
        let harness = try SimulatorHarness()
        let reply = try await harness.call(
            "GET",
            "/v1.2/restaurants",
            query: [("query", "bowl")] + Self.here + [("radius_meters", "20000")]
        )
        #expect(reply.status == 200)
        let items = try #require(reply.json["items"]?.arrayValue)
        // Mission Taqueria (Veggie Bowl) is ~4.3 km away, Green Leaf Kitchen (Oakland) ~11 km.
        #expect(items.compactMap { $0["name"]?.stringValue } == ["Mission Taqueria", "Green Leaf Kitchen"])
        let distances = items.compactMap { $0["distance_meters"]?.doubleValue }
        let expected = Geo.distanceMeters(37.7955, -122.3937, 37.7599, -122.4148)
        #expect(abs(distances[0] - expected) < 0.1)
        #expect(distances[0] > 4000 && distances[0] < 4600)
        #expect(distances[1] > 10_000 && distances[1] < 12_500)
        #expect(items[0]["type"]?.stringValue == "restaurant")
        #expect(items[0]["is_chain"]?.boolValue == false)
        #expect(items[0]["address2"]?.isNull == true)
        for key in ["type", "id", "name", "is_chain", "distance_meters", "city", "address1", "address2"] {
            #expect(items[1][key] != nil, "\(key)")
        }
        let near = try await harness.call("GET", "/v1.2/restaurants", query: [("query", "bowl")] + Self.here)
        #expect(near.json["items"]?.arrayValue?.compactMap { $0["name"]?.stringValue } == ["Mission Taqueria"])
        let limited = try await harness.call(
            "GET",
            "/v1.2/restaurants",
            query: [("query", "bowl"), ("limit", "1"), ("radius_meters", "50000")] + Self.here
        )
        #expect(limited.json["items"]?.count == 1)
    }

    @Test func menuItemSearchMatchesDishOrRestaurantNames() async throws {
        let harness = try SimulatorHarness()
        let reply = try await harness.call("GET", "/v1.2/menu-items", query: [("query", "burger")] + Self.here)
        let items = try #require(reply.json["items"]?.arrayValue)
        #expect(items.count == 5)  // every Harbor Burger Co. dish, the restaurant's name matching
        #expect(items[0]["id"]?.stringValue == "7001")
        #expect(items[0]["type"]?.stringValue == "menu_item")
        #expect(items[0]["restaurant_name"]?.stringValue == "Harbor Burger Co.")
        #expect(items[0]["servings"]?.count == 1)
        #expect((items[0]["distance_meters"]?.doubleValue ?? 1) < 1)
        let bagels = try await harness.call(
            "GET",
            "/v1.2/menu-items",
            query: [("query", "bagel"), ("latitude", "40.713"), ("longitude", "-74.006")]
        )
        // Same distance: the closer match comes first.
        #expect(bagels.json["items"]?.arrayValue?.compactMap { $0["id"]?.stringValue } == ["7016", "7015"])
    }

    struct BadSearch: Sendable, CustomTestStringConvertible {
        let path: String
        let query: [String]
        let parameter: String
        var testDescription: String { "\(path) \(parameter)" }

        var items: [(String, String)] {
            query.map { pair in
                let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
                return (parts[0], parts.count > 1 ? parts[1] : "")
            }
        }
    }

    static let longQuery = "query=" + String(repeating: "q", count: 257)

    static let badSearches: [BadSearch] = [
        BadSearch(path: "/v1.2/restaurants", query: ["latitude=0", "longitude=0"], parameter: "query"),
        BadSearch(path: "/v1.2/restaurants", query: ["query=x", "longitude=0"], parameter: "latitude"),
        BadSearch(path: "/v1.2/restaurants", query: ["query=x", "latitude=91", "longitude=0"], parameter: "latitude"),
        BadSearch(
            path: "/v1.2/restaurants", query: ["query=x", "latitude=0", "longitude=-181"], parameter: "longitude"),
        BadSearch(
            path: "/v1.2/restaurants", query: ["query=x", "latitude=0", "longitude=0", "radius_meters=50001"],
            parameter: "radius_meters"),
        BadSearch(
            path: "/v1.2/restaurants", query: ["query=x", "latitude=0", "longitude=0", "limit=101"], parameter: "limit"),
        BadSearch(path: "/v1.2/menu-items", query: [longQuery, "latitude=0", "longitude=0"], parameter: "query"),
        BadSearch(
            path: "/v1.2/menu-items", query: ["query=x", "latitude=north", "longitude=0"], parameter: "latitude"),
        BadSearch(path: "/v1.2/restaurants/not%20valid/menu-items", query: [], parameter: "restaurant_id"),
        BadSearch(
            path: "/v1.2/restaurants/3f1c2a9e-5b7d-4e21-9a6b-2d8f0c4e7a11/menu-items", query: ["limit=501"],
            parameter: "limit"),
        BadSearch(
            path: "/v1.2/restaurants/3f1c2a9e-5b7d-4e21-9a6b-2d8f0c4e7a11/menu-items", query: ["offset=x"],
            parameter: "offset"),
    ]

    @Test(arguments: badSearches)
    func invalidParametersAnswerInvalidRequest(_ item: BadSearch) async throws {
        let harness = try SimulatorHarness()
        let reply = try await harness.call("GET", item.path, query: item.items)
        reply.expect(status: 400, code: "invalid_request")
        #expect(reply.json["message"]?.stringValue?.contains("`\(item.parameter)`") == true)
    }

    @Test func menuItemsAreOrderedByNameAndPaged() async throws {
        let harness = try SimulatorHarness()
        let path = "/v1.2/restaurants/8b2e6d14-0c3a-4f5e-b7d9-6a1e2c3f4b52/menu-items"
        let all = try await harness.call("GET", path)
        #expect(
            all.json["items"]?.arrayValue?.compactMap { $0["name"]?.stringValue }
                == ["Carnitas Tacos", "Chicken Burrito", "Chips and Guacamole", "Horchata", "Veggie Bowl"]
        )
        let page = try await harness.call("GET", path, query: [("limit", "2"), ("offset", "3")])
        #expect(page.json["items"]?.arrayValue?.compactMap { $0["id"]?.stringValue } == ["7010", "7008"])
        let past = try await harness.call("GET", path, query: [("offset", "10")])
        #expect(past.status == 200)
        #expect(past.json["items"]?.count == 0)
        let item = try #require(all.json["items"]?[0])
        #expect(
            item.objectValue?.keys.sorted()
                == ["glycemic_index", "glycemic_load", "id", "name", "nutrients", "servings"])
        let missing = try await harness.call("GET", "/v1.2/restaurants/no-such-place/menu-items")
        missing.expect(status: 404, code: "not_found")
    }

    @Test func partnersCanAddRestaurants() async throws {
        let harness = try SimulatorHarness()
        harness.simulator.addRestaurant(
            SimulatedRestaurant(
                id: "test-diner",
                name: "Test Diner",
                isChain: nil,
                latitude: 37.7956,
                longitude: -122.3937,
                city: nil,
                address1: nil,
                menuItems: [
                    SimulatedRestaurant.MenuItem(
                        id: "990001",
                        name: "Pancake Stack",
                        nutrients: SimulatedNutrients(calories: 520, carbohydrates: 90),
                        serving: SimulatedFood.Serving(id: "990002", unit: "stack")
                    )
                ]
            )
        )
        let reply = try await harness.call("GET", "/v1.2/menu-items", query: [("query", "pancake")] + Self.here)
        #expect(reply.json["items"]?[0]?["id"]?.stringValue == "990001")
        #expect(reply.json["items"]?[0]?["is_chain"]?.isNull == true)
        let food = try await harness.call("GET", "/v1.2/foods/990001")
        #expect(food.json["brand_name"]?.stringValue == "Test Diner")
    }
}
