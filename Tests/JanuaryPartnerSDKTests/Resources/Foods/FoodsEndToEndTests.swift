import Foundation
import JanuaryPartnerSDK
import JanuaryPartnerSDKTestSupport
import JanuaryTestServer
import Testing

/// `client.foods` through the real URLSession against the simulator: decoded values against its catalogue, its
/// error answers, what the client refuses before sending, and answers with values and fields it does not know.
@Suite("Foods end to end", suiteTimeLimit())
struct FoodsEndToEndTests {
    @Test("search finds the banana, with its default serving only and its nutrients per serving")
    func search() async throws {
        let harness = try ClientHarness()
        let results = try await harness.client.foods.search(SearchFoodsRequest(query: "banana"))
        let banana = try #require(results.items.first)
        #expect(banana.id == "1001")
        #expect(banana.type == .generic)
        #expect(banana.name == "banana")
        #expect(banana.brandName == nil)
        #expect(banana.nutrients.calories == NutrientAmount(value: 105, unit: .kilocalories))
        #expect(banana.nutrients.carbohydrates == NutrientAmount(value: 27, unit: .grams))
        #expect(banana.nutrients.potassium == NutrientAmount(value: 422, unit: .milligrams))
        #expect(banana.glycemicIndex == 51)
        #expect(banana.servings.map(\.id) == ["5001"])
        #expect(banana.servings.first?.isPrimary == true)
        let entry = try #require(harness.simulator.requestLog.first)
        #expect(entry.operation == "searchFoods")
        #expect(entry.credential == .clientToken)
        #expect(entry.query("query") == "banana")
        #expect(entry.query("limit") == "10")
        #expect(entry.query("offset") == "0")
        #expect(entry.endUserHeader == nil)
    }

    @Test("search by type keeps only that type")
    func searchByType() async throws {
        let harness = try ClientHarness()
        let results = try await harness.client.foods.search(SearchFoodsRequest(query: "yogurt", type: .branded))
        #expect(results.items.map(\.id) == ["1026"])
        #expect(results.items.first?.brandName == "Alpine Creamery")
        #expect(harness.simulator.requestLog.first?.query("type") == "branded")
    }

    @Test("paging search with nextPage gives the one-request answer, in order, ending on a short page")
    func searchPaging() async throws {
        let harness = try ClientHarness()
        let all = try await harness.client.foods.search(SearchFoodsRequest(query: "rice", limit: 50)).items
        #expect(all.count >= 3)
        #expect(all.first?.id == "1006")
        var collected: [FoodID] = []
        var request: SearchFoodsRequest? = SearchFoodsRequest(query: "rice", limit: 2)
        var pages = 0
        while let page = request {
            let results = try await harness.client.foods.search(page)
            collected += results.items.map(\.id)
            pages += 1
            request = page.nextPage(after: results)
        }
        #expect(collected == all.map(\.id))
        #expect(pages == all.count / 2 + 1)
        #expect(harness.entries("searchFoods").map { $0.query("offset") }.last == String((pages - 1) * 2))
    }

    @Test("get returns every serving; a portion of another serving scales the nutrients by its factor")
    func get() async throws {
        let harness = try ClientHarness()
        let banana = try await harness.client.foods.get(id: "1001")
        #expect(banana.servings.map(\.id) == ["5001", "5002", "5003"])
        #expect(banana.servings.map(\.unit) == ["medium", "cup, sliced", "g"])
        #expect(banana.servings[1].scalingFactor == 1.27)
        #expect(banana.defaultServing?.id == "5001")
        let portion = try banana.portion(servingID: "5002", quantity: 2)
        #expect(EndToEnd.close(portion.nutrients?.calories?.value, 105 * 1.27 * 2))
        #expect(portion.loggableFood == FoodLogInputFood(foodID: "1001", servingID: "5002", quantity: 2))
        #expect(harness.simulator.requestLog.first?.path == "/v1.2/foods/1001")
    }

    @Test(
        "barcode lookup finds the branded food, leading zeros or not",
        arguments: [
            ("012345678905", "1025", "Oat Rings Cereal", "Meadowfield"),
            ("12345678905", "1025", "Oat Rings Cereal", "Meadowfield"),
            ("0894700010045", "1026", "Strawberry Greek Yogurt", "Alpine Creamery"),
            ("07501234", "1028", "Lime Sparkling Water", "Clearbrook"),
            ("10012345678902", "1033", "Veggie Supreme Frozen Pizza", "Nonna's Table"),
        ]
    )
    func barcode(barcode: String, id: String, name: String, brand: String) async throws {
        let harness = try ClientHarness()
        let food = try await harness.client.foods.get(barcode: barcode)
        #expect(food.id == FoodID(rawValue: id))
        #expect(food.name == name)
        #expect(food.brandName == brand)
        #expect(food.type == .branded)
        #expect(food.barcode != nil)
        #expect(harness.simulator.requestLog.first?.path == "/v1.2/foods/barcode/\(barcode)")
    }

