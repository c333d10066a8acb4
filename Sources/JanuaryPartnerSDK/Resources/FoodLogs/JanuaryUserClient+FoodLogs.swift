import Foundation
import JanuaryAuth
import JanuaryCore

extension JanuaryUserClient {
    /// The user's food logs: meals with the foods eaten, their portions and nutrition.
    ///
    /// Needs the `food_logs:read` and `food_logs:write` scopes on a client token.
    public var foodLogs: FoodLogs {
        FoodLogs(user: self)
    }

    /// A user's food logs: the meals they ate, with each food's portion and nutrition.
    ///
    /// Reached through ``JanuaryUserClient/foodLogs``.
    ///
    /// ```swift
    /// let user = january.forUser(PartnerUserID(rawValue: account.id), timeZone: account.timeZone)
    /// let log = try await user.foodLogs.create(CreateFoodLogRequest(scan: scan, eatenAt: photoTakenAt))
    /// let today = try await user.foodLogs.list(on: try user.today())
    /// ```
    public struct FoodLogs: Sendable {
        let user: JanuaryUserClient

        /// The longest range a list covers, in days, both ends included.
        static let maximumListDays = 60

        /// Logs a meal, exactly once.
        ///
        /// January answers with the log hydrated with the foods' names and nutrition. January does not deduplicate
        /// creates, so the SDK makes sure a meal is logged once however the network behaves
        /// (`CreateReconciliation`):
        /// - every create carries its own instant, to the millisecond, within the second of `request.eatenAt` (or of
        ///   January's time when it is `nil`), that no other create of this user's has, so that a listing can tell
        ///   it from any other meal, twins included;
        /// - when the answer is lost (a timeout, a dropped connection, a `5xx`, a `2xx` that cannot be read), the
        ///   SDK waits until 150 s have passed since the send began (`CreateReconciliation.settleWindow`: January
        ///   may still be storing it), lists the instant's day, and returns the log if January stored it, or sends
        ///   the create once more only if it did not. Each step sends a ``/JanuaryAuth/JanuaryEvent``
        ///   (`lostCreateFound`, `lostCreateResent`, `lostCreateUnresolved`).
        ///
        /// When `request.eatenAt` is `nil` and the client has not yet seen January's clock, it lists today's logs
        /// first, to learn January's time from the answer: a device clock that is hours off does not date the meal.
        ///
        /// - Parameter request: The foods eaten, and optionally when and under what name.
        /// - Returns: The log January recorded, with its identifier.
        /// - Throws: `JanuaryError`: `invalidInput` before anything is sent for an invalid user ID, no food or more
        ///   than 100, an invalid quantity or a name longer than 256 characters; what any request throws. The error
        ///   has ``/JanuaryCore/JanuaryError/mayHaveTakenEffect`` only when the outcome could not be settled: the
        ///   day could not be listed, it held more than one log at the create's instant, the user signed out, or
        ///   the task was cancelled after the create was sent (category `cancelled`). Then list the day before you
        ///   log the meal again.
        @discardableResult
        public func create(_ request: CreateFoodLogRequest) async throws -> FoodLog {
            try user.userID.validate()
            try request.validate()
            let instant = try await reserveInstant(near: request.eatenAt)
            return try await deliver(request, at: instant, earlierSendAt: nil, record: SendRecord())
        }

