import Foundation
import JanuaryCore

// The outbox's entry points on each kind of log: the same checks as the online calls, then the write goes to disk
// and the call returns its entry at once (Docs/OfflineLogging.md).
extension JanuaryUserClient.FoodLogs {
    /// Logs a meal through the outbox: it is written to the device before this returns, and sent when January can
    /// be reached, exactly once (``JanuaryOutbox``).
    ///
    /// The meal gets its instant now: `request.eatenAt`'s second (the SDK picks a free millisecond in it), or,
    /// when `nil`, January's time by the client's estimate, or the device's clock when the client has not yet
    /// seen January's (offline since launch): pass the meal's time when you know it.
    ///
    /// ```swift
    /// let entry = try user.foodLogs.log(CreateFoodLogRequest(scan: scan, eatenAt: photoTakenAt))
    /// print(entry.id)  // show it with a badge until january.outbox.changes() says delivered
    /// ```
    ///
    /// - Parameter request: The foods eaten, and optionally when and under what name.
    /// - Returns: The write's entry, `.pending`.
    /// - Throws: `JanuaryError`: `invalidInput` for what ``create(_:)`` refuses before sending; `outbox_in_use`,
    ///   `outbox_storage_full` or `outbox_storage_failed` when it cannot be written (then nothing was queued).
    @discardableResult
    public func log(_ request: CreateFoodLogRequest) throws -> JanuaryOutbox.Entry {
        try user.userID.validate()
        try request.validate()
        let client = user.client
        let time = user.outboxTime(request.eatenAt)
        return try client.outbox.enqueue { sequence in
            guard let instant = client.logInstants.reserve(near: time, for: instantOwner) else {
                throw JanuaryError.invalidInput(
                    "eaten_at must be an instant between the years 1 and 9999 with a free millisecond in its second.")
            }
            return OutboxRecord.create(
                request, at: instant, user: user.userID, sequence: sequence, at: client.configuration.clock.now())
        }
    }

    /// Changes a logged meal through the outbox, after any earlier write of the user's.
    ///
    /// - Parameters:
    ///   - id: January's identifier of the log.
    ///   - request: What to change; at least one field.
    /// - Returns: The write's entry.
    /// - Throws: As ``log(_:)``, and what ``update(id:_:)`` refuses before sending.
    @discardableResult
    public func logUpdate(id: FoodLogID, _ request: UpdateFoodLogRequest) throws -> JanuaryOutbox.Entry {
        try user.userID.validate()
        try id.validate(field: "log_id")
        try request.validate()
        return try enqueueUpdate(request, of: id, entry: nil)
    }

    /// Changes a meal still in the outbox: folded into it when none of its requests has left (so January only
    /// ever sees the changed meal), otherwise sent once the meal is delivered.
    ///
    /// - Parameters:
    ///   - entry: The meal's outbox entry, from ``log(_:)``.
    ///   - request: What to change: foods and name fold in; a new time is sent as a change after delivery, since
    ///     the meal's instant is its identity.
    /// - Returns: The meal's entry with the change folded in, or the change's own entry.
    /// - Throws: As ``logUpdate(id:_:)``; `invalidInput` when the outbox holds no such meal.
    @discardableResult
    public func logUpdate(of entry: JanuaryOutbox.EntryID, _ request: UpdateFoodLogRequest) throws
        -> JanuaryOutbox.Entry
    {
        try user.userID.validate()
        try request.validate()
        if request.eatenAt == nil, let folded = try user.client.outbox.fold(request, into: entry) {
            return folded
        }
        return try enqueueUpdate(request, of: nil, entry: entry)
    }

    /// Queues a change of a log: January's, or that of a meal in the outbox, once delivered.
    private func enqueueUpdate(_ request: UpdateFoodLogRequest, of id: FoodLogID?, entry: JanuaryOutbox.EntryID?)
        throws -> JanuaryOutbox.Entry
    {
        let client = user.client
        return try client.outbox.enqueue { sequence in
            OutboxRecord.update(
                request, of: id, entry: entry, user: user.userID, sequence: sequence,
                at: client.configuration.clock.now())
        }
    }

    /// Deletes a logged meal through the outbox, after any earlier write of the user's.
    ///
    /// - Parameter id: January's identifier of the log.
    /// - Returns: The write's entry.
    /// - Throws: As ``log(_:)``; `invalidInput` for an identifier that is not a UUID.
    @discardableResult
    public func logDeletion(id: FoodLogID) throws -> JanuaryOutbox.Entry {
        try user.userID.validate()
        try id.validate(field: "log_id")
        return try enqueueDeletion(of: id, entry: nil)
    }

