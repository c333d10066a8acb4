import Foundation
import JanuaryPartnerSDK
import JanuaryTestServer
import Testing

@Suite("Food logs on the wire", suiteTimeLimit())
struct FoodLogWireTests {
    @Test("create posts foods, eaten_at in UTC with milliseconds, and name")
    func createSendsEverything() async throws {
        let logs = try LogsServer()
        let eatenAt = utc("2026-03-10T19:05:30.250Z")
        let log = try await logs.user().foodLogs.create(
            CreateFoodLogRequest(
                foods: [validFood, FoodLogInputFood(foodID: "99", servingID: "7", quantity: 0.5)],
                eatenAt: eatenAt,
                name: "Dinner"
            )
        )
        let request = try logs.onlyRequest()
        #expect(request.method == "POST")
        #expect(request.target == "/v1.2/food-logs")
        #expect(request.value(forHeader: "Content-Type")?.hasPrefix("application/json") == true)
        #expect(request.hasHeaderValue("user-42"))
        let body = try request.jsonBody()
        #expect(Set(body.keys) == ["foods", "eaten_at", "name"])
        #expect(body["eaten_at"] as? String == "2026-03-10T19:05:30.250Z")
        #expect(body["name"] as? String == "Dinner")
        let foods = try #require(body["foods"] as? [[String: Any]])
        #expect(foods.count == 2)
        #expect(foods[0]["food_id"] as? String == "1234567")
        #expect(foods[0]["serving_id"] as? String == "42")
        #expect(foods[0]["quantity"] as? Double == 1)
        #expect(foods[1]["quantity"] as? Double == 0.5)
        #expect(log.id == validLogID)
        #expect(log.eatenAt == utc("2026-03-11T06:30:00Z"))
    }

    @Test("create leaves out a nil name, and sends the time it is now when eatenAt is nil, to the millisecond")
    func createOmitsNil() async throws {
        let logs = try LogsServer()
        try await logs.user().foodLogs.create(CreateFoodLogRequest(foods: [validFood]))
        #expect(logs.server.receivedRequests.map(\.method) == ["GET", "POST"], "a listing teaches January's clock")
        let body = try logs.callRequest().jsonBody()
        #expect(Set(body.keys) == ["foods", "eaten_at"])
        let eatenAt = try #require(body["eaten_at"] as? String)
        #expect(eatenAt.count == "2026-03-10T19:05:30.250Z".count && eatenAt.hasSuffix("Z"))
    }