        /// Sends a create at its reserved instant and settles a lost answer (``create(_:)``'s rules), for the
        /// online create and the outbox alike.
        ///
        /// - Parameters:
        ///   - request: The meal; its `eatenAt` is replaced by `instant`.
        ///   - instant: The create's identity, reserved in ``JanuaryPartnerClient/logInstants``.
        ///   - earlierSendAt: When an earlier attempt last sent this create, on the clock's uptime, or `nil` when
        ///     none may have: then it is not sent before a settled listing shows it absent.
        ///   - record: Where sends are noted (and, for the outbox, written down before each leaves).
        /// - Returns: The log January stored.
        /// - Throws: What ``create(_:)`` throws.
        func deliver(
            _ request: CreateFoodLogRequest, at instant: LogInstant, earlierSendAt: TimeInterval?, record: SendRecord
        ) async throws -> FoodLog {
            let clock = user.client.configuration.clock
            var reconciliation = CreateReconciliation(
                request: request, instant: instant, window: user.client.configuration.createSettleWindow)
            var step =
                earlierSendAt.map { reconciliation.resume(sentAt: $0, now: clock.uptime()) } ?? reconciliation.start()
            // Each step is a function of its own: one async function holding all three would carry every step's
            // values through each of its many suspension points, which costs an app kilobytes of code
            // (Docs/Benchmarks.md, "Size in an app").
            while true {
                switch step {
                case .send:
                    step = try await sendCreate(&reconciliation, record: record, earlierSendAt: earlierSendAt)
                case .wait(let until):
                    step = await waitToSettle(&reconciliation, untilUptime: until)
                case .listDay(let day):
                    step = await listToSettle(day, &reconciliation, record: record)
                case .found(let log):
                    return log
                case .fail(let error):
                    throw error
                }
            }
        }

        /// Sends the create once, for ``deliver(_:at:earlierSendAt:record:)``.
        ///
        /// - Returns: `.found` with the log January stored, or what settling the failure takes.
        /// - Throws: A cancellation or a sign-out before the send was handed over, and no earlier attempt may have
        ///   sent the create: nothing was sent, so there is nothing to settle.
        @inline(never)
        private func sendCreate(
            _ reconciliation: inout CreateReconciliation, record: SendRecord, earlierSendAt: TimeInterval?
        ) async throws -> CreateReconciliation.Step {
            let clock = user.client.configuration.clock
            let sendsBefore = record.sends
            do {
                let body = try JanuaryRequest.Body.json(reconciliation.request)
                return .found(
                    try await user.send(returning: FoodLog.self, record: record) {
                        try JanuaryOperation.createFoodLog.request(body: body)
                    })
            } catch let error as JanuaryError where !error.isCancellation {
                let startedAt = record.sends > sendsBefore ? record.lastSendStartedAtUptime : nil
                return reconciliation.sendFailed(error, startedAt: startedAt, now: clock.uptime())
            } catch {
                // Cancelled, or signed out: once this send was handed over, its outcome is unknown.
                guard record.sends > sendsBefore || earlierSendAt != nil else {
                    throw error
                }
                let step = CreateReconciliation.Step.fail(reconciliation.cancelled())
                emitReconciliation(step, sends: reconciliation.sends)
                return step
            }
        }

        /// Waits out the settle window, for ``deliver(_:at:earlierSendAt:record:)``.
        @inline(never)
        private func waitToSettle(
            _ reconciliation: inout CreateReconciliation, untilUptime until: TimeInterval
        ) async -> CreateReconciliation.Step {
            let clock = user.client.configuration.clock
            do {
                try await ClockSleepPurpose.sleep(
                    for: until - clock.uptime(), on: clock,
                    purpose: "the settle window of a food-log create whose answer was lost (the SDK lists the "
                        + "day once \(Int(reconciliation.window)) s have passed since the send began)"
                )
                return reconciliation.waitEnded(atUptime: clock.uptime())
            } catch {
                let step = CreateReconciliation.Step.fail(reconciliation.cancelled())
                emitReconciliation(step, sends: reconciliation.sends)
                return step
            }
        }

        /// Lists the create's day to settle it, for ``deliver(_:at:earlierSendAt:record:)``.
        @inline(never)
        private func listToSettle(
            _ day: JanuaryDate, _ reconciliation: inout CreateReconciliation, record: SendRecord
        ) async -> CreateReconciliation.Step {
            let step: CreateReconciliation.Step
            do {
                let logs = try await listSettling(day, session: SendRecord(session: record.session))
                step = reconciliation.listed(logs)
            } catch let error as JanuaryError where error.category != .cancelled {
                step = reconciliation.listFailed(error)
            } catch let error as JanuaryError where error.code == JanuaryError.Code.signedOut {
                step = reconciliation.listFailed(error)
            } catch {
                // Cancelled while checking: the honest answer is still "unknown", not a bare cancellation.
                step = .fail(reconciliation.cancelled())
            }
            emitReconciliation(step, sends: reconciliation.sends)
            return step
        }

