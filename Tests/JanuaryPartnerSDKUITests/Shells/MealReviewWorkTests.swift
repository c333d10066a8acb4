import Foundation
import JanuaryCore
import JanuaryCoreTesting
import JanuaryPartnerSDK
import JanuaryPartnerSDKTesting
import JanuaryTestServer
import Testing

@testable import JanuaryPartnerSDKUI

/// Runs the review sheet's machine against a client as the shell does: each action's work is awaited (each with a
/// deadline) and its result fed back, until no work is left.
struct ReviewDriver {
    var machine: Review
    let client: JanuaryPartnerClient
    let logger: MealLogger
    /// Every action the machine asked for, in order.
    private(set) var actions: [Review.Action] = []

    init(_ input: MealReviewInput, client: JanuaryPartnerClient, logger: MealLogger) {
        machine = Review(input: input)
        self.client = client
        self.logger = logger
    }

    /// Sends the events, then performs the work they start, and the work that work starts.
    mutating func send(_ events: Review.Event...) async throws {
        var queue = events
        while !queue.isEmpty {
            for action in machine.handle(queue.removeFirst()) {
                actions.append(action)
                if let event = try await perform(action) {
                    queue.append(event)
                }
            }
        }
    }

    private func perform(_ action: Review.Action) async throws -> Review.Event? {
        let client = client
        let logger = logger
        switch action {
        case .analyse(let text, let attempt):
            let result = try await withDeadline("the analysis") { await MealReviewWork.analyse(text, with: client) }
            return .analysisFinished(attempt: attempt, result)
        case .fetchFood(let id, let attempt):
            let result = try await withDeadline("the food") { await MealReviewWork.fetch(id, with: client) }
            return .foodFetched(attempt: attempt, result)
        case .search(let request, let attempt):
            let result = try await withDeadline("the search") { await MealReviewWork.search(request, with: client) }
            return .searchFinished(attempt: attempt, result)
        case .log(let request, let attempt):
            let result = try await withDeadline("the log") { await MealReviewWork.log(request, with: logger) }
            return .logFinished(attempt: attempt, result)
        case .cancelWork, .announce, .deliver, .deliverCancellation:
            return nil
        }
    }

    var logs: Int {
        actions.filter { if case .log = $0 { true } else { false } }.count
    }
}

@Suite(
    "The review sheet's work goes through the facade to the simulator, and logs a reviewed meal once", suiteTimeLimit())
struct MealReviewWorkTests {
    static let userID = PartnerUserID(rawValue: "user-42")

    static func client(_ simulator: JanuaryAPISimulator) throws -> JanuaryPartnerClient {
        // No retries: a scripted failure reaches the sheet at once rather than after the client's back-off.
        try JanuaryPartnerClient.simulated(simulator, user: userID) { $0.retryPolicy = .none }
    }

