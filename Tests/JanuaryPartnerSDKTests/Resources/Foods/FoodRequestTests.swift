import Foundation
import Testing

@testable import JanuaryPartnerSDK

@Suite("Food requests are built and checked before sending", suiteTimeLimit())
struct FoodRequestTests {
    private func query(_ request: JanuaryRequest) -> [String: String] {
        Dictionary(uniqueKeysWithValues: request.queryItems.map { ($0.name, $0.value ?? "") })
    }

    @Test("search has the contract's defaults and sends query, limit and offset")
    func searchDefaults() throws {
        let search = SearchFoodsRequest(query: "banana")
        #expect(search.limit == 10)
        #expect(search.offset == 0)
        #expect(search.type == nil)
        let request = try search.makeRequest()
        #expect(request.method == .get)
        #expect(request.path == "/v1.2/foods")
        #expect(query(request) == ["query": "banana", "limit": "10", "offset": "0"])
        #expect(request.timeout == nil)
    }

    @Test("search sends the type when one is chosen")
    func searchType() throws {
        let request = try SearchFoodsRequest(query: "yogurt", type: .branded, limit: 50, offset: 100).makeRequest()
        #expect(query(request) == ["query": "yogurt", "type": "branded", "limit": "50", "offset": "100"])
    }

    @Test(
        "search rules: query 1-256 non-blank, limit 1-50, offset >= 0",
        arguments: [
            (SearchFoodsRequest(query: "a"), nil),
            (SearchFoodsRequest(query: String(repeating: "é", count: 256)), nil),
            (SearchFoodsRequest(query: "x", limit: 1), nil), (SearchFoodsRequest(query: "x", limit: 50), nil),
            (SearchFoodsRequest(query: ""), "query"), (SearchFoodsRequest(query: " \n\t"), "query"),
            (SearchFoodsRequest(query: String(repeating: "a", count: 257)), "query"),
            (SearchFoodsRequest(query: "x", limit: 0), "limit"), (SearchFoodsRequest(query: "x", limit: 51), "limit"),
            (SearchFoodsRequest(query: "x", offset: -1), "offset"),
        ] as [(SearchFoodsRequest, String?)]
    )
    func searchRules(request: SearchFoodsRequest, invalidField: String?) {
        if let invalidField {
            expectInvalidInput(naming: "SearchFoodsRequest.\(invalidField)") { try request.validate() }
            expectInvalidInput(naming: invalidField) { _ = try request.makeRequest() }
        } else {
            #expect(throws: Never.self) { try request.validate() }
        }
    }

    @Test("the next search page follows a full page and stops after a short one")
    func searchPaging() {
        let search = SearchFoodsRequest(query: "rice", limit: 2, offset: 4)
        let full = FoodSearchResults(items: [Food(id: "1"), Food(id: "2")])
        #expect(search.nextPage(after: full)?.offset == 6)
        #expect(search.nextPage(after: full)?.query == "rice")
        #expect(search.nextPage(after: FoodSearchResults(items: [Food(id: "1")])) == nil)
        #expect(search.nextPage(after: FoodSearchResults(items: [])) == nil)
    }

    @Test("no next page is made past the largest offset an Int holds, rather than trapping on the sum")
    func searchPagingAtTheEndOfInt() {
        let full = FoodSearchResults(items: [Food(id: "1"), Food(id: "2")])
        #expect(SearchFoodsRequest(query: "rice", limit: 2, offset: .max - 1).nextPage(after: full) == nil)
        #expect(SearchFoodsRequest(query: "rice", limit: 2, offset: .max - 2).nextPage(after: full)?.offset == .max)
        let menu = GetRestaurantMenuItemsRequest(restaurantID: "r", limit: 2, offset: .max)
        let fullMenu = GetRestaurantMenuItemsResponse(items: [RestaurantMenuItem(id: "1"), RestaurantMenuItem(id: "2")])
        #expect(menu.nextPage(after: fullMenu) == nil)
    }

    @Test("autocomplete defaults to 8 and sends its parameters")
    func autocompleteDefaults() throws {
        let lookup = AutocompleteFoodsRequest(query: "ban")
        #expect(lookup.limit == 8)
        let request = try lookup.makeRequest()
        #expect(request.path == "/v1.2/foods/autocomplete")
        #expect(query(request) == ["query": "ban", "limit": "8"])
        let typed = try AutocompleteFoodsRequest(query: "ban", type: .generic, limit: 20).makeRequest()
        #expect(query(typed) == ["query": "ban", "type": "generic", "limit": "20"])
    }

