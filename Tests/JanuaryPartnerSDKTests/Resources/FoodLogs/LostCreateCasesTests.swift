import Foundation
import JanuaryPartnerSDKTestSupport
import JanuaryTestServer
import Testing

@testable import JanuaryPartnerSDK

/// Issue 39: the five ways two reviews broke "a meal is logged exactly once", each through the client and the
/// in-process simulator. Waits on the client's clock (the settle window, scripted delays) end as soon as they
/// start (``autoAdvancing(_:_:)``), so the tests take no real time.
@Suite("A lost create is settled by identity, not content", suiteTimeLimit())
struct LostCreateCasesTests {
    static let coffee = FoodLogInputFood(foodID: "1002", servingID: "5004", quantity: 1)
    static let foodLogs = "/v1.2/food-logs"
    /// 2026-01-01T08:00:00Z, a whole second.
    static let eight = Date(timeIntervalSince1970: 1_767_254_400)

    static func harness(skew: TimeInterval = 0) throws -> ClientHarness {
        try ClientHarness(simulatorSkew: skew, path: .inProcess)
    }

    /// Every log the simulator stores for the harness's user on `instant`'s UTC day, read around the client.
    static func stored(on instant: Date, _ harness: ClientHarness) async throws -> [FoodLog] {
        let reader = try JanuaryPartnerClient.simulated(harness.simulator, user: PartnerUserID(rawValue: "user-42"))
        let day = try JanuaryDate(instant, in: TimeZone(identifier: "UTC")!)
        return try await reader.forUser(PartnerUserID(rawValue: "user-42"), timeZone: TimeZone(identifier: "UTC")!)
            .foodLogs.list(on: day)
    }

    /// Runs `body` while every sleep on `clock` ends as soon as it starts.
    static func autoAdvancing<T: Sendable>(
        _ clock: ManualClock, _ body: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        try await clock.advancingSleepers(body)
    }

    @Test("late commit: a create January stores after the SDK gave up on its answer is not sent twice")
    func lateCommit() async throws {
        let harness = try Self.harness()
        harness.simulator.failNextWrites(
            answering: .transportError(.timedOut), committing: .after(60), method: "POST", pathPrefix: Self.foodLogs)
        let user = harness.user
        let log = try await Self.autoAdvancing(harness.clock) {
            try await user.foodLogs.create(CreateFoodLogRequest(foods: [Self.coffee], eatenAt: Self.eight))
        }
        harness.clock.advance(by: 3_600)
        let stored = try await Self.stored(on: Self.eight, harness)
        #expect(stored.count == 1, "one meal, one log: \(stored.map(\.eatenAt))")
        #expect(stored.first?.id == log.id)
    }

    @Test("twin meals: two identical meals at the same time are two logs, even when the second's request is lost")
    func twinMeals() async throws {
        let harness = try Self.harness()
        let user = harness.user
        let twin = CreateFoodLogRequest(foods: [Self.coffee], eatenAt: Self.eight, name: "Coffee")
        let first = try await user.foodLogs.create(twin)
        harness.simulator.failNext(with: .closeConnection, method: "POST", pathPrefix: Self.foodLogs)
        let second = try await Self.autoAdvancing(harness.clock) { try await user.foodLogs.create(twin) }
        #expect(first.id != second.id, "the second meal is not the first one's log")
        let stored = try await Self.stored(on: Self.eight, harness)
        #expect(Set(stored.compactMap(\.id)) == Set([first.id, second.id].compactMap { $0 }))
        #expect(stored.allSatisfy { abs($0.eatenAt.timeIntervalSince(Self.eight)) < 1 }, "neither moved a second")
    }

    @Test("cancellation: a create cancelled after it was sent says it may have been stored")
    func cancelledInFlight() async throws {
        let harness = try Self.harness()
        // Stored at once; the answer is held back 30 s on the client's clock.
        harness.simulator.failNext(with: .delay(30), method: "POST", pathPrefix: Self.foodLogs)
        let user = harness.user
        let create = Task {
            try await user.foodLogs.create(CreateFoodLogRequest(foods: [Self.coffee], eatenAt: Self.eight))
        }
        try await harness.clock.waitForSleeper(lasting: 30)
        create.cancel()
        let outcome = await create.result
        guard case .failure(let failure) = outcome else {
            Issue.record("the create did not fail: \(outcome)")
            return
        }
        let error = try #require(failure as? JanuaryError, "a JanuaryError, not \(failure)")
        #expect(error.mayHaveTakenEffect)
        #expect(error.category == .cancelled)
        #expect(try await Self.stored(on: Self.eight, harness).count == 1, "it was stored")
    }

