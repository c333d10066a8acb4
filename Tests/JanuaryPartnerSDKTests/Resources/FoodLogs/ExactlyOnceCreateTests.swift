import Foundation
import JanuaryCoreTesting
import JanuaryPartnerSDKTestSupport
import JanuaryTestServer
import Testing

@testable import JanuaryPartnerSDK

/// Issue 31: a meal is logged exactly once, however January's answer to the create is lost. Through the client and
/// the in-process simulator: the simulator stores the log and then loses the answer, or loses the request before
/// storing it, and the day must hold exactly one log, with no error.
@Suite("A food log is created exactly once", suiteTimeLimit())
struct ExactlyOnceCreateTests {
    static let apple = FoodLogInputFood(foodID: "1002", servingID: "5004", quantity: 1)
    static let bananas = FoodLogInputFood(foodID: "1001", servingID: "5001", quantity: 2.5)
    static let eatenAt = Date(timeIntervalSince1970: 1_767_225_600)

    /// How the answer is lost, and whether the log was stored first.
    enum Loss: String, CaseIterable, Sendable {
        case timeoutAfterStoring, closedAfterStoring, serviceUnavailableAfterStoring
        case timeoutBeforeStoring, closedBeforeStoring

        func script(_ simulator: JanuaryAPISimulator) {
            let prefix = "/v1.2/food-logs"
            switch self {
            case .timeoutAfterStoring:
                simulator.failNextWrites(afterStoringWith: .transportError(.timedOut), pathPrefix: prefix)
            case .closedAfterStoring:
                simulator.failNextWrites(afterStoringWith: .closeConnection, pathPrefix: prefix)
            case .serviceUnavailableAfterStoring:
                simulator.failNextWrites(afterStoringWith: .serviceUnavailable, pathPrefix: prefix)
            case .timeoutBeforeStoring:
                simulator.failNext(with: .transportError(.timedOut), method: "POST", pathPrefix: prefix)
            case .closedBeforeStoring:
                simulator.failNext(with: .closeConnection, method: "POST", pathPrefix: prefix)
            }
        }

        var storesFirst: Bool { rawValue.hasSuffix("AfterStoring") }
    }

    static func harness() throws -> ClientHarness {
        try ClientHarness(path: .inProcess)
    }

    /// The harness's user's logs of the day `instant` falls on.
    static func logs(on instant: Date, _ harness: ClientHarness) async throws -> [FoodLog] {
        try await harness.user.foodLogs.list(on: try JanuaryDate(instant, in: harness.user.timeZone))
    }

    @Test(arguments: Loss.allCases, [true, false])
    func aLostAnswerLeavesExactlyOneLog(_ loss: Loss, withEatenAt: Bool) async throws {
        let harness = try Self.harness()
        loss.script(harness.simulator)
        // Sub-millisecond digits, which January drops: the SDK must still recognise its log.
        let eatenAt = Date(timeIntervalSince1970: 1_767_225_600.123_456)
        let request = CreateFoodLogRequest(foods: [Self.apple], eatenAt: withEatenAt ? eatenAt : nil, name: "Snack")
        let user = harness.user
        let log = try await LostCreateCasesTests.autoAdvancing(harness.clock) {
            try await user.foodLogs.create(request)
        }
        let day = try await Self.logs(on: log.eatenAt, harness)
        #expect(day.map(\.id) == [log.id], "exactly one log, and it is the one returned")
        #expect(harness.entries("createFoodLog").count == (loss.storesFirst ? 1 : 2))
        // One to learn January's clock for an undated meal, one to settle, one by this test.
        #expect(harness.entries("listFoodLogs").count == (withEatenAt ? 2 : 3))
        try await harness.events.waitForEvents(of: loss.storesFirst ? .lostCreateFound : .lostCreateResent)
        if withEatenAt {
            #expect(LogInstant(log.eatenAt)?.milliseconds == 1_767_225_600_123)
        }
    }

