import Foundation
import JanuaryCore

/// What the outbox decides, as a value: which write goes next, what an attempt's outcome does to the queue, how
/// long to back off, what folds into what. No I/O and no clock of its own; ``JanuaryOutbox`` keeps it under its
/// lock and does the writing and sending it asks for.
///
/// Rules (`OutboxQueueTests`):
/// - One write is sent at a time, the oldest deliverable first, so each user's writes reach January in the order
///   the app handed them over.
/// - A user's writes go only while the user is active (the app logged, listed or resumed for them since the
///   outbox opened or the last sign-out), so nothing of one user is sent after another signs in.
/// - A failure worth retrying backs off (``backoff``, at least as long as January's `Retry-After`); a delivery, a
///   connection coming back, the app becoming active or ``JanuaryOutbox/retryNow()`` clears it.
/// - A permanent refusal is kept as needing attention, never retried and never dropped.
struct OutboxQueue: Sendable {
    /// The back-off between failed attempts: 1 s doubling to 5 minutes.
    static let backoff = Backoff(initial: 1, multiplier: 2, maximum: 300)

    /// What to do next.
    ///
    /// Its wide payloads (a record here, an error in ``Outcome``) are `indirect`, one reference each, so that the
    /// enum is not as wide as a record and each place that copies one is not as long (Docs/Benchmarks.md, "Size in an
    /// app").
    enum Next: Sendable {
        /// Send this write; report with ``finished(_:_:now:)``.
        indirect case deliver(OutboxRecord)
        /// Nothing may go before the clock's uptime reads this.
        case wait(untilUptime: TimeInterval)
        /// Nothing to send until something changes.
        case idle
    }

    /// How an attempt ended.
    enum Outcome: Sendable {
        /// January has it.
        case delivered(OutboxDelivered)
        /// Try again after a back-off, at least `retryAfter` seconds.
        case retry(retryAfter: TimeInterval?)
        /// Hold the user's writes until the app resumes them (signed out, token revoked, another user's token).
        case pauseUser
        /// January refused it for good, or its outcome cannot be known.
        indirect case needsAttention(JanuaryError)
        /// The attempt was stopped (the outbox is closing): nothing learnt.
        case stopped
    }

    /// What the outbox must write, remove and announce after a change; writes before removals.
    struct Changes: Sendable {
        var writes: [OutboxRecord] = []
        var removals: [OutboxRecord] = []
        var announcements: [JanuaryOutbox.Entry] = []
    }

    /// The records not yet delivered or discarded, by identifier.
    private(set) var records: [JanuaryOutbox.EntryID: OutboxRecord] = [:]
    /// The record of the write `id`, if the queue holds it. Never inlined: the dictionary's lookup, its hashing
    /// included, was repeated at each of a dozen reads (Docs/Benchmarks.md, "Size in an app").
    @inline(never)
    func record(_ id: JanuaryOutbox.EntryID) -> OutboxRecord? {
        records[id]
    }

    /// Their identifiers, oldest first.
    private(set) var order: [JanuaryOutbox.EntryID] = []
    /// Records a send or a rewrite is under way for: not deliverable, not foldable.
    /// Kept by raw value: the module already has `Set<String>`'s code (for ``activeUsers``), and a
    /// `Set<JanuaryOutbox.EntryID>` would be another 3 KB copy of it in an app (Docs/Benchmarks.md, "Size in an app").
    private(set) var busy: Set<String> = []
    /// The record being sent, one at most.
    private(set) var sending: JanuaryOutbox.EntryID?
    /// The users whose writes may be sent.
    private(set) var activeUsers: Set<String> = []
    /// Failed attempts since the last delivery or trigger.
    private(set) var failureStreak = 0
    /// Nothing is sent before this uptime.
    private(set) var notBefore: TimeInterval = 0
    /// The next record's sequence number.
    private(set) var nextSequence: Int64 = 1

    /// Takes in the records read from disk.
    mutating func load(_ loaded: [OutboxRecord]) {
        for record in loaded {
            add(record)
        }
        sortOrder()
    }

    /// A sequence number for a new write, in the order writes are handed over.
    mutating func takeSequence() -> Int64 {
        defer { nextSequence += 1 }
        return nextSequence
    }

