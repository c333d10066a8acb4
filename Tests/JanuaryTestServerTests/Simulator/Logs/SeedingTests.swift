import Foundation
import Testing

@testable import JanuaryTestServer

/// Seeding stores through the creates' own code: a seeded log is the log a `POST` with the same content stores,
/// and what a create refuses, seeding refuses with the same code and message, storing nothing.
@Suite("Seeding the simulator's logs", suiteTimeLimit())
struct SeedingTests {
    static let day = [("start_date", "2026-03-10"), ("end_date", "2026-03-10"), ("timezone", "UTC")]

    static func inProcess() -> JanuaryAPISimulator {
        let simulator = JanuaryAPISimulator.inProcess(now: { SimulatorHarness.start })
        simulator.registerDevelopmentKey(SimulatorHarness.apiKey)
        return simulator
    }

    /// One request with the API key, acting for `endUser`; the status and the parsed body.
    static func call(
        _ simulator: JanuaryAPISimulator,
        _ method: String,
        _ path: String,
        query: [(String, String)] = [],
        body: String? = nil,
        endUser: String
    ) throws -> (status: Int, json: JSONValue) {
        var components = URLComponents()
        components.queryItems = query.isEmpty ? nil : query.map { URLQueryItem(name: $0.0, value: $0.1) }
        let answer = simulator.answer(
            method: method,
            target: path + (components.percentEncodedQuery.map { "?" + $0 } ?? ""),
            headerFields: [
                HeaderField(name: "Authorization", value: "Bearer \(SimulatorHarness.apiKey)"),
                HeaderField(name: "January-End-User-ID", value: endUser),
                HeaderField(name: "Content-Type", value: "application/json"),
            ],
            body: Data((body ?? "").utf8)
        )
        guard case .respond(let response) = answer else {
            throw SeedingTestFailure.noResponse
        }
        return (response.status, JSONValue.parse(response.body) ?? .null)
    }

    /// A user's food logs on 2026-03-10 (UTC), each without its id, as JSON text.
    static func foodLogsWithoutIDs(_ simulator: JanuaryAPISimulator, of user: String) throws -> [String] {
        let reply = try call(simulator, "GET", "/v1.2/food-logs", query: day, endUser: user)
        #expect(reply.status == 200)
        return (reply.json["items"]?.arrayValue ?? []).map { item in
            JSONValue.object((item.objectValue ?? [:]).filter { $0.key != "id" }).serialized
        }
    }

