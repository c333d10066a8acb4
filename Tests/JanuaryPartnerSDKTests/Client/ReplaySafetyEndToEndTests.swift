import Foundation
import JanuaryPartnerSDK
import JanuaryPartnerSDKTestSupport
import JanuaryTestServer
import Testing

/// Which typed operations are sent again after a `5xx` or a lost answer, over the real URLSession against the
/// simulator: every one but the three creates January does not deduplicate, as January's own SDKs do; and what
/// ``JanuaryError/mayHaveTakenEffect`` says when a create is not sent again.
@Suite("Replay safety per operation end to end", suiteTimeLimit())
struct ReplaySafetyEndToEndTests {
    struct Operation: Sendable, CustomTestStringConvertible {
        let name: String
        /// The simulator's name for the operation, as in its request log.
        let operation: String
        let method: String
        let pathPrefix: String
        let call: @Sendable (ClientHarness) async throws -> Void
        var testDescription: String { name }
    }

    static let apple = FoodLogInputFood(foodID: "1002", servingID: "5004", quantity: 1)
    static let eatenAt = "2025-12-31T08:00:00-08:00"

    /// The operations whose method is `POST` or `PATCH` but which January's contract lets a client send twice.
    static let replayableWrites: [Operation] = [
        Operation(
            name: "scanFoodPhoto", operation: "scanFoodPhoto", method: "POST",
            pathPrefix: "/v1.2/food-analysis/image"
        ) {
            _ = try await $0.client.foodAnalysis.analyzePhoto(
                .url(URL(string: "https://photos.example.com/lunch/2-eggs-and-toast.jpg")!))
        },
        Operation(
            name: "searchFoodsByNaturalLanguage", operation: "searchFoodsByNaturalLanguage", method: "POST",
            pathPrefix: "/v1.2/food-analysis/text"
        ) {
            _ = try await $0.client.foodAnalysis.analyzeDescription("2 eggs and a banana")
        },
        Operation(
            name: "correctPhotoScan", operation: "correctPhotoScan", method: "POST",
            pathPrefix: "/v1.2/food-analysis/corrections"
        ) { harness in
            let scan = try await harness.client.foodAnalysis.analyzeDescription("2 eggs and a banana")
            _ = try await harness.client.foodAnalysis.correct(scan, instruction: "no banana")
        },
        Operation(
            name: "suggestFoodAlternatives", operation: "suggestFoodAlternatives", method: "POST",
            pathPrefix: "/v1.2/foods/1001/alternatives"
        ) {
            _ = try await $0.client.foods.suggestAlternatives(SuggestFoodAlternativesRequest(foodID: "1001"))
        },
        Operation(
            name: "predictGlucose", operation: "predictGlucose", method: "POST", pathPrefix: "/v1.2/glucose/predictions"
        ) {
            _ = try await $0.client.glucose.predict(
                PredictGlucoseRequest(
                    profile: GlucosePredictionProfile(
                        age: 45, sex: .female, height: Height(value: 65, unit: .inches),
                        weight: Weight(value: 150, unit: .pounds)),
                    foods: [FoodLogInputFood(foodID: "1004", servingID: "5008", quantity: 1)],
                    startTime: try EndToEnd.instant(eatenAt), timeZone: EndToEnd.losAngeles))
        },
        Operation(
            name: "updateFoodLog (PATCH replaces the fields it names)", operation: "updateFoodLog", method: "PATCH",
            pathPrefix: "/v1.2/food-logs/"
        ) { harness in
            let log = try await harness.user.foodLogs.create(
                CreateFoodLogRequest(foods: [apple], eatenAt: try EndToEnd.instant(eatenAt)))
            _ = try await harness.user.foodLogs.update(id: log.id, UpdateFoodLogRequest(name: "lunch"))
        },
    ]

    /// The creates January does not deduplicate.
    /// The creates that surface a lost answer: water and weight logs. A food-log create settles its own by
    /// listing the day (FoodLogsEndToEndTests, ExactlyOnceCreateTests).
    static var unreconciledCreates: [Operation] { creates.filter { $0.operation != "createFoodLog" } }

    static let creates: [Operation] = [
        Operation(name: "createFoodLog", operation: "createFoodLog", method: "POST", pathPrefix: "/v1.2/food-logs") {
            _ = try await $0.user.foodLogs.create(
                CreateFoodLogRequest(foods: [apple], eatenAt: try EndToEnd.instant(eatenAt)))
        },
        Operation(
            name: "createWaterLog", operation: "createWaterLog", method: "POST", pathPrefix: "/v1.2/water-logs"
        ) {
            _ = try await $0.user.waterLogs.create(.milliliters(250), consumedAt: try EndToEnd.instant(eatenAt))
        },
        Operation(
            name: "createWeightLog", operation: "createWeightLog", method: "POST", pathPrefix: "/v1.2/weight-logs"
        ) {
            _ = try await $0.user.weightLogs.create(
                Weight(value: 72, unit: .kilograms), measuredAt: try EndToEnd.instant(eatenAt))
        },
    ]

