import Foundation
import JanuaryAuth
import JanuaryCore

/// A user's writes (meals, water, weight) kept on the device until January has them: logged once, in order,
/// whether the app is online, offline, or killed and relaunched in between.
///
/// Hand a write over with ``JanuaryUserClient/FoodLogs/log(_:)`` (or `logUpdate`, `logDeletion`, and the water and
/// weight `log` calls): it is on disk before the call returns, and the outbox sends it when it can: at once, when a
/// connection comes back, when the app becomes active, and after a back-off that honours January's `Retry-After`.
/// Each food-log create carries its own instant, so a create whose answer was lost is found in the user's day
/// rather than sent twice (``JanuaryUserClient/FoodLogs/create(_:)`` explains the rules; `OutboxCrashTests` kills a
/// process delivering 200 meals at random moments and finds each stored once).
///
/// ```swift
/// let userID = PartnerUserID(rawValue: "user-42")
/// try january.outbox.resume(for: userID)  // at launch and after sign-in: this user's writes may go
/// let entry = try january.forUser(userID).foodLogs.log(CreateFoodLogRequest(scan: scan))
/// for await change in january.outbox.changes() where change.id == entry.id {
///     print(change.state)  // pending, sending, delivered, needs_attention
/// }
/// ```
///
/// What it never does (Docs/OfflineLogging.md):
/// - write a token, key or credential: records hold the user's ID and the write, nothing else;
/// - send one user's write after another user signed in: ``JanuaryPartnerClient/signOut()`` holds every user's
///   writes until the app resumes them;
/// - drop a write January refused: it is kept as `.needsAttention` until you discard it.
///
/// One client at a time may use a folder (``JanuaryPartnerClient/Configuration/outboxDirectory``); a second gets
/// `outbox_in_use`.
public final class JanuaryOutbox: Sendable {
    private let directory: URL
    private let clock: any JanuaryClock
    private let client: Locked<WeakClient>
    private let state = Locked(State())
    private let kicks: AsyncStream<Void>
    private let kick: AsyncStream<Void>.Continuation

    private struct WeakClient: Sendable {
        weak var value: JanuaryPartnerClient?
    }

    /// Who hears of entries' changes. One dictionary holds both kinds, so that an app carries the code of one
    /// rather than three (a stream per token, and a waiter per token per write), and the enum is `indirect`, one
    /// reference wide, so that each place that copies one is short (Docs/Benchmarks.md, "Size in an app").
    private indirect enum Listener: Sendable {
        /// A stream of ``changes()``: every change.
        case stream(AsyncStream<JanuaryOutbox.Entry>.Continuation)
        /// A ``delivered(_:)`` call: resumed once, when the write is delivered, needs attention or is discarded.
        case waiter(JanuaryOutbox.EntryID, CheckedContinuation<JanuaryOutbox.Entry, any Error>)
    }

    private struct State: Sendable {
        var queue = OutboxQueue()
        var store: OutboxStore?
        var isShutDown = false
        var worker: Task<Void, Never>?
        var timer: Task<Void, Never>?
        var triggers: OutboxTriggers?
        /// The change streams and the `delivered(_:)` calls waiting, each under its own token.
        var listeners: [UUID: Listener] = [:]
        /// Records that could not be read, left in the folder (or its quarantine) for support.
        var unreadable = 0
        /// How many times the worker has run out of writes that may go now: a test that kicks it waits for this
        /// to grow before asserting that nothing was sent.
        var passes = 0
        /// The last writes delivered in this process, so that awaiting one that just went still answers.
        var recentlyDelivered: [JanuaryOutbox.EntryID: JanuaryOutbox.Entry] = [:]
        var recentlyDeliveredOrder: [JanuaryOutbox.EntryID] = []

        mutating func remember(_ entry: JanuaryOutbox.Entry) {
            recentlyDelivered[entry.id] = entry
            recentlyDeliveredOrder.append(entry.id)
            if recentlyDeliveredOrder.count > JanuaryOutbox.recentlyDeliveredLimit {
                recentlyDelivered[recentlyDeliveredOrder.remove(at: 0)] = nil
            }
        }
    }

