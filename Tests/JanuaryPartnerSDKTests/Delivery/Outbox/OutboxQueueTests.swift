import Foundation
import JanuaryCore
import Testing

@testable import JanuaryPartnerSDK

@Suite("The outbox's queue decides order, pauses, back-off and folding without I/O", suiteTimeLimit())
struct OutboxQueueTests {
    static let coffee = FoodLogInputFood(foodID: "1002", servingID: "5004", quantity: 1)

    static func meal(_ sequence: Int64, user: String = "ann") -> OutboxRecord {
        OutboxRecord.create(
            CreateFoodLogRequest(foods: [coffee]), at: LogInstant(milliseconds: 1_767_254_400_000 + sequence),
            user: PartnerUserID(rawValue: user), sequence: sequence, at: Date(timeIntervalSince1970: 0))
    }

    static func delivering(_ queue: inout OutboxQueue, now: TimeInterval = 0) -> OutboxRecord? {
        if case .deliver(let record) = queue.next(now: now) {
            return record
        }
        return nil
    }

    @Test("writes go one at a time, oldest first, only for active users, whatever order they were loaded in")
    func order() {
        var queue = OutboxQueue()
        queue.load([Self.meal(3), Self.meal(1, user: "bo"), Self.meal(2)])
        guard case .idle = queue.next(now: 0) else {
            Issue.record("a user nobody resumed was sent")
            return
        }
        queue.activate("ann")
        let first = Self.delivering(&queue)
        #expect(first?.sequence == 2)
        guard case .idle = queue.next(now: 0) else {
            Issue.record("a second write went while one was being sent")
            return
        }
        _ = queue.finished(first!.id, .delivered(OutboxDelivered()), now: 0)
        #expect(Self.delivering(&queue)?.sequence == 3)
        #expect(queue.takeSequence() == 4)
    }

    @Test(
        "a failure backs off by the one back-off, and at least January's Retry-After",
        arguments: [
            (streak: 1, retryAfter: nil, wait: 1.0), (streak: 3, retryAfter: nil, wait: 4.0),
            (streak: 1, retryAfter: 30.0, wait: 30.0), (streak: 20, retryAfter: nil, wait: 300.0),
            (streak: 1, retryAfter: -5.0, wait: 1.0),
        ] as [(streak: Int, retryAfter: TimeInterval?, wait: TimeInterval)])
    func backoff(streak: Int, retryAfter: TimeInterval?, wait: TimeInterval) {
        var queue = OutboxQueue()
        queue.load([Self.meal(1)])
        queue.activate("ann")
        for _ in 1...streak {
            let record = Self.delivering(&queue, now: queue.notBefore)!
            _ = queue.finished(record.id, .retry(retryAfter: retryAfter), now: 100)
        }
        #expect(queue.notBefore == 100 + wait)
        guard case .wait(let until) = queue.next(now: 100 + wait - 0.001) else {
            Issue.record("a write went before its back-off ended")
            return
        }
        #expect(until == 100 + wait)
        queue.clearBackoff()
        #expect(Self.delivering(&queue, now: 100) != nil)
    }

    @Test("a refusal is kept as needing attention and later writes go; a pause holds only that user")
    func attentionAndPause() {
        var queue = OutboxQueue()
        queue.load([Self.meal(1), Self.meal(2), Self.meal(3, user: "bo")])
        queue.activate("ann")
        queue.activate("bo")
        let first = Self.delivering(&queue)!
        let refused = JanuaryError(category: .invalidInput, code: .invalidRequest, message: "no", statusCode: 400)
        let changes = queue.finished(first.id, .needsAttention(refused), now: 0)
        #expect(changes.writes.map(\.id) == [first.id], "the refusal is written down")
        #expect(queue.state(of: first.id) == .needsAttention)
        let second = Self.delivering(&queue)!
        #expect(second.sequence == 2)
        _ = queue.finished(second.id, .pauseUser, now: 0)
        #expect(Self.delivering(&queue)?.user == "bo")
    }

