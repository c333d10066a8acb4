import Foundation
import JanuaryCoreTesting
import JanuaryPartnerSDK
import Testing

@Suite("Logging a food analysis", suiteTimeLimit())
struct CreateFoodLogFromScanTests {
    static let scan = FoodScan(
        mealName: "Oatmeal with berries",
        detections: [
            FoodDetection(
                confidence: .high,
                food: DetectedFood(id: "111", quantity: 1.5, serving: ServingSummary(id: "11", quantity: 1))
            ),
            // No quantity: January sent nothing to log for this detection.
            FoodDetection(food: DetectedFood(id: "222", quantity: nil, serving: ServingSummary(id: "22", quantity: 1))),
            FoodDetection(
                food: DetectedFood(id: "333", quantity: 0.5, serving: ServingSummary(id: "33", quantity: nil))),
        ]
    )

    @Test("the scan's loggable foods become the log's foods, and its meal name the default name")
    func foodsAndName() {
        let request = CreateFoodLogRequest(scan: Self.scan, eatenAt: LogsServer.now)
        #expect(
            request.foods == [
                FoodLogInputFood(foodID: "111", servingID: "11", quantity: 1.5),
                FoodLogInputFood(foodID: "333", servingID: "33", quantity: 0.5),
            ])
        #expect(request.foods == Self.scan.loggableFoods)
        #expect(request.name == "Oatmeal with berries")
        #expect(request.eatenAt == LogsServer.now)
        #expect(CreateFoodLogRequest(scan: Self.scan, name: "Breakfast").name == "Breakfast")
        #expect(CreateFoodLogRequest(scan: Self.scan).eatenAt == nil)
    }

    @Test("a text analysis has no meal name, so the log has none unless given")
    func textAnalysisHasNoName() {
        let text = FoodScan(mealName: nil, detections: Self.scan.detections)
        #expect(CreateFoodLogRequest(scan: text).name == nil)
    }

    @Test("the scan's foods go out as the log's body")
    func sentAsBody() async throws {
        let logs = try LogsServer()
        try await logs.user().foodLogs.create(CreateFoodLogRequest(scan: Self.scan))
        let body = try logs.callRequest().jsonBody()
        #expect(Set(body.keys) == ["foods", "name", "eaten_at"])
        #expect((body["foods"] as? [[String: Any]])?.map { $0["food_id"] as? String } == ["111", "333"])
        #expect(body["name"] as? String == "Oatmeal with berries")
    }

    @Test("a scan that recognised nothing is refused before sending")
    func emptyScanIsRefused() async throws {
        let logs = try LogsServer()
        let nothing = FoodScan(mealName: "Table", detections: [])
        try await requireRefusedLocally(naming: "foods", outbound: logs.outbound) {
            _ = try await logs.user().foodLogs.create(CreateFoodLogRequest(scan: nothing))
        }
    }
}