    /// Adds a write that is on disk, or replaces its record.
    mutating func insert(_ record: OutboxRecord) {
        guard add(record) else {
            return
        }
        if order.count > 1, let previous = self.record(order[order.count - 2]), previous.sequence > record.sequence {
            sortOrder()
        }
    }

    /// Adds or replaces the record, a new one at the end of ``order``. Never inlined: ``load(_:)`` and
    /// ``insert(_:)`` share one copy.
    ///
    /// - Returns: Whether it is new.
    @discardableResult
    @inline(never)
    private mutating func add(_ record: OutboxRecord) -> Bool {
        let isNew = self.record(record.id) == nil
        records[record.id] = record
        nextSequence = max(nextSequence, record.sequence + 1)
        if isNew {
            order.append(record.id)
        }
        return isNew
    }

    /// Puts ``order`` in the order writes were handed over: by sequence number, then identifier. Loading sorts
    /// once after adding every record, so that the module needs no sort of records as well as this one of their
    /// identifiers, and it is never inlined, so that its callers share one copy (Docs/Benchmarks.md, "Size in an
    /// app").
    @inline(never)
    private mutating func sortOrder() {
        order.sortByIndex { (records[$0]?.sequence ?? 0, $0.rawValue) < (records[$1]?.sequence ?? 0, $1.rawValue) }
    }

    /// Lets `user`'s writes go.
    ///
    /// - Returns: Whether anything changed.
    @discardableResult
    mutating func activate(_ user: String) -> Bool {
        activeUsers.insert(user).inserted
    }

    /// Holds every user's writes until the app activates them again: a sign-out.
    mutating func deactivateAll() {
        activeUsers.removeAll()
    }

    /// Clears the back-off: a connection came back, the app became active, or the app asked.
    mutating func clearBackoff() {
        failureStreak = 0
        notBefore = 0
    }

    /// Whether nothing may be sent at all, for a test that hands writes over and edits them before any leaves.
    var isHeld = false

    /// The next write to send, if one may go now; it is then being sent until ``finished(_:_:now:)``.
    mutating func next(now: TimeInterval) -> Next {
        guard !isHeld, sending == nil, let id = order.first(where: isDeliverable) else {
            return .idle
        }
        guard now >= notBefore else {
            return .wait(untilUptime: notBefore)
        }
        busy.insert(id.rawValue)
        sending = id
        return .deliver(record(id)!)
    }

    private func isDeliverable(_ id: JanuaryOutbox.EntryID) -> Bool {
        guard let record = record(id), !busy.contains(id.rawValue), record.problem == nil,
            activeUsers.contains(record.user)
        else {
            return false
        }
        // A change of a meal still in the outbox waits for that meal's log.
        return record.targetEntry == nil
    }

    /// Notes a write's last send time as written to disk.
    mutating func noteSendMark(_ id: JanuaryOutbox.EntryID, milliseconds: Int64?) {
        records[id]?.lastSendMilliseconds = milliseconds
    }

    /// An attempt ended.
    ///
    /// - Parameters:
    ///   - id: The write.
    ///   - outcome: How it ended.
    ///   - now: The clock's uptime.
    /// - Returns: What to write, remove and announce.
    mutating func finished(_ id: JanuaryOutbox.EntryID, _ outcome: Outcome, now: TimeInterval) -> Changes {
        busy.remove(id.rawValue)
        if sending == id {
            sending = nil
        }
        var changes = Changes()
        guard var record = record(id) else {
            return changes
        }
        // One announcement of the record at the end, in the state the outcome leaves it in.
        var state = JanuaryOutbox.Entry.State.pending
        var answer: OutboxDelivered?
        switch outcome {
        case .delivered(let delivered):
            clearBackoff()
            // Changes of this meal that waited for its log now know it; written before the meal's record goes.
            if let logID = delivered.foodLog?.id.rawValue {
                for dependent in order where self.record(dependent)?.targetEntry == id {
                    records[dependent]?.targetEntry = nil
                    records[dependent]?.targetLogID = logID
                    changes.writes.append(records[dependent]!)
                }
            }
            remove(id)
            changes.removals.append(record)
            state = .delivered
            answer = delivered
        case .retry(let retryAfter):
            failureStreak += 1
            let wait = max(Self.backoff.delay(atStep: failureStreak - 1), Backoff.nonNegative(retryAfter ?? 0))
            notBefore = now + min(wait, 86_400)
        case .pauseUser:
            activeUsers.remove(record.user)
        case .needsAttention(let error):
            record.problem = OutboxRecord.Problem(error)
            records[id] = record
            changes.writes.append(record)
            state = .needsAttention
        case .stopped:
            return changes
        }
        changes.announcements.append(record.entry(state: state, delivered: answer))
        return changes
    }

