import Foundation
import JanuaryPartnerSDK
import Testing

@Suite("Food models decode January's responses", suiteTimeLimit())
struct FoodDecodingTests {
    static let searchResults = """
        {
          "items": [
            {
              "id": "1234567", "type": "generic", "name": "banana", "brand_name": null,
              "nutrients": {"calories": {"value": 105, "unit": "kcal"}, "total_sugars": {"value": 14.4, "unit": "g"}},
              "glycemic_index": 51, "glycemic_load": 13.2,
              "image_url": "https://images.example.com/banana.jpg", "barcode": null,
              "servings": [
                {"id": "42", "quantity": 1, "unit": "medium", "scaling_factor": 1.18, "weight_grams": 118,
                 "is_primary": true}
              ],
              "relevance": 0.98
            },
            {
              "id": 98765, "type": "frozen_meal", "name": null, "brand_name": "Acme",
              "nutrients": {}, "glycemic_index": null, "glycemic_load": null, "image_url": null,
              "barcode": "0012345678905",
              "servings": [{"id": 7, "quantity": null, "unit": null, "scaling_factor": null, "weight_grams": null,
                            "is_primary": null}]
            },
            {"id": "555"}
          ]
        }
        """

    @Test("a search page decodes nulls, missing keys, integer ids, unknown types and unknown fields")
    func searchResults() throws {
        let page = try Wire.decode(FoodSearchResults.self, Self.searchResults)
        #expect(page.items.count == 3)

        let banana = page.items[0]
        #expect(banana.id == "1234567")
        #expect(banana.type == .generic)
        #expect(banana.name == "banana")
        #expect(banana.brandName == nil)
        #expect(banana.nutrients.calories == NutrientAmount(value: 105, unit: .kilocalories))
        #expect(banana.nutrients.totalSugars?.value == 14.4)
        #expect(banana.nutrients.protein == nil)
        #expect(banana.glycemicIndex == 51)
        #expect(banana.glycemicLoad == 13.2)
        #expect(banana.imageURL == URL(string: "https://images.example.com/banana.jpg"))
        #expect(
            banana.servings == [
                ServingOption(
                    id: "42", quantity: 1, unit: "medium", scalingFactor: 1.18, weightGrams: 118, isPrimary: true)
            ])

        let branded = page.items[1]
        #expect(branded.id == "98765")
        #expect(branded.type == FoodType(rawValue: "frozen_meal"))
        #expect(branded.type != .branded)
        #expect(branded.name == nil)
        #expect(branded.brandName == "Acme")
        #expect(branded.nutrients.isEmpty)
        #expect(branded.barcode == "0012345678905")
        #expect(branded.servings == [ServingOption(id: "7")])