    /// How many delivered writes ``delivered(_:)`` still answers for after they left the outbox.
    static let recentlyDeliveredLimit = 1_000

    init(directory: URL, clock: any JanuaryClock) {
        self.directory = directory
        self.clock = clock
        self.client = Locked(WeakClient())
        // Not `makeStream(of:bufferingPolicy:)`: before iOS 17 an app carries a fallback copy of it per element
        // type. The initialiser runs its closure before it returns, so the continuation is set by then.
        var kick: AsyncStream<Void>.Continuation?
        kicks = AsyncStream(Void.self, bufferingPolicy: .bufferingNewest(1)) { kick = $0 }
        self.kick = kick!
    }

    /// Called by the client once it is whole: the outbox reaches it weakly, so that a client the app lets go of
    /// goes, and its outbox stops.
    func attach(to client: JanuaryPartnerClient) {
        self.client.withLock { $0.value = client }
    }

    deinit {
        shutDown()
    }

    // MARK: The app's calls

    /// Lets `user`'s writes be sent: call it when the user is signed in, at launch and after each sign-in.
    ///
    /// Until then, writes on disk from an earlier launch wait: the outbox cannot know which user your token provider
    /// serves, and never sends one user's write with another's token. Logging or listing for a user resumes them
    /// too.
    ///
    /// - Parameter user: The signed-in user.
    /// - Throws: `JanuaryError`: `outbox_in_use` when another client has the folder open; `outbox_storage_failed`
    ///   when it cannot be opened or read.
    public func resume(for user: PartnerUserID) throws {
        try open()
        state.withLock { state in
            // A sign-in is a moment worth trying: the back-off of the last session's failures ends.
            if state.queue.activate(user.rawValue) {
                state.queue.clearBackoff()
            }
        }
        kick.yield()
    }

    /// The writes not yet delivered, oldest first: pending, being sent, or needing attention.
    ///
    /// - Parameter user: Whose writes, or `nil` for every user's.
    /// - Returns: The entries.
    /// - Throws: As ``resume(for:)``.
    public func entries(for user: PartnerUserID? = nil) throws -> [JanuaryOutbox.Entry] {
        try open()
        return state.withLock { state in
            var entries: [JanuaryOutbox.Entry] = []
            for id in state.queue.order {
                if let record = state.queue.record(id), user == nil || user?.rawValue == record.user {
                    entries.append(record.entry(state: state.queue.state(of: id)))
                }
            }
            return entries
        }
    }

    /// Every change of an entry's state from now on (pending, sending, delivered, needs attention, discarded), in
    /// the order they happen; the stream ends when the client goes away. Each call returns a stream of its own.
    ///
    /// - Returns: The changes.
    public func changes() -> AsyncStream<JanuaryOutbox.Entry> {
        // The initialiser runs its closure before it returns, so the stream is registered by then. Not
        // `makeStream(of:bufferingPolicy:)`: before iOS 17 an app carries a fallback copy of it per element type.
        AsyncStream(JanuaryOutbox.Entry.self, bufferingPolicy: .unbounded) { continuation in
            let id = UUID()
            let added = state.withLock { state -> Bool in
                guard !state.isShutDown else {
                    return false
                }
                state.listeners[id] = .stream(continuation)
                return true
            }
            guard added else {
                continuation.finish()
                return
            }
            continuation.onTermination = { [weak self] _ in
                _ = self?.state.withLock { $0.listeners.removeValue(forKey: id) }
            }
        }
    }