        /// Whose instants a create of this user's reserves.
        var instantOwner: LogInstantBook.Owner {
            LogInstantBook.Owner(kind: JanuaryOperation.createFoodLog.id, user: user.userID.rawValue)
        }

        /// Reserves the instant of a create at `eatenAt`, or at January's time now: learnt, when the client has
        /// not seen January's clock yet, from the `Date` of the answer to a listing of today (which also shows the
        /// instants in use), rather than taken from a device clock that may be hours or days off.
        private func reserveInstant(near eatenAt: Date?) async throws -> LogInstant {
            let time = try await user.writeTime(eatenAt) {
                if let today = user.utcToday() {
                    _ = try await listSettling(today, session: nil)
                }
            }
            guard let instant = user.client.logInstants.reserve(near: time, for: instantOwner) else {
                throw JanuaryError.invalidInput(
                    "eaten_at must be an instant between the years 1 and 9999 with a free millisecond in its second."
                )
            }
            return instant
        }

        /// Lists the user's logs of one UTC day, for settling a create (in the create's session, when given), and
        /// notes their instants as in use.
        private func listSettling(_ day: JanuaryDate, session: SendRecord?) async throws -> [FoodLog] {
            let logs = try await user.send(returning: ListFoodLogsResponse.self, record: session) {
                try JanuaryOperation.listFoodLogs.request(query: JanuaryUserClient.utcDayQuery(day))
            }
            .items
            noteInstants(of: logs)
            return logs
        }

        /// Notes the instants of listed logs as in use, so that no later create of the user's picks one.
        private func noteInstants(of logs: [FoodLog]) {
            user.client.logInstants.note(logs.lazy.compactMap { LogInstant($0.eatenAt) }, for: instantOwner)
        }

        /// Sends the event for what settling a create decided.
        private func emitReconciliation(_ step: CreateReconciliation.Step, sends: Int) {
            let kind: JanuaryEvent.Kind
            switch step {
            case .found: kind = .lostCreateFound
            case .send: kind = .lostCreateResent
            case .listDay, .wait, .fail: kind = .lostCreateUnresolved
            }
            user.client.emit(kind, attempt: sends)
        }

        /// Lists the user's food logs over a range of days of their calendar.
        ///
        /// - Parameters:
        ///   - start: The first day, in the user's time zone.
        ///   - end: The last day, included: at most 59 days after `start`, and not before it.
        /// - Returns: The logs, in the order they were eaten; empty when there are none.
        /// - Throws: `JanuaryError`: `invalidInput` before anything is sent for an invalid user ID, an inverted range
        ///   or one longer than 60 days (code `date_range_too_large`); what any request throws.
        public func list(from start: JanuaryDate, through end: JanuaryDate) async throws -> [FoodLog] {
            let logs = try await user.send(returning: ListFoodLogsResponse.self) {
                try listRequest(from: start, through: end)
            }
            .items
            noteInstants(of: logs)
            return logs
        }

        /// Lists the user's food logs of one day of their calendar.
        ///
        /// - Parameter day: The day, in the user's time zone.
        /// - Returns: The day's logs, in the order they were eaten.
        /// - Throws: What `list(from:through:)` with days throws.
        public func list(on day: JanuaryDate) async throws -> [FoodLog] {
            try await list(from: day, through: day)
        }

        /// Lists the user's food logs over the days, in the user's time zone, on which two instants fall.
        ///
        /// The whole of both days is included, not just the time between the instants.
        ///
        /// - Parameters:
        ///   - start: An instant on the first day.
        ///   - end: An instant on the last day.
        /// - Returns: The logs, in the order they were eaten.
        /// - Throws: What `list(from:through:)` with days throws.
        public func list(from start: Date, through end: Date) async throws -> [FoodLog] {
            let logs = try await user.send(returning: ListFoodLogsResponse.self) {
                let days = try user.days(from: start, through: end)
                return try listRequest(from: days.start, through: days.end)
            }
            .items
            noteInstants(of: logs)
            return logs
        }

        /// A list's request, once its range passes.
        private func listRequest(from start: JanuaryDate, through end: JanuaryDate) throws -> JanuaryRequest {
            try user.validateRange(from: start, through: end, maximumDays: Self.maximumListDays)
            return try JanuaryOperation.listFoodLogs.request(
                query: try user.dateRangeQueryItems(from: start, through: end))
        }