    /// 1,000 creates, each with a random loss or none, in random days and with random foods: one log each, and no
    /// error. The generator is seeded, so a failure names the case that reproduces it.
    @Test func aThousandRandomCreatesLogOnceEach() async throws {
        let harness = try Self.harness()
        var random = SplitMix64(seed: 31)
        var created: [FoodLogID: Date] = [:]
        for index in 0..<1_000 {
            let lossIndex = Int(random.next() % UInt64(Loss.allCases.count + 2))
            if lossIndex < Loss.allCases.count {
                Loss.allCases[lossIndex].script(harness.simulator)
            }
            // Over 90 days, about 11 logs a day by the end. Each reconciliation lists its day, and over the 23 days
            // used before (about 43 logs a day) those lists made this the suite's heaviest test: 4.0 s of CPU in a
            // debug build, 2.6 s now, which a busy machine stretches several times over.
            let eatenAt = Date(timeIntervalSince1970: 1_767_225_600 + Double(random.next() % 7_776_000_000) / 1_000)
            let foods = random.next() % 2 == 0 ? [Self.apple] : [Self.apple, Self.bananas]
            let user = harness.user
            let log = try await LostCreateCasesTests.autoAdvancing(harness.clock) {
                try await user.foodLogs.create(
                    CreateFoodLogRequest(foods: foods, eatenAt: eatenAt, name: "meal \(index)"))
            }
            let id = log.id
            #expect(created[id] == nil)
            created[id] = log.eatenAt
        }
        #expect(created.count == 1_000)
        #expect(harness.simulator.statistics.requestsReceived > 1_000)
        var stored = 0
        for day in Set(try created.values.map { try JanuaryDate($0, in: harness.user.timeZone) }) {
            stored += try await harness.user.foodLogs.list(on: day).count
        }
        #expect(stored == 1_000, "exactly one log for each create")
    }

    /// The day cannot be listed while reconciling: only then does the create throw, saying it may have happened.
    @Test func aReconciliationThatCannotFinishSaysItMayHaveHappened() async throws {
        let harness = try Self.harness()
        harness.simulator.failNextWrites(afterStoringWith: .closeConnection, pathPrefix: "/v1.2/food-logs")
        harness.simulator.failNext(with: .error(status: 403, code: "scope_insufficient"), method: "GET")
        let user = harness.user
        let error = await #expect(throws: JanuaryError.self) {
            try await LostCreateCasesTests.autoAdvancing(harness.clock) {
                try await user.foodLogs.create(CreateFoodLogRequest(foods: [Self.apple], eatenAt: Self.eatenAt))
            }
        }
        #expect(error?.mayHaveTakenEffect == true)
        #expect(error?.message.contains("list the day again") == true)
        try await harness.events.waitForEvents(of: .lostCreateUnresolved)
        #expect(harness.entries("createFoodLog").count == 1, "never sent again while unsure")
    }

    /// Cancelled while listing the day to settle a lost answer: the create ends at once, with the honest outcome
    /// (`mayHaveTakenEffect`), not a bare `CancellationError`, and is never sent again.
    @Test func cancellingWhileSettlingSaysItMayHaveHappened() async throws {
        let harness = try Self.harness()
        harness.simulator.failNextWrites(afterStoringWith: .closeConnection, pathPrefix: "/v1.2/food-logs")
        harness.simulator.failNext(with: .delay(30), method: "GET", pathPrefix: "/v1.2/food-logs")
        let user = harness.user
        let create = Task {
            try await user.foodLogs.create(CreateFoodLogRequest(foods: [Self.apple], eatenAt: Self.eatenAt))
        }
        // The settle window, then the listing held back 30 s.
        try await harness.clock.waitForSleeper(lasting: CreateReconciliation.settleWindow)
        harness.clock.advance(by: CreateReconciliation.settleWindow)
        try await harness.clock.waitForSleeper(lasting: 30)
        create.cancel()
        let outcome = await create.result
        let error = try #require(
            { () -> JanuaryError? in
                if case .failure(let error) = outcome { return error as? JanuaryError }
                return nil
            }(), "a JanuaryError, not \(outcome)")
        #expect(error.mayHaveTakenEffect)
        #expect(harness.entries("createFoodLog").count == 1)
        try await harness.events.waitForEvents(of: .lostCreateUnresolved)
    }

    /// A `201` whose body cannot be read: the log was stored, so it is found, not created twice (issue 35, fault 4).
    @Test func anUnreadableCreatedAnswerIsReconciled() async throws {
        let simulator = JanuaryAPISimulator.inProcess()
        let forward = SimulatorTransport(simulator)
        let corrupted = Locked(false)
        let transport = ClosureTransport { request in
            let response = try await forward.send(request)
            let corrupt =
                request.method == .post
                && corrupted.withLock { done in
                    defer { done = true }
                    return !done
                }
            guard corrupt else {
                return response
            }
            return JanuaryHTTPResponse(
                statusCode: response.statusCode, headerFields: response.headerFields, body: Data("<html>".utf8))
        }
        var configuration = JanuaryPartnerClient.Configuration(baseURL: SimulatorTransport.baseURL)
        configuration.transport = transport
        let january = try JanuaryPartnerClient(
            clientTokenProvider: {
                let token = simulator.mintToken(endUserID: "user-42", scopes: nil)
                return JanuaryClientToken(value: token.value, expiresIn: TimeInterval(token.expiresIn))
            },
            configuration: configuration
        )
        let user = january.forUser(PartnerUserID(rawValue: "user-42"))
        let log = try await user.foodLogs.create(
            CreateFoodLogRequest(foods: [Self.apple], eatenAt: Self.eatenAt, name: "Lunch"))
        #expect(log.name == "Lunch")
        // A 2xx was stored already: it is looked for at once, with no settle window to wait out.
        #expect(simulator.requestLog.map(\.operation) == ["createFoodLog", "listFoodLogs"])
    }
}

