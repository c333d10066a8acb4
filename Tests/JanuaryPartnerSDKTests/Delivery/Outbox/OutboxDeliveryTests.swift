import Foundation
import JanuaryCoreTesting
import JanuaryPartnerSDKTestSupport
import JanuaryTestServer
import Testing

@testable import JanuaryPartnerSDK

/// The outbox through the client and the simulator: delivery in order, exactly once, across a restart, offline,
/// refusals, sign-out and folding. Waits on the client's clock are driven by the test.
@Suite("The outbox delivers a user's writes once each, in order, online, offline and across restarts", suiteTimeLimit())
struct OutboxDeliveryTests {
    static let coffee = FoodLogInputFood(foodID: "1002", servingID: "5004", quantity: 1)
    static let toast = FoodLogInputFood(foodID: "1001", servingID: "5001", quantity: 2)
    static let foodLogs = "/v1.2/food-logs"
    static let user = PartnerUserID(rawValue: ClientHarness.endUserID)
    /// 2026-01-01T08:00:00Z.
    static let eight = Date(timeIntervalSince1970: 1_767_254_400)

    /// A folder of its own for each test.
    static func folder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("outbox-tests-\(UUID().uuidString)")
    }

    static func harness(folder: URL, path: SimulatorPath = .inProcess) throws -> ClientHarness {
        try ClientHarness(
            configure: {
                $0.outboxDirectory = folder
                $0.retryPolicy = .none
            },
            path: path
        )
    }

    /// A client on `folder`, as the app makes one when it is launched again after `shutDown()` stood in for a kill.
    ///
    /// A killed process's lock goes at once; a shut-down store lets the folder go once the file operation under way,
    /// if any, ends, which on a busy machine can be a moment after `shutDown()` returns. So this waits, under the
    /// test deadline, until the folder opens or fails for another reason than `outbox_in_use`, which the test then
    /// meets at its own call.
    static func relaunch(_ simulator: JanuaryAPISimulator, clock: ManualClock, folder: URL) async throws
        -> JanuaryPartnerClient
    {
        let client = try JanuaryPartnerClient.simulated(
            simulator, user: user, clock: clock, configure: { $0.outboxDirectory = folder })
        try await eventually("the shut-down client's store to let the folder go") {
            do {
                _ = try client.outbox.entries()
                return true
            } catch let error as JanuaryError where error.code == .outboxInUse {
                return false
            } catch {
                return true
            }
        }
        return client
    }

    /// Every log the simulator holds for the user on `instant`'s UTC day.
    static func stored(on instant: Date, _ simulator: JanuaryAPISimulator) async throws -> [FoodLog] {
        let reader = try JanuaryPartnerClient.simulated(simulator, user: user)
        let day = try JanuaryDate(instant, in: TimeZone(identifier: "UTC")!)
        return try await reader.forUser(user, timeZone: TimeZone(identifier: "UTC")!).foodLogs.list(on: day)
    }

    static func drained(_ client: JanuaryPartnerClient) async throws {
        try await eventually("the outbox to empty") { (try? client.outbox.entries().isEmpty) ?? false }
    }

    @Test("meals handed over are on disk at once, then delivered in order, each once, and awaitable")
    func deliversInOrder() async throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let harness = try Self.harness(folder: folder)
        let meals = try (0..<5).map { index in
            try harness.user.foodLogs.log(
                CreateFoodLogRequest(foods: [Self.coffee], eatenAt: Self.eight.addingTimeInterval(Double(index) * 60)))
        }
        let last = try await harness.client.outbox.delivered(meals[4].id)
        #expect(last.state == .delivered)
        #expect(LogInstant(last.deliveredFoodLog!.eatenAt) == LogInstant(meals[4].foodLog!.eatenAt!))
        try await Self.drained(harness.client)
        let stored = try await Self.stored(on: Self.eight, harness.simulator)
        #expect(stored.count == 5)
        let createOrder = harness.simulator.requestLog.filter { $0.method == "POST" }.count
        #expect(createOrder == 5, "one create per meal")
        #expect(stored.map(\.eatenAt) == meals.map { $0.foodLog!.eatenAt! }, "in the order handed over")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".record") }
        #expect(files.isEmpty, "delivered records leave the folder")
    }

    @Test("a meal whose answer was lost before a crash is settled by the next launch, not sent twice")
    func settlesAfterRestart() async throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var first: ClientHarness? = try Self.harness(folder: folder)
        let simulator = first!.simulator
        let clock = first!.clock
        // January stores the meal but the answer never comes; the client waits out the settle window.
        simulator.failNextWrites(
            answering: .transportError(.timedOut), committing: .after(60), method: "POST", pathPrefix: Self.foodLogs)
        let entry = try first!.user.foodLogs.log(CreateFoodLogRequest(foods: [Self.coffee], eatenAt: Self.eight))
        try await clock.waitForSleeper(lasting: CreateReconciliation.settleWindow)
        // The app is killed during the settle window: the record says the meal may have left.
        first!.client.outbox.shutDown()
        first = nil
        clock.advance(by: 3_600)

        let relaunched = try await Self.relaunch(simulator, clock: clock, folder: folder)
        let pending = try relaunched.outbox.entries()
        #expect(pending.map(\.id) == [entry.id])
        #expect(pending.first?.mayHaveBeenSent == true)
        try relaunched.outbox.resume(for: Self.user)
        let delivered = try await relaunched.outbox.delivered(entry.id)
        #expect(delivered.state == .delivered)
        let stored = try await Self.stored(on: Self.eight, simulator)
        #expect(stored.count == 1, "found in the day, not sent again: \(stored.map(\.eatenAt))")
    }
}