    @Test(
        "each error leads to one outcome",
        arguments: [
            (JanuaryError(category: .cancelled, code: .signedOut, message: ""), true, "pause"),
            (JanuaryError(category: .authorization, code: .endUserIDMismatch, message: ""), true, "pause"),
            (JanuaryError(category: .authentication, code: .tokenRevoked, message: ""), true, "pause"),
            (JanuaryError(category: .network, message: "", mayHaveTakenEffect: true), true, "retry"),
            (JanuaryError(category: .network, message: "", mayHaveTakenEffect: true), false, "attention"),
            (JanuaryError(category: .network, code: .notConnectedToInternet, message: ""), false, "retry"),
            (JanuaryError(category: .rateLimited, code: .rateLimited, message: "", retryAfter: 9), true, "retry"),
            (JanuaryError(category: .server, code: .serviceUnavailable, message: ""), true, "retry"),
            (JanuaryError(category: .invalidInput, code: .invalidRequest, message: ""), true, "attention"),
            (JanuaryError(category: .authorization, code: .scopeInsufficient, message: ""), true, "attention"),
            (JanuaryError(category: .notFound, code: .notFound, message: ""), true, "attention"),
            (JanuaryError(category: .cancelled, message: ""), true, "retry"),
        ] as [(JanuaryError, Bool, String)])
    func outcomes(error: JanuaryError, settles: Bool, expected: String) {
        let outcome: String
        switch OutboxQueue.outcome(of: error, settles: settles) {
        case .pauseUser: outcome = "pause"
        case .retry: outcome = "retry"
        case .needsAttention: outcome = "attention"
        case .stopped: outcome = "stopped"
        case .delivered: outcome = "delivered"
        }
        #expect(outcome == expected, "\(error)")
    }

    @Test("a change folds into a meal never sent; once it may have left, the change waits for its log")
    func folding() throws {
        var queue = OutboxQueue()
        let meal = Self.meal(1)
        queue.load([meal])
        let renamed = try #require(try queue.fold(UpdateFoodLogRequest(name: "Brunch"), into: meal.id))
        #expect(renamed.name == "Brunch")
        #expect(queue.next(now: 0).isIdle, "a meal being rewritten is not sent")
        queue.rewritten(renamed, written: true)
        queue.noteSendMark(meal.id, milliseconds: 1)
        #expect(try queue.fold(UpdateFoodLogRequest(name: "Lunch"), into: meal.id) == nil)
        #expect(try queue.foldDeletion(of: meal.id) == nil)
        #expect(throws: JanuaryError.self) { try queue.fold(UpdateFoodLogRequest(name: "x"), into: .make()) }
    }

    @Test("a delivered meal gives its log to the changes that waited for it; a discarded one takes them along")
    func dependents() {
        var queue = OutboxQueue()
        let meal = Self.meal(1)
        let change = OutboxRecord.update(
            UpdateFoodLogRequest(name: "Brunch"), of: nil, entry: meal.id, user: PartnerUserID(rawValue: "ann"),
            sequence: 2, at: Date())
        queue.load([meal, change])
        queue.activate("ann")
        let sent = Self.delivering(&queue)!
        #expect(sent.id == meal.id)
        let log = FoodLog(id: FoodLogID(rawValue: "6f1c1a56-8a7e-4d0e-9a57-9e4a3c2b1a00"), foods: [], eatenAt: Date())
        let changes = queue.finished(sent.id, .delivered(OutboxDelivered(foodLog: log)), now: 0)
        #expect(changes.writes.first?.targetLogID == log.id.rawValue, "written before the meal's record goes")
        #expect(changes.removals.map(\.id) == [meal.id])
        #expect(Self.delivering(&queue)?.id == change.id)

        var other = OutboxQueue()
        let second = Self.meal(3)
        let deletion = OutboxRecord.deletion(
            of: nil, entry: second.id, user: PartnerUserID(rawValue: "ann"), sequence: 4, at: Date())
        other.load([second, deletion])
        #expect(other.discard(second.id).map(\.id) == [second.id, deletion.id])
        #expect(other.records.isEmpty)
    }
}

extension OutboxQueue.Next {
    var isIdle: Bool {
        if case .idle = self {
            return true
        }
        return false
    }
}