    @Test("list asks for the user's days in the user's zone")
    func listQuery() async throws {
        let logs = try LogsServer()
        let result = try await logs.user().foodLogs.list(from: day("2026-01-12"), through: day("2026-03-12"))
        let request = try logs.onlyRequest()
        #expect(request.method == "GET")
        #expect(request.path == "/v1.2/food-logs")
        #expect(request.body.isEmpty)
        #expect(
            request.queryPairs == [
                "start_date": "2026-01-12", "end_date": "2026-03-12", "timezone": "America/Los_Angeles",
            ])
        #expect(result.isEmpty)
    }

    @Test("list(on:) asks for one day")
    func listOneDay() async throws {
        let logs = try LogsServer()
        _ = try await logs.user(timeZone: "Asia/Tokyo").foodLogs.list(on: day("2028-02-29"))
        #expect(
            try logs.onlyRequest().queryPairs == [
                "start_date": "2028-02-29", "end_date": "2028-02-29", "timezone": "Asia/Tokyo",
            ])
    }

    @Test("list with instants asks for the days they fall on in the user's zone")
    func listInstants() async throws {
        let logs = try LogsServer()
        // 23:30 on March 10 in Los Angeles, and 00:30 on March 12 in Los Angeles.
        _ = try await logs.user().foodLogs.list(from: LogsServer.now, through: utc("2026-03-12T07:30:00Z"))
        let pairs = try logs.onlyRequest().queryPairs
        #expect(pairs["start_date"] == "2026-03-10")
        #expect(pairs["end_date"] == "2026-03-12")
    }

    @Test("a list decodes January's items")
    func listDecodesItems() async throws {
        let logs = try LogsServer()
        logs.server.enqueue(.json(#"{"items": [\#(LogsServer.foodLogJSON), \#(LogsServer.foodLogJSON)]}"#))
        let result = try await logs.user().foodLogs.list(on: day("2026-03-10"))
        #expect(result.count == 2)
        #expect(result.allSatisfy { $0.id == validLogID })
    }

    @Test("a summary by day sends group_by but never week_start")
    func summaryByDay() async throws {
        let logs = try LogsServer()
        let summary = try await logs.user().foodLogs.summary(
            FoodLogSummaryRequest(from: day("2025-03-11"), through: day("2026-03-11"), weekStart: .sunday)
        )
        let request = try logs.onlyRequest()
        #expect(request.method == "GET")
        #expect(request.path == "/v1.2/food-logs/summary")
        #expect(
            request.queryPairs == [
                "start_date": "2025-03-11", "end_date": "2026-03-11", "timezone": "America/Los_Angeles",
                "group_by": "day",
            ])
        #expect(summary.groupBy == .day)
    }

    @Test("a summary by week sends week_start when given, and omits it otherwise")
    func summaryByWeek() async throws {
        let logs = try LogsServer()
        let user = logs.user()
        _ = try await user.foodLogs.summary(
            FoodLogSummaryRequest(
                from: day("2026-02-01"), through: day("2026-02-28"), groupBy: .week, weekStart: .sunday)
        )
        _ = try await user.foodLogs.summary(
            FoodLogSummaryRequest(from: day("2026-02-01"), through: day("2026-02-28"), groupBy: .week)
        )
        let requests = logs.server.receivedRequests
        try #require(requests.count == 2)
        #expect(requests[0].queryPairs["group_by"] == "week")
        #expect(requests[0].queryPairs["week_start"] == "sunday")
        #expect(requests[1].queryPairs["group_by"] == "week")
        #expect(requests[1].queryPairs["week_start"] == nil)
    }

    @Test("get, update and delete address the log by its id")
    func addressedOperations() async throws {
        let logs = try LogsServer()
        let foodLogs = logs.user().foodLogs
        let fetched = try await foodLogs.get(id: validLogID)
        let updated = try await foodLogs.update(
            id: validLogID,
            UpdateFoodLogRequest(eatenAt: utc("2026-03-10T12:00:00Z"), name: "Brunch")
        )
        try await foodLogs.delete(id: validLogID)
        let requests = logs.server.receivedRequests
        try #require(requests.count == 3)
        let path = "/v1.2/food-logs/3f2b9c1e-8d4a-4e6f-9b7a-2c1d0e5f6a7b"
        #expect(requests.map(\.method) == ["GET", "PATCH", "DELETE"])
        #expect(requests.map(\.target) == [path, path, path])
        #expect(requests[0].body.isEmpty && requests[2].body.isEmpty)
        let body = try requests[1].jsonBody()
        #expect(Set(body.keys) == ["eaten_at", "name"])
        #expect(body["eaten_at"] as? String == "2026-03-10T12:00:00.000Z")
        #expect(body["name"] as? String == "Brunch")
        #expect(fetched.id == validLogID && updated.id == validLogID)
        #expect(requests.allSatisfy { $0.hasHeaderValue("user-42") })
    }

    @Test("an update of the foods alone sends only the foods")
    func updateFoodsOnly() async throws {
        let logs = try LogsServer()
        try await logs.user().foodLogs.update(id: validLogID, UpdateFoodLogRequest(foods: [validFood]))
        let body = try logs.onlyRequest().jsonBody()
        #expect(Set(body.keys) == ["foods"])
        #expect((body["foods"] as? [[String: Any]])?.first?["serving_id"] as? String == "42")
    }

    @Test("January's refusal comes back as its code, after one request")
    func serverErrorSurfaces() async throws {
        let logs = try LogsServer()
        logs.server.enqueue(
            .json(#"{"code":"end_user_id_mismatch","message":"The user does not match the token."}"#, status: 403)
        )
        let error = await #expect(throws: JanuaryError.self) {
            try await logs.user().foodLogs.list(on: day("2026-03-10"))
        }
        #expect(error?.statusCode == 403)
        #expect(logs.server.receivedRequests.count == 1)
    }
}
