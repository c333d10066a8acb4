import Foundation
import Testing

@testable import JanuaryTestServer

@Suite("Simulator food analysis", suiteTimeLimit())
struct FoodAnalysisTests {
    struct Portion: Sendable, Equatable, CustomStringConvertible {
        let id: String
        let quantity: Double
        let serving: String
        var description: String { "\(quantity)×\(id)/\(serving)" }
    }

    static func portions(_ scan: JSONValue) -> [Portion] {
        (scan["detections"]?.arrayValue ?? []).map {
            Portion(
                id: $0["food"]?["id"]?.stringValue ?? "",
                quantity: $0["food"]?["quantity"]?.doubleValue ?? 0,
                serving: $0["food"]?["serving"]?["id"]?.stringValue ?? ""
            )
        }
    }

    static let descriptions: [(String, [Portion])] = [
        (
            "2 eggs and a banana",
            [
                Portion(id: "1003", quantity: 2, serving: "5006"),
                Portion(id: "1001", quantity: 1, serving: "5001"),
            ]
        ),
        ("a cup of oatmeal", [Portion(id: "1004", quantity: 1, serving: "5008")]),
        ("half an avocado", [Portion(id: "1005", quantity: 0.5, serving: "5010")]),
        (
            "Two slices of whole wheat toast, black coffee",
            [
                Portion(id: "1011", quantity: 2, serving: "5022"),
                Portion(id: "1020", quantity: 1, serving: "5036"),
            ]
        ),
        (
            "6 oz salmon with 1/2 cup brown rice",
            [
                Portion(id: "1009", quantity: 2, serving: "5019"),
                Portion(id: "1007", quantity: 0.5, serving: "5014"),
            ]
        ),
        ("150 grams of white rice", [Portion(id: "1006", quantity: 1.5, serving: "5013")]),
        ("cauliflower rice", [Portion(id: "1040", quantity: 1, serving: "5057")]),
        ("blueberries", [Portion(id: "1018", quantity: 1, serving: "5034")]),
        ("a dozen almonds", [Portion(id: "1016", quantity: 12, serving: "5030")]),
        ("a couple of apples", [Portion(id: "1002", quantity: 2, serving: "5004")]),
        ("nothing I know", []),
    ]

