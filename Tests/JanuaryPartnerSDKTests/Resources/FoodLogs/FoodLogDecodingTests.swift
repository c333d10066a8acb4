import Foundation
import JanuaryPartnerSDK
import Testing

@Suite("Food log decoding", suiteTimeLimit())
struct FoodLogDecodingTests {
    static let fullLog = """
        {
          "id": "3f2b9c1e-8d4a-4e6f-9b7a-2c1d0e5f6a7b",
          "foods": [{
            "food_id": "1234567",
            "name": "Banana",
            "brand_name": null,
            "image_url": "https://images.example/banana.jpg",
            "glycemic_index": 51,
            "glycemic_load": 13.2,
            "nutrients": {"calories": {"value": 105, "unit": "kcal"}, "fiber": {"value": 3.1, "unit": "g"}},
            "quantity": 1.5,
            "serving": {"id": "42", "quantity": 1, "unit": "medium", "weight_grams": 118},
            "a_field_from_the_future": true
          }],
          "eaten_at": "2026-08-26T18:35:11.123Z",
          "name": "Snack",
          "another_future_field": {"nested": [1, 2]}
        }
        """

    @Test("a complete log decodes field by field, ignoring unknown keys")
    func completeLog() throws {
        let log = try Wire.decode(FoodLog.self, Self.fullLog)
        #expect(log.id == "3f2b9c1e-8d4a-4e6f-9b7a-2c1d0e5f6a7b")
        #expect(log.eatenAt == utc("2026-08-26T18:35:11.123Z"))
        #expect(log.name == "Snack")
        let food = try #require(log.foods.first)
        #expect(food.foodID == "1234567")
        #expect(food.name == "Banana")
        #expect(food.brandName == nil)
        #expect(food.imageURL == URL(string: "https://images.example/banana.jpg"))
        #expect(food.glycemicIndex == 51)
        #expect(food.glycemicLoad == 13.2)
        #expect(food.nutrients.calories == NutrientAmount(value: 105, unit: .kilocalories))
        #expect(food.nutrients.protein == nil)
        #expect(food.quantity == 1.5)
        #expect(food.serving.id == "42")
        #expect(food.serving.weightGrams == 118)
    }