/// Issue 35, fault 4: a write January answered `2xx` happened, even when the answer cannot be read.
@Suite("An unreadable success", suiteTimeLimit())
struct UnreadableSuccessTests {
    struct Needs: Decodable {
        let required: String
    }

    static func client(answering status: Int, body: String) throws -> JanuaryPartnerClient {
        var configuration = JanuaryPartnerClient.Configuration(baseURL: SimulatorTransport.baseURL)
        configuration.transport = ClosureTransport { _ in
            JanuaryHTTPResponse(
                statusCode: status, headerFields: ["Content-Type": "application/json"], body: Data(body.utf8))
        }
        return try JanuaryPartnerClient(
            clientTokenProvider: { JanuaryClientToken(value: "ct-unreadable-success-token", expiresIn: 600) },
            configuration: configuration
        )
    }

    /// The replay class decides, never the method: a request that is not `safe` may have acted.
    @Test(
        arguments: [
            (JanuaryRequest.Method.post, JanuaryReplayClass.onceOnly, 201, true), (.patch, .onceOnly, 200, true),
            (.delete, .never, 200, true), (.get, .onceOnly, 200, true), (.put, .safe, 200, false),
            (.post, .safe, 200, false), (.get, .safe, 200, false),
        ]
    )
    func aRequestThatIsNotSafeSaysItMayHaveTakenEffect(
        _ method: JanuaryRequest.Method, _ replay: JanuaryReplayClass, _ status: Int, _ acted: Bool
    ) async throws {
        let january = try Self.client(answering: status, body: "{}")
        let request = JanuaryRequest(
            method: method, path: "/v1.2/anything", body: method == .get ? .empty : try .json(["a": 1]),
            replay: replay)
        let error = await #expect(throws: JanuaryError.self) {
            _ = try await january.send(request, decoding: Needs.self)
        }
        #expect(error?.category == .decoding)
        #expect(error?.mayHaveTakenEffect == acted)
    }
}