    struct FoodLogCase: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let foods: [JanuaryAPISimulator.SeededFood]
        let name: String?
        /// The wire form of `eaten_at` for the create; `nil` for none (the simulator's now).
        let eatenAt: String?
        /// The create's body with the same content.
        let body: String
    }

    static let sameAsCreate: [FoodLogCase] = [
        FoodLogCase(
            testDescription: "one banana in its default serving",
            foods: [.init(foodID: "1001")],
            name: nil,
            eatenAt: "2026-03-10T07:30:00.000Z",
            body:
                #"{"foods":[{"food_id":"1001","serving_id":"5001","quantity":1}],"eaten_at":"2026-03-10T07:30:00.000Z"}"#
        ),
        FoodLogCase(
            testDescription: "two foods in chosen servings, named, eaten at a sub-millisecond instant",
            foods: [
                .init(foodID: "1003", servingID: "5006", quantity: 2),
                .init(foodID: "1006", servingID: "5013", quantity: 2),
            ],
            name: "Breakfast",
            eatenAt: "2026-03-10T08:15:30.123456Z",
            body:
                #"{"foods":[{"food_id":"1003","serving_id":"5006","quantity":2},{"food_id":"1006","serving_id":"5013","quantity":2}],"name":"Breakfast","eaten_at":"2026-03-10T08:15:30.123456Z"}"#
        ),
        FoodLogCase(
            testDescription: "half an apple, sliced, with an empty name, eaten now",
            foods: [.init(foodID: "1002", servingID: "5005", quantity: 0.5)],
            name: "",
            eatenAt: nil,
            body: #"{"foods":[{"food_id":"1002","serving_id":"5005","quantity":0.5}],"name":""}"#
        ),
    ]

    @Test("a seeded food log is the log a create with the same content stores", arguments: sameAsCreate)
    func seededFoodLogEqualsCreated(_ example: FoodLogCase) throws {
        let simulator = Self.inProcess()
        let created = try Self.call(simulator, "POST", "/v1.2/food-logs", body: example.body, endUser: "posted")
        #expect(created.status == 201)
        let eatenAt = try example.eatenAt.map { try #require(Timestamp.parse($0)) }
        let id = try simulator.seedFoodLog(
            endUserID: "seeded", name: example.name, eatenAt: eatenAt, foods: example.foods)

        let posted = try Self.foodLogsWithoutIDs(simulator, of: "posted")
        #expect(posted.count == 1)
        #expect(try Self.foodLogsWithoutIDs(simulator, of: "seeded") == posted)
        #expect(UUID(uuidString: id) != nil && id == id.lowercased())
        let fetched = try Self.call(simulator, "GET", "/v1.2/food-logs/\(id)", endUser: "seeded")
        #expect(fetched.status == 200 && fetched.json["id"]?.stringValue == id)
    }

    struct RefusalCase: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let foods: [JanuaryAPISimulator.SeededFood]
        let name: String?
        /// The create's body with the same content, whose refusal seeding must repeat.
        let body: String
    }

    static let refusals: [RefusalCase] = [
        RefusalCase(
            testDescription: "a food the catalogue lacks",
            foods: [.init(foodID: "999999", servingID: "5001")],
            name: nil,
            body: #"{"foods":[{"food_id":"999999","serving_id":"5001","quantity":1}]}"#
        ),
        RefusalCase(
            testDescription: "a food id that is not numeric",
            foods: [.init(foodID: "banana", servingID: "5001")],
            name: nil,
            body: #"{"foods":[{"food_id":"banana","serving_id":"5001","quantity":1}]}"#
        ),
        RefusalCase(
            testDescription: "a serving of another food",
            foods: [.init(foodID: "1001", servingID: "5004")],
            name: nil,
            body: #"{"foods":[{"food_id":"1001","serving_id":"5004","quantity":1}]}"#
        ),
        RefusalCase(
            testDescription: "a quantity of zero, in the second food",
            foods: [.init(foodID: "1001", servingID: "5001"), .init(foodID: "1002", servingID: "5004", quantity: 0)],
            name: nil,
            body:
                #"{"foods":[{"food_id":"1001","serving_id":"5001","quantity":1},{"food_id":"1002","serving_id":"5004","quantity":0}]}"#
        ),
        RefusalCase(
            testDescription: "a quantity above 10,000",
            foods: [.init(foodID: "1001", servingID: "5001", quantity: 10_001)],
            name: nil,
            body: #"{"foods":[{"food_id":"1001","serving_id":"5001","quantity":10001}]}"#
        ),
        RefusalCase(testDescription: "no food", foods: [], name: nil, body: #"{"foods":[]}"#),
        RefusalCase(
            testDescription: "101 foods",
            foods: Array(repeating: .init(foodID: "1001", servingID: "5001"), count: 101),
            name: nil,
            body: #"{"foods":["#
                + Array(repeating: #"{"food_id":"1001","serving_id":"5001","quantity":1}"#, count: 101)
                .joined(separator: ",") + "]}"
        ),
        RefusalCase(
            testDescription: "a name of 257 characters",
            foods: [.init(foodID: "1001", servingID: "5001")],
            name: String(repeating: "n", count: 257),
            body: #"{"foods":[{"food_id":"1001","serving_id":"5001","quantity":1}],"name":""#
                + String(repeating: "n", count: 257) + #""}"#
        ),
    ]

    @Test(
        "seeding refuses what a create refuses, with the same code and message, and stores nothing", arguments: refusals
    )
    func seedingRefusesAsCreateDoes(_ example: RefusalCase) throws {
        let simulator = Self.inProcess()
        let created = try Self.call(simulator, "POST", "/v1.2/food-logs", body: example.body, endUser: "posted")
        let error = try #require(throws: JanuaryAPISimulator.SeedingError.self) {
            try simulator.seedFoodLog(endUserID: "seeded", name: example.name, foods: example.foods)
        }
        #expect(error.status == created.status && error.status == 400)
        #expect(error.code == created.json["code"]?.stringValue)
        #expect(error.message == created.json["message"]?.stringValue)
        #expect(error.description == "\(error.code): \(error.message)")
        #expect(try Self.foodLogsWithoutIDs(simulator, of: "seeded").isEmpty)
    }

    @Test(
        "an instant or an end user no create could carry is refused, not stored and not a crash",
        // Seconds since 1970 rather than dates: describing a NaN `Date` for the test's name traps in Foundation.
        arguments: [
            (TimeInterval.nan, "simulated-end-user"),
            (.infinity, "simulated-end-user"),
            (-.infinity, "simulated-end-user"),
            (1e15, "simulated-end-user"),  // past the year 9999
            (1_773_154_800, "  "),
            (1_773_154_800, ""),
        ]
    )
    func unrepresentableInputIsRefused(secondsSince1970: TimeInterval, endUserID: String) throws {
        let simulator = Self.inProcess()
        let eatenAt = Date(timeIntervalSince1970: secondsSince1970)
        let error = try #require(throws: JanuaryAPISimulator.SeedingError.self) {
            try simulator.seedFoodLog(endUserID: endUserID, eatenAt: eatenAt, foods: [.init(foodID: "1001")])
        }
        #expect(error.status == 400 && error.code == "invalid_request")
        #expect(simulator.books.withLock { $0.logs.foodLogs.isEmpty && $0.logs.sequence == 0 })
    }

    @Test(
        "a seeded log without eatenAt is eaten at the simulator's now, belongs to the default end user, and is no request"
    )
    func defaultsAndNoRequest() throws {
        let simulator = Self.inProcess()
        try simulator.seedFoodLog(foods: [.init(foodID: "1001")])
        #expect(simulator.requestLog.isEmpty && simulator.statistics == JanuaryAPISimulator.Statistics())
        let reply = try Self.call(
            simulator, "GET", "/v1.2/food-logs", query: Self.day, endUser: JanuaryAPISimulator.defaultEndUserID)
        #expect(reply.json["items"]?.arrayValue?.map { $0["eaten_at"]?.stringValue } == ["2026-03-10T15:00:00.000Z"])
    }

    @Test("seeded water counts toward the 24 L day as a created one does, and is listed like one")
    func seededWater() throws {
        let simulator = Self.inProcess()
        try simulator.seedWaterLog(endUserID: "u1", value: 2, unit: "cup", consumedAt: SimulatorHarness.start)
        let posted = try Self.call(
            simulator, "POST", "/v1.2/water-logs",
            body: #"{"amount":{"value":2,"unit":"cup"},"consumed_at":"2026-03-10T15:00:00.000Z"}"#, endUser: "u2")
        #expect(posted.status == 201)
        let query = Self.day + [("unit", "ml")]
        let seededList = try Self.call(simulator, "GET", "/v1.2/water-logs", query: query, endUser: "u1")
        let postedList = try Self.call(simulator, "GET", "/v1.2/water-logs", query: query, endUser: "u2")
        #expect(seededList.json.serialized == postedList.json.serialized)
        #expect(seededList.json["items"]?.arrayValue?.count == 1)

        // 2 cups (473 ml) and 23 L: 600 ml more would take the day past 24 L.
        try simulator.seedWaterLog(endUserID: "u1", value: 23_000, unit: "ml", consumedAt: SimulatorHarness.start)
        let overCap = try #require(throws: JanuaryAPISimulator.SeedingError.self) {
            try simulator.seedWaterLog(endUserID: "u1", value: 600, unit: "ml", consumedAt: SimulatorHarness.start)
        }
        #expect(overCap.code == "daily_water_limit_exceeded")
        let badUnit = try #require(throws: JanuaryAPISimulator.SeedingError.self) {
            try simulator.seedWaterLog(endUserID: "u1", value: 1, unit: "litre")
        }
        #expect(badUnit.code == "invalid_request" && badUnit.message.contains("amount.unit"))
        #expect(simulator.books.withLock { $0.logs.waterLogs["u1"]?.count } == 2)
    }

    @Test("a seeded weight is listed as a created one, and an impossible one is refused")
    func seededWeight() throws {
        let simulator = Self.inProcess()
        try simulator.seedWeightLog(endUserID: "u1", value: 72.5, unit: "kg", measuredAt: SimulatorHarness.start)
        let reply = try Self.call(simulator, "GET", "/v1.2/weight-logs", query: Self.day, endUser: "u1")
        #expect(
            reply.json.serialized == #"{"items":[{"date":"2026-03-10","weight":{"unit":"kg","value":72.5}}]}"#)
        for (value, unit) in [(4.0, "kg"), (1001, "lb"), (.nan, "kg"), (70, "stone")] {
            #expect(throws: JanuaryAPISimulator.SeedingError.self) {
                try simulator.seedWeightLog(endUserID: "u1", value: value, unit: unit)
            }
        }
        #expect(simulator.books.withLock { $0.logs.weightLogs["u1"]?.count } == 1)
    }
}

enum SeedingTestFailure: Error {
    case noResponse
}
