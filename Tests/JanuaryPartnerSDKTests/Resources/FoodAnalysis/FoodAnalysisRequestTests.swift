import Foundation
import JanuaryCoreTesting
import Testing

@testable import JanuaryPartnerSDK

@Suite("Food analysis requests are built and checked before sending", suiteTimeLimit())
struct FoodAnalysisRequestTests {
    /// The largest JPEG whose request body, `{"image":"data:image/jpeg;base64,…"}`, is at most 5 000 000 bytes:
    /// 35 bytes of JSON and prefix plus 4 999 964 bytes of base64 make 4 999 999; one more byte of image adds a
    /// base64 quantum and makes 5 000 003.
    static let largestJPEG = 3_749_973

    @Test("a photo is posted as image with a 120-second timeout and no reasoning by default")
    func photoRequest() throws {
        let request = try FoodAnalysisRequests.photo(
            .image(Data([1, 2, 3]), contentType: .png).unprepared, reasoning: nil)
        #expect(request.method == .post)
        #expect(request.path == "/v1.2/food-analysis/image")
        #expect(request.timeout == 120)
        let data = try bodyData(request)
        #expect(String(decoding: data, as: UTF8.self) == #"{"image":"data:image/png;base64,AQID"}"#)
    }

    @Test(
        "a reasoning effort is sent as reasoning.effort",
        arguments: [
            (AnalysisReasoningEffort.noReasoning, "none"), (.xhigh, "xhigh"),
        ])
    func reasoning(effort: AnalysisReasoningEffort, wire: String) throws {
        let url = try #require(URL(string: "https://cdn.example.com/a/b.jpg"))
        let body = try Wire.object(body: try bodyData(try FoodAnalysisRequests.photo(.url(url), reasoning: effort)))
        #expect(body["image"] as? String == "https://cdn.example.com/a/b.jpg")
        #expect((body["reasoning"] as? [String: Any])?["effort"] as? String == wire)
    }

    @Test("slashes in base64 are not escaped, so the body is no bigger than it must be")
    func slashesUnescaped() throws {
        let request = try FoodAnalysisRequests.photo(
            .image(Data([0xFF, 0xFF, 0xFF]), contentType: .jpeg).unprepared, reasoning: nil)
        let text = String(decoding: try bodyData(request), as: UTF8.self)
        #expect(text.contains("data:image/jpeg;base64,////"))
        #expect(!text.contains("\\/"))
    }

    @Test("the whole body may be at most 5 000 000 bytes")
    func sizeLimit() async throws {
        let fits = Data(count: Self.largestJPEG)
        let request = try FoodAnalysisRequests.photo(.image(fits, contentType: .jpeg).unprepared, reasoning: nil)
        #expect(try bodyData(request).count == 4_999_999)

        for (bytes, reasoning) in [
            (Self.largestJPEG + 1, nil), (Self.largestJPEG, AnalysisReasoningEffort.xhigh), (6_000_000, nil),
        ] {
            try await requireRefusedLocally(code: "payload_too_large", naming: "5 MB") {
                _ = try FoodAnalysisRequests.photo(
                    .image(Data(count: bytes), contentType: .jpeg).unprepared, reasoning: reasoning)
            }
        }
    }

    @Test("a description is posted as text with a 120-second timeout")
    func descriptionRequest() throws {
        let request = try FoodAnalysisRequests.description("two eggs and a slice of toast")
        #expect(request.method == .post)
        #expect(request.path == "/v1.2/food-analysis/text")
        #expect(request.timeout == 120)
        #expect(
            try Wire.object(body: try bodyData(request)) as? [String: String] == [
                "text": "two eggs and a slice of toast"
            ])
    }

    @Test(
        "description text is 1 to 512 characters, not blank",
        arguments: [
            ("a", true), (String(repeating: "🍎", count: 512), true), ("", false), ("  \n", false),
            (String(repeating: "a", count: 513), false),
        ]
    )
    func descriptionRules(text: String, valid: Bool) async throws {
        if valid {
            #expect(throws: Never.self) { _ = try FoodAnalysisRequests.description(text) }
        } else {
            try await requireRefusedLocally(naming: "text") { _ = try FoodAnalysisRequests.description(text) }
        }
    }

    @Test("a correction sends the analysis back unchanged with the instruction")
    func correctionRequest() throws {
        let scan = try Wire.decode(FoodScan.self, FoodScanTests.photoScan)
        let request = try FoodAnalysisRequests.correction(scan, instruction: "the oatmeal was one cup")
        #expect(request.method == .post)
        #expect(request.path == "/v1.2/food-analysis/corrections")
        #expect(request.timeout == 120)
        let body = try Wire.object(body: try bodyData(request))
        #expect(Set(body.keys) == ["analysis", "instruction"])
        #expect(body["instruction"] as? String == "the oatmeal was one cup")
        let analysis = try JSONSerialization.data(withJSONObject: try #require(body["analysis"]))
        #expect(try JSONDecoder().decode(FoodScan.self, from: analysis) == scan)
        let detections = try #require((body["analysis"] as? [String: Any])?["detections"] as? [[String: Any]])
        #expect(detections[2]["confidence"] is NSNull)
    }

    @Test("correction rules: instruction 1-1000 not blank, at most 100 detections, quantities in range")
    func correctionRules() async throws {
        let scan = try Wire.decode(FoodScan.self, FoodScanTests.photoScan)
        #expect(throws: Never.self) {
            _ = try FoodAnalysisRequests.correction(scan, instruction: String(repeating: "a", count: 1000))
        }
        try await requireRefusedLocally(naming: "instruction") {
            _ = try FoodAnalysisRequests.correction(scan, instruction: "")
        }
        try await requireRefusedLocally(naming: "instruction") {
            _ = try FoodAnalysisRequests.correction(scan, instruction: " ")
        }
        try await requireRefusedLocally(naming: "instruction") {
            _ = try FoodAnalysisRequests.correction(scan, instruction: String(repeating: "a", count: 1001))
        }
        let detection = scan.detections[0]
        #expect(throws: Never.self) {
            _ = try FoodAnalysisRequests.correction(
                FoodScan(detections: Array(repeating: detection, count: 100)), instruction: "ok")
        }
        try await requireRefusedLocally(naming: "detections") {
            _ = try FoodAnalysisRequests.correction(
                FoodScan(detections: Array(repeating: detection, count: 101)), instruction: "ok")
        }
        var bad = scan
        bad.detections[1].food.quantity = .nan
        try await requireRefusedLocally(naming: "detections[1].food.quantity") {
            _ = try FoodAnalysisRequests.correction(bad, instruction: "ok")
        }
        bad = scan
        bad.detections[0].food.serving?.quantity = 10_001
        try await requireRefusedLocally(naming: "detections[0].food.serving.quantity") {
            _ = try FoodAnalysisRequests.correction(bad, instruction: "ok")
        }
        bad = scan
        bad.detections[0].food.id = "x"
        try await requireRefusedLocally(naming: "detections[0].food.id") {
            _ = try FoodAnalysisRequests.correction(bad, instruction: "ok")
        }
    }
}
