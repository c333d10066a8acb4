import Foundation
import JanuaryCoreTesting
import Testing

@testable import JanuaryPartnerSDK

@Suite("Catalogue identifiers", suiteTimeLimit())
struct IdentifierTests {
    struct Holder: Codable {
        var food: FoodID
        var serving: ServingID
        var restaurant: RestaurantID
        var log: FoodLogID
    }

    @Test("ids decode from JSON strings and integers and encode as strings")
    func decodesStringsAndIntegers() throws {
        let holder = try Wire.decode(
            Holder.self,
            #"{"food": 1234567, "serving": "42", "restaurant": "53fc3b8a-e6bf", "log": 17}"#
        )
        #expect(holder.food == "1234567")
        #expect(holder.serving == ServingID(rawValue: "42"))
        #expect(holder.restaurant.rawValue == "53fc3b8a-e6bf")
        #expect(holder.log.description == "17")
        let object = try Wire.object(holder)
        #expect(object["food"] as? String == "1234567")
        #expect(object["serving"] as? String == "42")
        #expect(object["log"] as? String == "17")
    }

    @Test("ids refuse values that are neither strings nor integers", arguments: ["1.5", "true", "null", "{}", "[1]"])
    func refusesOtherJSON(value: String) {
        #expect(throws: DecodingError.self) {
            try Wire.decode(Holder.self, #"{"food": \#(value), "serving": "1", "restaurant": "r", "log": "l"}"#)
        }
    }

    @Test(
        "food and serving ids follow ^[1-9][0-9]{0,9}$",
        arguments: [
            ("1", true), ("9", true), ("1234567890", true), ("12345678901", false), ("0", false), ("012", false),
            ("", false), ("12a", false), ("-1", false), ("1 ", false), ("١٢", false), ("1/2", false),
        ]
    )
    func numericIDPattern(raw: String, valid: Bool) {
        #expect(FoodID(rawValue: raw).isWellFormed == valid)
        #expect(ServingID(rawValue: raw).isWellFormed == valid)
    }

    @Test(
        "restaurant ids follow ^[A-Za-z0-9_-]{1,64}$",
        arguments: [
            ("53fc3b8a-e6bf-404d-83c8-9f42124d1bee", true), ("a", true), ("A_b-9", true),
            (String(repeating: "x", count: 64), true), (String(repeating: "x", count: 65), false), ("", false),
            ("a/b", false), ("a b", false), ("..", false), ("é", false), ("a%2F", false),
        ]
    )
    func restaurantIDPattern(raw: String, valid: Bool) {
        #expect(RestaurantID(rawValue: raw).isWellFormed == valid)
    }

    @Test("food log ids are UUIDs")
    func foodLogIDs() {
        #expect(FoodLogID(rawValue: "3f2b9c1e-8d4a-4e6f-9b7a-2c1d0e5f6a7b").isWellFormed)
        #expect(!FoodLogID(rawValue: "3f2b9c1e").isWellFormed)
        #expect(!FoodLogID(rawValue: "").isWellFormed)
    }

    @Test("a malformed id is refused naming the field, not the value")
    func validateNamesTheField() async throws {
        try await requireRefusedLocally(naming: "request.foodID", hiding: ["abc-secret"]) {
            try FoodID(rawValue: "abc-secret").validate(field: "request.foodID")
        }
    }
}
