import Foundation
import JanuaryPartnerSDK
import JanuaryPartnerSDKTestSupport
import JanuaryTestServer
import Testing

/// The same end-to-end cases twice: over loopback HTTP through the client's own URLSession transport, and in
/// process through `SimulatorTransport`. Every case expects the same outcome both ways; only the transport
/// differs, so what an app's tests see in process is what real HTTP gives.
@Suite("The simulator in process and over loopback give the same outcomes", suiteTimeLimit())
struct SimulatorPathParityTests {
    static let apple = FoodLogInputFood(foodID: "1002", servingID: "5004", quantity: 1)
    static let bananas = FoodLogInputFood(foodID: "1001", servingID: "5001", quantity: 2)

    @Test("the catalogue: search, get and autocomplete answer the same foods", arguments: SimulatorPath.allCases)
    func catalogue(path: SimulatorPath) async throws {
        let harness = try ClientHarness(path: path)
        let results = try await harness.client.foods.search(SearchFoodsRequest(query: "banana split", limit: 3))
        #expect(results.items.first?.id == "1001")
        let banana = try await harness.client.foods.get(id: "1001")
        #expect(banana.name == "banana")
        #expect(banana.servings.map(\.id) == ["5001", "5002", "5003"])
        let response = try await harness.client.send(.autocomplete)
        #expect(response.statusCode == 200)
        #expect(response.value(forHTTPHeaderField: "Content-Type") == "application/json")
        #expect(response.value(forHTTPHeaderField: "Content-Length") == String(response.body.count))
        #expect(response.value(forHTTPHeaderField: "Date") == "Thu, 01 Jan 2026 00:00:00 GMT")
        #expect(response.requestID == harness.simulator.requestLog.last?.requestID)
        #expect(response.requestID?.hasSuffix("_3") == true)
        let log = harness.simulator.requestLog
        #expect(log.map(\.operation) == ["searchFoods", "getFood", "autocompleteFoods"])
        #expect(log.map(\.status) == [200, 200, 200])
        #expect(log.map(\.credential) == [.clientToken, .clientToken, .clientToken])
        #expect(log[0].query("query") == "banana split")
        #expect(log[0].query("limit") == "3")
        #expect(log[1].path == "/v1.2/foods/1001")
        #expect(harness.provider.callCount == 1)
    }

    @Test("a 404 from January carries its code, message and request id", arguments: SimulatorPath.allCases)
    func notFound(path: SimulatorPath) async throws {
        let harness = try ClientHarness(path: path)
        let error = await EndToEnd.expectError(.notFound, code: "not_found", status: 404) {
            _ = try await harness.client.foods.get(id: "999999")
        }
        #expect(error?.requestID == harness.simulator.requestLog.last?.requestID)
    }