    @Test("omitted fields: a log listed without its quantity or name is still recognised")
    func omittedFields() async throws {
        let clock = ManualClock()
        let simulator = JanuaryAPISimulator.inProcess(now: { clock.now() })
        let forward = SimulatorTransport(simulator, clock: clock)
        // A January that leaves `quantity` out of listed logs and answers `null` for their names.
        let transport = ClosureTransport { request in
            let response = try await forward.send(request)
            guard request.method == .get, request.url.path.hasSuffix("food-logs"),
                var json = try JSONSerialization.jsonObject(with: response.body) as? [String: Any],
                let items = json["items"] as? [[String: Any]]
            else {
                return response
            }
            json["items"] = items.map { item -> [String: Any] in
                var item = item
                item["name"] = NSNull()
                item["foods"] = (item["foods"] as? [[String: Any]])?.map { food -> [String: Any] in
                    var food = food
                    food.removeValue(forKey: "quantity")
                    return food
                }
                return item
            }
            return JanuaryHTTPResponse(
                statusCode: response.statusCode, headerFields: response.headerFields,
                body: try JSONSerialization.data(withJSONObject: json))
        }
        var configuration = JanuaryPartnerClient.Configuration(baseURL: SimulatorTransport.baseURL)
        configuration.transport = transport
        configuration.clock = clock
        // The provider's timeout would be a sleeper the auto-advancing clock could end before the provider answers
        // on a busy machine (a full parallel run did).
        configuration.tokenProviderTimeout = .infinity
        let january = try JanuaryPartnerClient(
            clientTokenProvider: {
                let token = simulator.mintToken(endUserID: "user-42", scopes: nil)
                return JanuaryClientToken(value: token.value, expiresIn: TimeInterval(token.expiresIn))
            },
            configuration: configuration
        )
        simulator.failNextWrites(afterStoringWith: .closeConnection, method: "POST")
        let user = january.forUser(PartnerUserID(rawValue: "user-42"), timeZone: TimeZone(identifier: "UTC")!)
        let log = try await Self.autoAdvancing(clock) {
            try await user.foodLogs.create(
                CreateFoodLogRequest(foods: [Self.coffee], eatenAt: Self.eight, name: "Coffee"))
        }
        #expect(log.foods.first?.quantity == nil, "the listed log, as January showed it")
        #expect(simulator.requestLog.filter { $0.operation == "createFoodLog" }.count == 1, "never sent twice")
    }

    @Test("a user in a fixed-offset zone without an IANA name is settled all the same")
    func fixedOffsetZone() async throws {
        let harness = try Self.harness()
        harness.simulator.failNextWrites(afterStoringWith: .closeConnection, method: "POST")
        let user = harness.client.forUser(
            PartnerUserID(rawValue: "user-42"), timeZone: try #require(TimeZone(secondsFromGMT: 19_800)))
        let log = try await Self.autoAdvancing(harness.clock) {
            try await user.foodLogs.create(CreateFoodLogRequest(foods: [Self.coffee], eatenAt: Self.eight))
        }
        #expect(try await Self.stored(on: Self.eight, harness).map(\.id) == [log.id])
        #expect(harness.simulator.requestLog.filter { $0.operation == "createFoodLog" }.count == 1)
    }

    @Test("a sign-out while a lost create is settled stops it: it is never sent again in the next session")
    func signOutWhileSettling() async throws {
        let harness = try Self.harness()
        // The create's request is held 30 s, then its connection closes before January stores it.
        harness.simulator.failNext(with: .delay(30), method: "POST", pathPrefix: Self.foodLogs)
        harness.simulator.failNext(with: .closeConnection, method: "POST", pathPrefix: Self.foodLogs)
        let user = harness.user
        let client = harness.client
        let clock = harness.clock
        let create = Task {
            try await user.foodLogs.create(CreateFoodLogRequest(foods: [Self.coffee], eatenAt: Self.eight))
        }
        try await clock.waitForSleeper(lasting: 30)
        client.signOut()
        let outcome = try await Self.autoAdvancing(clock) { await create.result }
        guard case .failure(let failure) = outcome else {
            Issue.record("the create was sent again after the sign-out: \(outcome)")
            return
        }
        let error = try #require(failure as? JanuaryError)
        #expect(error.mayHaveTakenEffect, "\(error)")
        #expect(harness.simulator.requestLog.filter { $0.operation == "createFoodLog" }.count == 1)
        #expect(try await Self.stored(on: Self.eight, harness).isEmpty)
    }

    @Test(
        "a meal without eatenAt is dated by January's clock, not a device clock hours off",
        arguments: [6 * 3_600, -2 * 86_400] as [TimeInterval]
    )
    func undatedMealUsesJanuarysClock(skew: TimeInterval) async throws {
        let harness = try Self.harness(skew: skew)
        let log = try await harness.user.foodLogs.create(CreateFoodLogRequest(foods: [Self.coffee]))
        let januaryNow = harness.clock.now().addingTimeInterval(skew)
        #expect(abs(log.eatenAt.timeIntervalSince(januaryNow)) < 2, "\(log.eatenAt) against January's \(januaryNow)")
    }
}