        /// Adds up the user's food logs over a range of days, per day or per week.
        ///
        /// - Parameter request: The range, at most 366 days, and the grouping.
        /// - Returns: The summary, with one bucket per day or week of the range, logs or not.
        /// - Throws: `JanuaryError`: `invalidInput` before anything is sent for an invalid user ID, an inverted range
        ///   or one longer than 366 days (code `date_range_too_large`); what any request throws.
        public func summary(_ request: FoodLogSummaryRequest) async throws -> FoodLogSummary {
            try await user.send(returning: FoodLogSummary.self) {
                try user.validateRange(
                    from: request.start, through: request.end, maximumDays: FoodLogSummaryRequest.maximumDays)
                try request.validate()
                let queryItems =
                    try user.dateRangeQueryItems(from: request.start, through: request.end)
                    + request.groupingQueryItems
                return try JanuaryOperation.getFoodLogSummary.request(query: queryItems)
            }
        }

        /// Fetches one food log.
        ///
        /// - Parameter id: The log's identifier, a UUID.
        /// - Returns: The log.
        /// - Throws: `JanuaryError`: `invalidInput` before anything is sent for an invalid user ID or an identifier
        ///   that is not a UUID; `not_found` when the user has no such log; what any request throws.
        public func get(id: FoodLogID) async throws -> FoodLog {
            try await user.send(returning: FoodLog.self) {
                try Self.logRequest(.getFoodLog, id)
            }
        }

        /// Changes a logged meal: its foods, time or name.
        ///
        /// New foods replace the whole list. An update sets values, so sending it twice leaves the log as sending it
        /// once does: after a failure whose outcome is unknown (a timeout, a lost connection, a `5xx`) it is sent
        /// again under the client's ``JanuaryPartnerClient/Configuration/retryPolicy``, like a read. When it still
        /// fails, the error's `mayHaveTakenEffect` says whether it may have been applied; ``get(id:)`` shows the
        /// log as it is.
        ///
        /// - Parameters:
        ///   - id: The log's identifier, a UUID.
        ///   - request: What to change; at least one field.
        /// - Returns: The log as it is now.
        /// - Throws: `JanuaryError`: `invalidInput` before anything is sent for an invalid user ID, an identifier that
        ///   is not a UUID, or a request that changes nothing or breaks the rules of ``CreateFoodLogRequest``;
        ///   `not_found` when the user has no such log; what any request throws.
        @discardableResult
        // Never inlined: the outbox sends updates through it too, and an inlined copy there was 0.4 KB of an app.
        @inline(never)
        public func update(id: FoodLogID, _ request: UpdateFoodLogRequest) async throws -> FoodLog {
            try await user.send(returning: FoodLog.self) {
                try Self.checkAddressable(id)
                try request.validate()
                return try Self.logRequest(.updateFoodLog, id, body: .json(request))
            }
        }

        /// Deletes a food log.
        ///
        /// Deleting is idempotent: an unknown or already deleted log succeeds too, so it is safe to repeat.
        ///
        /// - Parameter id: The log's identifier, a UUID.
        /// - Throws: `JanuaryError`: `invalidInput` before anything is sent for an invalid user ID or an identifier
        ///   that is not a UUID; what any request throws.
        public func delete(id: FoodLogID) async throws {
            try await user.send {
                try Self.logRequest(.deleteFoodLog, id)
            }
        }

        /// `operation`'s request for one log, once its identifier passes.
        private static func logRequest(
            _ operation: JanuaryOperation,
            _ id: FoodLogID,
            body: JanuaryRequest.Body = .empty
        ) throws -> JanuaryRequest {
            try checkAddressable(id)
            return try operation.request(id.rawValue, body: body)
        }

        /// Refuses a log identifier January did not give or that is not a UUID.
        private static func checkAddressable(_ id: FoodLogID) throws {
            guard !id.isStandIn else {
                throw JanuaryError.invalidInput(
                    "This food log has no identifier from January (its upstream stored it without one), so it "
                        + "cannot be fetched, changed or deleted; check FoodLog.isAddressable first.")
            }
            try id.validate(field: "log_id")
        }
    }
}