    @Test(
        "autocomplete rules: query at most 64, limit 1-20, no recipes",
        arguments: [
            (AutocompleteFoodsRequest(query: ""), nil), (AutocompleteFoodsRequest(query: "b"), nil),
            (AutocompleteFoodsRequest(query: String(repeating: "a", count: 64)), nil),
            (AutocompleteFoodsRequest(query: "x", limit: 1), nil),
            (AutocompleteFoodsRequest(query: "x", limit: 20), nil),
            (AutocompleteFoodsRequest(query: String(repeating: "a", count: 65)), "query"),
            (AutocompleteFoodsRequest(query: "x", limit: 0), "limit"),
            (AutocompleteFoodsRequest(query: "x", limit: 21), "limit"),
            (AutocompleteFoodsRequest(query: "x", type: .recipe), "type"),
        ] as [(AutocompleteFoodsRequest, String?)]
    )
    func autocompleteRules(request: AutocompleteFoodsRequest, invalidField: String?) {
        if let invalidField {
            expectInvalidInput(naming: "AutocompleteFoodsRequest.\(invalidField)") { try request.validate() }
        } else {
            #expect(throws: Never.self) { try request.validate() }
        }
    }

    @Test(
        "get sends the id in the path and refuses malformed ids",
        arguments: ["0", "01", "abc", "1/2", "../credits", ""])
    func getRequest(badID: String) throws {
        let request = try JanuaryPartnerClient.Foods.getRequest(id: "1234567")
        #expect(request.method == .get)
        #expect(request.path == "/v1.2/foods/1234567")
        #expect(request.queryItems.isEmpty)
        expectInvalidInput(naming: "id") { _ = try JanuaryPartnerClient.Foods.getRequest(id: FoodID(rawValue: badID)) }
    }

    @Test(
        "barcodes are 6 to 14 ASCII digits",
        arguments: [
            ("123456", true), ("01234567890123", true), ("012345678905", true), ("12345", false),
            ("012345678901234", false), ("12345a", false), (" 123456", false), ("123-456", false),
            ("１２３４５６", false), ("", false), ("123456/..", false),
        ]
    )
    func barcodes(barcode: String, valid: Bool) throws {
        if valid {
            let request = try JanuaryPartnerClient.Foods.barcodeRequest(barcode)
            #expect(request.path == "/v1.2/foods/barcode/\(barcode)")
            #expect(request.method == .get)
        } else {
            expectInvalidInput(naming: "barcode") { _ = try JanuaryPartnerClient.Foods.barcodeRequest(barcode) }
        }
    }

    @Test("alternatives post both lists to the food's path")
    func alternativesRequest() throws {
        let request = try SuggestFoodAlternativesRequest(
            foodID: "1234", dietRestrictions: [.treeNuts, .gluten], dietPreferences: [.lowCarbohydrate]
        ).makeRequest()
        #expect(request.method == .post)
        #expect(request.path == "/v1.2/foods/1234/alternatives")
        guard case .data(let data, let contentType) = request.body.storage else {
            Issue.record("expected a JSON body")
            return
        }
        #expect(contentType == "application/json")
        let body = try Wire.object(body: data)
        #expect(body["diet_restrictions"] as? [String] == ["tree_nuts", "gluten"])
        #expect(body["diet_preferences"] as? [String] == ["low_carbohydrate"])
        let empty = try Wire.object(body: try bodyData(SuggestFoodAlternativesRequest(foodID: "1").makeRequest()))
        #expect(empty["diet_restrictions"] as? [String] == [])
        #expect(empty["diet_preferences"] as? [String] == [])
    }

    @Test("alternatives rules: food id pattern, at most 17 restrictions and 9 preferences")
    func alternativesRules() {
        let all17 = Array(repeating: DietRestriction.gluten, count: 17)
        let all9 = Array(repeating: DietPreference.vegan, count: 9)
        #expect(throws: Never.self) {
            try SuggestFoodAlternativesRequest(foodID: "1", dietRestrictions: all17, dietPreferences: all9).validate()
        }
        expectInvalidInput(naming: "dietRestrictions") {
            try SuggestFoodAlternativesRequest(foodID: "1", dietRestrictions: all17 + [.soy]).validate()
        }
        expectInvalidInput(naming: "dietPreferences") {
            try SuggestFoodAlternativesRequest(foodID: "1", dietPreferences: all9 + [.keto]).validate()
        }
        expectInvalidInput(naming: "SuggestFoodAlternativesRequest.foodID") {
            try SuggestFoodAlternativesRequest(foodID: "x").validate()
        }
    }
}

/// The bytes of an in-memory request body.
func bodyData(_ request: JanuaryRequest) throws -> Data {
    guard case .data(let data, _) = request.body.storage else {
        throw JanuaryError(category: .invalidInput, message: "not an in-memory body")
    }
    return data
}
