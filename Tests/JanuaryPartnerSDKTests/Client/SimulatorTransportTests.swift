import Foundation
import JanuaryPartnerSDK
import JanuaryPartnerSDKTestSupport
import JanuaryTestServer
import Testing

/// What only the in-process path does: the one-line client, scripted delays on the injected clock, timeouts,
/// transport errors and cancellation, with no socket. What both paths share is in `SimulatorPathParityTests`.
@Suite("The simulator in process", suiteTimeLimit())
struct SimulatorTransportTests {
    static let losAngeles = TimeZone(identifier: "America/Los_Angeles")!

    /// A manual clock, an in-process simulator on it, and a client for `user-42` with every scope.
    static func make(
        scopes: [JanuaryAPISimulator.Scope]? = nil,
        configure: (inout JanuaryPartnerClient.Configuration) -> Void = { _ in }
    ) throws -> (ManualClock, JanuaryAPISimulator, JanuaryPartnerClient) {
        let clock = ManualClock()
        let simulator = JanuaryAPISimulator.inProcess(now: { clock.now() })
        let january = try JanuaryPartnerClient.simulated(
            simulator, user: PartnerUserID(rawValue: "user-42"), scopes: scopes, clock: clock, configure: configure)
        return (clock, simulator, january)
    }

    @Test("the one-line client mints tokens for its user with its scopes, and nothing else is needed")
    func oneLineClient() async throws {
        let (_, simulator, january) = try Self.make(scopes: [.foodsRead, .waterLogsWrite])
        #expect(try await january.foods.get(id: "1001").name == "banana")
        let user = january.forUser(PartnerUserID(rawValue: "user-42"), timeZone: Self.losAngeles)
        _ = try await user.waterLogs.create(.cups(1), consumedAt: ManualClock.defaultStart)
        let error = await #expect(throws: JanuaryError.self) {
            _ = try await user.foodLogs.list(on: try JanuaryDate("2025-12-31"))
        }
        #expect(error?.code == "scope_insufficient")
        #expect(simulator.statistics.tokensIssued == 1)
        #expect(simulator.requestLog.map(\.credential) == [.clientToken, .clientToken, .clientToken])
        #expect(simulator.requestLog.map(\.endUserHeader) == [nil, "user-42", "user-42"])
    }

    @Test("with every default, as in a SwiftUI preview, it acts for the simulator's default end user")
    func previewDefaults() async throws {
        let simulator = JanuaryAPISimulator.inProcess()
        let january = try JanuaryPartnerClient.simulated(simulator)
        let user = january.forUser(PartnerUserID(rawValue: JanuaryAPISimulator.defaultEndUserID))
        let today = try JanuaryDate(Date(), in: .current)
        #expect(try await user.waterLogs.list(from: today, through: today, unit: .cups).isEmpty)
        #expect(simulator.requestLog.map(\.status) == [200])
    }

    @Test(
        "a user that is not a valid PartnerUserID is refused before a token is minted for it",
        arguments: ["", "   ", "someone@example.com", " user-42", String(repeating: "u", count: 65)]
    )
    func invalidUserIsRefused(rawValue: String) throws {
        let simulator = JanuaryAPISimulator.inProcess()
        let error = try #require(throws: JanuaryError.self) {
            _ = try JanuaryPartnerClient.simulated(simulator, user: PartnerUserID(rawValue: rawValue))
        }
        #expect(error.category == .invalidInput && error.code == "invalid_end_user_id")
        #expect(simulator.statistics.tokensIssued == 0 && simulator.requestLog.isEmpty)
    }

    @Test("logs seeded synchronously, as a SwiftUI preview does, are what a simulated client lists for the day")
    func seededLogsAreListed() async throws {
        let breakfast = Date(timeIntervalSince1970: 1_773_153_000)  // 2026-03-10 07:30 in Los Angeles
        let lunch = breakfast.addingTimeInterval(5 * 3600)
        let simulator = JanuaryAPISimulator.inProcess(now: { lunch })
        let breakfastID = try simulator.seedFoodLog(
            endUserID: "user-42",
            name: "Breakfast",
            eatenAt: breakfast,
            foods: [.init(foodID: "1004"), .init(foodID: "1001", quantity: 0.5)]
        )
        let lunchID = try simulator.seedFoodLog(
            endUserID: "user-42", name: "Lunch", foods: [.init(foodID: "1006", servingID: "5013", quantity: 2)])
        try simulator.seedFoodLog(endUserID: "someone-else", eatenAt: breakfast, foods: [.init(foodID: "1002")])
        try simulator.seedFoodLog(
            endUserID: "user-42", eatenAt: breakfast.addingTimeInterval(-86_400), foods: [.init(foodID: "1002")])
        try simulator.seedWaterLog(endUserID: "user-42", value: 2, unit: "cup", consumedAt: breakfast)

        let january = try JanuaryPartnerClient.simulated(simulator, user: PartnerUserID(rawValue: "user-42"))
        let user = january.forUser(PartnerUserID(rawValue: "user-42"), timeZone: Self.losAngeles)
        let day = try JanuaryDate("2026-03-10")
        let logs = try await user.foodLogs.list(on: day)
        #expect(logs.map(\.id.rawValue) == [breakfastID, lunchID])
        #expect(logs.map(\.name) == ["Breakfast", "Lunch"])
        #expect(logs.map(\.eatenAt) == [breakfast, lunch])
        #expect(logs.map { $0.foods.map(\.name) } == [["oatmeal", "banana"], ["white rice"]])
        #expect(logs[1].foods.first?.quantity == 2)
        let water = try await user.waterLogs.list(from: day, through: day, unit: .cups)
        #expect(water.map(\.total.value) == [2])
    }

    @Test("a scripted delay is a sleep on the client's clock: the request is handled, its answer waits")
    func delayOnTheClock() async throws {
        let (clock, simulator, january) = try Self.make()
        simulator.failNext(with: .delay(5))
        let get = Task { try await january.foods.get(id: "1003") }
        try await clock.waitForSleepers(1)
        #expect(clock.sleeperRemainingDurations == [5])
        #expect(simulator.requestLog.map(\.status) == [200])
        clock.advance(by: 5)
        #expect(try await get.value.name == "egg")
    }

    @Test("a delay as long as the request timeout fails with timeout; a create is stored and not sent again")
    func delayPastTheTimeout() async throws {
        let (clock, simulator, january) = try Self.make { $0.requestTimeout = 10 }
        simulator.failNext(with: .delay(30), method: "POST")
        let user = january.forUser(PartnerUserID(rawValue: "user-42"), timeZone: Self.losAngeles)
        let create = Task { try await user.waterLogs.create(.cups(1), consumedAt: ManualClock.defaultStart) }
        try await clock.waitForSleepers(1)
        #expect(clock.sleeperRemainingDurations == [10])
        clock.advance(by: 10)
        let outcome = await create.result
        guard case .failure(let failure) = outcome, let error = failure as? JanuaryError else {
            Issue.record("expected a JanuaryError, got \(outcome)")
            return
        }
        #expect(error.category == .timeout)
        #expect((error.underlyingError as? URLError)?.code == .timedOut)
        #expect(error.message.contains("may or may not have taken effect"))
        #expect(simulator.requestLog.map(\.operation) == ["createWaterLog"])
    }

    @Test(
        "a scripted transport error reaches the client as URLSession's would",
        arguments: [
            (URLError.Code.notConnectedToInternet, JanuaryError.Category.network),
            (.timedOut, .timeout),
            (.cannotConnectToHost, .network),
        ]
    )
    func transportErrors(code: URLError.Code, category: JanuaryError.Category) async throws {
        let (_, simulator, january) = try Self.make()
        simulator.failNext(with: .transportError(code), method: "POST")
        let user = january.forUser(PartnerUserID(rawValue: "user-42"), timeZone: Self.losAngeles)
        let error = await #expect(throws: JanuaryError.self) {
            _ = try await user.waterLogs.create(.cups(1), consumedAt: ManualClock.defaultStart)
        }
        #expect(error?.category == category)
        #expect((error?.underlyingError as? URLError)?.code == code)
        #expect(error?.statusCode == nil)
        #expect(simulator.requestLog.map(\.status) == [nil])
    }

    @Test("cancelling a request while its answer is delayed throws CancellationError at once")
    func cancellationDuringDelay() async throws {
        let (clock, simulator, january) = try Self.make()
        simulator.failNext(with: .delay(60))
        let get = Task { try await january.foods.get(id: "1001") }
        try await clock.waitForSleepers(1)
        get.cancel()
        let outcome = await get.result
        guard case .failure(let error) = outcome else {
            Issue.record("expected a failure, got \(outcome)")
            return
        }
        #expect(error is CancellationError)
    }

    @Test("the transport refuses what the SDK's own transport refuses, before the simulator sees it")
    func refusesUnsafeRequests() async throws {
        let transport = SimulatorTransport(JanuaryAPISimulator.inProcess())
        let request = JanuaryHTTPRequest(
            url: URL(string: "http://example.com/v1.2/foods/1001")!,
            headerFields: ["Authorization": "Bearer ct-secret"]
        )
        try await requireRefusedLocally(
            hiding: ["ct-secret"], outbound: transport.simulator.requestLog.map { "\($0.method) \($0.path)" }
        ) {
            _ = try await transport.send(request)
        }
    }

    @Test("the target keeps the path and query as encoded, and a stream body is read once")
    func targetAndStreamBody() async throws {
        let simulator = JanuaryAPISimulator.inProcess()
        simulator.registerDevelopmentKey("sk-stream-test")
        let transport = SimulatorTransport(simulator)
        let body = Data(#"{"end_user_id":"user-1","scopes":["foods:read"]}"#.utf8)
        let response = try await transport.send(
            JanuaryHTTPRequest(
                method: .post,
                url: SimulatorTransport.baseURL.appendingPathComponent("v1.2/auth/client-tokens"),
                headerFields: ["Authorization": "Bearer sk-stream-test", "Content-Type": "application/json"],
                body: .stream { InputStream(data: body) }
            ))
        #expect(response.statusCode == 201)
        #expect(response.headerFields["Content-Length"] == String(response.body.count))
        let search = try await transport.send(
            JanuaryHTTPRequest(
                url: URL(string: "https://simulator.january.invalid/v1.2/foods?query=greek%20yogurt&limit=2")!,
                headerFields: ["Authorization": "Bearer sk-stream-test"]
            ))
        #expect(search.statusCode == 200)
        #expect(simulator.requestLog.last?.queryItems.first { $0.name == "query" }?.value == "greek yogurt")
    }
}
