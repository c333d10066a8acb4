import Foundation
import JanuaryCoreTesting
import JanuaryPartnerSDK
import JanuaryPartnerSDKHealth
import JanuaryPartnerSDKTesting
import JanuaryTestServer
import Testing

/// Health follows the outbox: what the outbox delivered is mirrored once January has it, never before.
@Suite("Health mirrors what the outbox delivered", suiteTimeLimit())
struct OutboxMirrorTests {
    @Test("a meal, a drink and a deletion delivered through the outbox reach Health; a pending entry does not")
    func followsDeliveries() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("outbox-health-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let simulator = JanuaryAPISimulator.inProcess()
        let userID = PartnerUserID(rawValue: "user-42")
        let january = try JanuaryPartnerClient.simulated(simulator, user: userID) { $0.outboxDirectory = folder }
        let user = january.forUser(userID)
        let store = RecordingHealthStore()
        let mirror = HealthLogMirror(kinds: [.foodLogs, .waterLogs], store: store)
        let changes = january.outbox.changes()

        let meal = try user.foodLogs.log(
            CreateFoodLogRequest(
                foods: [FoodLogInputFood(foodID: "1002", servingID: "5004", quantity: 1)], eatenAt: Logs.eatenAt))
        #expect(HealthLogChange(delivered: meal) == nil, "pending: nothing to mirror yet")
        let drink = try user.waterLogs.log(.milliliters(250), consumedAt: Logs.eatenAt)
        let logID = try #require(try await january.outbox.delivered(meal.id).deliveredFoodLog?.id)
        _ = try await january.outbox.delivered(drink.id)
        let deletion = try user.foodLogs.logDeletion(id: logID)
        _ = try await january.outbox.delivered(deletion.id)

        var statuses: [HealthMirrorOutcome.Status] = []
        for await entry in changes {
            if let change = HealthLogChange(delivered: entry) {
                statuses.append(await mirror.apply(change).status)
            }
            if entry.id == deletion.id, entry.state == .delivered {
                break
            }
        }
        #expect(statuses == [.written, .written, .removed])
        #expect(store.object(logID.rawValue) == nil, "the deleted meal left Health")
    }
}
