import Foundation
import JanuaryPartnerSDK
import Testing

@Suite("Restaurant models decode January's responses", suiteTimeLimit())
struct RestaurantDecodingTests {
    @Test("restaurants decode with nulls, missing keys and unknown fields")
    func restaurants() throws {
        let response = try Wire.decode(
            SearchRestaurantsResponse.self,
            """
            {"items": [
              {"type": "restaurant", "id": "53fc3b8a-e6bf-404d-83c8-9f42124d1bee", "name": "Sweetgreen",
               "is_chain": true, "distance_meters": 412.7, "city": "San Francisco", "address1": "171 2nd St",
               "address2": null, "cuisine": "salads"},
              {"type": "food_truck", "id": "r_2", "name": null, "is_chain": null, "distance_meters": null,
               "city": null, "address1": null, "address2": null},
              {"id": "r_3"}
            ]}
            """
        )
        #expect(response.items.count == 3)
        let first = response.items[0]
        #expect(first.type == .restaurant)
        #expect(first.id == "53fc3b8a-e6bf-404d-83c8-9f42124d1bee")
        #expect(first.name == "Sweetgreen")
        #expect(first.isChain == true)
        #expect(first.distanceMeters == 412.7)
        #expect(first.city == "San Francisco")
        #expect(first.address1 == "171 2nd St")
        #expect(first.address2 == nil)
        #expect(response.items[1].type == RestaurantResultType(rawValue: "food_truck"))
        #expect(response.items[1].distanceMeters == nil)
        #expect(response.items[2] == Restaurant(type: nil, id: "r_3"))
        #expect(try Wire.decode(SearchRestaurantsResponse.self, "{}").items.isEmpty)
        #expect(throws: DecodingError.self) {
            try Wire.decode(SearchRestaurantsResponse.self, #"{"items": [{"name": "no id"}]}"#)
        }
    }

    @Test("a restaurant encodes to January's wire names")
    func restaurantEncodes() throws {
        let object = try Wire.object(Restaurant(id: "r1", name: "Cafe", isChain: false, distanceMeters: 10))
        #expect(
            Set(object.keys) == ["type", "id", "name", "is_chain", "distance_meters", "city", "address1", "address2"])
        #expect(object["type"] as? String == "restaurant")
        #expect(object["is_chain"] as? Bool == false)
        #expect(object["city"] is NSNull)
    }

    @Test("menu items decode with integer ids and one serving")
    func menuItems() throws {
        let response = try Wire.decode(
            GetRestaurantMenuItemsResponse.self,
            """
            {"items": [
              {"id": 4401, "name": "Harvest Bowl",
               "nutrients": {"calories": {"value": 705, "unit": "kcal"}, "sodium": {"value": 1150, "unit": "mg"}},
               "glycemic_index": null, "glycemic_load": 21,
               "servings": [{"id": 9901, "quantity": 1, "unit": "bowl", "scaling_factor": 1, "weight_grams": 480,
                             "is_primary": true}]},
              {"id": "4402", "name": null}
            ]}
            """
        )
        #expect(response.items[0].id == "4401")
        #expect(response.items[0].nutrients.sodium == NutrientAmount(value: 1150, unit: .milligrams))
        #expect(response.items[0].glycemicIndex == nil)
        #expect(response.items[0].glycemicLoad == 21)
        #expect(response.items[0].servings.first?.id == "9901")
        #expect(response.items[1] == RestaurantMenuItem(id: "4402"))
        let object = try Wire.object(response.items[0])
        #expect(Set(object.keys) == ["id", "name", "nutrients", "glycemic_index", "glycemic_load", "servings"])
    }

    @Test("menu search items decode every field")
    func menuSearchItems() throws {
        let response = try Wire.decode(
            SearchRestaurantMenuItemsResponse.self,
            """
            {"items": [
              {"type": "menu_item", "id": "5501", "name": "Chicken Burrito Bowl", "restaurant_name": "Chipotle",
               "is_chain": true, "nutrients": {"protein": {"value": 42, "unit": "g"}}, "glycemic_index": 55,
               "glycemic_load": 28.5, "image_url": "https://images.example.com/bowl.png", "distance_meters": 950,
               "servings": [{"id": "1", "quantity": 1, "unit": "bowl", "scaling_factor": null, "weight_grams": null,
                             "is_primary": true}]},
              {"type": "combo", "id": 5502}
            ]}
            """
        )
        let bowl = response.items[0]
        #expect(bowl.type == .menuItem)
        #expect(bowl.restaurantName == "Chipotle")
        #expect(bowl.isChain == true)
        #expect(bowl.nutrients.protein?.value == 42)
        #expect(bowl.glycemicIndex == 55)
        #expect(bowl.glycemicLoad == 28.5)
        #expect(bowl.imageURL?.host == "images.example.com")
        #expect(bowl.distanceMeters == 950)
        #expect(bowl.servings.count == 1)
        #expect(response.items[1].type == RestaurantResultType(rawValue: "combo"))
        #expect(response.items[1].id == "5502")
        #expect(response.items[1].servings.isEmpty)
        let object = try Wire.object(bowl)
        #expect(
            Set(object.keys) == [
                "type", "id", "name", "restaurant_name", "is_chain", "nutrients", "glycemic_index", "glycemic_load",
                "image_url", "distance_meters", "servings",
            ])
        #expect(object["type"] as? String == "menu_item")
    }
}
