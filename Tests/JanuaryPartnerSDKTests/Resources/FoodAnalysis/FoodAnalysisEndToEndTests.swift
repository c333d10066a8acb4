import Foundation
import JanuaryPartnerSDK
import JanuaryPartnerSDKTestSupport
import JanuaryTestServer
import Testing

/// `client.foodAnalysis` through the real URLSession against the simulator's deterministic text and photo
/// analysis and its corrections.
@Suite("Food analysis end to end", suiteTimeLimit())
struct FoodAnalysisEndToEndTests {
    @Test("\"2 eggs and a banana\" gives two detections with their portions and the meal's totals")
    func describeBreakfast() async throws {
        let harness = try ClientHarness()
        let scan = try await harness.client.foodAnalysis.analyzeDescription("2 eggs and a banana")
        #expect(scan.mealName == nil)
        #expect(scan.detections.map(\.food.id) == ["1003", "1001"])
        #expect(scan.detections.map(\.food.quantity) == [2, 1])
        #expect(scan.detections.map(\.food.serving?.id) == ["5006", "5001"])
        #expect(scan.detections.map(\.food.unit) == ["large", "medium"])
        #expect(scan.detections.allSatisfy { $0.confidence == nil })
        let egg = scan.detections[0].food
        #expect(egg.name == "egg")
        #expect(EndToEnd.close(egg.nutrients.calories?.value, 2 * 78))
        #expect(egg.grams == 100)
        // Egg ×2 (78 kcal, 6.3 g protein, 0.6 g carbohydrates, 5.3 g fat each) + banana (105, 1.3, 27, 0.4).
        #expect(EndToEnd.close(scan.totalNutrients.calories?.value, 261))
        #expect(EndToEnd.close(scan.totalNutrients.protein?.value, 13.9))
        #expect(EndToEnd.close(scan.totalNutrients.carbohydrates?.value, 28.2))
        #expect(EndToEnd.close(scan.totalNutrients.totalFat?.value, 11))
        #expect(scan.totalNutrients.calories?.unit == .kilocalories)
        #expect(
            scan.loggableFoods == [
                FoodLogInputFood(foodID: "1003", servingID: "5006", quantity: 2),
                FoodLogInputFood(foodID: "1001", servingID: "5001", quantity: 1),
            ])
        let entry = try #require(harness.simulator.requestLog.first)
        #expect(entry.operation == "searchFoodsByNaturalLanguage")
        #expect(entry.method == "POST")
    }

    @Test(
        "portion words and units pick the serving and the quantity",
        arguments: [
            ("a cup of oatmeal", "1004", "5008", 1.0),
            ("half an avocado", "1005", "5010", 0.5),
            ("6 oz salmon", "1009", "5019", 2.0),
            ("150 grams of white rice", "1006", "5013", 1.5),
            ("two cups of milk", "1014", "5027", 2.0),
            ("2 slices of whole wheat bread", "1011", "5022", 2.0),
        ]
    )
    func portions(text: String, food: String, serving: String, quantity: Double) async throws {
        let harness = try ClientHarness()
        let scan = try await harness.client.foodAnalysis.analyzeDescription(text)
        let detection = try #require(scan.detections.first)
        #expect(scan.detections.count == 1)
        #expect(detection.food.id == FoodID(rawValue: food))
        #expect(detection.food.serving?.id == ServingID(rawValue: serving))
        #expect(detection.food.quantity == quantity)
    }

    @Test("a photo URL whose path names foods is read as text; no reasoning lowers each confidence a level")
    func photoURLNamingFoods() async throws {
        let harness = try ClientHarness()
        let url = URL(string: "https://photos.example.com/lunch/2-eggs-and-toast.jpg")!
        let scan = try await harness.client.foodAnalysis.analyzePhoto(.url(url))
        #expect(scan.mealName == "Egg and whole wheat bread")
        #expect(scan.detections.map(\.food.id) == ["1003", "1011"])
        #expect(scan.detections.map(\.food.quantity) == [2, 1])
        #expect(scan.detections.map(\.confidence) == [.high, .medium])
        let quick = try await harness.client.foodAnalysis.analyzePhoto(.url(url), reasoning: .noReasoning)
        #expect(quick.detections.map(\.confidence) == [.medium, .low])
        let sent = try JSONSerialization.jsonObject(with: harness.server.receivedRequests[1].body) as? [String: Any]
        #expect(sent?["image"] as? String == url.absoluteString)
        #expect((sent?["reasoning"] as? [String: Any])?["effort"] as? String == "none")
        #expect(harness.entries("scanFoodPhoto").count == 2)
    }

    @Test("a photo URL that names no food gets the fixed meal its text hashes to")
    func photoURLHashed() async throws {
        let harness = try ClientHarness()
        let url = URL(string: "https://photos.example.com/IMG_0042.jpg")!
        let scan = try await harness.client.foodAnalysis.analyzePhoto(.url(url))
        let meal = FixedMeal.for(Array(url.absoluteString.utf8))
        #expect(scan.mealName == meal.name)
        #expect(scan.detections.map(\.food.id) == meal.foods)
        #expect(scan.detections.first?.confidence == .high)
    }

    @Test(
        "photo bytes with a real signature are sent as a data URI and answered with their fixed meal",
        arguments: ImageBytes.allCases
    )
    func photoBytes(_ format: ImageBytes) async throws {
        let harness = try ClientHarness()
        let photo = try FoodPhoto.image(format.bytes).unprepared
        let scan = try await harness.client.foodAnalysis.analyzePhoto(photo)
        let meal = FixedMeal.for(Array(format.bytes))
        #expect(scan.mealName == meal.name)
        #expect(scan.detections.map(\.food.id) == meal.foods)
        #expect(!scan.totalNutrients.isEmpty)
        let sent = try JSONSerialization.jsonObject(with: harness.server.receivedRequests[0].body) as? [String: Any]
        #expect(sent?["image"] as? String == "data:\(format.mimeType);base64," + format.bytes.base64EncodedString())
    }

    @Test("the same bytes always give the same meal")
    func photoDeterministic() async throws {
        let harness = try ClientHarness()
        let first = try await harness.client.foodAnalysis.analyzePhoto(
            .image(ImageBytes.png.bytes, contentType: .png).unprepared)
        let second = try await harness.client.foodAnalysis.analyzePhoto(
            .image(ImageBytes.png.bytes, contentType: .png).unprepared)
        #expect(first == second)
    }

    struct Correction: Sendable, CustomTestStringConvertible {
        let instruction: String
        let quantities: [String: Double]
        /// Egg 78 kcal, banana 105, apple 95, a cup of milk 122.
        let calories: Double
        var testDescription: String { instruction }
    }

    static let corrections: [Correction] = [
        Correction(instruction: "double the banana", quantities: ["1003": 2, "1001": 2], calories: 366),
        Correction(instruction: "remove the eggs", quantities: ["1001": 1], calories: 105),
        Correction(instruction: "replace banana with apple", quantities: ["1003": 2, "1002": 1], calories: 251),
        Correction(instruction: "3 eggs", quantities: ["1003": 3, "1001": 1], calories: 339),
        Correction(instruction: "add a cup of milk", quantities: ["1003": 2, "1001": 1, "1014": 1], calories: 383),
        Correction(instruction: "looks right", quantities: ["1003": 2, "1001": 1], calories: 261),
    ]

    @Test("corrections rescale, remove, replace and set foods, and recompute the totals", arguments: corrections)
    func correction(_ correction: Correction) async throws {
        let harness = try ClientHarness()
        let scan = try await harness.client.foodAnalysis.analyzeDescription("2 eggs and a banana")
        let corrected = try await harness.client.foodAnalysis.correct(scan, instruction: correction.instruction)
        var found: [String: Double] = [:]
        for detection in corrected.detections {
            found[detection.food.id.rawValue] = detection.food.quantity
        }
        #expect(found == correction.quantities)
        #expect(EndToEnd.close(corrected.totalNutrients.calories?.value, correction.calories))
        #expect(corrected.detections.allSatisfy { $0.confidence == nil })
        #expect(harness.entries("correctPhotoScan").count == 1)
    }

    @Test("a correction keeps a photo's meal name and sends back what the scan decoded")
    func correctionOfPhoto() async throws {
        let harness = try ClientHarness()
        let url = URL(string: "https://photos.example.com/lunch/2-eggs-and-toast.jpg")!
        let scan = try await harness.client.foodAnalysis.analyzePhoto(.url(url))
        let corrected = try await harness.client.foodAnalysis.correct(scan, instruction: "no toast")
        #expect(corrected.mealName == "Egg and whole wheat bread")
        #expect(corrected.detections.map(\.food.id) == ["1003"])
        #expect(EndToEnd.close(corrected.totalNutrients.calories?.value, 156))
    }

    struct ServerError: Sendable, CustomTestStringConvertible {
        let name: String
        let code: String
        let call: @Sendable (JanuaryPartnerClient) async throws -> Void
        var testDescription: String { name }
    }

    static let serverErrors: [ServerError] = [
        ServerError(name: "a host that cannot be reached", code: "image_unreachable") {
            _ = try await $0.foodAnalysis.analyzePhoto(.url(URL(string: "https://unreachable.example.com/a.jpg")!))
        },
        ServerError(name: "a photo of a barcode only", code: "invalid_request") {
            _ = try await $0.foodAnalysis.analyzePhoto(.url(URL(string: "https://photos.example.com/barcode.jpg")!))
        },
        ServerError(name: "bytes that are not an image, labelled PNG", code: "image_corrupt") {
            _ = try await $0.foodAnalysis.analyzePhoto(.image(Data("not a picture".utf8), contentType: .png).unprepared)
        },
        ServerError(name: "JPEG bytes cut after the signature", code: "image_corrupt") {
            _ = try await $0.foodAnalysis.analyzePhoto(.image(Data([0xFF, 0xD8]), contentType: .jpeg).unprepared)
        },
        ServerError(name: "a data URI of another type", code: "image_format_unsupported") {
            _ = try await $0.send(rawImage: "data:image/bmp;base64,Qk0=")
        },
        ServerError(name: "a data URI with broken base64", code: "image_invalid_base64") {
            _ = try await $0.send(rawImage: "data:image/png;base64,***")
        },
        ServerError(name: "a data URI without base64", code: "image_invalid_base64") {
            _ = try await $0.send(rawImage: "data:image/png,rawbytes")
        },
    ]

    @Test(
        "January's image errors are 400 invalidInput with their code, and a POST is not sent again",
        arguments: serverErrors
    )
    func imageError(_ variant: ServerError) async throws {
        let harness = try ClientHarness()
        let error = await EndToEnd.expectError(.invalidInput, code: variant.code, status: 400) {
            try await variant.call(harness.client)
        }
        #expect(error?.message.contains("may or may not") == false)
        #expect(harness.simulator.requestLog.count == 1)
        #expect(harness.simulator.requestLog.first?.operation == "scanFoodPhoto")
    }

    @Test("a body over 5 MB sent raw is 413 payload_too_large before authentication")
    func payloadTooLarge() async throws {
        let harness = try ClientHarness()
        let padding = String(repeating: "a", count: 5 * 1024 * 1024)
        let body = Data(#"{"text": "\#(padding)"}"#.utf8)
        await EndToEnd.expectError(.invalidInput, code: "payload_too_large", status: 413) {
            _ = try await harness.client.send(
                JanuaryRequest(
                    method: .post, path: "/v1.2/food-analysis/text",
                    body: .data(body, contentType: "application/json")))
        }
        #expect(harness.simulator.requestLog.map(\.status) == [413])
    }

    @Test("a typed photo too large for 5 MB is refused locally, with January's code")
    func photoTooLarge() async throws {
        let harness = try ClientHarness()
        var bytes = ImageBytes.png.bytes
        bytes.append(Data(count: 3_800_000))
        try await requireRefusedLocally(code: "payload_too_large", naming: "5 MB", outbound: harness.outbound) {
            _ = try await harness.client.foodAnalysis.analyzePhoto(.image(bytes, contentType: .png).unprepared)
        }
    }

    static let refusals: [EndToEnd.Refusal<JanuaryPartnerClient>] = [
        .init(
            "an ftp photo URL", naming: "https or http",
            { _ = try await $0.foodAnalysis.analyzePhoto(.url(URL(string: "ftp://photos.example.com/a.jpg")!)) }
        ),
        .init(
            "empty image bytes", naming: "empty",
            { _ = try await $0.foodAnalysis.analyzePhoto(.image(Data(), contentType: .png).unprepared) }
        ),
        .init("an empty description", naming: "text", { _ = try await $0.foodAnalysis.analyzeDescription("") }),
        .init(
            "a description of 513 characters", naming: "text",
            { _ = try await $0.foodAnalysis.analyzeDescription(String(repeating: "a", count: 513)) }
        ),
        .init(
            "a blank instruction", naming: "instruction",
            { _ = try await $0.foodAnalysis.correct(FoodScan(detections: []), instruction: "  ") }
        ),
        .init(
            "a detection with a malformed food id", naming: "detections[0].food.id",
            {
                let detection = FoodDetection(food: DetectedFood(id: "x1", quantity: 1, serving: nil))
                _ = try await $0.foodAnalysis.correct(FoodScan(detections: [detection]), instruction: "double it")
            }
        ),
    ]

    @Test("bad input is refused before a token is fetched or a byte is sent", arguments: refusals)
    func refusedLocally(_ refusal: EndToEnd.Refusal<JanuaryPartnerClient>) async throws {
        try await refusal.check(on: \.client)
    }

    @Test("a scan with a confidence, fields and a nutrient the SDK does not know decodes")
    func unknownConfidence() async throws {
        let harness = try ClientHarness()
        harness.server.enqueue(
            .json(
                """
                {"meal_name": "Snack", "model": "v9", "total_nutrients": {"calories": {"value": 105, "unit": "kcal"},
                 "caffeine": {"value": 0, "unit": "mg"}},
                 "detections": [{"confidence": "certain", "bounding_box": [0, 0, 1, 1],
                   "food": {"name": "banana", "brand_name": null, "id": "1001", "quantity": 1, "category": "fruit",
                            "serving": {"id": "5001", "quantity": 1, "unit": "medium", "weight_grams": 118},
                            "nutrients": {"calories": {"value": 105, "unit": "kcal"}}}}]}
                """))
        let scan = try await harness.client.foodAnalysis.analyzeDescription("a banana")
        #expect(scan.detections.first?.confidence == Confidence(rawValue: "certain"))
        #expect(
            scan.detections.first?.food.loggableFood == FoodLogInputFood(foodID: "1001", servingID: "5001", quantity: 1)
        )
        #expect(scan.totalNutrients.calories?.value == 105)
    }
}