    /// Folds a change of a meal still in the outbox into it, when no request of it may have left; otherwise the
    /// change becomes a write of its own that waits for the meal's log.
    ///
    /// - Returns: The meal's record rewritten (mark it busy until written), or `nil` when the change must be a write
    ///   of its own; throws when `target` is no meal in the outbox.
    mutating func fold(_ update: UpdateFoodLogRequest, into target: JanuaryOutbox.EntryID) throws -> OutboxRecord? {
        guard var record = record(target), record.kind == .foodLogCreate else {
            throw JanuaryError.invalidInput("The outbox holds no meal to log with this identifier.")
        }
        guard !busy.contains(target.rawValue), record.lastSendMilliseconds == nil, record.problem == nil else {
            return nil
        }
        if let foods = update.foods {
            record.foods = foods
        }
        if let name = update.name {
            record.name = name
        }
        busy.insert(target.rawValue)
        return record
    }

    /// Removes a meal never sent, for a delete of it; `nil` when it may have left (the delete then waits for its
    /// log). Throws when `target` is no meal in the outbox.
    mutating func foldDeletion(of target: JanuaryOutbox.EntryID) throws -> OutboxRecord? {
        guard let record = record(target), record.kind == .foodLogCreate else {
            throw JanuaryError.invalidInput("The outbox holds no meal to log with this identifier.")
        }
        guard !busy.contains(target.rawValue), record.lastSendMilliseconds == nil else {
            return nil
        }
        busy.insert(target.rawValue)
        return record
    }

    /// A rewrite of `record` is on disk (or failed, with `written` false).
    mutating func rewritten(_ record: OutboxRecord, written: Bool) {
        busy.remove(record.id.rawValue)
        if written {
            records[record.id] = record
        }
    }

    /// Takes a write out for good (discarded, or a meal folded away), with the changes that waited for it.
    ///
    /// - Returns: Every record removed, the write first; empty when it is being sent.
    mutating func discard(_ id: JanuaryOutbox.EntryID) -> [OutboxRecord] {
        guard let record = record(id), sending != id else {
            return []
        }
        busy.remove(id.rawValue)
        var removed = [record]
        remove(id)
        for dependent in order where self.record(dependent)?.targetEntry == id {
            removed += discard(dependent)
        }
        return removed
    }

    /// Whether a write with this identifier is being sent.
    func isSending(_ id: JanuaryOutbox.EntryID) -> Bool {
        sending == id
    }

    /// The state the app sees a record in.
    func state(of id: JanuaryOutbox.EntryID) -> JanuaryOutbox.Entry.State {
        if sending == id {
            return .sending
        }
        return record(id)?.problem == nil ? .pending : .needsAttention
    }

    private mutating func remove(_ id: JanuaryOutbox.EntryID) {
        records[id] = nil
        // Each identifier is in the order once.
        if let index = order.firstIndex(of: id) {
            order.remove(at: index)
        }
    }

    /// What an attempt's error means for the queue.
    ///
    /// - Parameters:
    ///   - error: The attempt's error.
    ///   - settles: Whether a later attempt can settle an unknown outcome (a food-log create lists its day;
    ///     water and weight creates cannot tell their logs apart, so theirs needs attention).
    /// - Returns: Pause the user (signed out, revoked, another user's token), retry after a back-off (a cancellation
    ///   the outbox did not ask for included), or keep it as needing attention (a refusal, or an outcome that cannot
    ///   be settled).
    static func outcome(of error: JanuaryError, settles: Bool) -> Outcome {
        if error.code == .signedOut || error.code == .endUserIDMismatch {
            return .pauseUser
        }
        if error.mayHaveTakenEffect {
            return settles ? .retry(retryAfter: error.retryAfter) : .needsAttention(error)
        }
        switch error.recovery.kind {
        case .signInAgain:
            return .pauseUser
        case .retryLater, .retryWhenOnline, .notUntilNextMonth, .ignore:
            return .retry(retryAfter: error.retryAfter)
        default:
            return .needsAttention(error)
        }
    }
}
