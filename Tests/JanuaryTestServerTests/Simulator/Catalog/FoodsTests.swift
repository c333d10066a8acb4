import Foundation
import Testing

@testable import JanuaryTestServer

@Suite("Simulator foods", suiteTimeLimit())
struct FoodsTests {
    @Test func theBuiltInCatalogueIsWellFormed() throws {
        let harness = try SimulatorHarness()
        let foods = harness.simulator.foods
        #expect(foods.count >= 30 + 12)
        #expect(Set(foods.map(\.type)) == [.generic, .branded, .recipe])
        #expect(Set(foods.map(\.id)).count == foods.count)
        let servingIDs = foods.flatMap { $0.servings.map(\.id) }
        #expect(Set(servingIDs).count == servingIDs.count)
        for food in foods {
            #expect(FoodOperations.isNumericID(food.id))
            #expect(!food.servings.isEmpty)
            #expect(food.servings.allSatisfy { FoodOperations.isNumericID($0.id) })
            let units: Set<String> = ["g", "mg", "kcal", "IU", "mcg"]
            #expect(food.nutrients.amounts.values.allSatisfy { units.contains($0.unit) })
        }
        #expect(foods.filter { $0.barcode != nil }.count >= 5)
        #expect(harness.simulator.restaurants.count >= 3)
        #expect(harness.simulator.restaurants.flatMap(\.menuItems).count >= 12)
    }

    @Test func searchRanksTheBestMatchFirstWithOnlyTheDefaultServing() async throws {
        let harness = try SimulatorHarness()
        let reply = try await harness.call("GET", "/v1.2/foods", query: [("query", "banana")])
        #expect(reply.status == 200)
        let first = try #require(reply.json["items"]?[0])
        #expect(first["id"]?.stringValue == "1001")
        #expect(first["type"]?.stringValue == "generic")
        #expect(first["brand_name"]?.isNull == true)
        #expect(first["barcode"]?.isNull == true)
        #expect(first["glycemic_index"]?.doubleValue == 51)
        #expect(first["nutrients"]?["calories"]?["value"]?.doubleValue == 105)
        #expect(first["nutrients"]?["calories"]?["unit"]?.stringValue == "kcal")
        #expect(first["nutrients"]?["vitamin_d"] == nil)
        let servings = try #require(first["servings"]?.arrayValue)
        #expect(servings.count == 1)
        #expect(servings[0]["id"]?.stringValue == "5001")
        #expect(servings[0]["is_primary"]?.boolValue == true)
        #expect(servings[0]["scaling_factor"]?.doubleValue == 1)
        for key in ["id", "quantity", "unit", "scaling_factor", "weight_grams", "is_primary"] {
            #expect(servings[0][key] != nil, "\(key)")
        }
        for key in [
            "id", "type", "name", "brand_name", "nutrients", "glycemic_index", "glycemic_load", "image_url",
            "barcode", "servings",
        ] {
            #expect(first[key] != nil, "\(key)")
        }
    }

    @Test func searchFiltersByTypeAndPages() async throws {
        let harness = try SimulatorHarness()
        let all = try await harness.call("GET", "/v1.2/foods", query: [("query", "bread"), ("limit", "50")])
        let ids = try #require(all.json["items"]?.arrayValue?.compactMap { $0["id"]?.stringValue })
        #expect(ids.count >= 3)
        #expect(ids.first == "1011")  // an alias equal to the query outranks a name containing it
        let firstPage = try await harness.call("GET", "/v1.2/foods", query: [("query", "bread"), ("limit", "2")])
        let secondPage = try await harness.call(
            "GET",
            "/v1.2/foods",
            query: [("query", "bread"), ("limit", "2"), ("offset", "2")]
        )
        let paged = (firstPage.json["items"]?.arrayValue ?? []) + (secondPage.json["items"]?.arrayValue ?? [])
        #expect(paged.compactMap { $0["id"]?.stringValue } == Array(ids.prefix(4)))
        let branded = try await harness.call("GET", "/v1.2/foods", query: [("query", "bread"), ("type", "branded")])
        #expect(branded.json["items"]?.arrayValue?.allSatisfy { $0["type"]?.stringValue == "branded" } == true)
        #expect(branded.json["items"]?[0]?["id"]?.stringValue == "1029")
        let none = try await harness.call("GET", "/v1.2/foods", query: [("query", "zzzqqq")])
        #expect(none.status == 200)
        #expect(none.json["items"]?.count == 0)
    }

