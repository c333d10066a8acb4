import Foundation
import JanuaryAuthTestSupport
import JanuaryCoreTesting
import JanuaryPartnerSDKTestSupport
import JanuaryPartnerSDKTesting
import JanuaryTestServer
import Testing

@testable import JanuaryPartnerSDK

/// The outbox's promises one by one, through the client and the in-process simulator on the manual clock.
@Suite(
    "The outbox keeps its rules: offline, refusals, sessions, folding, one client per folder, no token on disk",
    suiteTimeLimit())
struct OutboxRulesTests {
    typealias Delivery = OutboxDeliveryTests
    static let coffee = Delivery.coffee
    static let eight = Delivery.eight
    static let user = Delivery.user

    /// Asks the outbox to try now and waits until it has gone through everything that may go.
    static func kick(_ outbox: JanuaryOutbox) async throws {
        let before = outbox.passes
        outbox.retryNow()
        try await eventually("the outbox's next pass") { outbox.passes > before }
    }

    @Test("offline for ten minutes, then back: 100 meals handed over meanwhile are delivered once each, in order")
    func offlineTenMinutes() async throws {
        let folder = Delivery.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let harness = try Delivery.harness(folder: folder)
        harness.simulator.failNext(10_000, with: .transportError(.notConnectedToInternet))
        var entries: [JanuaryOutbox.Entry] = []
        for index in 0..<100 {
            let meal = CreateFoodLogRequest(foods: [Self.coffee], eatenAt: Self.eight.addingTimeInterval(Double(index)))
            entries.append(try harness.user.foodLogs.log(meal))
            if index % 10 == 9 {
                // A minute passes between each ten meals; the outbox keeps backing off, sending nothing that lands.
                try await harness.clock.waitForSleepers(1, timeout: testDeadline)
                harness.clock.advance(by: 60)
            }
        }
        #expect(try harness.client.outbox.entries().count == 100)
        let attempts = harness.simulator.requestLog.count
        #expect(attempts < 40, "backed off rather than hammering: \(attempts) attempts in ten minutes")
        harness.simulator.clearScriptedFailures()
        harness.client.outbox.retryNow()  // what a connection coming back does
        let client = harness.client
        try await harness.clock.advancingSleepers { try await Delivery.drained(client) }
        let stored = try await Delivery.stored(on: Self.eight, harness.simulator)
        #expect(stored.count == 100)
        #expect(stored.map(\.eatenAt) == entries.map { $0.foodLog!.eatenAt! }, "each once, in the order logged")
    }