    /// Waits until January has the write, and returns its entry with January's log.
    ///
    /// - Parameter id: The write.
    /// - Returns: The delivered entry (``JanuaryOutbox/Entry/deliveredFoodLog`` and the like).
    /// - Throws: The write's ``JanuaryOutbox/Entry/problem`` when it needs attention; `JanuaryError` `invalidInput` when
    ///   the outbox holds no such write (discarded, unknown, or delivered more than 1,000 deliveries before this
    ///   call); `CancellationError`
    ///   when the task is cancelled (the write stays in the outbox).
    public func delivered(_ id: JanuaryOutbox.EntryID) async throws -> JanuaryOutbox.Entry {
        try open()
        let waiter = UUID()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let answer = state.withLock { state -> Result<JanuaryOutbox.Entry, any Error>? in
                    if let delivered = state.recentlyDelivered[id] {
                        return .success(delivered)
                    }
                    guard let record = state.queue.record(id) else {
                        return .failure(
                            JanuaryError.invalidInput(
                                "The outbox holds no write \(id): it was discarded, or delivered long before this call."
                            ))
                    }
                    if let problem = record.problem {
                        return .failure(problem.error)
                    }
                    if Task.isCancelled {
                        return .failure(CancellationError())
                    }
                    state.listeners[waiter] = .waiter(id, continuation)
                    return nil
                }
                if let answer {
                    continuation.resume(with: answer)
                }
            }
        } onCancel: {
            let listener = state.withLock { $0.listeners.removeValue(forKey: waiter) }
            if case .waiter(_, let continuation) = listener {
                continuation.resume(throwing: CancellationError())
            }
        }
    }

    /// Ends any back-off and sends what may go now, including writes held since a sign-out or revocation for users
    /// the app has resumed. Needs-attention writes stay as they are.
    public func retryNow() {
        state.withLock { $0.queue.clearBackoff() }
        kick.yield()
    }

    /// Takes a write out of the outbox for good, with the changes of it that wait for its log.
    ///
    /// A write that may have been sent (``JanuaryOutbox/Entry/mayHaveBeenSent``) may already be stored at January:
    /// discarding it does not delete that log.
    ///
    /// - Parameter id: The write.
    /// - Throws: `JanuaryError` `invalidInput` when the write is being sent right now (try again once its state
    ///   changes) or the outbox holds no such write; a storage error when it cannot be removed from disk.
    public func discard(_ id: JanuaryOutbox.EntryID) throws {
        let store = try open()
        let removed = try state.withLock { state -> [OutboxRecord] in
            guard state.queue.record(id) != nil else {
                throw JanuaryError.invalidInput("The outbox holds no write \(id).")
            }
            guard !state.queue.isSending(id) else {
                throw JanuaryError.invalidInput("The write \(id) is being sent; try again once its state changes.")
            }
            return state.queue.discard(id)
        }
        forget(removed, store: store)
        kick.yield()
    }

    /// Removes the files of records taken out of the queue, but that of `removedAlready`, then tells the app they
    /// are discarded: one path for a discard and for a deletion folded into its meal.
    private func forget(
        _ removed: [OutboxRecord], store: OutboxStore, removedAlready: JanuaryOutbox.EntryID? = nil
    ) {
        var entries: [JanuaryOutbox.Entry] = []
        for record in removed {
            if record.id != removedAlready {
                try? store.remove(key: record.key)
            }
            entries.append(record.entry(state: .discarded))
        }
        announce(entries)
    }

    /// Holds every delivery (`true`) or lets them go again, for tests that edit writes before any may leave.
    package func holdDeliveries(_ held: Bool) {
        state.withLock { $0.queue.isHeld = held }
        kick.yield()
    }

    /// How many times the worker has run out of writes that may go now (see `State.passes`).
    package var passes: Int {
        state.withLock { $0.passes }
    }

    // MARK: Handing writes over

    /// Writes a new write to disk and queues it; the user's writes may go from now on.
    func enqueue(_ make: (Int64) throws -> OutboxRecord) throws -> JanuaryOutbox.Entry {
        let store = try open()
        let sequence = state.withLock { $0.queue.takeSequence() }
        let record = try make(sequence)
        try store.write(try record.encoded(), forKey: record.key)
        let entry = state.withLock { state -> JanuaryOutbox.Entry in
            state.queue.insert(record)
            state.queue.activate(record.user)
            return record.entry(state: .pending)
        }
        announce([entry])
        kick.yield()
        return entry
    }

    /// Folds a change into a meal never sent.
    ///
    /// - Returns: The meal's entry with the change folded in; `nil` when it may have been sent, and the change must
    ///   be queued to follow its delivery (by the caller, as every other change is queued).
    func fold(_ update: UpdateFoodLogRequest, into target: JanuaryOutbox.EntryID) throws -> JanuaryOutbox.Entry? {
        let store = try open()
        guard let folded = try state.withLock({ try $0.queue.fold(update, into: target) }) else {
            return nil
        }
        do {
            try store.write(try folded.encoded(), forKey: folded.key)
        } catch {
            state.withLock { $0.queue.rewritten(folded, written: false) }
            throw error
        }
        state.withLock { $0.queue.rewritten(folded, written: true) }
        announce([folded.entry(state: .pending)])
        kick.yield()
        return folded.entry(state: .pending)
    }

    /// Removes a meal never sent.
    ///
    /// - Returns: The meal's entry, discarded; `nil` when it may have been sent, and its deletion must be queued to
    ///   follow its delivery (by the caller, as every other deletion is queued).
    func foldDeletion(of target: JanuaryOutbox.EntryID) throws -> JanuaryOutbox.Entry? {
        let store = try open()
        guard let record = try state.withLock({ try $0.queue.foldDeletion(of: target) }) else {
            return nil
        }
        do {
            try store.remove(key: record.key)
        } catch {
            state.withLock { $0.queue.rewritten(record, written: false) }
            throw error
        }
        forget(state.withLock { $0.queue.discard(target) }, store: store, removedAlready: target)
        return record.entry(state: .discarded)
    }

    // MARK: Sessions

    /// Holds every user's writes until the app resumes them: a sign-out. Runs no callback of the app's.
    func signedOut() {
        state.withLock { $0.queue.deactivateAll() }
    }

    /// A connection came back or the app became active: end the back-off and send.
    func triggered() {
        retryNow()
    }

    // MARK: Opening and closing

    /// Opens the folder on first use: takes its lock, reads its records, reserves their instants and starts
    /// delivering.
    @discardableResult
    private func open() throws -> OutboxStore {
        let opened = try state.withLock { state -> (store: OutboxStore, records: [OutboxRecord], unreadable: Int)? in
            if state.store != nil {
                return nil
            }
            guard !state.isShutDown else {
                throw Self.closed
            }
            let store = try OutboxStore(directory: directory)
            let contents: (records: [(key: String, payload: Data)], quarantined: [OutboxStore.Quarantined])
            do {
                contents = try store.readAll()
            } catch {
                store.close()
                throw error
            }
            var records: [OutboxRecord] = []
            var unreadable = contents.quarantined.count
            for (key, payload) in contents.records {
                guard let record = try? OutboxRecord.decode(payload), record.key == key else {
                    unreadable += 1
                    continue
                }
                records.append(record)
            }
            state.queue.load(records)
            state.store = store
            state.unreadable = unreadable
            return (store, records, unreadable)
        }
        guard let opened else {
            return state.withLock { $0.store! }
        }
        let client = self.client.withLock { $0.value }
        if let client {
            for record in opened.records where record.kind == .foodLogCreate {
                if let instant = record.instant {
                    client.logInstants.reserve(
                        instant, for: LogInstantBook.Owner(kind: JanuaryOperation.createFoodLog.id, user: record.user))
                }
            }
            if opened.unreadable > 0 {
                client.emit(.outboxRecordsUnreadable, attempt: opened.unreadable)
            }
        }
        startWorker()
        return opened.store
    }

    private func startWorker() {
        let triggers = OutboxTriggers { [weak self] in self?.triggered() }
        let worker = Task { [weak self, kicks] in
            var iterator = kicks.makeAsyncIterator()
            while let self, await self.step(), await iterator.next() != nil {}
        }
        let previous = state.withLock { state -> (Task<Void, Never>?, OutboxTriggers?) in
            defer {
                state.worker = worker
                state.triggers = triggers
            }
            return (state.worker, state.triggers)
        }
        previous.0?.cancel()
        previous.1?.stop()
        kick.yield()
    }

    /// Stops delivering and closes the folder; waiting calls fail, streams end.
    package func shutDown() {
        let stopped = state.withLock { state in
            state.isShutDown = true
            defer {
                state.listeners = [:]
                state.worker = nil
                state.timer = nil
                state.triggers = nil
                state.store = nil
            }
            return (state.worker, state.timer, state.triggers, state.store, state.listeners)
        }
        stopped.0?.cancel()
        stopped.1?.cancel()
        stopped.2?.stop()
        stopped.3?.close()
        kick.finish()
        let closed = Self.closed
        for listener in stopped.4.values {
            switch listener {
            case .waiter(_, let waiter):
                waiter.resume(throwing: closed)
            case .stream(let observer):
                observer.finish()
            }
        }
    }

    // MARK: Delivering

    /// Sends every write that may go now, one at a time, then arms the back-off's timer if one waits.
    ///
    /// - Returns: Whether the worker should go on waiting for the next kick.
    private func step() async -> Bool {
        while !Task.isCancelled {
            let next = state.withLock { $0.queue.next(now: clock.uptime()) }
            switch next {
            case .deliver(let record):
                announce([record.entry(state: .sending)])
                let outcome = await deliver(record)
                finish(record.id, outcome)
            case .wait(let until):
                armTimer(until: until)
                state.withLock { $0.passes += 1 }
                return true
            case .idle:
                state.withLock { $0.passes += 1 }
                return true
            }
        }
        return false
    }

    private func armTimer(until uptime: TimeInterval) {
        let delay = max(0, uptime - clock.uptime())
        let timer = Task { [weak self, clock] in
            do {
                try await ClockSleepPurpose.sleep(
                    for: delay, on: clock, purpose: "the outbox's back-off before its next delivery attempt")
            } catch {
                return
            }
            self?.kick.yield()
        }
        let previous = state.withLock { state -> Task<Void, Never>? in
            defer { state.timer = timer }
            return state.timer
        }
        previous?.cancel()
    }

    private func finish(_ id: JanuaryOutbox.EntryID, _ outcome: OutboxQueue.Outcome) {
        let (changes, store) = state.withLock { state in
            let changes = state.queue.finished(id, outcome, now: clock.uptime())
            // Remembered as the record leaves the queue, so that a `delivered(_:)` call never finds it in neither.
            for entry in changes.announcements where entry.state == .delivered {
                state.remember(entry)
            }
            return (changes, state.store)
        }
        for record in changes.writes {
            try? store?.write(try record.encoded(), forKey: record.key)
        }
        for record in changes.removals {
            try? store?.remove(key: record.key)
        }
        announce(changes.announcements)
    }

    /// One attempt at one write.
    private func deliver(_ record: OutboxRecord) async -> OutboxQueue.Outcome {
        guard let client = client.withLock({ $0.value }), let store = state.withLock({ $0.store }) else {
            return .stopped
        }
        let user = JanuaryUserClient(
            client: client, userID: PartnerUserID(rawValue: record.user), timeZone: JanuaryUserClient.utc)
        // When an earlier attempt may have sent it, on this clock's uptime: a device clock that went back counts
        // as no time passed, so the settle window is never cut short.
        let earlierSend = record.lastSendMilliseconds.map { milliseconds -> TimeInterval in
            let elapsed = clock.now().timeIntervalSince(OutboxRecord.date(milliseconds: milliseconds))
            return clock.uptime() - min(max(0, elapsed.isFinite ? elapsed : 0), 86_400 * 365)
        }
        // An update or a delete may be sent again as it is; any other write is marked before it may leave.
        let marksFirstSend = record.kind != .foodLogUpdate && record.kind != .foodLogDelete
        if marksFirstSend {
            do {
                try markSend(record.id, store: store)
            } catch let error as JanuaryError {
                return .retry(retryAfter: error.retryAfter)
            } catch {
                return .retry(retryAfter: nil)
            }
        }
        // The mark written just above already dates the first send, unless getting a credential took a while:
        // within a second, the settle window (150 s, with 30 s to spare) does not notice, and one durable write
        // per delivery is saved. Later sends (a resend after a settled listing) are always written down.
        let markedAt = clock.uptime()
        let firstSend = Locked(true)
        let id = record.id
        let sends = SendRecord(willSend: { [weak self, clock] in
            let isFirst = firstSend.withLock { isFirst in
                defer { isFirst = false }
                return isFirst
            }
            if isFirst, marksFirstSend, clock.uptime() - markedAt < 1 {
                return
            }
            try? self?.markSend(id, store: store)
        })
        do {
            return try await send(record, as: user, earlierSend: earlierSend, record: sends)
                ?? .needsAttention(Self.unreadable)
        } catch let error as JanuaryError {
            // Nothing left, or the last send proved it never reached January (after any earlier one was settled
            // absent): the mark goes back to what it was, or away, so the next attempt sends at once rather than
            // waiting out a settle window for a request that cannot have arrived.
            if sends.sends == 0 || error.provesNotSent {
                try? setSendMark(record.id, to: sends.sends == 0 ? record.lastSendMilliseconds : nil, store: store)
            }
            // Only the outbox stopping its own worker ends an attempt without a lesson; any other cancellation is
            // tried again after the back-off, never at once (a cancelled URLSession task, say, would otherwise spin).
            if Task.isCancelled {
                return .stopped
            }
            return OutboxQueue.outcome(
                of: error, settles: record.kind != .waterLogCreate && record.kind != .weightLogCreate)
        } catch {
            return Task.isCancelled ? .stopped : .retry(retryAfter: nil)
        }
    }

    /// Sends the write for ``deliver(_:)``: a function of its own, so that the values of the steps before it are
    /// not carried through each of its suspension points (Docs/Benchmarks.md, "Size in an app").
    ///
    /// - Returns: The outcome, or `nil` when the record lacks what its kind needs (one place builds that outcome).
    /// - Throws: What sending it threw, for ``deliver(_:)`` to learn from.
    @inline(never)
    private func send(
        _ record: OutboxRecord, as user: JanuaryUserClient, earlierSend: TimeInterval?, record sends: SendRecord
    ) async throws -> OutboxQueue.Outcome? {
        switch record.kind {
        case .foodLogCreate:
            guard let request = record.foodLogRequest, let instant = record.instant else {
                return nil
            }
            let log = try await user.foodLogs.deliver(
                request, at: instant, earlierSendAt: earlierSend, record: sends)
            return .delivered(OutboxDelivered(foodLog: log))
        case .foodLogUpdate:
            guard let target = record.targetLogID, let update = record.updateRequest else {
                return nil
            }
            let log = try await user.foodLogs.update(id: FoodLogID(rawValue: target), update)
            return .delivered(OutboxDelivered(foodLog: log))
        case .foodLogDelete:
            guard let target = record.targetLogID else {
                return nil
            }
            try await user.foodLogs.delete(id: FoodLogID(rawValue: target))
            return .delivered(OutboxDelivered())
        case .waterLogCreate, .weightLogCreate:
            // Their listings cannot tell one log from another: a write that may have been sent before is
            // never sent again, only flagged.
            if earlierSend != nil {
                return .needsAttention(Self.unknownOutcome(of: record.kind))
            }
            guard let milliseconds = record.timeMilliseconds else {
                return nil
            }
            let time = OutboxRecord.date(milliseconds: milliseconds)
            if let water = record.water {
                return .delivered(
                    OutboxDelivered(waterLog: try await user.waterLogs.send(water, consumedAt: time, record: sends))
                )
            }
            if let weight = record.weight {
                return .delivered(
                    OutboxDelivered(
                        weightLog: try await user.weightLogs.send(weight, measuredAt: time, record: sends)))
            }
            return nil
        default:
            return nil
        }
    }

    /// Writes down, before a request of the write leaves, that it may have been sent and when.
    private func markSend(_ id: JanuaryOutbox.EntryID, store: OutboxStore) throws {
        try setSendMark(id, to: OutboxRecord.milliseconds(clock.now()) ?? 0, store: store)
    }

    private func setSendMark(_ id: JanuaryOutbox.EntryID, to milliseconds: Int64?, store: OutboxStore) throws {
        guard var record = state.withLock({ $0.queue.record(id) }), record.lastSendMilliseconds != milliseconds
        else {
            return
        }
        record.lastSendMilliseconds = milliseconds
        try store.write(try record.encoded(), forKey: record.key)
        state.withLock { $0.queue.noteSendMark(id, milliseconds: milliseconds) }
    }

    /// What a call on an outbox whose client has gone away throws, or a waiter is resumed with.
    private static var closed: JanuaryError {
        JanuaryError(category: .cancelled, code: .outboxClosed, message: "The outbox's client has gone away.")
    }

    private static let unreadable = JanuaryError(
        category: .decoding, message: "The outbox record of this write is incomplete; it cannot be sent.")

    private static func unknownOutcome(of kind: JanuaryOutbox.Entry.Kind) -> JanuaryError {
        JanuaryError(
            category: .network,
            message: "This \(kind == .waterLogCreate ? "water" : "weight") log may have been sent before the app "
                + "stopped, and January's list cannot show whether it was stored. Check the user's day, then "
                + "discard the entry or log it again.",
            mayHaveTakenEffect: true
        )
    }

    // MARK: Telling the app

    /// Tells observers and waiters, after the lock is released: every stream gets every entry, then each waiter
    /// whose write was delivered, needs attention or was discarded is resumed with the first such entry of its write.
    private func announce(_ entries: [JanuaryOutbox.Entry]) {
        guard !entries.isEmpty else {
            return
        }
        let listeners = state.withLock { state -> [Listener] in
            var told: [Listener] = []
            for (token, listener) in state.listeners {
                if case .waiter(let id, _) = listener {
                    guard entries.contains(where: { $0.id == id && Self.answer(to: $0) != nil }) else {
                        continue
                    }
                    state.listeners[token] = nil
                }
                told.append(listener)
            }
            return told
        }
        for case .stream(let observer) in listeners {
            for entry in entries {
                observer.yield(entry)
            }
        }
        for case .waiter(let id, let waiter) in listeners {
            for entry in entries where entry.id == id {
                if let answer = Self.answer(to: entry) {
                    waiter.resume(with: answer)
                    break
                }
            }
        }
    }

    /// What a waiter of the entry's write is told, or `nil` while the write is still on its way.
    private static func answer(to entry: JanuaryOutbox.Entry) -> Result<JanuaryOutbox.Entry, any Error>? {
        switch entry.state {
        case .delivered:
            return .success(entry)
        case .needsAttention:
            return .failure(entry.problem ?? unreadable)
        case .discarded:
            return .failure(JanuaryError.invalidInput("The write \(entry.id) was discarded."))
        default:
            return nil
        }
    }
}

extension JanuaryEvent.Kind {
    /// The outbox found records it cannot read (a crash mid-write, a newer SDK's format) and left them aside in its
    /// folder; the others are delivered. ``JanuaryEvent/attempt`` is how many.
    public static let outboxRecordsUnreadable = JanuaryEvent.Kind("outboxRecordsUnreadable")
}

extension JanuaryOutbox {
    /// `JanuaryPartnerSDK/Outbox` in Application Support (on Linux, `~/.local/share`), or in the temporary folder
    /// where there is none.
    static var defaultDirectory: URL {
        let base =
            FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            ?? FileManager.default.temporaryDirectory
        return base.appendingPathComponent("JanuaryPartnerSDK", isDirectory: true)
            .appendingPathComponent("Outbox", isDirectory: true)
    }
}