    struct BadQuery: Sendable, CustomTestStringConvertible {
        let path: String
        let query: [String: String]
        let parameter: String
        var testDescription: String { "\(path) \(parameter)" }
    }

    static let badQueries: [BadQuery] = [
        BadQuery(path: "/v1.2/foods", query: [:], parameter: "query"),
        BadQuery(path: "/v1.2/foods", query: ["query": ""], parameter: "query"),
        BadQuery(path: "/v1.2/foods", query: ["query": String(repeating: "a", count: 257)], parameter: "query"),
        BadQuery(path: "/v1.2/foods", query: ["query": "egg", "limit": "0"], parameter: "limit"),
        BadQuery(path: "/v1.2/foods", query: ["query": "egg", "limit": "51"], parameter: "limit"),
        BadQuery(path: "/v1.2/foods", query: ["query": "egg", "offset": "-1"], parameter: "offset"),
        BadQuery(path: "/v1.2/foods", query: ["query": "egg", "type": "menu_item"], parameter: "type"),
        BadQuery(path: "/v1.2/foods/autocomplete", query: [:], parameter: "query"),
        BadQuery(
            path: "/v1.2/foods/autocomplete", query: ["query": String(repeating: "a", count: 65)],
            parameter: "query"),
        BadQuery(path: "/v1.2/foods/autocomplete", query: ["query": "egg", "limit": "21"], parameter: "limit"),
        BadQuery(path: "/v1.2/foods/autocomplete", query: ["query": "egg", "type": "recipe"], parameter: "type"),
        BadQuery(path: "/v1.2/foods/abc", query: [:], parameter: "food_id"),
        BadQuery(path: "/v1.2/foods/0123", query: [:], parameter: "food_id"),
        BadQuery(path: "/v1.2/foods/barcode/12345", query: [:], parameter: "barcode"),
        BadQuery(path: "/v1.2/foods/barcode/123456789012345", query: [:], parameter: "barcode"),
        BadQuery(path: "/v1.2/foods/barcode/12345a", query: [:], parameter: "barcode"),
    ]