    @Test("a refusal needs attention, is never retried, and later meals go; discarding removes it from disk")
    func refusal() async throws {
        let folder = Delivery.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let harness = try Delivery.harness(folder: folder)
        harness.simulator.failNext(with: .error(status: 400, code: "invalid_request"), method: "POST")
        let refused = try harness.user.foodLogs.log(CreateFoodLogRequest(foods: [Self.coffee], eatenAt: Self.eight))
        let next = try harness.user.foodLogs.log(
            CreateFoodLogRequest(foods: [Self.coffee], eatenAt: Self.eight.addingTimeInterval(60)))
        await #expect(throws: JanuaryError.self) { try await harness.client.outbox.delivered(refused.id) }
        _ = try await harness.client.outbox.delivered(next.id)
        let left = try harness.client.outbox.entries()
        #expect(left.map(\.id) == [refused.id])
        #expect(left.first?.state == .needsAttention)
        #expect(left.first?.problem?.code == .invalidRequest)
        try await Self.kick(harness.client.outbox)
        #expect(harness.simulator.requestLog.filter { $0.method == "POST" }.count == 2, "never sent again")
        try harness.client.outbox.discard(refused.id)
        #expect(try harness.client.outbox.entries().isEmpty)
        let records = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
            $0.hasSuffix(".record")
        }
        #expect(records.isEmpty)
    }

    @Test("sign-out holds every user's writes until the app resumes the user; nothing is discarded")
    func signOut() async throws {
        let folder = Delivery.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let harness = try Delivery.harness(folder: folder)
        harness.client.signOut()
        // Handed over after the sign-out by the app for this user: the app asked for this user, so it goes.
        let entry = try harness.user.foodLogs.log(CreateFoodLogRequest(foods: [Self.coffee], eatenAt: Self.eight))
        _ = try await harness.client.outbox.delivered(entry.id)
        // Now the outbox is closed while offline and reopened: nothing goes until the app resumes the user.
        harness.simulator.failNext(10, with: .transportError(.notConnectedToInternet))
        let held = try harness.user.foodLogs.log(
            CreateFoodLogRequest(foods: [Self.coffee], eatenAt: Self.eight.addingTimeInterval(60)))
        try await eventually("the offline attempt") { harness.simulator.pendingScriptedFailures < 10 }
        harness.client.signOut()
        harness.simulator.clearScriptedFailures()
        try await Self.kick(harness.client.outbox)
        #expect(try harness.client.outbox.entries().map(\.id) == [held.id], "held, not sent, not discarded")
        #expect(try await Delivery.stored(on: Self.eight, harness.simulator).count == 1)
        try harness.client.outbox.resume(for: Self.user)
        let outbox = harness.client.outbox
        _ = try await withDeadline("held") { try await outbox.delivered(held.id) }
        #expect(try await Delivery.stored(on: Self.eight, harness.simulator).count == 2)
    }

    @Test("a change of a meal never sent folds into it; a deletion of one removes it; January sees only the result")
    func folding() async throws {
        let folder = Delivery.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let harness = try Delivery.harness(folder: folder)
        let outbox = harness.client.outbox
        outbox.holdDeliveries(true)  // none leaves while the app edits
        let stale = try harness.user.foodLogs.log(CreateFoodLogRequest(foods: [Self.coffee], eatenAt: Self.eight))
        let renamed = try harness.user.foodLogs.logUpdate(of: stale.id, UpdateFoodLogRequest(name: "Brunch"))
        #expect(renamed.id == stale.id, "folded, not a write of its own")
        let dropped = try harness.user.foodLogs.log(
            CreateFoodLogRequest(foods: [Self.coffee], eatenAt: Self.eight.addingTimeInterval(60)))
        #expect(try harness.user.foodLogs.logDeletion(of: dropped.id).state == .discarded)
        #expect(try outbox.entries().map(\.id) == [stale.id])
        outbox.holdDeliveries(false)
        let delivered = try await outbox.delivered(stale.id)
        #expect(delivered.deliveredFoodLog?.name == "Brunch")
        let stored = try await Delivery.stored(on: Self.eight, harness.simulator)
        #expect(stored.map(\.name) == ["Brunch"])
        #expect(harness.simulator.requestLog.filter { $0.method != "GET" }.count == 1, "one create, no update")
    }

    @Test("a second client on the same folder is refused with outbox_in_use, not interleaved")
    func oneClientPerFolder() throws {
        let folder = Delivery.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = try Delivery.harness(folder: folder)
        let second = try Delivery.harness(folder: folder)
        try first.client.outbox.resume(for: Self.user)
        #expect {
            try second.client.outbox.resume(for: Self.user)
        } throws: { error in
            (error as? JanuaryError)?.code == .outboxInUse
        }
    }

    @Test("a water log whose send a crash interrupted is never sent again, only flagged for the app to check")
    func waterAfterCrash() async throws {
        let folder = Delivery.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var first: ClientHarness? = try Delivery.harness(folder: folder)
        let simulator = first!.simulator
        let clock = first!.clock
        simulator.failNext(with: .delay(30), method: "POST")
        let entry = try first!.user.waterLogs.log(.milliliters(250), consumedAt: Self.eight)
        try await clock.waitForSleeper(lasting: 30)
        first!.client.outbox.shutDown()
        first = nil
        let relaunched = try await Delivery.relaunch(simulator, clock: clock, folder: folder)
        try relaunched.outbox.resume(for: Self.user)
        await #expect(throws: JanuaryError.self) { try await relaunched.outbox.delivered(entry.id) }
        let flagged = try relaunched.outbox.entries()
        #expect(flagged.first?.state == .needsAttention)
        #expect(flagged.first?.mayHaveBeenSent == true)
        #expect(flagged.first?.problem?.recovery.kind == .checkBeforeRepeating)
    }

    @Test("no file in the outbox folder holds a byte of the token, whatever was written")
    func noTokenOnDisk() async throws {
        let folder = Delivery.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let harness = try Delivery.harness(folder: folder)
        harness.client.signOut()
        for index in 0..<5 {
            try harness.user.foodLogs.log(
                CreateFoodLogRequest(foods: [Self.coffee], eatenAt: Self.eight.addingTimeInterval(Double(index))))
        }
        _ = try await harness.client.forUser(Self.user).foodLogs.list(on: try JanuaryDate("2026-01-01"))
        let tokens = harness.simulator.issuedTokenValues
        #expect(!tokens.isEmpty)
        try OutboxFolderScan.expectNoSecrets(tokens, in: folder)
    }
}

@Suite("The outbox sets aside records it cannot read and delivers the rest", suiteTimeLimit())
struct OutboxUnreadableRecordTests {
    @Test("a record of a newer format and one that is not JSON are reported once, left on disk, and never sent")
    func unreadable() async throws {
        let folder = OutboxDeliveryTests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            let store = try OutboxStore(directory: folder)
            var newer = OutboxRecord.create(
                CreateFoodLogRequest(foods: [OutboxDeliveryTests.coffee]),
                at: LogInstant(milliseconds: 1_767_254_400_000),
                user: OutboxDeliveryTests.user, sequence: 1, at: Date())
            newer.format = OutboxRecord.currentFormat + 1
            try store.write(try newer.encoded(), forKey: newer.key)
            try store.write(Data("not json".utf8), forKey: "garbage")
            store.close()
        }
        let harness = try OutboxDeliveryTests.harness(folder: folder)
        let meal = try harness.user.foodLogs.log(
            CreateFoodLogRequest(foods: [OutboxDeliveryTests.coffee], eatenAt: OutboxDeliveryTests.eight))
        _ = try await harness.client.outbox.delivered(meal.id)
        try await harness.events.waitForEvents(of: .outboxRecordsUnreadable)
        #expect(harness.events.events(.outboxRecordsUnreadable).map(\.attempt) == [2])
        #expect(try harness.client.outbox.entries().isEmpty, "neither is offered as a write")
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".record") }
        #expect(left.count == 2, "kept for support: \(left)")
        #expect(harness.simulator.requestLog.filter { $0.method == "POST" }.count == 1)
    }
}