    /// Queues the deletion of a log: January's, or that of a meal in the outbox, once delivered.
    private func enqueueDeletion(of id: FoodLogID?, entry: JanuaryOutbox.EntryID?) throws -> JanuaryOutbox.Entry {
        let client = user.client
        return try client.outbox.enqueue { sequence in
            OutboxRecord.deletion(
                of: id, entry: entry, user: user.userID, sequence: sequence, at: client.configuration.clock.now())
        }
    }

    /// Deletes a meal still in the outbox: removed, never sent, when none of its requests has left; otherwise
    /// deleted once it is delivered.
    ///
    /// - Parameter entry: The meal's outbox entry, from ``log(_:)``.
    /// - Returns: The meal's entry, `.discarded`, or the deletion's own entry.
    /// - Throws: As ``log(_:)``; `invalidInput` when the outbox holds no such meal.
    @discardableResult
    public func logDeletion(of entry: JanuaryOutbox.EntryID) throws -> JanuaryOutbox.Entry {
        try user.userID.validate()
        return try user.client.outbox.foldDeletion(of: entry) ?? enqueueDeletion(of: nil, entry: entry)
    }
}

extension JanuaryUserClient.WaterLogs {
    /// Logs water through the outbox: on the device before this returns, sent when January can be reached.
    ///
    /// January's water list shows daily totals, not logs, so a create whose answer was lost cannot be found: the
    /// outbox never sends it twice, and flags it `.needsAttention` (with
    /// ``JanuaryOutbox/Entry/mayHaveBeenSent``) for the app to check the day.
    ///
    /// - Parameters:
    ///   - amount: How much water.
    ///   - consumedAt: When; `nil` for now (January's time by the client's estimate, or the device's).
    /// - Returns: The write's entry.
    /// - Throws: As ``JanuaryUserClient/FoodLogs/log(_:)``, and what ``create(_:consumedAt:)`` refuses before
    ///   sending.
    @discardableResult
    public func log(_ amount: WaterAmount, consumedAt: Date? = nil) throws -> JanuaryOutbox.Entry {
        try user.userID.validate()
        try amount.validate(field: "amount")
        let time = user.outboxTime(consumedAt)
        try Validation.date(time, field: "consumed_at")
        return try user.enqueueMeasurement(.waterLogCreate, water: amount, weight: nil, at: time)
    }
}

extension JanuaryUserClient.WeightLogs {
    /// Logs a weight through the outbox: on the device before this returns, sent when January can be reached.
    ///
    /// As for water, a create whose answer was lost is never sent twice, and is flagged for the app to check.
    ///
    /// - Parameters:
    ///   - weight: The weight.
    ///   - measuredAt: When; `nil` for now (January's time by the client's estimate, or the device's).
    /// - Returns: The write's entry.
    /// - Throws: As ``JanuaryUserClient/FoodLogs/log(_:)``, and what ``create(_:measuredAt:)`` refuses before
    ///   sending.
    @discardableResult
    public func log(_ weight: Weight, measuredAt: Date? = nil) throws -> JanuaryOutbox.Entry {
        try user.userID.validate()
        try weight.validate(field: "weight", pounds: Self.acceptedPounds, kilograms: Self.acceptedKilograms)
        let time = user.outboxTime(measuredAt)
        try Validation.date(time, field: "measured_at")
        return try user.enqueueMeasurement(.weightLogCreate, water: nil, weight: weight, at: time)
    }
}

extension JanuaryUserClient {
    /// The time an outbox write is dated by when handed over: the partner's, else January's time by the client's
    /// estimate, else the device's clock (offline since launch, no answer to learn January's from). Unlike
    /// `writeTime`, it never sends a request: `log` must not wait for the network.
    func outboxTime(_ time: Date?) -> Date {
        time ?? client.januarysClock.timeForDating() ?? client.configuration.clock.now()
    }

    /// Queues a water or weight create dated `time`: the one closure both kinds share.
    func enqueueMeasurement(_ kind: JanuaryOutbox.Entry.Kind, water: WaterAmount?, weight: Weight?, at time: Date)
        throws -> JanuaryOutbox.Entry
    {
        try client.outbox.enqueue { sequence in
            OutboxRecord.measurement(
                kind, water: water, weight: weight, at: time, user: userID, sequence: sequence,
                now: client.configuration.clock.now())
        }
    }
}