    @Test(arguments: badQueries)
    func invalidParametersAnswerInvalidRequestNamingThem(_ item: BadQuery) async throws {
        let harness = try SimulatorHarness()
        let reply = try await harness.call(
            "GET", item.path, query: item.query.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
        reply.expect(status: 400, code: "invalid_request")
        #expect(reply.json["message"]?.stringValue?.contains("`\(item.parameter)`") == true)
    }

    @Test func autocompleteSuggestsGenericFirstWithOnlyCalories() async throws {
        let harness = try SimulatorHarness()
        let reply = try await harness.call("GET", "/v1.2/foods/autocomplete", query: [("query", "whole")])
        let items = try #require(reply.json["items"]?.arrayValue)
        #expect(items.compactMap { $0["id"]?.stringValue } == ["1011", "1029"])
        #expect(items[0]["nutrients"]?.objectValue?.keys.sorted() == ["calories"])
        #expect(items[0]["type"]?.stringValue == "generic")
        for key in ["id", "type", "name", "brand_name", "image_url", "nutrients"] {
            #expect(items[1][key] != nil, "\(key)")
        }
        let short = try await harness.call("GET", "/v1.2/foods/autocomplete", query: [("query", "a!")])
        #expect(short.status == 200)
        #expect(short.json["items"]?.count == 0)
        let limited = try await harness.call(
            "GET", "/v1.2/foods/autocomplete", query: [("query", "ch"), ("limit", "2")])
        #expect(limited.json["items"]?.count == 2)
        let recipeOnly = try await harness.call("GET", "/v1.2/foods/autocomplete", query: [("query", "beef")])
        #expect(recipeOnly.json["items"]?.count == 0)
    }

    @Test func getFoodHasEveryServingAndUnknownIsNotFound() async throws {
        let harness = try SimulatorHarness()
        let reply = try await harness.call("GET", "/v1.2/foods/1001")
        #expect(reply.status == 200)
        #expect(reply.json["servings"]?.count == 3)
        #expect(reply.json["image_url"]?.stringValue?.hasPrefix("https://") == true)
        let missing = try await harness.call("GET", "/v1.2/foods/99999")
        missing.expect(status: 404, code: "not_found")
        let menuItem = try await harness.call("GET", "/v1.2/foods/7001")
        #expect(menuItem.json["brand_name"]?.stringValue == "Harbor Burger Co.")
    }

    @Test func barcodeLookupFindsOneFoodIgnoringLeadingZeros() async throws {
        let harness = try SimulatorHarness()
        let reply = try await harness.call("GET", "/v1.2/foods/barcode/0894700010045")
        #expect(reply.status == 200)
        #expect(reply.json["id"]?.stringValue == "1026")
        #expect(reply.json["servings"]?.count == 1)
        let padded = try await harness.call("GET", "/v1.2/foods/barcode/00012345678905")
        #expect(padded.json["id"]?.stringValue == "1025")
        let missing = try await harness.call("GET", "/v1.2/foods/barcode/99999999")
        missing.expect(status: 404, code: "not_found")
    }

    @Test func alternativesHonourRestrictionsAndPreferences() async throws {
        let harness = try SimulatorHarness()
        let all = try await harness.call("POST", "/v1.2/foods/1006/alternatives")
        #expect(all.status == 200)
        let ids = try #require(all.json["alternatives"]?.arrayValue?.compactMap { $0["id"]?.stringValue })
        #expect(ids.first == "1040")  // cauliflower rice: fewest carbohydrates among grains
        #expect(!ids.contains("1006"))
        let first = try #require(all.json["alternatives"]?[0])
        #expect(first.objectValue?.keys.sorted() == ["brand_name", "id", "name", "nutrients", "servings"])
        #expect(first["servings"]?[0]?.objectValue?.keys.sorted() == ["id", "quantity", "unit", "weight_grams"])
        let glutenFree = try await harness.call(
            "POST",
            "/v1.2/foods/1006/alternatives",
            body: #"{"diet_restrictions":["gluten"],"diet_preferences":["keto"]}"#
        )
        #expect(glutenFree.json["alternatives"]?.arrayValue?.compactMap { $0["id"]?.stringValue } == ["1040"])
        let empty = try await harness.call(
            "POST",
            "/v1.2/foods/1006/alternatives",
            body: #"{"diet_restrictions":[],"diet_preferences":[]}"#
        )
        #expect(empty.json["alternatives"]?.count == ids.count)
    }

    @Test(arguments: [
        (#"{"diet_restrictions":["bacon"]}"#, 400, "invalid_request"),
        (#"{"diet_preferences":["carnivore"]}"#, 400, "invalid_request"),
        (
            #"{"diet_preferences":["vegan","vegan","vegan","vegan","vegan","vegan","vegan","vegan","vegan","vegan"]}"#,
            400, "invalid_request"
        ),
        (#"{"diet_restrictions":"gluten"}"#, 400, "invalid_request"),
    ])
    func alternativesRefuseValuesOutsideTheVocabulary(_ body: String, _ status: Int, _ code: String) async throws {
        let harness = try SimulatorHarness()
        let reply = try await harness.call("POST", "/v1.2/foods/1006/alternatives", body: body)
        reply.expect(status: status, code: code)
    }

    @Test func alternativesOfAnUnknownFoodAreNotFound() async throws {
        let harness = try SimulatorHarness()
        let reply = try await harness.call("POST", "/v1.2/foods/424242/alternatives", body: "{}")
        reply.expect(status: 404, code: "not_found")
    }

    @Test func partnersCanAddFoodsThatEveryOperationFinds() async throws {
        let harness = try SimulatorHarness()
        harness.simulator.addFood(
            SimulatedFood(
                id: "900001",
                type: .branded,
                name: "Mango Trail Mix",
                brandName: "Example Foods",
                nutrients: SimulatedNutrients(calories: 170, protein: 5, carbohydrates: 15, totalFat: 11),
                servings: [SimulatedFood.Serving(id: "900002", quantity: 1, unit: "oz", weightGrams: 28)],
                barcode: "0123456789012",
                aliases: ["trail mix"]
            )
        )
        let search = try await harness.call("GET", "/v1.2/foods", query: [("query", "mango trail")])
        #expect(search.json["items"]?[0]?["id"]?.stringValue == "900001")
        let barcode = try await harness.call("GET", "/v1.2/foods/barcode/0123456789012")
        #expect(barcode.json["name"]?.stringValue == "Mango Trail Mix")
        let text = try await harness.call("POST", "/v1.2/food-analysis/text", body: #"{"text":"2 oz of trail mix"}"#)
        #expect(text.json["detections"]?[0]?["food"]?["id"]?.stringValue == "900001")
        #expect(text.json["detections"]?[0]?["food"]?["quantity"]?.doubleValue == 2)
        #expect(harness.simulator.food(id: "900001")?.brandName == "Example Foods")
    }
}
