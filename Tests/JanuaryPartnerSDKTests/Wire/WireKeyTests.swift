import Foundation
import JanuaryCoreTesting
import Testing

@testable import JanuaryPartnerSDK

/// The models whose coding the compiler used to synthesise from a `CodingKeys` enum now spell it out with
/// `WireKey`: each must still read January's keys and write exactly what the synthesised code wrote (a non-optional
/// value always, an optional one only when present).
@Suite("Wire keys", suiteTimeLimit())
struct WireKeyTests {
    /// A model's JSON in January's keys, and what the SDK writes after reading it (sorted keys, as JanuaryJSON
    /// writes them); `nil` when that is the same text.
    struct Case: Sendable, CustomTestStringConvertible {
        let model: String
        let json: String
        let written: String?
        let roundTrip: @Sendable (Data) throws -> Data

        var testDescription: String { "\(model) \(json)" }
    }

    static func of<Model: Codable & Sendable>(_ type: Model.Type, _ json: String, writes written: String? = nil) -> Case
    {
        Case(model: "\(Model.self)", json: json, written: written) { data in
            try JanuaryJSON.encode(try JanuaryJSON.makeDecoder().decode(Model.self, from: data))
        }
    }

    static let cases: [Case] = [
        of(Weight.self, #"{"unit":"lb","value":150.5}"#),
        of(NutrientAmount.self, #"{"unit":"kcal","value":105}"#),
        of(Height.self, #"{"unit":"cm","value":172}"#),
        of(WaterAmount.self, #"{"unit":"fl_oz","value":8}"#),
        of(Volume.self, #"{"unit":"ml","value":250}"#),
        of(GlucosePredictionPoint.self, #"{"minutes":15,"value":110.5}"#),
        of(GlucoseChart.self, #"{"max":180,"min":70}"#),
        of(GlucoseChart.self, #"{}"#, writes: #"{"max":null,"min":null}"#),
        of(DailyWeight.self, #"{"date":"2026-01-02","weight":{"unit":"kg","value":70}}"#),
        of(DailyWaterTotal.self, #"{"date":"2026-01-02","total":{"unit":"ml","value":500}}"#),
        of(FoodLogInputFood.self, #"{"food_id":"1001","quantity":1.5,"serving_id":"2002"}"#),
        of(
            FoodLogSummaryBucket.self,
            #"{"days_with_logs":1,"end_date":"2026-01-07","logs_count":3,"nutrients":{},"start_date":"2026-01-01"}"#
        ),
        of(
            FoodLogSummaryBucket.self, #"{"end_date":"2026-01-07","start_date":"2026-01-01"}"#,
            writes:
                #"{"days_with_logs":0,"end_date":"2026-01-07","logs_count":0,"nutrients":{},"start_date":"2026-01-01"}"#
        ),
        of(
            FoodLogSummaryTotals.self,
            #"{"days_with_logs":2,"logs_count":4,"nutrients":{"fiber":{"unit":"g","value":3}}}"#),
        of(FoodLogSummaryAverage.self, #"{"nutrients":{"calories":{"unit":"kcal","value":90}}}"#),
        of(FoodSearchResults.self, #"{"items":[]}"#),
        of(AutocompleteFoodsResponse.self, #"{}"#, writes: #"{"items":[]}"#),
        of(SuggestFoodAlternativesResponse.self, #"{"alternatives":[]}"#),
        of(SearchRestaurantsResponse.self, #"{"items":[]}"#),
        of(SearchRestaurantMenuItemsResponse.self, #"{"items":[]}"#),
        of(GetRestaurantMenuItemsResponse.self, #"{"items":[]}"#),
        of(
            ServingSummary.self, #"{"id":"s1","quantity":1,"unit":"cup","weight_grams":240}"#
        ),
        of(
            ServingSummary.self, #"{"id":"s1"}"#,
            writes: #"{"id":"s1","quantity":null,"unit":null,"weight_grams":null}"#),
        of(
            ServingOption.self,
            #"{"id":"s1","is_primary":true,"quantity":1,"scaling_factor":2.4,"unit":"cup","weight_grams":240}"#
        ),
        of(
            Restaurant.self,
            #"{"address1":"1 Main St","address2":null,"city":"Oakland","distance_meters":120.5,"id":"r1","is_chain":false,"name":"Cafe","type":"restaurant"}"#
        ),
    ]

    @Test("a formerly synthesised model reads January's keys and writes what it wrote before", arguments: cases)
    func roundTrip(_ example: Case) throws {
        let written = try example.roundTrip(Data(example.json.utf8))
        #expect(String(decoding: written, as: UTF8.self) == example.written ?? example.json)
    }

    @Test(
        "a key a model cannot do without is still required",
        arguments: [
            of(Weight.self, #"{"value":150.5}"#), of(FoodLogInputFood.self, #"{"food_id":"1001","quantity":1}"#),
            of(ServingOption.self, #"{"quantity":1}"#), of(Restaurant.self, #"{"name":"Cafe"}"#),
            of(DailyWaterTotal.self, #"{"date":"2026-01-02"}"#),
        ]
    )
    func requiredKey(_ example: Case) {
        #expect(throws: DecodingError.self) { try example.roundTrip(Data(example.json.utf8)) }
    }

    @Test("a key is its wire string, with no integer form")
    func key() {
        let key = WireKey("food_id")
        #expect(key.stringValue == "food_id")
        #expect(key.intValue == nil)
        #expect(WireKey(intValue: 0) == nil)
        #expect(WireKey(stringValue: "id").stringValue == "id")
    }
}
