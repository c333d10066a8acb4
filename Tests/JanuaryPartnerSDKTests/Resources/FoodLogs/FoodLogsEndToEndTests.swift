import Foundation
import JanuaryPartnerSDK
import JanuaryPartnerSDKTestSupport
import JanuaryTestServer
import Testing

/// `user.foodLogs` through the real URLSession against the simulator's per-user logs: the whole lifecycle, local
/// days, summaries, the write-replay rules and what the client refuses before sending. The identity rules for
/// every log operation and both credentials are in `LogIdentityEndToEndTests`.
@Suite("Food logs end to end", suiteTimeLimit())
struct FoodLogsEndToEndTests {
    static let bananas = FoodLogInputFood(foodID: "1001", servingID: "5001", quantity: 2)
    static let eggs = FoodLogInputFood(foodID: "1003", servingID: "5006", quantity: 2)
    static let oatmeal = FoodLogInputFood(foodID: "1004", servingID: "5008", quantity: 1)
    static let apple = FoodLogInputFood(foodID: "1002", servingID: "5004", quantity: 1)

    @Test("create answers the hydrated log, which get returns too")
    func createAndGet() async throws {
        let harness = try ClientHarness()
        let eatenAt = try EndToEnd.instant("2025-12-31T08:15:30.250-08:00")
        let created = try await harness.user.foodLogs.create(
            CreateFoodLogRequest(foods: [Self.bananas], eatenAt: eatenAt, name: "Snack"))
        let id = created.id
        #expect(UUID(uuidString: id.rawValue) != nil)
        #expect(created.eatenAt == eatenAt)
        #expect(created.name == "Snack")
        let banana = try #require(created.foods.first)
        #expect(created.foods.count == 1)
        #expect(banana.foodID == "1001")
        #expect(banana.name == "banana")
        #expect(banana.quantity == 2)
        #expect(banana.serving.id == "5001")
        #expect(banana.serving.unit == "medium")
        #expect(banana.serving.weightGrams == 118)
        #expect(banana.nutrients.calories == NutrientAmount(value: 210, unit: .kilocalories))
        #expect(EndToEnd.close(banana.nutrients.protein?.value, 2.6))
        #expect(banana.glycemicIndex == 51)
        #expect(banana.glycemicLoad == 26)
        #expect(banana.imageURL?.absoluteString.hasSuffix("banana.jpg") == true)

        let fetched = try await harness.user.foodLogs.get(id: id)
        #expect(fetched == created)
        let entries = harness.simulator.requestLog
        #expect(entries.map(\.operation) == ["createFoodLog", "getFoodLog"])
        #expect(entries.map(\.status) == [201, 200])
        #expect(entries.last?.path == "/v1.2/food-logs/\(id.rawValue)")
    }