    @Test(
        "a 503 on an operation January lets a client repeat is retried after a back-off, to success",
        arguments: replayableWrites)
    func serviceUnavailableIsRetried(_ operation: Operation) async throws {
        let harness = try ClientHarness()
        harness.simulator.failNext(
            with: .serviceUnavailable, method: operation.method, pathPrefix: operation.pathPrefix)
        let call = Task { try await operation.call(harness) }
        try await harness.clock.waitForSleepers(1)
        let wait = try #require(harness.clock.sleeperRemainingDurations.first)
        #expect((0.375...0.5).contains(wait))
        harness.clock.advance(by: wait)
        try await call.value
        #expect(harness.entries(operation.operation).map(\.status).suffix(2) == [503, 200])
        try await harness.events.waitForEvents(of: .retryScheduled)
        #expect(harness.events.count(of: .retryScheduled) == 1)
    }

    @Test(
        "a lost answer on an operation January lets a client repeat is retried, to success",
        arguments: replayableWrites)
    func droppedConnectionIsRetried(_ operation: Operation) async throws {
        let harness = try ClientHarness()
        harness.simulator.failNext(with: .closeConnection, method: operation.method, pathPrefix: operation.pathPrefix)
        let call = Task { try await operation.call(harness) }
        try await harness.clock.waitForSleepers(1)
        harness.clock.advance(by: try #require(harness.clock.sleeperRemainingDurations.first))
        try await call.value
        #expect(harness.entries(operation.operation).map(\.status).suffix(2) == [nil, 200])
    }

    @Test(
        "a create that got 503 after January stored it is not sent again and may have taken effect",
        arguments: unreconciledCreates)
    func createServiceUnavailable(_ operation: Operation) async throws {
        let harness = try ClientHarness()
        harness.simulator.failNextWrites(afterStoringWith: .serviceUnavailable, pathPrefix: operation.pathPrefix)
        let error = await EndToEnd.expectError(.server, code: "service_unavailable", status: 503) {
            try await operation.call(harness)
        }
        #expect(error?.mayHaveTakenEffect == true)
        #expect(harness.entries(operation.operation).count == 1)
        #expect(harness.clock.sleeperCount == 0)
    }

    @Test("a create whose answer was lost is not sent again and may have taken effect", arguments: unreconciledCreates)
    func createConnectionLost(_ operation: Operation) async throws {
        let harness = try ClientHarness()
        harness.simulator.failNextWrites(afterStoringWith: .closeConnection, pathPrefix: operation.pathPrefix)
        let error = await #expect(throws: JanuaryError.self) { try await operation.call(harness) }
        #expect(error?.category == .network)
        #expect(error?.mayHaveTakenEffect == true)
        #expect(harness.entries(operation.operation).count == 1)
        #expect(harness.clock.sleeperCount == 0)
    }

    @Test("a create January refused with 400 did not take effect", arguments: creates)
    func createRejected(_ operation: Operation) async throws {
        let harness = try ClientHarness()
        harness.simulator.failNext(
            with: .error(status: 400, code: "invalid_request"), method: "POST", pathPrefix: operation.pathPrefix)
        let error = await EndToEnd.expectError(.invalidInput, code: "invalid_request", status: 400) {
            try await operation.call(harness)
        }
        #expect(error?.mayHaveTakenEffect == false)
    }

    @Test("a create refused before sending did not take effect")
    func refusedBeforeSending() async throws {
        let harness = try ClientHarness()
        let consumedAt = try EndToEnd.instant(Self.eatenAt)
        let error = try await requireRefusedLocally(naming: "amount.value", outbound: harness.outbound) {
            try await harness.user.waterLogs.create(.milliliters(5), consumedAt: consumedAt)
        }
        #expect(error.mayHaveTakenEffect == false)
    }

    @Test("a retried operation that fails in the end may not have taken effect, whatever happened")
    func readOnlyFailureHasNoEffect() async throws {
        let harness = try ClientHarness(configure: { $0.retryPolicy = .none })
        harness.simulator.failNext(with: .closeConnection, pathPrefix: "/v1.2/food-analysis/text")
        let error = await #expect(throws: JanuaryError.self) {
            try await harness.client.foodAnalysis.analyzeDescription("a banana")
        }
        #expect(error?.category == .network)
        #expect(error?.mayHaveTakenEffect == false)
    }
}
