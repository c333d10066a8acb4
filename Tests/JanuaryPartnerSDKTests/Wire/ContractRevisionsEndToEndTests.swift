import Foundation
import JanuaryPartnerSDK
import JanuaryPartnerSDKTestSupport
import JanuaryTestServer
import Testing

/// Where January's published contract revisions differ, over the real URLSession against the simulator: the
/// client reads every revision's replies, refuses nothing a revision accepts, and leaves "now" to January.
@Suite("Contract revisions end to end", suiteTimeLimit())
struct ContractRevisionsEndToEndTests {
    static let apple = FoodLogInputFood(foodID: "1002", servingID: "5004", quantity: 1)

    @Test("replies that name log timestamps created_at decode for food, water and weight logs")
    func createdAtRevision() async throws {
        let harness = try ClientHarness()
        harness.simulator.namesLogTimestampsCreatedAt = true
        let instant = try EndToEnd.instant("2025-12-31T08:00:00-08:00")
        let created = try await harness.user.foodLogs.create(
            CreateFoodLogRequest(foods: [Self.apple], eatenAt: instant))
        #expect(created.eatenAt == instant)
        let listed = try await harness.user.foodLogs.list(on: try EndToEnd.day("2025-12-31"))
        #expect(listed.map(\.eatenAt) == [instant])
        let fetched = try await harness.user.foodLogs.get(id: created.id)
        #expect(fetched.eatenAt == instant)
        let water = try await harness.user.waterLogs.create(.milliliters(250), consumedAt: instant)
        #expect(water.consumedAt == instant)
        let weight = try await harness.user.weightLogs.create(Weight(value: 72, unit: .kilograms), measuredAt: instant)
        #expect(weight.measuredAt == instant)
        let bodies = harness.server.receivedRequests.filter { $0.method == "POST" }.compactMap {
            try? JSONSerialization.jsonObject(with: $0.body) as? [String: Any]
        }
        #expect(bodies.count == 3)
        #expect(bodies.allSatisfy { $0["created_at"] == nil })
        #expect(
            bodies.map { Set($0.keys).intersection(["eaten_at", "consumed_at", "measured_at"]).count } == [1, 1, 1])
    }

    @Test("a photo at a plain http URL is sent; January fetches it")
    func httpPhotoURL() async throws {
        let harness = try ClientHarness()
        let url = try #require(URL(string: "http://photos.example.com/lunch/2-eggs-and-toast.jpg"))
        let scan = try await harness.client.foodAnalysis.analyzePhoto(.url(url))
        #expect(scan.detections.map(\.food.id) == ["1003", "1011"])
        #expect(harness.entries("scanFoodPhoto").map(\.status) == [200])
    }

    @Test("0.1 cup, which one published revision accepts, is sent for January to judge")
    func tenthOfACup() async throws {
        let harness = try ClientHarness()
        let instant = try EndToEnd.instant("2025-12-31T08:00:00-08:00")
        // The simulator follows the newest contract (0.125 cup at least), so January answers; the client did not
        // refuse it.
        let error = await EndToEnd.expectError(.invalidInput, code: "invalid_request", status: 400) {
            try await harness.user.waterLogs.create(.cups(0.1), consumedAt: instant)
        }
        #expect(error?.mayHaveTakenEffect == false)
        #expect(harness.entries("createWaterLog").count == 1)
    }

    @Test("a water or weight log without a time is dated by January's clock, not the device's, to the second")
    func omittedTimeIsJanuarys() async throws {
        let harness = try ClientHarness(simulatorSkew: 120)
        let water = try await harness.user.waterLogs.create(.milliliters(250))
        let weight = try await harness.user.weightLogs.create(Weight(value: 72, unit: .kilograms))
        let bodies = try harness.server.receivedRequests.filter { $0.method == "POST" }.map {
            try #require(try JSONSerialization.jsonObject(with: $0.body) as? [String: Any])
        }
        #expect(bodies.map { Set($0.keys) } == [["amount", "consumed_at"], ["weight", "measured_at"]])
        let januaryNow = harness.clock.now().addingTimeInterval(120)
        // The `Date` header has whole seconds: the estimate is within one.
        #expect(abs(water.consumedAt.timeIntervalSince(januaryNow)) < 1)
        #expect(abs(weight.measuredAt.timeIntervalSince(januaryNow)) < 1)
    }

    @Test("the user's today comes from the configured clock, not the device's")
    func todayFromTheConfiguredClock() throws {
        let harness = try ClientHarness()
        #expect(try harness.user.today() == JanuaryDate(harness.clock.now(), in: EndToEnd.losAngeles))
        #expect(try harness.user.today() != JanuaryDate(Date(), in: EndToEnd.losAngeles))
    }
}