    @Test("a log without a time is eaten now, by January's clock, sent explicitly to the millisecond")
    func createNow() async throws {
        let harness = try ClientHarness()
        let created = try await harness.user.foodLogs.create(CreateFoodLogRequest(foods: [Self.apple]))
        // January's clock, from the `Date` (whole seconds) of the listing made first to learn it, to within a second.
        #expect(abs(created.eatenAt.timeIntervalSince(harness.clock.now())) < 1)
        #expect(created.name == nil)
        #expect(harness.server.receivedRequests.map(\.method) == ["GET", "POST"], "a listing teaches January's clock")
        let body = try #require(
            try JSONSerialization.jsonObject(with: harness.server.receivedRequests[1].body) as? [String: Any])
        #expect(
            (body["eaten_at"] as? String)?.hasPrefix("2026-01-01T00:00:00.") == true,
            "so that a lost answer can be found")
        #expect(body["name"] == nil)
        // A second undated meal needs no listing: the client now knows January's clock.
        _ = try await harness.user.foodLogs.create(CreateFoodLogRequest(foods: [Self.apple]))
        #expect(harness.server.receivedRequests.map(\.method) == ["GET", "POST", "POST"])
    }

    @Test("a described breakfast is logged in one step, with the nutrients the analysis found")
    func logAnalysis() async throws {
        let harness = try ClientHarness()
        let scan = try await harness.client.foodAnalysis.analyzeDescription("2 eggs and a banana")
        let eatenAt = try EndToEnd.instant("2025-12-31T07:30:00-08:00")
        let log = try await harness.user.foodLogs.create(CreateFoodLogRequest(scan: scan, eatenAt: eatenAt))
        #expect(log.foods.map(\.foodID) == ["1003", "1001"])
        #expect(log.foods.map(\.quantity) == [2, 1])
        let calories = log.foods.compactMap(\.nutrients.calories?.value).reduce(0, +)
        #expect(EndToEnd.close(calories, scan.totalNutrients.calories?.value ?? -1))
    }

    @Test("list orders by the time eaten, whatever the order of writing")
    func listOrder() async throws {
        let harness = try ClientHarness()
        let times = ["2025-12-30T19:00:00-08:00", "2025-12-30T07:00:00-08:00", "2025-12-30T12:30:00-08:00"]
        for (index, time) in times.enumerated() {
            try await harness.user.foodLogs.create(
                CreateFoodLogRequest(foods: [Self.apple], eatenAt: try EndToEnd.instant(time), name: "meal \(index)"))
        }
        let logs = try await harness.user.foodLogs.list(on: try EndToEnd.day("2025-12-30"))
        #expect(logs.map(\.name) == ["meal 1", "meal 2", "meal 0"])
        let entry = try #require(harness.entries("listFoodLogs").first)
        #expect(entry.query("start_date") == "2025-12-30")
        #expect(entry.query("end_date") == "2025-12-30")
        #expect(entry.query("timezone") == "America/Los_Angeles")
    }

    @Test("a meal at 23:30 in Los Angeles lists on that local day, not the next, though it is the next day in UTC")
    func localDayBoundary() async throws {
        let harness = try ClientHarness()
        let lateDinner = try EndToEnd.instant("2025-12-30T23:30:00-08:00")
        try await harness.user.foodLogs.create(CreateFoodLogRequest(foods: [Self.apple], eatenAt: lateDinner))
        let thatDay = try await harness.user.foodLogs.list(on: try EndToEnd.day("2025-12-30"))
        let nextDay = try await harness.user.foodLogs.list(on: try EndToEnd.day("2025-12-31"))
        #expect(thatDay.map(\.eatenAt) == [lateDinner])
        #expect(nextDay.isEmpty)
        // The same instants, asked for as a range of Dates, are turned into the user's local days.
        let byInstants = try await harness.user.foodLogs.list(
            from: try EndToEnd.instant("2025-12-30T00:00:00-08:00"), through: lateDinner)
        #expect(byInstants.count == 1)
        #expect(harness.entries("listFoodLogs").last?.query("end_date") == "2025-12-30")
        // A user in Tokyo sees the same meal on the 31st, their local day.
        let tokyo = harness.client.forUser(
            PartnerUserID(rawValue: ClientHarness.endUserID), timeZone: TimeZone(identifier: "Asia/Tokyo")!)
        #expect(try await tokyo.foodLogs.list(on: try EndToEnd.day("2025-12-31")).count == 1)
        #expect(try await tokyo.foodLogs.list(on: try EndToEnd.day("2025-12-30")).isEmpty)
    }

    @Test("update replaces the foods, the time and the name; get and list see the change")
    func update() async throws {
        let harness = try ClientHarness()
        let created = try await harness.user.foodLogs.create(
            CreateFoodLogRequest(
                foods: [Self.apple], eatenAt: try EndToEnd.instant("2025-12-30T08:00:00-08:00"), name: "Breakfast"))
        let id = created.id
        let moved = try EndToEnd.instant("2025-12-31T09:00:00-08:00")
        let updated = try await harness.user.foodLogs.update(
            id: id, UpdateFoodLogRequest(foods: [Self.oatmeal, Self.bananas], eatenAt: moved, name: "Brunch"))
        #expect(updated.id == id)
        #expect(updated.foods.map(\.foodID) == ["1004", "1001"])
        #expect(updated.eatenAt == moved)
        #expect(updated.name == "Brunch")
        let renamed = try await harness.user.foodLogs.update(id: id, UpdateFoodLogRequest(name: "Late brunch"))
        #expect(renamed.foods == updated.foods)
        #expect(renamed.eatenAt == moved)
        #expect(try await harness.user.foodLogs.get(id: id).name == "Late brunch")
        #expect(try await harness.user.foodLogs.list(on: try EndToEnd.day("2025-12-30")).isEmpty)
        #expect(try await harness.user.foodLogs.list(on: try EndToEnd.day("2025-12-31")).map(\.id) == [id])
        #expect(harness.entries("updateFoodLog").map(\.method) == ["PATCH", "PATCH"])
    }

    @Test("delete removes the log; get is then 404 not_found and a second delete still succeeds")
    func delete() async throws {
        let harness = try ClientHarness()
        let created = try await harness.user.foodLogs.create(
            CreateFoodLogRequest(foods: [Self.apple], eatenAt: try EndToEnd.instant("2025-12-31T08:00:00-08:00")))
        let id = created.id
        try await harness.user.foodLogs.delete(id: id)
        await EndToEnd.expectError(.notFound, code: "not_found", status: 404) {
            _ = try await harness.user.foodLogs.get(id: id)
        }
        try await harness.user.foodLogs.delete(id: id)
        #expect(try await harness.user.foodLogs.list(on: try EndToEnd.day("2025-12-31")).isEmpty)
        #expect(harness.entries("deleteFoodLog").map(\.status) == [204, 204])
    }

    // MARK: - Summaries

    /// Four meals over 2025-12-22 (a Monday) … 2025-12-31 in Los Angeles.
    static func logWeek(_ harness: ClientHarness) async throws {
        let meals: [(String, FoodLogInputFood)] = [
            ("2025-12-23T08:00:00-08:00", bananas),  // 210 kcal, 2.6 g protein, 54 g carbohydrates
            ("2025-12-23T12:00:00-08:00", eggs),  // 156 kcal, 12.6 g protein, 1.2 g carbohydrates
            ("2025-12-28T09:00:00-08:00", oatmeal),  // Sunday: 166 kcal, 5.9 g protein, 28 g carbohydrates
            ("2025-12-30T23:30:00-08:00", apple),  // 95 kcal, 0.5 g protein, 25 g carbohydrates
        ]
        for (time, food) in meals {
            try await harness.user.foodLogs.create(
                CreateFoodLogRequest(foods: [food], eatenAt: try EndToEnd.instant(time)))
        }
    }

    @Test("the summary by day tiles the range, and its totals and averages are the hand-computed sums")
    func summaryByDay() async throws {
        let harness = try ClientHarness()
        try await Self.logWeek(harness)
        let summary = try await harness.user.foodLogs.summary(
            FoodLogSummaryRequest(from: try EndToEnd.day("2025-12-22"), through: try EndToEnd.day("2025-12-31")))
        #expect(summary.groupBy == .day)
        #expect(summary.weekStart == nil)
        #expect(summary.timeZoneIdentifier == "America/Los_Angeles")
        #expect(summary.startDate.description == "2025-12-22")
        #expect(summary.endDate.description == "2025-12-31")
        #expect(summary.buckets.count == 10)
        #expect(summary.buckets.allSatisfy { $0.startDate == $0.endDate })
        let byDay = Dictionary(uniqueKeysWithValues: summary.buckets.map { ($0.startDate.description, $0) })
        #expect(byDay["2025-12-23"]?.logsCount == 2)
        #expect(EndToEnd.close(byDay["2025-12-23"]?.nutrients.calories?.value, 366))
        #expect(EndToEnd.close(byDay["2025-12-23"]?.nutrients.protein?.value, 15.2))
        #expect(byDay["2025-12-28"]?.logsCount == 1)
        #expect(EndToEnd.close(byDay["2025-12-30"]?.nutrients.calories?.value, 95))
        #expect(byDay["2025-12-31"]?.logsCount == 0)
        #expect(byDay["2025-12-31"]?.nutrients.isEmpty == true)
        #expect(summary.totals.logsCount == 4)
        #expect(summary.totals.daysWithLogs == 3)
        #expect(EndToEnd.close(summary.totals.nutrients.calories?.value, 627))
        #expect(EndToEnd.close(summary.totals.nutrients.protein?.value, 21.6))
        #expect(EndToEnd.close(summary.totals.nutrients.carbohydrates?.value, 108.2))
        #expect(EndToEnd.close(summary.averagePerLoggedDay.nutrients.calories?.value, 209))
        #expect(EndToEnd.close(summary.averagePerLoggedDay.nutrients.protein?.value, 7.2))
        #expect(EndToEnd.close(summary.averagePerLoggedDay.nutrients.carbohydrates?.value, 36.07))
        let entry = try #require(harness.entries("getFoodLogSummary").first)
        #expect(entry.query("group_by") == "day")
        #expect(entry.query("week_start") == nil)
    }

    struct WeekCase: Sendable, CustomTestStringConvertible {
        let weekStart: WeekStart?
        /// Each bucket: start, end, logs, days with logs, kcal.
        let buckets: [(String, String, Int, Int, Double)]
        var testDescription: String { weekStart?.rawValue ?? "default week start" }
    }

    @Test(
        "the summary by week clips the first and last weeks and follows the week start",
        arguments: [
            WeekCase(
                weekStart: .monday,
                buckets: [("2025-12-22", "2025-12-28", 3, 2, 532), ("2025-12-29", "2025-12-31", 1, 1, 95)]),
            WeekCase(
                weekStart: nil,
                buckets: [("2025-12-22", "2025-12-28", 3, 2, 532), ("2025-12-29", "2025-12-31", 1, 1, 95)]),
            WeekCase(
                weekStart: .sunday,
                buckets: [("2025-12-22", "2025-12-27", 2, 1, 366), ("2025-12-28", "2025-12-31", 2, 2, 261)]),
        ]
    )
    func summaryByWeek(_ week: WeekCase) async throws {
        let harness = try ClientHarness()
        try await Self.logWeek(harness)
        let summary = try await harness.user.foodLogs.summary(
            FoodLogSummaryRequest(
                from: try EndToEnd.day("2025-12-22"), through: try EndToEnd.day("2025-12-31"), groupBy: .week,
                weekStart: week.weekStart))
        #expect(summary.groupBy == .week)
        #expect(summary.weekStart == week.weekStart ?? .monday)
        #expect(summary.buckets.count == week.buckets.count)
        for (bucket, expected) in zip(summary.buckets, week.buckets) {
            #expect(bucket.startDate.description == expected.0)
            #expect(bucket.endDate.description == expected.1)
            #expect(bucket.logsCount == expected.2)
            #expect(bucket.daysWithLogs == expected.3)
            #expect(EndToEnd.close(bucket.nutrients.calories?.value, expected.4))
        }
        #expect(summary.totals.logsCount == 4)
        #expect(EndToEnd.close(summary.totals.nutrients.calories?.value, 627))
        #expect(harness.entries("getFoodLogSummary").first?.query("week_start") == week.weekStart?.rawValue)
    }

    @Test("a summary of an empty range has zero counts and empty nutrients")
    func emptySummary() async throws {
        let harness = try ClientHarness()
        let summary = try await harness.user.foodLogs.summary(
            FoodLogSummaryRequest(from: try EndToEnd.day("2025-12-01"), through: try EndToEnd.day("2025-12-03")))
        #expect(summary.buckets.count == 3)
        #expect(summary.totals.logsCount == 0)
        #expect(summary.totals.nutrients.isEmpty)
        #expect(summary.averagePerLoggedDay.nutrients.isEmpty)
    }

    // MARK: - Write replays

    @Test("a create that got 503 after January stored it is sent once, found in the day and returned, stored once")
    func createServiceUnavailableAfterStoring() async throws {
        let harness = try ClientHarness()
        harness.simulator.failNextWrites(afterStoringWith: .serviceUnavailable, pathPrefix: "/v1.2/food-logs")
        let eatenAt = try EndToEnd.instant("2025-12-31T08:00:00-08:00")
        let user = harness.user
        let log = try await harness.clock.advancingSleepers {
            try await user.foodLogs.create(CreateFoodLogRequest(foods: [Self.apple], eatenAt: eatenAt))
        }
        #expect(log.eatenAt == eatenAt)
        #expect(harness.entries("createFoodLog").count == 1)
        #expect(harness.entries("listFoodLogs").count == 1)
        #expect(harness.clock.sleeperCount == 0)
        try await harness.events.waitForEvents(of: .lostCreateFound)
        #expect(harness.events.events(.lostCreateFound).first?.attempt == 1)
        let logs = try await harness.user.foodLogs.list(on: try EndToEnd.day("2025-12-31"))
        #expect(logs.map(\.id) == [log.id])
    }

    @Test("a create whose answer was lost is not sent again either; the log is found and there once")
    func createConnectionLostAfterStoring() async throws {
        let harness = try ClientHarness()
        harness.simulator.failNextWrites(afterStoringWith: .closeConnection, pathPrefix: "/v1.2/food-logs")
        let user = harness.user
        let request = CreateFoodLogRequest(
            foods: [Self.apple], eatenAt: try EndToEnd.instant("2025-12-31T08:00:00-08:00"))
        let log = try await harness.clock.advancingSleepers { try await user.foodLogs.create(request) }
        #expect(harness.entries("createFoodLog").count == 1)
        #expect(try await harness.user.foodLogs.list(on: try EndToEnd.day("2025-12-31")).map(\.id) == [log.id])
    }

    @Test("a create that got 429 rate_limited waits Retry-After on the clock, is sent twice and stored once")
    func createRateLimited() async throws {
        let harness = try ClientHarness()
        harness.simulator.failNext(with: .rateLimited(retryAfter: 2), method: "POST", pathPrefix: "/v1.2/food-logs")
        let user = harness.user
        let eatenAt = try EndToEnd.instant("2025-12-31T08:00:00-08:00")
        let create = Task {
            try await user.foodLogs.create(CreateFoodLogRequest(foods: [Self.apple], eatenAt: eatenAt))
        }
        try await harness.clock.waitForSleepers(1)
        #expect(harness.clock.sleeperRemainingDurations == [2])
        #expect(harness.entries("createFoodLog").count == 1)
        harness.clock.advance(by: 2)
        let log = try await create.value
        #expect(log.eatenAt == eatenAt)
        let attempts = harness.entries("createFoodLog")
        #expect(attempts.map(\.status) == [429, 201])
        #expect(attempts.map(\.wasScripted) == [true, false])
        #expect(harness.provider.callCount == 1)
        try await harness.events.waitForEvents(of: .retryScheduled)
        #expect(harness.events.events(.retryScheduled).first?.retryAfter == 2)
        #expect(try await harness.user.foodLogs.list(on: try EndToEnd.day("2025-12-31")).map(\.id) == [log.id])
    }

    @Test("a delete that got 503 is retried after a backoff and succeeds")
    func deleteRetried() async throws {
        let harness = try ClientHarness()
        let created = try await harness.user.foodLogs.create(
            CreateFoodLogRequest(foods: [Self.apple], eatenAt: try EndToEnd.instant("2025-12-31T08:00:00-08:00")))
        let id = created.id
        harness.simulator.failNext(with: .serviceUnavailable, method: "DELETE", pathPrefix: "/v1.2/food-logs/")
        let user = harness.user
        let delete = Task { try await user.foodLogs.delete(id: id) }
        try await harness.clock.waitForSleepers(1)
        let wait = try #require(harness.clock.sleeperRemainingDurations.first)
        #expect((0.375...0.5).contains(wait))
        harness.clock.advance(by: wait)
        try await delete.value
        #expect(harness.entries("deleteFoodLog").map(\.status) == [503, 204])
        #expect(try await harness.user.foodLogs.list(on: try EndToEnd.day("2025-12-31")).isEmpty)
    }

    @Test("a list that got 503 is retried; a create that got 503 before storing is sent again only once absent")
    func readsRetryWritesDoNot() async throws {
        let harness = try ClientHarness()
        harness.simulator.failNext(with: .serviceUnavailable, method: "POST", pathPrefix: "/v1.2/food-logs")
        let creator = harness.user
        let request = CreateFoodLogRequest(
            foods: [Self.apple], eatenAt: try EndToEnd.instant("2025-12-31T08:00:00-08:00"))
        let created = try await harness.clock.advancingSleepers { try await creator.foodLogs.create(request) }
        #expect(harness.entries("createFoodLog").map(\.status) == [503, 201])
        #expect(harness.entries("listFoodLogs").map(\.status) == [200])
        let id = created.id
        try await harness.user.foodLogs.delete(id: id)
        harness.simulator.failNext(with: .upstreamTimeout, method: "GET", pathPrefix: "/v1.2/food-logs")
        let user = harness.user
        let day = try EndToEnd.day("2025-12-31")
        let list = Task { try await user.foodLogs.list(on: day) }
        try await harness.clock.waitForSleepers(1)
        harness.clock.advance(by: 1)
        #expect(try await list.value.isEmpty)
        #expect(harness.entries("createFoodLog").map(\.status) == [503, 201])
        #expect(harness.entries("listFoodLogs").map(\.status) == [200, 504, 200])
    }

    // MARK: - Errors and refusals

    @Test(
        "a food or serving January does not have is 400 invalid_request, sent once",
        arguments: [
            FoodLogInputFood(foodID: "999999", servingID: "5001", quantity: 1),
            FoodLogInputFood(foodID: "1001", servingID: "5004", quantity: 1),
        ]
    )
    func unknownFood(food: FoodLogInputFood) async throws {
        let harness = try ClientHarness()
        let error = await EndToEnd.expectError(.invalidInput, code: "invalid_request", status: 400) {
            try await harness.user.foodLogs.create(CreateFoodLogRequest(foods: [Self.apple, food]))
        }
        #expect(error?.message.contains("foods[1]") == true)
        #expect(harness.entries("createFoodLog").count == 1)
        #expect(try await harness.user.foodLogs.list(on: try EndToEnd.day("2025-12-31")).isEmpty)
    }

    /// Creates a log of one apple whose serving or quantity the refusal table changes.
    static func createApple(
        servingID: ServingID = "5004", quantity: Double = 1
    ) -> @Sendable (JanuaryUserClient) async throws -> Void {
        { user in
            try await user.foodLogs.create(
                CreateFoodLogRequest(foods: [FoodLogInputFood(foodID: "1002", servingID: servingID, quantity: quantity)]
                ))
        }
    }

    static let refusals: [EndToEnd.Refusal<JanuaryUserClient>] = [
        .init("no foods", naming: "foods", { try await $0.foodLogs.create(CreateFoodLogRequest(foods: [])) }),
        .init(
            "101 foods", naming: "foods",
            { try await $0.foodLogs.create(CreateFoodLogRequest(foods: Array(repeating: apple, count: 101))) }
        ),
        .init("a quantity of 0", naming: "foods[0].quantity", createApple(quantity: 0)),
        .init("a quantity over 10000", naming: "foods[0].quantity", createApple(quantity: 10_001)),
        .init("a malformed serving id", naming: "foods[0].servingID", createApple(servingID: "05004")),
        .init(
            "a name of 257 characters", naming: "name",
            {
                try await $0.foodLogs.create(
                    CreateFoodLogRequest(foods: [apple], name: String(repeating: "n", count: 257)))
            }
        ),
        .init(
            "an inverted range", naming: "start_date",
            {
                _ = try await $0.foodLogs.list(
                    from: try JanuaryDate("2025-12-31"), through: try JanuaryDate("2025-12-30"))
            }
        ),
        .init(
            "a 61-day list", code: "date_range_too_large", naming: "60 days",
            {
                _ = try await $0.foodLogs.list(
                    from: try JanuaryDate("2025-11-01"), through: try JanuaryDate("2025-12-31"))
            }
        ),
        .init(
            "a 367-day summary", code: "date_range_too_large", naming: "366 days",
            {
                _ = try await $0.foodLogs.summary(
                    FoodLogSummaryRequest(from: try JanuaryDate("2024-12-30"), through: try JanuaryDate("2025-12-31")))
            }
        ),
        .init("a log id that is not a UUID", naming: "log_id", { _ = try await $0.foodLogs.get(id: "42") }),
        .init(
            "an update that changes nothing", naming: "at least one",
            { try await $0.foodLogs.update(id: "3f2b9c1e-8d4a-4e6f-9b7a-2c1d0e5f6a7b", UpdateFoodLogRequest()) }
        ),
        .init(
            "an update to no foods", naming: "foods",
            {
                try await $0.foodLogs.update(
                    id: "3f2b9c1e-8d4a-4e6f-9b7a-2c1d0e5f6a7b", UpdateFoodLogRequest(foods: []))
            }
        ),
        .init("a delete of a malformed id", naming: "log_id", { try await $0.foodLogs.delete(id: "../water") }),
    ]

    @Test("bad input is refused before a token is fetched or a byte is sent", arguments: refusals)
    func refusedLocally(_ refusal: EndToEnd.Refusal<JanuaryUserClient>) async throws {
        try await refusal.check(on: \.user)
    }

    @Test("logs with fields and values the SDK does not know decode")
    func extraFields() async throws {
        let harness = try ClientHarness()
        harness.server.enqueue(
            .json(
                """
                {"items": [{"id": "3f2b9c1e-8d4a-4e6f-9b7a-2c1d0e5f6a7b", "eaten_at": "2025-12-31T16:00:00.000Z",
                  "name": null, "source": "photo", "meal_type": "brunch",
                  "foods": [{"food_id": "1001", "name": "banana", "brand_name": null, "image_url": null,
                             "glycemic_index": 51, "glycemic_load": 13, "quantity": 1, "verified": true,
                             "nutrients": {"calories": {"value": 105, "unit": "kcal"}, "choline": {"value": 12, "unit": "mg"}},
                             "serving": {"id": "5001", "quantity": 1, "unit": "medium", "weight_grams": 118, "kind": "piece"}}]}],
                 "total_count": 1}
                """))
        let logs = try await harness.user.foodLogs.list(on: try EndToEnd.day("2025-12-31"))
        #expect(logs.count == 1)
        #expect(logs.first?.foods.first?.nutrients.calories?.value == 105)
        #expect(logs.first?.eatenAt == (try EndToEnd.instant("2025-12-31T16:00:00Z")))
    }
}
