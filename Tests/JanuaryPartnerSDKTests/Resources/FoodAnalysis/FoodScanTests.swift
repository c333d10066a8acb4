import Foundation
import JanuaryPartnerSDK
import Testing

@Suite("Food analysis results", suiteTimeLimit())
struct FoodScanTests {
    static let photoScan = """
        {
          "meal_name": "Oatmeal with blueberries",
          "total_nutrients": {"calories": {"value": 230, "unit": "kcal"}, "fiber": {"value": 6.1, "unit": "g"}},
          "detections": [
            {"confidence": "high",
             "food": {"name": "oatmeal", "brand_name": null, "id": 20001, "quantity": 1.5,
                      "serving": {"id": 31, "quantity": 1, "unit": "cup", "weight_grams": 234},
                      "nutrients": {"calories": {"value": 188, "unit": "kcal"}}}},
            {"confidence": "very_high",
             "food": {"name": "blueberries", "brand_name": null, "id": "20002", "quantity": 0.25,
                      "serving": {"id": "32", "quantity": 1, "unit": "cup", "weight_grams": null},
                      "nutrients": {"calories": {"value": 42, "unit": "kcal"}}}},
            {"confidence": null,
             "food": {"name": null, "brand_name": "Acme", "id": "20003", "quantity": null, "serving": null,
                      "nutrients": {}}}
          ],
          "model_version": "2026-11"
        }
        """

    @Test("a photo analysis decodes with confidences, integer ids, unknown grades and missing portions")
    func photoScan() throws {
        let scan = try Wire.decode(FoodScan.self, Self.photoScan)
        #expect(scan.mealName == "Oatmeal with blueberries")
        #expect(scan.totalNutrients.calories?.value == 230)
        #expect(scan.totalNutrients.fiber?.value == 6.1)
        #expect(scan.detections.count == 3)

        let oatmeal = scan.detections[0]
        #expect(oatmeal.confidence == .high)
        #expect(oatmeal.food.id == "20001")
        #expect(oatmeal.food.quantity == 1.5)
        #expect(oatmeal.food.serving == ServingSummary(id: "31", quantity: 1, unit: "cup", weightGrams: 234))
        #expect(oatmeal.food.amount == 1.5)
        #expect(oatmeal.food.unit == "cup")
        #expect(oatmeal.food.grams == 351)
        #expect(oatmeal.food.nutrients.calories?.value == 188, "already scaled; nothing to multiply")

        #expect(scan.detections[1].confidence == Confidence(rawValue: "very_high"))
        #expect(scan.detections[1].food.grams == nil)
        #expect(scan.detections[2].confidence == nil)
        #expect(scan.detections[2].food.loggableFood == nil)
    }

    @Test("loggable foods carry each detection's food id, serving id and quantity, skipping incomplete ones")
    func loggableFoods() throws {
        let scan = try Wire.decode(FoodScan.self, Self.photoScan)
        #expect(
            scan.loggableFoods == [
                FoodLogInputFood(foodID: "20001", servingID: "31", quantity: 1.5),
                FoodLogInputFood(foodID: "20002", servingID: "32", quantity: 0.25),
            ])
    }

    @Test("a text analysis has no meal name and no confidences")
    func textScan() throws {
        let scan = try Wire.decode(
            FoodScan.self,
            """
            {"meal_name": null, "total_nutrients": {},
             "detections": [{"confidence": null, "food": {"name": "egg", "brand_name": null, "id": "1",
               "quantity": 2, "serving": {"id": "2", "quantity": 1, "unit": "large", "weight_grams": 50},
               "nutrients": {"protein": {"value": 12.6, "unit": "g"}}}}]}
            """
        )
        #expect(scan.mealName == nil)
        #expect(scan.totalNutrients.isEmpty)
        #expect(scan.detections.first?.confidence == nil)
        #expect(scan.detections.first?.food.grams == 100)
    }

    @Test("an empty or sparse analysis decodes; a detection without a food or a food without an id does not")
    func sparseScans() throws {
        let empty = try Wire.decode(FoodScan.self, "{}")
        #expect(empty.detections.isEmpty)
        #expect(empty.mealName == nil)
        #expect(empty.totalNutrients.isEmpty)
        #expect(throws: DecodingError.self) {
            try Wire.decode(FoodScan.self, #"{"detections": [{"confidence": "low"}]}"#)
        }
        #expect(throws: DecodingError.self) {
            try Wire.decode(FoodScan.self, #"{"detections": [{"confidence": "low", "food": {"name": "x"}}]}"#)
        }
    }

    @Test("the older confidence_score key is read")
    func olderConfidenceKey() throws {
        let detection = try Wire.decode(
            FoodDetection.self, #"{"confidence_score": "medium", "food": {"id": "1", "quantity": 1}}"#)
        #expect(detection.confidence == .medium)
    }

    @Test("a scan encodes every key a correction requires, with explicit nulls")
    func encodesForCorrection() throws {
        let scan = try Wire.decode(FoodScan.self, Self.photoScan)
        let object = try Wire.object(scan)
        #expect(Set(object.keys) == ["meal_name", "total_nutrients", "detections"])
        let detections = try #require(object["detections"] as? [[String: Any]])
        #expect(detections.count == 3)
        #expect(Set(detections[0].keys) == ["confidence", "food"])
        #expect(detections[0]["confidence"] as? String == "high")
        #expect(detections[2]["confidence"] is NSNull, "a correction requires the key even when null")
        let food = try #require(detections[0]["food"] as? [String: Any])
        #expect(Set(food.keys) == ["name", "brand_name", "id", "quantity", "serving", "nutrients"])
        #expect(food["id"] as? String == "20001")
        #expect(food["brand_name"] is NSNull)
        let serving = try #require(food["serving"] as? [String: Any])
        #expect(Set(serving.keys) == ["id", "quantity", "unit", "weight_grams"])
        #expect(serving["id"] as? String == "31")
        let blueberries = try #require(detections[1]["food"] as? [String: Any])
        #expect((blueberries["serving"] as? [String: Any])?["weight_grams"] is NSNull)
        let decodedBack = try Wire.decode(
            FoodScan.self, String(decoding: try JSONEncoder().encode(scan), as: UTF8.self))
        #expect(decodedBack == scan)
    }

    @Test("confidence and reasoning vocabularies have their wire strings")
    func vocabularies() {
        #expect([Confidence.high, .medium, .low].map(\.rawValue) == ["high", "medium", "low"])
        #expect(AnalysisReasoningEffort.noReasoning.rawValue == "none")
        #expect(AnalysisReasoningEffort.xhigh.rawValue == "xhigh")
    }
}