extension JanuaryPartnerClient {
    /// Sends `scanFoodPhoto` with an `image` value the typed API never builds.
    fileprivate func send(rawImage: String) async throws -> JanuaryResponse {
        try await send(
            JanuaryRequest(method: .post, path: "/v1.2/food-analysis/image", body: .json(["image": rawImage])))
    }
}

/// The simulator's five fixed meals (Docs/Simulator.md), and which one an image gets: FNV-1a-64 of its bytes (or
/// of its URL's text) modulo 5.
struct FixedMeal {
    let name: String
    let foods: [FoodID]

    static let all = [
        FixedMeal(name: "Breakfast plate", foods: ["1003", "1011", "1015"]),
        FixedMeal(name: "Chicken and rice bowl", foods: ["1008", "1006", "1010"]),
        FixedMeal(name: "Salmon dinner", foods: ["1009", "1019", "1021"]),
        FixedMeal(name: "Oatmeal with fruit", foods: ["1004", "1001", "1018"]),
        FixedMeal(name: "Pizza and salad", foods: ["1038", "1034"]),
    ]

    static func `for`(_ bytes: [UInt8]) -> FixedMeal {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return all[Int(hash % UInt64(all.count))]
    }
}

/// The smallest well-formed starts of each image format January accepts.
enum ImageBytes: String, CaseIterable, Sendable {
    case png, jpeg, gif, webp

    var mimeType: String {
        "image/\(rawValue)"
    }

    var bytes: Data {
        switch self {
        case .png:
            // The signature, a 1×1 RGB IHDR chunk and IEND, each chunk with its CRC-32.
            var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
            png.append(Self.chunk("IHDR", [0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]))
            png.append(Self.chunk("IEND", []))
            return png
        case .jpeg:
            // SOI and a JFIF APP0 segment.
            return Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0])
        case .gif:
            // Header and a 1×1 logical screen descriptor.
            return Data(Array("GIF89a".utf8) + [1, 0, 1, 0, 0, 0, 0])
        case .webp:
            // The RIFF container of a lossy WebP.
            return Data(Array("RIFF".utf8) + [0x1A, 0, 0, 0] + Array("WEBPVP8 ".utf8) + [0x0E, 0, 0, 0])
        }
    }

    private static func chunk(_ type: String, _ payload: [UInt8]) -> Data {
        let length = UInt32(payload.count)
        let typed = Array(type.utf8) + payload
        var data = Data([
            UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF),
        ])
        data.append(contentsOf: typed)
        let crc = crc32(typed)
        data.append(contentsOf: [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)])
        return data
    }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 {
                crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1
            }
        }
        return ~crc
    }
}