        let bare = page.items[2]
        #expect(bare.id == "555")
        #expect(bare.type == nil)
        #expect(bare.nutrients == NutritionFacts())
        #expect(bare.servings.isEmpty, "a missing servings list decodes as empty")
        #expect(bare.imageURL == nil)
    }

    @Test("an empty or missing items list is an empty page")
    func emptyPage() throws {
        #expect(try Wire.decode(FoodSearchResults.self, #"{"items": []}"#).items.isEmpty)
        #expect(try Wire.decode(FoodSearchResults.self, "{}").items.isEmpty)
        #expect(try Wire.decode(FoodSearchResults.self, #"{"items": null}"#).items.isEmpty)
    }

    @Test("a food without an id fails to decode", arguments: [#"{"name": "x"}"#, #"{"id": null}"#, #"{"id": 1.5}"#])
    func missingIDFails(json: String) {
        #expect(throws: DecodingError.self) { try Wire.decode(Food.self, json) }
    }

    @Test("an unparseable image URL is dropped, not fatal")
    func badImageURL() throws {
        let food = try Wire.decode(Food.self, #"{"id": "1", "image_url": ""}"#)
        #expect(food.imageURL == nil)
        let other = try Wire.decode(Food.self, #"{"id": "1", "image_url": 42}"#)
        #expect(other.imageURL == nil)
    }

    @Test("the older upc field fills barcode")
    func olderUPC() throws {
        #expect(try Wire.decode(Food.self, #"{"id": "1", "upc": "012345678905"}"#).barcode == "012345678905")
        #expect(try Wire.decode(Food.self, #"{"id": "1", "barcode": "1", "upc": "2"}"#).barcode == "1")
    }

    @Test("a food encodes to January's wire names")
    func foodEncodes() throws {
        let food = try Wire.decode(FoodSearchResults.self, Self.searchResults).items[0]
        let object = try Wire.object(food)
        #expect(
            Set(object.keys) == [
                "id", "type", "name", "brand_name", "nutrients", "glycemic_index", "glycemic_load", "image_url",
                "barcode", "servings",
            ])
        #expect(object["id"] as? String == "1234567")
        #expect(object["brand_name"] is NSNull)
        #expect(object["image_url"] as? String == "https://images.example.com/banana.jpg")
        let serving = try #require((object["servings"] as? [[String: Any]])?.first)
        #expect(
            Set(serving.keys) == ["id", "quantity", "unit", "scaling_factor", "weight_grams", "is_primary"])
        #expect(serving["is_primary"] as? Bool == true)
        #expect(try Wire.decode(Food.self, String(decoding: try JSONEncoder().encode(food), as: UTF8.self)) == food)
    }

    @Test("autocomplete suggestions decode with calories only or nothing")
    func autocomplete() throws {
        let response = try Wire.decode(
            AutocompleteFoodsResponse.self,
            """
            {"items": [
              {"id": "11", "type": "generic", "name": "banana", "brand_name": null,
               "image_url": "https://images.example.com/t/banana.jpg",
               "nutrients": {"calories": {"value": 105, "unit": "kcal"}}},
              {"id": 12, "type": "branded", "name": "Banana Chips", "brand_name": "Crunchy", "image_url": null,
               "nutrients": {}}
            ]}
            """
        )
        #expect(response.items.map(\.id) == ["11", "12"])
        #expect(response.items[0].nutrients.calories?.value == 105)
        #expect(response.items[0].imageURL?.lastPathComponent == "banana.jpg")
        #expect(response.items[1].type == .branded)
        #expect(response.items[1].brandName == "Crunchy")
        #expect(response.items[1].nutrients.isEmpty)
        let object = try Wire.object(response.items[1])
        #expect(Set(object.keys) == ["id", "type", "name", "brand_name", "image_url", "nutrients"])
    }

    @Test("alternatives decode in the current shape and the older wrapped one")
    func alternatives() throws {
        let current = try Wire.decode(
            SuggestFoodAlternativesResponse.self,
            """
            {"alternatives": [
              {"id": "321", "name": "apple", "brand_name": null,
               "nutrients": {"calories": {"value": 95, "unit": "kcal"}},
               "servings": [{"id": "9", "quantity": 1, "unit": "medium", "weight_grams": 182}]},
              {"id": "322", "name": "pear", "brand_name": null, "nutrients": {}, "servings": []}
            ]}
            """
        )
        #expect(current.alternatives.count == 2)
        #expect(
            current.alternatives[0].servings == [ServingSummary(id: "9", quantity: 1, unit: "medium", weightGrams: 182)]
        )
        #expect(current.alternatives[1].servings.isEmpty)

        let older = try Wire.decode(
            SuggestFoodAlternativesResponse.self,
            #"{"alternatives": [{"food": {"id": 321, "name": "apple", "nutrients": {}}}]}"#
        )
        #expect(older.alternatives == [AlternativeFood(id: "321", name: "apple")])
        #expect(try Wire.decode(SuggestFoodAlternativesResponse.self, "{}").alternatives.isEmpty)
        #expect(throws: DecodingError.self) {
            try Wire.decode(SuggestFoodAlternativesResponse.self, #"{"alternatives": [{"name": "no id"}]}"#)
        }
    }

    @Test("food types have their wire strings")
    func foodTypes() {
        #expect(FoodType.generic.rawValue == "generic")
        #expect(FoodType.branded.rawValue == "branded")
        #expect(FoodType.recipe.rawValue == "recipe")
    }

    @Test("the 17 diet restrictions and 9 preferences have their wire strings")
    func dietVocabularies() {
        let restrictions: [DietRestriction] = [
            .gluten, .lactose, .yeast, .treeNuts, .peanuts, .dairy, .eggs, .sulfites, .soy, .wheat, .shellfish, .fish,
            .mushrooms, .sesame, .msg, .caffeine, .fodmaps,
        ]
        #expect(
            restrictions.map(\.rawValue) == [
                "gluten", "lactose", "yeast", "tree_nuts", "peanuts", "dairy", "eggs", "sulfites", "soy", "wheat",
                "shellfish", "fish", "mushrooms", "sesame", "msg", "caffeine", "fodmaps",
            ])
        let preferences: [DietPreference] = [
            .vegetarian, .vegan, .keto, .paleo, .pescatarian, .lowCarbohydrate, .highProtein, .kosher, .halal,
        ]
        #expect(
            preferences.map(\.rawValue) == [
                "vegetarian", "vegan", "keto", "paleo", "pescatarian", "low_carbohydrate", "high_protein", "kosher",
                "halal",
            ])
    }
}