    @Test(
        "autocomplete: generic before branded, never recipes, calories only",
        arguments: [
            ("ban", ["1001"]),
            ("oat", ["1004", "1025"]),
            ("chicken", ["1008", "7002", "7006"]),
            ("o", []),
            ("", []),
        ]
    )
    func autocomplete(query: String, ids: [String]) async throws {
        let harness = try ClientHarness()
        let response = try await harness.client.foods.autocomplete(AutocompleteFoodsRequest(query: query))
        #expect(response.items.map(\.id.rawValue) == ids)
        for item in response.items {
            #expect(item.type != .recipe)
            #expect(item.nutrients.calories != nil)
            #expect(item.nutrients.protein == nil)
        }
        #expect(response.items.first?.type == (ids.isEmpty ? nil : .generic))
        #expect(harness.entries("autocompleteFoods").first?.query("limit") == "8")
    }

    @Test(
        "alternatives honour the diet vocabularies: same category, none of the restrictions, every preference",
        arguments: [
            ("1001", [DietRestriction.fodmaps], [DietPreference]()),
            ("1001", [], [.keto]),
            ("1006", [.gluten], [.vegan]),
            ("1014", [.lactose, .dairy], []),
        ]
    )
    func alternatives(food: String, restrictions: [DietRestriction], preferences: [DietPreference]) async throws {
        let harness = try ClientHarness()
        let response = try await harness.client.foods.suggestAlternatives(
            SuggestFoodAlternativesRequest(
                foodID: FoodID(rawValue: food), dietRestrictions: restrictions, dietPreferences: preferences))
        let original = try #require(harness.simulator.food(id: food))
        let avoid = Set(restrictions.map(\.rawValue))
        let want = Set(preferences.map(\.rawValue))
        let expected = harness.simulator.foods
            .filter {
                $0.id != food && $0.category != nil && $0.category == original.category
                    && $0.contains.isDisjoint(with: avoid) && want.isSubset(of: $0.suits)
            }
            .enumerated()
            .sorted {
                let left = $0.element.nutrients[.carbohydrates]?.value ?? 0
                let right = $1.element.nutrients[.carbohydrates]?.value ?? 0
                return left != right ? left < right : $0.offset < $1.offset
            }
            .prefix(5)
            .map { FoodID(rawValue: $0.element.id) }
        #expect(response.alternatives.map(\.id) == Array(expected))
        #expect(!response.alternatives.isEmpty)
        for alternative in response.alternatives {
            #expect(alternative.servings.count == 1)
            #expect(alternative.nutrients.calories != nil)
        }
    }

    @Test("an apple is not an alternative to a banana for someone avoiding FODMAPs, and is without it")
    func alternativesRestrictionReachesTheServer() async throws {
        let harness = try ClientHarness()
        let free = try await harness.client.foods.suggestAlternatives(SuggestFoodAlternativesRequest(foodID: "1001"))
        let avoiding = try await harness.client.foods.suggestAlternatives(
            SuggestFoodAlternativesRequest(foodID: "1001", dietRestrictions: [.fodmaps]))
        #expect(free.alternatives.contains { $0.id == "1002" })
        #expect(!avoiding.alternatives.contains { $0.id == "1002" })
    }

    struct ServerError: Sendable, CustomTestStringConvertible {
        let name: String
        let status: Int
        let code: String
        let category: JanuaryError.Category
        let call: @Sendable (JanuaryPartnerClient) async throws -> Void
        var testDescription: String { name }
    }

    static let serverErrors: [ServerError] = [
        ServerError(name: "unknown food", status: 404, code: "not_found", category: .notFound) {
            _ = try await $0.foods.get(id: "999999")
        },
        ServerError(name: "unknown barcode", status: 404, code: "not_found", category: .notFound) {
            _ = try await $0.foods.get(barcode: "99999999")
        },
        ServerError(name: "alternatives to an unknown food", status: 404, code: "not_found", category: .notFound) {
            _ = try await $0.foods.suggestAlternatives(SuggestFoodAlternativesRequest(foodID: "999999"))
        },
        ServerError(
            name: "a food type January does not know", status: 400, code: "invalid_request", category: .invalidInput
        ) {
            _ = try await $0.foods.search(SearchFoodsRequest(query: "banana", type: FoodType(rawValue: "snack")))
        },
        ServerError(
            name: "a diet restriction January does not know", status: 400, code: "invalid_request",
            category: .invalidInput
        ) {
            _ = try await $0.foods.suggestAlternatives(
                SuggestFoodAlternativesRequest(foodID: "1001", dietRestrictions: [DietRestriction(rawValue: "kiwi")]))
        },
    ]