    @Test(arguments: descriptions)
    func textAnalysisRecognisesFoodsAndPortions(_ text: String, _ expected: [Portion]) async throws {
        let harness = try SimulatorHarness()
        let reply = try await harness.call("POST", "/v1.2/food-analysis/text", body: #"{"text":"\#(text)"}"#)
        #expect(reply.status == 200)
        #expect(Self.portions(reply.json) == expected)
        #expect(reply.json["meal_name"]?.isNull == true)
        #expect(reply.json["detections"]?.arrayValue?.allSatisfy { $0["confidence"]?.isNull == true } == true)
    }

    @Test func detectionsCarryScaledNutrientsAndTotalsSumThem() async throws {
        let harness = try SimulatorHarness()
        let reply = try await harness.call(
            "POST",
            "/v1.2/food-analysis/text",
            body: #"{"text":"2 eggs and half an avocado"}"#
        )
        let egg = try #require(reply.json["detections"]?[0]?["food"])
        #expect(egg["name"]?.stringValue == "egg")
        #expect(egg["brand_name"]?.isNull == true)
        #expect(egg["nutrients"]?["calories"]?["value"]?.doubleValue == 156)
        #expect(egg["nutrients"]?["protein"]?["value"]?.doubleValue == 12.6)
        #expect(egg["serving"]?.objectValue?.keys.sorted() == ["id", "quantity", "unit", "weight_grams"])
        #expect(egg["serving"]?["unit"]?.stringValue == "large")
        #expect(reply.json["total_nutrients"]?["calories"]?["value"]?.doubleValue == 276)
        #expect(reply.json["total_nutrients"]?["total_fat"]?["value"]?.doubleValue == 21.6)
        #expect(reply.json["total_nutrients"]?["vitamin_d"]?["unit"]?.stringValue == "IU")
    }

    @Test(arguments: [#"{}"#, #"{"text":""}"#, #"{"text":5}"#, "{\"text\":\"\(String(repeating: "a", count: 513))\"}"])
    func textAnalysisValidatesText(_ body: String) async throws {
        let harness = try SimulatorHarness()
        let reply = try await harness.call("POST", "/v1.2/food-analysis/text", body: body)
        reply.expect(status: 400, code: "invalid_request")
        #expect(reply.json["message"]?.stringValue?.contains("`text`") == true)
    }

    static let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46, 0x00, 0x01])
    static let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D])

    @Test func photoAnalysisIsDeterministicAndNamesTheMeal() async throws {
        let harness = try SimulatorHarness()
        var names: Set<String> = []
        for index in 0..<12 {
            let image = "data:image/jpeg;base64," + (Self.jpeg + Data([UInt8(index)])).base64EncodedString()
            let first = try await harness.call("POST", "/v1.2/food-analysis/image", body: #"{"image":"\#(image)"}"#)
            let again = try await harness.call("POST", "/v1.2/food-analysis/image", body: #"{"image":"\#(image)"}"#)
            #expect(first.status == 200)
            #expect(first.data == again.data)
            let name = try #require(first.json["meal_name"]?.stringValue)
            names.insert(name)
            #expect(ImageAnalyzer.meals.map(\.name).contains(name))
            #expect(first.json["detections"]?[0]?["confidence"]?.stringValue == "high")
            #expect(first.json["detections"]?.count ?? 0 >= 2)
        }
        #expect(names.count >= 3)
    }

    @Test func photoURLsThatNameFoodsAreRead() async throws {
        let harness = try SimulatorHarness()
        let reply = try await harness.call(
            "POST",
            "/v1.2/food-analysis/image",
            body: #"{"image":"https://photos.example.com/lunch/2-eggs-and-toast.jpg"}"#
        )
        #expect(
            Self.portions(reply.json) == [
                Portion(id: "1003", quantity: 2, serving: "5006"),
                Portion(id: "1011", quantity: 1, serving: "5022"),
            ])
        #expect(reply.json["meal_name"]?.stringValue == "Egg and whole wheat bread")
        #expect(
            reply.json["detections"]?.arrayValue?.compactMap { $0["confidence"]?.stringValue } == ["high", "medium"])
        let standard = try await harness.call(
            "POST",
            "/v1.2/food-analysis/image",
            body: #"{"image":"https://photos.example.com/lunch/2-eggs-and-toast.jpg","reasoning":{"effort":"none"}}"#
        )
        #expect(
            standard.json["detections"]?.arrayValue?.compactMap { $0["confidence"]?.stringValue } == ["medium", "low"])
        let unnamed = try await harness.call(
            "POST",
            "/v1.2/food-analysis/image",
            body: #"{"image":"https://photos.example.com/IMG_0001.jpg"}"#
        )
        #expect(ImageAnalyzer.meals.map(\.name).contains(unnamed.json["meal_name"]?.stringValue ?? ""))
    }

    static let badImages: [(String, Int, String)] = [
        (#"{}"#, 400, "invalid_request"),
        (#"{"image":"ftp://example.com/a.jpg"}"#, 400, "invalid_request"),
        (#"{"image":"not a url"}"#, 400, "invalid_request"),
        (#"{"image":"https://photos.example.com/barcode.jpg"}"#, 400, "invalid_request"),
        (#"{"image":"https://unreachable.example.com/a.jpg"}"#, 400, "image_unreachable"),
        (#"{"image":"data:image/bmp;base64,Qk0="}"#, 400, "image_format_unsupported"),
        (#"{"image":"data:image/heic;base64,AAAA"}"#, 400, "image_format_unsupported"),
        (#"{"image":"data:image/png;base64,@@@not-base64@@@"}"#, 400, "image_invalid_base64"),
        (#"{"image":"data:image/png,abc"}"#, 400, "image_invalid_base64"),
        (#"{"image":"data:image/png;base64,aGVsbG8gd29ybGQ="}"#, 400, "image_corrupt"),
        (#"{"image":"https://example.com/a.jpg","reasoning":{"effort":"medium"}}"#, 400, "invalid_request"),
        (#"{"image":"https://example.com/a.jpg","reasoning":{}}"#, 400, "invalid_request"),
    ]

    @Test(arguments: badImages)
    func photoAnalysisRefusesBadImages(_ body: String, _ status: Int, _ code: String) async throws {
        let harness = try SimulatorHarness()
        let reply = try await harness.call("POST", "/v1.2/food-analysis/image", body: body)
        reply.expect(status: status, code: code)
    }

    @Test func photoBodiesOverFiveMegabytesAreTooLarge() async throws {
        let harness = try SimulatorHarness()
        let payload = (Self.png + Data(count: 4 * 1024 * 1024)).base64EncodedString()
        let reply = try await harness.call(
            "POST",
            "/v1.2/food-analysis/image",
            body: #"{"image":"data:image/png;base64,\#(payload)"}"#
        )
        reply.expect(status: 413, code: "payload_too_large")
    }

    /// A scan to correct: 2 eggs, 1 slice of toast, 1 cup of orange juice.
    static func scan(_ harness: SimulatorHarness) async throws -> String {
        let reply = try await harness.call(
            "POST",
            "/v1.2/food-analysis/image",
            body: #"{"image":"https://photos.example.com/2-eggs-toast-orange-juice.jpg"}"#
        )
        return reply.json.serialized
    }

    static let corrections: [(String, [Portion])] = [
        (
            "double it",
            [
                Portion(id: "1003", quantity: 4, serving: "5006"), Portion(id: "1011", quantity: 2, serving: "5022"),
                Portion(id: "1015", quantity: 2, serving: "5029"),
            ]
        ),
        (
            "half the orange juice",
            [
                Portion(id: "1003", quantity: 2, serving: "5006"),
                Portion(id: "1011", quantity: 1, serving: "5022"),
                Portion(id: "1015", quantity: 0.5, serving: "5029"),
            ]
        ),
        (
            "remove the toast",
            [
                Portion(id: "1003", quantity: 2, serving: "5006"),
                Portion(id: "1015", quantity: 1, serving: "5029"),
            ]
        ),
        (
            "no juice, 3 eggs",
            [
                Portion(id: "1003", quantity: 3, serving: "5006"),
                Portion(id: "1011", quantity: 1, serving: "5022"),
            ]
        ),
        (
            "add a banana",
            [
                Portion(id: "1003", quantity: 2, serving: "5006"), Portion(id: "1011", quantity: 1, serving: "5022"),
                Portion(id: "1015", quantity: 1, serving: "5029"), Portion(id: "1001", quantity: 1, serving: "5001"),
            ]
        ),
        (
            "replace the toast with white bread",
            [
                Portion(id: "1003", quantity: 2, serving: "5006"),
                Portion(id: "1012", quantity: 1, serving: "5024"),
                Portion(id: "1015", quantity: 1, serving: "5029"),
            ]
        ),
        (
            "it looks great",
            [
                Portion(id: "1003", quantity: 2, serving: "5006"), Portion(id: "1011", quantity: 1, serving: "5022"),
                Portion(id: "1015", quantity: 1, serving: "5029"),
            ]
        ),
    ]

    @Test(arguments: corrections)
    func correctionsApplyDocumentedInstructions(_ instruction: String, _ expected: [Portion]) async throws {
        let harness = try SimulatorHarness()
        let analysis = try await Self.scan(harness)
        let reply = try await harness.call(
            "POST",
            "/v1.2/food-analysis/corrections",
            body: #"{"analysis":\#(analysis),"instruction":"\#(instruction)"}"#
        )
        #expect(reply.status == 200)
        #expect(Self.portions(reply.json) == expected)
        #expect(reply.json["meal_name"]?.stringValue == "Egg and whole wheat bread and orange juice")
        #expect(reply.json["detections"]?.arrayValue?.allSatisfy { $0["confidence"]?.isNull == true } == true)
        let summed = (reply.json["detections"]?.arrayValue ?? []).reduce(0.0) {
            $0 + ($1["food"]?["nutrients"]?["calories"]?["value"]?.doubleValue ?? 0)
        }
        let total = reply.json["total_nutrients"]?["calories"]?["value"]?.doubleValue ?? -1
        #expect(abs(total - summed) < 0.011)
    }

    @Test func correctionsDoubleScalesNutrients() async throws {
        let harness = try SimulatorHarness()
        let analysis = try await Self.scan(harness)
        let reply = try await harness.call(
            "POST",
            "/v1.2/food-analysis/corrections",
            body: #"{"analysis":\#(analysis),"instruction":"double the eggs"}"#
        )
        #expect(reply.json["detections"]?[0]?["food"]?["nutrients"]?["calories"]?["value"]?.doubleValue == 312)
    }

    @Test func correctionsDropDetectionsWithNullNameOrUnitAndKeepANullMealName() async throws {
        let harness = try SimulatorHarness()
        let body = #"""
            {"analysis":{"meal_name":null,"detections":[
              {"confidence":"high","food":{"name":null,"brand_name":null,"id":"1003","quantity":1,"nutrients":{},
               "serving":{"id":"5006","quantity":1,"unit":"large"}}},
              {"confidence":null,"food":{"name":"banana","brand_name":null,"id":"1001","quantity":1,
               "nutrients":{"calories":{"value":105,"unit":"kcal"}},
               "serving":{"id":"5001","quantity":1,"unit":null,"weight_grams":118}}},
              {"confidence":"low","food":{"name":"apple","brand_name":null,"id":"1002","quantity":2,
               "nutrients":{"calories":{"value":190,"unit":"kcal"}},
               "serving":{"id":"5004","quantity":1,"unit":"medium"}}}
            ]},"instruction":"looks right"}
            """#
        let reply = try await harness.call("POST", "/v1.2/food-analysis/corrections", body: body)
        #expect(reply.status == 200)
        #expect(reply.json["meal_name"]?.isNull == true)
        #expect(Self.portions(reply.json) == [Portion(id: "1002", quantity: 2, serving: "5004")])
        let nutrients = reply.json["detections"]?[0]?["food"]?["nutrients"]
        #expect(nutrients?["calories"]?["value"]?.doubleValue == 190)
        #expect(nutrients?["sodium"]?["value"]?.doubleValue == 0)  // filled in
        #expect(reply.json["detections"]?[0]?["food"]?["serving"]?["weight_grams"]?.isNull == true)
    }

    static let incomplete: [(String, String)] = [
        (#"{"analysis":{"detections":[]}}"#, "`instruction`"),
        (#"{"instruction":"x"}"#, "`analysis`"),
        (#"{"analysis":{},"instruction":"x"}"#, "`analysis.detections`"),
        (#"{"analysis":{"detections":[{"food":{}}]},"instruction":"x"}"#, "`analysis.detections[0].confidence`"),
        (
            #"{"analysis":{"detections":[{"confidence":null,"food":{"name":"egg","brand_name":null,"id":"1003","quantity":1,"nutrients":{},"serving":{"quantity":1,"unit":"large"}}}]},"instruction":"x"}"#,
            "`analysis.detections[0].food.serving.id`"
        ),
        (
            #"{"analysis":{"detections":[{"confidence":null,"food":{"name":"egg","brand_name":null,"id":"1003","quantity":0,"nutrients":{},"serving":{"id":"5006","quantity":1,"unit":"large"}}}]},"instruction":"x"}"#,
            "`analysis.detections[0].food.quantity`"
        ),
        (
            #"{"analysis":{"detections":[{"confidence":null,"food":{"name":"egg","brand_name":null,"id":"1003","quantity":1,"nutrients":{"sodium":{"value":-1,"unit":"mg"}},"serving":{"id":"5006","quantity":1,"unit":"large"}}}]},"instruction":"x"}"#,
            "`analysis.detections[0].food.nutrients.sodium`"
        ),
        (
            "{\"analysis\":{\"detections\":[]},\"instruction\":\"\(String(repeating: "x", count: 1001))\"}",
            "`instruction`"
        ),
    ]

    @Test(arguments: incomplete)
    func correctionsNameTheIncompleteField(_ body: String, _ field: String) async throws {
        let harness = try SimulatorHarness()
        let reply = try await harness.call("POST", "/v1.2/food-analysis/corrections", body: body)
        reply.expect(status: 400, code: "invalid_request", naming: field)
    }
}