    @Test("nulls, missing keys and integer ids decode")
    func sparseLog() throws {
        let json = """
            {"id": null, "eaten_at": "2026-08-26T18:35:11Z",
             "foods": [{"food_id": 1234567, "serving": {"id": 42}, "nutrients": null, "quantity": null,
                        "image_url": "", "name": null}]}
            """
        let log = try Wire.decode(FoodLog.self, json)
        #expect(!log.isAddressable, "no identifier from January: a stand-in")
        #expect(log.name == nil)
        #expect(log.eatenAt == utc("2026-08-26T18:35:11Z"))
        let food = try #require(log.foods.first)
        #expect(food.foodID == "1234567")
        #expect(food.serving.id == "42")
        #expect(food.nutrients == NutritionFacts())
        #expect(food.quantity == nil)
        #expect(food.imageURL == nil)
        #expect(food.glycemicIndex == nil)

        let bare = try Wire.decode(FoodLog.self, #"{"eaten_at": "2026-08-26T11:35:11-07:00", "foods": null}"#)
        #expect(bare.foods.isEmpty)
        #expect(!bare.isAddressable)
        #expect(bare.id != log.id)
        #expect(bare.eatenAt == utc("2026-08-26T18:35:11Z"))
    }

    @Test(
        "a logged food's image URL that is not a string is dropped, not fatal, as on a catalogue food",
        arguments: ["42", "true", "{}", "[\"https://images.example/banana.jpg\"]"]
    )
    func badImageURL(imageURL: String) throws {
        let json = """
            {"eaten_at": "2026-08-26T18:35:11Z",
             "foods": [{"food_id": "1", "serving": {"id": "2"}, "image_url": \(imageURL)}]}
            """
        let log = try Wire.decode(FoodLog.self, json)
        #expect(log.foods.count == 1)
        #expect(log.foods.first?.imageURL == nil)
    }

    @Test("an unknown nutrient unit decodes as itself")
    func unknownUnit() throws {
        let json = """
            {"eaten_at": "2026-08-26T18:35:11.000Z",
             "foods": [{"food_id": "1", "serving": {"id": "2"}, "nutrients": {"iron": {"value": 2, "unit": "µg"}}}]}
            """
        let log = try Wire.decode(FoodLog.self, json)
        #expect(log.foods.first?.nutrients.iron?.unit.rawValue == "µg")
    }

    @Test(
        "a log without a time, or a food without its identity, does not decode",
        arguments: [
            #"{"foods": []}"#, #"{"foods": [], "eaten_at": null}"#, #"{"foods": [], "eaten_at": "2026-08-26"}"#,
            #"{"foods": [], "eaten_at": "yesterday"}"#,
            #"{"eaten_at": "2026-08-26T18:35:11Z", "foods": [{"serving": {"id": "2"}}]}"#,
            #"{"eaten_at": "2026-08-26T18:35:11Z", "foods": [{"food_id": "1"}]}"#,
        ]
    )
    func requiredFields(json: String) {
        #expect(throws: DecodingError.self) { try Wire.decode(FoodLog.self, json) }
    }

    @Test("a log round-trips through its own encoding")
    func roundTrip() throws {
        let log = try Wire.decode(FoodLog.self, Self.fullLog)
        let data = try JSONEncoder().encode(log)
        #expect(try JSONDecoder().decode(FoodLog.self, from: data) == log)
        let object = try Wire.object(log)
        #expect(object["eaten_at"] as? String == "2026-08-26T18:35:11.123Z")
        #expect(Set(object.keys) == ["id", "foods", "eaten_at", "name"])
    }

    @Test("a weekly summary decodes with its buckets, totals and average")
    func summary() throws {
        let json = """
            {"group_by": "week", "week_start": "sunday", "timezone": "America/Los_Angeles",
             "start_date": "2026-03-04", "end_date": "2026-03-10",
             "buckets": [
               {"start_date": "2026-03-04", "end_date": "2026-03-07", "logs_count": 3, "days_with_logs": 2,
                "nutrients": {"calories": {"value": 1500, "unit": "kcal"}}},
               {"start_date": "2026-03-08", "end_date": "2026-03-10", "logs_count": 0, "days_with_logs": 0,
                "nutrients": {}}],
             "totals": {"logs_count": 3, "days_with_logs": 2, "nutrients": {"calories": {"value": 1500, "unit": "kcal"}}},
             "average_per_logged_day": {"nutrients": {"calories": {"value": 750, "unit": "kcal"}}}}
            """
        let summary = try Wire.decode(FoodLogSummary.self, json)
        #expect(summary.groupBy == .week)
        #expect(summary.weekStart == .sunday)
        #expect(summary.timeZoneIdentifier == "America/Los_Angeles")
        #expect(summary.startDate == day("2026-03-04"))
        #expect(summary.endDate == day("2026-03-10"))
        #expect(summary.buckets.map(\.logsCount) == [3, 0])
        #expect(summary.buckets[0].endDate == day("2026-03-07"))
        #expect(summary.buckets[1].nutrients == NutritionFacts())
        #expect(summary.totals.daysWithLogs == 2)
        #expect(summary.averagePerLoggedDay.nutrients.calories?.value == 750)
        #expect(try JSONDecoder().decode(FoodLogSummary.self, from: JSONEncoder().encode(summary)) == summary)
    }

    @Test("a summary tolerates nulls, missing parts and groupings it does not know")
    func sparseSummary() throws {
        let json = """
            {"group_by": "month", "week_start": null, "timezone": "UTC", "start_date": "2026-03-01",
             "end_date": "2026-03-01", "buckets": [{"start_date": "2026-03-01", "end_date": "2026-03-01",
             "logs_count": null}], "totals": null}
            """
        let summary = try Wire.decode(FoodLogSummary.self, json)
        #expect(summary.groupBy.rawValue == "month")
        #expect(summary.weekStart == nil)
        #expect(summary.buckets.first?.logsCount == 0)
        #expect(summary.buckets.first?.nutrients == NutritionFacts())
        #expect(summary.totals == FoodLogSummaryTotals(logsCount: 0, daysWithLogs: 0, nutrients: NutritionFacts()))
        #expect(summary.averagePerLoggedDay.nutrients == NutritionFacts())
    }

    @Test(
        "a summary without its grouping, zone or dates does not decode",
        arguments: [
            #"{"timezone": "UTC", "start_date": "2026-03-01", "end_date": "2026-03-01"}"#,
            #"{"group_by": "day", "start_date": "2026-03-01", "end_date": "2026-03-01"}"#,
            #"{"group_by": "day", "timezone": "UTC", "end_date": "2026-03-01"}"#,
            #"{"group_by": "day", "timezone": "UTC", "start_date": "2026-03-01", "end_date": "2026-02-30"}"#,
        ]
    )
    func summaryRequiredFields(json: String) {
        #expect(throws: DecodingError.self) { try Wire.decode(FoodLogSummary.self, json) }
    }
}