    @Test(
        "January's error answers surface with their category, code and request ID, sent once", arguments: serverErrors)
    func serverError(_ variant: ServerError) async throws {
        let harness = try ClientHarness()
        let error = await EndToEnd.expectError(variant.category, code: variant.code, status: variant.status) {
            try await variant.call(harness.client)
        }
        #expect(error?.message.isEmpty == false)
        #expect(harness.simulator.requestLog.count == 1)
        #expect(harness.simulator.requestLog.first?.errorCode == variant.code)
        #expect(harness.provider.callCount == 1)
    }

    static let refusals: [EndToEnd.Refusal<JanuaryPartnerClient>] = [
        .init(
            "blank query", naming: "SearchFoodsRequest.query",
            { _ = try await $0.foods.search(SearchFoodsRequest(query: "  ")) }),
        .init(
            "limit 51", naming: "SearchFoodsRequest.limit",
            { _ = try await $0.foods.search(.init(query: "x", limit: 51)) }),
        .init(
            "negative offset", naming: "SearchFoodsRequest.offset",
            { _ = try await $0.foods.search(.init(query: "x", offset: -1)) }
        ),
        .init(
            "recipes in autocomplete", naming: "AutocompleteFoodsRequest.type",
            { _ = try await $0.foods.autocomplete(AutocompleteFoodsRequest(query: "oat", type: .recipe)) }
        ),
        .init("a food id with a leading zero", naming: "id", { _ = try await $0.foods.get(id: "01001") }),
        .init("a barcode with a dash", naming: "barcode", { _ = try await $0.foods.get(barcode: "01234-5678905") }),
        .init("a five-digit barcode", naming: "barcode", { _ = try await $0.foods.get(barcode: "12345") }),
        .init(
            "18 diet restrictions", naming: "dietRestrictions",
            {
                _ = try await $0.foods.suggestAlternatives(
                    SuggestFoodAlternativesRequest(
                        foodID: "1001", dietRestrictions: Array(repeating: .gluten, count: 18)))
            }
        ),
    ]

    @Test("bad input is refused before a token is fetched or a byte is sent", arguments: refusals)
    func refusedLocally(_ refusal: EndToEnd.Refusal<JanuaryPartnerClient>) async throws {
        try await refusal.check(on: \.client)
    }

    @Test("a food of a type the SDK does not know decodes, by id and in search")
    func unknownFoodType() async throws {
        let harness = try ClientHarness()
        harness.simulator.addFood(
            SimulatedFood(
                id: "900001", type: SimulatedFood.Kind(rawValue: "supplement"), name: "Mango Electrolyte Powder",
                brandName: "Example Foods",
                nutrients: SimulatedNutrients(calories: 20, protein: 0, carbohydrates: 5, totalFat: 0),
                servings: [SimulatedFood.Serving(id: "900002", quantity: 1, unit: "scoop", weightGrams: 7)]))
        let food = try await harness.client.foods.get(id: "900001")
        #expect(food.type == FoodType(rawValue: "supplement"))
        #expect(food.type?.rawValue == "supplement")
        #expect(food.name == "Mango Electrolyte Powder")
        let results = try await harness.client.foods.search(SearchFoodsRequest(query: "electrolyte"))
        #expect(results.items.map(\.id) == ["900001"])
        #expect(results.items.first?.type == "supplement")
    }

    @Test("an answer with fields, nutrients and values the SDK does not know still decodes")
    func extraFields() async throws {
        let harness = try ClientHarness()
        harness.server.enqueue(
            .json(
                """
                {"id": "1001", "type": "meal_kit", "name": "banana", "brand_name": null, "popularity": 0.93,
                 "nutrients": {"calories": {"value": 105, "unit": "kcal"}, "omega_3": {"value": 0.03, "unit": "g"},
                               "protein": {"value": 1.3, "unit": "dg"}},
                 "glycemic_index": 51, "glycemic_load": null, "image_url": null, "barcode": null,
                 "servings": [{"id": "5001", "quantity": 1, "unit": "medium", "scaling_factor": 1,
                               "weight_grams": 118, "is_primary": true, "label": "1 medium (118 g)"}],
                 "source": {"name": "usda", "revision": 7}}
                """,
                headerFields: [HeaderField(name: "x-request-id", value: "req_handwritten_1")]
            )
        )
        let food = try await harness.client.foods.get(id: "1001")
        #expect(food.type == "meal_kit")
        #expect(food.nutrients.calories?.value == 105)
        #expect(food.nutrients.protein?.unit == NutrientUnit(rawValue: "dg"))
        #expect(food.servings.first?.weightGrams == 118)
        #expect(harness.simulator.requestLog.isEmpty)
        #expect(harness.server.receivedRequests.count == 1)
    }
}