    @Test("logs: create, get, update, list, delete and water totals, per user", arguments: SimulatorPath.allCases)
    func logs(path: SimulatorPath) async throws {
        let harness = try ClientHarness(path: path)
        let eatenAt = try EndToEnd.instant("2025-12-31T08:15:30.250-08:00")
        let created = try await harness.user.foodLogs.create(
            CreateFoodLogRequest(foods: [Self.bananas], eatenAt: eatenAt, name: "Snack"))
        let id = created.id
        #expect(created.foods.first?.nutrients.calories == NutrientAmount(value: 210, unit: .kilocalories))
        #expect(try await harness.user.foodLogs.get(id: id) == created)
        let updated = try await harness.user.foodLogs.update(id: id, UpdateFoodLogRequest(name: "Brunch"))
        #expect(updated.name == "Brunch")
        #expect(try await Self.newYearsEveLogs(harness).map(\.id) == [id])
        try await harness.user.foodLogs.delete(id: id)
        #expect(try await Self.newYearsEveLogs(harness).isEmpty)

        _ = try await harness.user.waterLogs.create(
            .milliliters(500), consumedAt: try EndToEnd.instant("2025-12-30T10:00:00-08:00"))
        let totals = try await harness.user.waterLogs.list(
            from: try EndToEnd.day("2025-12-29"), through: try EndToEnd.day("2025-12-31"), unit: .milliliters)
        #expect(totals.map(\.total) == [Volume(value: 500, unit: .milliliters)])

        let log = harness.simulator.requestLog
        #expect(
            log.map(\.operation) == [
                "createFoodLog", "getFoodLog", "updateFoodLog", "listFoodLogs", "deleteFoodLog", "listFoodLogs",
                "createWaterLog", "listWaterLogs",
            ])
        #expect(log.map(\.status) == [201, 200, 200, 200, 204, 200, 201, 200])
        #expect(log.allSatisfy { $0.endUserHeader == ClientHarness.endUserID })
        #expect(log[3].query("timezone") == "America/Los_Angeles")
    }

    static let rejections = TokenRejectionEndToEndTests.variants

    /// Logs an apple for the harness's user at 08:00 on 2025-12-31 in Los Angeles.
    /// Logs an apple, letting a settle window after a lost answer pass at once on the harness's clock.
    static func logApple(_ harness: ClientHarness) async throws {
        let user = harness.user
        let request = CreateFoodLogRequest(foods: [apple], eatenAt: try EndToEnd.instant("2025-12-31T08:00:00-08:00"))
        _ = try await harness.clock.advancingSleepers { try await user.foodLogs.create(request) }
    }

    /// The harness's user's food logs of 2025-12-31, the day the suite logs on.
    static func newYearsEveLogs(_ harness: ClientHarness) async throws -> [FoodLog] {
        try await harness.user.foodLogs.list(on: try EndToEnd.day("2025-12-31"))
    }

    /// Gets a food whose first attempt fails in a way that is retried: waits for the backoff on the clock, ends
    /// it, and returns what the retry got.
    static func getAfterOneBackoff(_ id: FoodID, _ harness: ClientHarness) async throws -> Food {
        let client = harness.client
        let get = Task { try await client.foods.get(id: id) }
        try await harness.clock.waitForSleepers(1)
        harness.clock.advance(by: try #require(harness.clock.sleeperRemainingDurations.first))
        return try await get.value
    }

    @Test(
        "each 401 variant gives the same refreshes, replays and errors", arguments: rejections, SimulatorPath.allCases)
    func rejection(variant: TokenRejectionEndToEndTests.Variant, path: SimulatorPath) async throws {
        let harness = try ClientHarness(path: path)
        _ = try await harness.client.send(.autocomplete)
        variant.script(harness.simulator)
        if let code = variant.failsWith {
            let error = await EndToEnd.expectError(.authentication, code: code, status: 401) {
                _ = try await harness.client.send(.autocomplete)
            }
            #expect(error?.requestID == harness.simulator.requestLog.last?.requestID)
        } else {
            #expect(try await harness.client.send(.autocomplete).statusCode == 200)
            try await harness.events.waitForEvents(of: .requestRetried)
            #expect(harness.events.count(of: .requestRetried) == 1)
        }
        #expect(harness.provider.callCount == variant.providerCalls)
        #expect(harness.apiRequestCount == variant.serverHits)
        #expect(harness.simulator.requestLog.map(\.status).dropFirst().first == 401)
    }

    @Test("429 rate_limited waits Retry-After on the clock, then succeeds", arguments: SimulatorPath.allCases)
    func rateLimited(path: SimulatorPath) async throws {
        let harness = try ClientHarness(path: path)
        harness.simulator.failNext(with: .rateLimited(retryAfter: 2), pathPrefix: "/v1.2/foods")
        let client = harness.client
        let search = Task { try await client.foods.search(SearchFoodsRequest(query: "apple")) }
        try await harness.clock.waitForSleepers(1)
        #expect(harness.clock.sleeperRemainingDurations == [2])
        harness.clock.advance(by: 2)
        #expect(try await search.value.items.first?.id == "1002")
        #expect(harness.simulator.requestLog.map(\.status) == [429, 200])
        #expect(harness.simulator.requestLog.map(\.errorCode) == ["rate_limited", nil])
    }

    @Test("429 credit_limit_exceeded fails at once and is not retried", arguments: SimulatorPath.allCases)
    func creditLimit(path: SimulatorPath) async throws {
        let harness = try ClientHarness(path: path)
        harness.simulator.failNext(with: .creditLimitExceeded)
        let error = await EndToEnd.expectError(.rateLimited, code: "credit_limit_exceeded", status: 429) {
            _ = try await harness.client.foods.get(id: "1001")
        }
        #expect(error?.retryAfter == nil)
        #expect(harness.apiRequestCount == 1)
        #expect(harness.clock.sleeperCount == 0)
    }

    @Test(
        "503 on a read is retried after a backoff; on a create it is sent again only once the day shows it absent",
        arguments: SimulatorPath.allCases)
    func serviceUnavailable(path: SimulatorPath) async throws {
        let harness = try ClientHarness(path: path)
        harness.simulator.failNext(with: .serviceUnavailable, method: "GET")
        #expect(try await Self.getAfterOneBackoff("1001", harness).name == "banana")

        harness.simulator.failNext(with: .serviceUnavailable, method: "POST")
        try await Self.logApple(harness)
        #expect(harness.simulator.requestLog.map(\.status) == [503, 200, 503, 200, 201])
        #expect(try await Self.newYearsEveLogs(harness).count == 1)
    }

    @Test(
        "a create answered 503 after storing is not sent again; the stored log is found and returned",
        arguments: SimulatorPath.allCases)
    func writeStoredThenFailed(path: SimulatorPath) async throws {
        let harness = try ClientHarness(path: path)
        harness.simulator.failNextWrites(afterStoringWith: .serviceUnavailable, pathPrefix: "/v1.2/food-logs")
        try await Self.logApple(harness)
        #expect(harness.entries("createFoodLog").count == 1)
        #expect(harness.entries("listFoodLogs").count == 1, "the day was listed and the stored log found")
        #expect(try await Self.newYearsEveLogs(harness).count == 1)
    }

    @Test(
        "a create whose connection dropped after storing fails with network and is stored once",
        arguments: SimulatorPath.allCases)
    func writeStoredThenDropped(path: SimulatorPath) async throws {
        let harness = try ClientHarness(path: path)
        harness.simulator.failNextWrites(afterStoringWith: .closeConnection, pathPrefix: "/v1.2/water-logs")
        let error = await EndToEnd.expectError(.network, code: nil, status: nil) {
            _ = try await harness.user.waterLogs.create(
                .cups(1), consumedAt: try EndToEnd.instant("2025-12-31T09:00:00-08:00"))
        }
        #expect(error?.message.contains("may or may not have taken effect") == true)
        // What URLSession gives for a connection closed before any answer differs by platform, not by path.
        #if canImport(FoundationNetworking)
        #expect((error?.underlyingError as? URLError)?.code == .badServerResponse)
        #else
        #expect((error?.underlyingError as? URLError)?.code == .networkConnectionLost)
        #endif
        #expect(harness.entries("createWaterLog").map(\.status) == [nil])
        let totals = try await harness.user.waterLogs.list(
            from: try EndToEnd.day("2025-12-31"), through: try EndToEnd.day("2025-12-31"), unit: .cups)
        #expect(totals.map(\.total) == [Volume(value: 1, unit: .cups)])
    }

    @Test("a read whose connection dropped is sent again and succeeds", arguments: SimulatorPath.allCases)
    func readDropped(path: SimulatorPath) async throws {
        let harness = try ClientHarness(path: path)
        harness.simulator.failNext(with: .closeConnection, method: "GET")
        #expect(try await Self.getAfterOneBackoff("1003", harness).name == "egg")
        #expect(harness.simulator.requestLog.map(\.status) == [nil, 200])
        #expect(harness.simulator.requestLog.map(\.wasScripted) == [true, false])
    }
}