    @Test("a photo's scan, reviewed and edited, is logged exactly once with the edited servings and quantities")
    func reviewedScanLoggedOnce() async throws {
        let simulator = JanuaryAPISimulator.inProcess()
        let january = try Self.client(simulator)
        let user = january.forUser(Self.userID)
        // The scanner hands its result over, as an app does.
        let scanned = try await withDeadline("the scan") {
            await MealScannerWork.analyse(MealScannerWorkTests.png, with: january)
        }
        guard case .success(let result) = scanned, case .meal(_, let scan) = result else {
            Issue.record("not a meal: \(scanned)")
            return
        }
        try #require(!scan.loggableFoods.isEmpty)
        var sheet = ReviewDriver(MealReviewInput(result), client: january, logger: .foodLogs(of: user))
        try await sheet.send(.appeared)
        #expect(sheet.machine.phase == .editing)
        #expect(sheet.machine.items.allSatisfy { $0.details == .complete })

        // Edit every item: one more rung, and another serving where the food has one.
        for item in sheet.machine.items {
            try await sheet.send(.quantityIncreased(item: item.id))
            if let other = item.servingChoices.first(where: { $0.id != item.servingID }), item.canChangeServing {
                try await sheet.send(.servingSelected(item: item.id, other.id))
            }
        }
        // And a food from the search, in a quantity typed by the user.
        try await sheet.send(.addFoodTapped, .searchQueryChanged("banana"), .searchSubmitted)
        try await sheet.send(.searchResultPicked(0))
        let added = try #require(sheet.machine.items.last)
        try await sheet.send(.quantityEntered(item: added.id, 1.5), .nameChanged("Reviewed breakfast"))
        let edited = sheet.machine.request
        #expect(edited.foods != scan.loggableFoods)
        #expect(edited.foods.count == scan.loggableFoods.count + 1)

        // Log, tapped five times.
        try await sheet.send(.logTapped, .logTapped, .logTapped, .logTapped, .logTapped)
        #expect(sheet.logs == 1)
        #expect(sheet.machine.phase == .logged)
        let delivered = sheet.actions.compactMap { if case .deliver(let meal) = $0 { meal } else { nil } }
        #expect(delivered.count == 1)
        #expect(delivered.first?.request == edited)

        let today = try await withDeadline("the day") { try await user.foodLogs.list(on: try user.today()) }
        #expect(today.count == 1)
        let stored = try #require(today.first)
        #expect(stored.id == delivered.first?.log?.id)
        #expect(stored.name == "Reviewed breakfast")
        #expect(
            stored.foods.map {
                FoodLogInputFood(foodID: $0.foodID, servingID: $0.serving.id, quantity: $0.quantity ?? 0)
            }
                == edited.foods)
    }

    @Test("typed text is analysed, reviewed and logged once; a retry after an offline log sends it once more")
    func typedText() async throws {
        let simulator = JanuaryAPISimulator.inProcess()
        let january = try Self.client(simulator)
        let user = january.forUser(Self.userID)
        var sheet = ReviewDriver(.description("2 eggs and a banana"), client: january, logger: .foodLogs(of: user))
        try await sheet.send(.appeared)
        #expect(sheet.machine.items.map(\.name) == ["egg", "banana"])
        #expect(sheet.machine.items.map(\.quantity) == [2, 1])

        simulator.failNext(
            with: .transportError(.notConnectedToInternet), method: "POST", pathPrefix: "/v1.2/food-logs")
        try await sheet.send(.logTapped)
        guard case .failed(let failure, .log) = sheet.machine.phase else {
            Issue.record("not failed: \(sheet.machine.phase)")
            return
        }
        #expect(failure.recovery == .retryWhenOnline)
        try await sheet.send(.retryTapped, .retryTapped)
        #expect(sheet.logs == 2)
        #expect(sheet.machine.phase == .logged)
        let today = try await withDeadline("the day") { try await user.foodLogs.list(on: try user.today()) }
        #expect(today.count == 1)
    }

    @Test("offline, the outbox logger logs at once; January gets the meal once, when it is back")
    func outboxLoggerOffline() async throws {
        let simulator = JanuaryAPISimulator.inProcess()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("review-outbox-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let january = try JanuaryPartnerClient.simulated(simulator, user: Self.userID) {
            $0.retryPolicy = .none
            $0.outboxDirectory = folder
        }
        let user = january.forUser(Self.userID)
        var sheet = ReviewDriver(.description("2 eggs and a banana"), client: january, logger: .outbox(of: user))
        try await sheet.send(.appeared)
        simulator.failNext(100, with: .transportError(.notConnectedToInternet), method: "POST")
        try await sheet.send(.logTapped, .logTapped, .logTapped)
        #expect(sheet.logs == 1)
        #expect(sheet.machine.phase == .logged, "on the device: logged, whatever the network")
        let pending = try january.outbox.entries(for: Self.userID)
        #expect(pending.count == 1)
        #expect(pending.first?.foodLog?.foods == sheet.machine.request.foods)
        simulator.clearScriptedFailures()
        january.outbox.retryNow()
        let delivered = try await withDeadline("the delivery") { try await january.outbox.delivered(pending[0].id) }
        let today = try await withDeadline("the day") { try await user.foodLogs.list(on: try user.today()) }
        #expect(today.map(\.id) == [delivered.deliveredFoodLog?.id])
    }

    @Test("a monthly limit on the log offers no Try again, and nothing more is sent")
    func monthlyLimit() async throws {
        let simulator = JanuaryAPISimulator.inProcess()
        let january = try Self.client(simulator)
        let user = january.forUser(Self.userID)
        let banana = try await withDeadline("the food") { try await january.foods.get(id: "1001") }
        var sheet = ReviewDriver(.food(banana), client: january, logger: .foodLogs(of: user))
        simulator.failNext(
            with: .error(status: 429, code: "credit_limit_exceeded"), method: "POST", pathPrefix: "/v1.2/food-logs")
        try await sheet.send(.appeared, .logTapped, .retryTapped, .logTapped)
        #expect(sheet.logs == 1)
        #expect(
            sheet.machine.phase
                == .failed(
                    Review.Failure(sentence: .errorMonthlyLimit, recovery: .notUntilNextMonth),
                    .log(sheet.machine.request)))
        #expect(MealReviewScreen(sheet.machine).buttons.map(\.kind) == [.close])
    }

    @Test("servings that cannot be fetched leave the meal as detected, and it still logs")
    func partialFailure() async throws {
        let simulator = JanuaryAPISimulator.inProcess()
        let january = try Self.client(simulator)
        let user = january.forUser(Self.userID)
        let scan = try await withDeadline("the analysis") {
            try await january.foodAnalysis.analyzeDescription("2 eggs and a banana")
        }
        simulator.failNext(
            with: .error(status: 503, code: "service_unavailable"), method: "GET", pathPrefix: "/v1.2/foods/1003")
        var sheet = ReviewDriver(.scan(scan), client: january, logger: .foodLogs(of: user))
        try await sheet.send(.appeared)
        #expect(sheet.machine.phase == .editing)
        #expect(
            sheet.machine.items.map(\.details) == [
                .unavailable(Review.Failure(sentence: .errorServer, recovery: .retryLater)), .complete,
            ])
        try await sheet.send(.retryDetailsTapped)
        #expect(sheet.machine.items.allSatisfy { $0.details == .complete })
        try await sheet.send(.logTapped)
        #expect(sheet.machine.phase == .logged)
    }

    @Test("the search sends the query and returns the foods that can be logged")
    func search() async throws {
        let january = try Self.client(JanuaryAPISimulator.inProcess())
        let result = try await withDeadline("the search") {
            await MealReviewWork.search(SearchFoodsRequest(query: "banana"), with: january)
        }
        let foods = try result.get()
        #expect(foods.first?.id == "1001")
    }

    @Test(
        "a logger of the partner's own: nil is a meal accepted for later; an error not January's may have taken effect")
    func customLogger() async throws {
        struct OutboxFull: Error {}
        let request = CreateFoodLogRequest(foods: [FoodLogInputFood(foodID: "1001", servingID: "5001", quantity: 1)])
        let accepted = await MealReviewWork.log(request, with: MealLogger { _ in nil })
        #expect(try accepted.get() == nil)
        for thrown: any Error in [OutboxFull(), CancellationError()] {
            let failed = await MealReviewWork.log(request, with: MealLogger { _ in throw thrown })
            guard case .failure(let error) = failed else {
                Issue.record("succeeded")
                continue
            }
            #expect(error.mayHaveTakenEffect)
            #expect(error.recovery.kind == .checkBeforeRepeating)
        }
        let january = JanuaryError(category: .network, code: .notConnectedToInternet, message: "m")
        let passed = await MealReviewWork.log(request, with: MealLogger { _ in throw january })
        #expect(throws: JanuaryError.self) { try passed.get() }
        #expect((try? passed.get()) == nil)
    }

    @Test("the sheet's limits are the SDK's: 100 foods and a 256-character name pass, one more is refused unsent")
    func limits() async throws {
        let simulator = JanuaryAPISimulator.inProcess()
        let user = try Self.client(simulator).forUser(Self.userID)
        let food = FoodLogInputFood(foodID: "1001", servingID: "5001", quantity: 1)
        let cases: [(CreateFoodLogRequest, Bool)] = [
            (CreateFoodLogRequest(foods: Array(repeating: food, count: Review.maximumFoods)), true),
            (CreateFoodLogRequest(foods: Array(repeating: food, count: Review.maximumFoods + 1)), false),
            (CreateFoodLogRequest(foods: [food], name: String(repeating: "é", count: Review.maximumNameLength)), true),
            (
                CreateFoodLogRequest(foods: [food], name: String(repeating: "é", count: Review.maximumNameLength + 1)),
                false
            ),
        ]
        for (request, passes) in cases {
            let result = try await withDeadline("the log") {
                await MealReviewWork.log(request, with: .foodLogs(of: user))
            }
            switch result {
            case .success: #expect(passes)
            case .failure(let error):
                #expect(!passes)
                #expect(error.category == .invalidInput)
            }
        }
    }
}
