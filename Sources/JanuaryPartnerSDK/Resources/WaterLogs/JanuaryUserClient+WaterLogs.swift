import Foundation
import JanuaryCore

extension JanuaryUserClient {
    /// The user's water logs, listed as daily totals.
    ///
    /// Needs the `water_logs:read` and `water_logs:write` scopes on a client token.
    public var waterLogs: WaterLogs {
        WaterLogs(user: self)
    }

    /// A user's water logs: each drink is logged on its own, and listed back as daily totals.
    ///
    /// Reached through ``JanuaryUserClient/waterLogs``.
    ///
    /// ```swift
    /// let user = january.forUser(PartnerUserID(rawValue: account.id), timeZone: account.timeZone)
    /// let log = try await user.waterLogs.create(.milliliters(250))
    /// let today = try user.today()
    /// let week = try await user.waterLogs.list(from: today.advanced(by: -6), through: today, unit: .milliliters)
    /// ```
    public struct WaterLogs: Sendable {
        let user: JanuaryUserClient

        /// Logs water the user drank.
        ///
        /// A create is not idempotent: each call adds to the day's total, and a listing shows only daily totals, so
        /// the SDK cannot tell whether a create whose answer was lost was stored. It never sends one twice after a
        /// failure whose outcome is unknown (a timeout, a dropped connection, a `5xx`, a cancellation after it was
        /// sent): the error then has ``/JanuaryCore/JanuaryError/mayHaveTakenEffect``; list the day's totals before
        /// you try again.
        ///
        /// - Parameters:
        ///   - amount: How much: 1 to 811.5 fl oz, 30 to 24 000 ml, or 0.1 to 101.4 cups (January's newest
        ///     contract starts cups at 0.125 and answers below it).
        ///   - consumedAt: When the user drank it. `nil` (the default) dates it by January's clock now, as a food
        ///     log is: the client's estimate of it, or, before the client has one, the `Date` of the answer to a
        ///     listing of today that it makes first; so a device clock that is off cannot move the log, or the
        ///     daily cap, to another day.
        /// - Returns: The log January recorded, with its identifier.
        /// - Throws: `JanuaryError`: `invalidInput` before anything is sent for an invalid user ID or amount;
        ///   `daily_water_limit_exceeded` when the log would take the day past 24 liters; what any request throws.
        @discardableResult
        public func create(_ amount: WaterAmount, consumedAt: Date? = nil) async throws -> WaterLog {
            try user.userID.validate()
            try amount.validate(field: "amount")
            if let consumedAt {
                try Validation.date(consumedAt, field: "consumed_at")
            }
            let time = try await user.writeTime(
                consumedAt, learningClockFrom: .listWaterLogs,
                query: [URLQueryItem(name: "unit", value: VolumeUnit.milliliters.rawValue)])
            return try await user.sendOnce("water log create") { record in
                try await send(amount, consumedAt: time, record: record)
            }
        }

        /// Sends a checked water create dated `consumedAt`, noting its send in `record`: the online create and the
        /// outbox share it, and never inlined, so that the outbox's send does not carry a copy of its own.
        @inline(never)
        func send(_ amount: WaterAmount, consumedAt: Date, record: SendRecord) async throws -> WaterLog {
            try await user.send(returning: WaterLog.self, record: record) {
                let body = CreateWaterLogBody(amount: amount, consumedAt: consumedAt)
                return try JanuaryOperation.createWaterLog.request(body: .json(body))
            }
        }

        /// Lists the user's daily water totals over a range of days of their calendar.
        ///
        /// Days without water are absent. When more than 100 days have water, January returns the most recent 100:
        /// page further back by moving `end` back.
        ///
        /// - Parameters:
        ///   - start: The first day, at most five years before today in the user's time zone.
        ///   - end: The last day, included; not before `start`.
        ///   - unit: The unit of the totals. Defaults to fluid ounces.
        /// - Returns: One total per day with water, oldest first.
        /// - Throws: `JanuaryError`: `invalidInput` before anything is sent for an invalid user ID, an inverted
        ///   range or a start too far back; what any request throws.
        public func list(
            from start: JanuaryDate,
            through end: JanuaryDate,
            unit: VolumeUnit = .fluidOunces
        ) async throws -> [DailyWaterTotal] {
            try await user.send(returning: ListWaterLogsResponse.self) {
                try listRequest(from: start, through: end, unit: unit)
            }
            .items
        }

        /// Lists the user's daily water totals over the days, in the user's time zone, on which two instants fall.
        ///
        /// - Parameters:
        ///   - start: An instant on the first day.
        ///   - end: An instant on the last day.
        ///   - unit: The unit of the totals. Defaults to fluid ounces.
        /// - Returns: One total per day with water, oldest first.
        /// - Throws: What `list(from:through:unit:)` with days throws.
        public func list(from start: Date, through end: Date, unit: VolumeUnit = .fluidOunces) async throws
            -> [DailyWaterTotal]
        {
            try await user.send(returning: ListWaterLogsResponse.self) {
                let days = try user.days(from: start, through: end)
                return try listRequest(from: days.start, through: days.end, unit: unit)
            }
            .items
        }

        /// A list's request, once its range and unit pass.
        private func listRequest(from start: JanuaryDate, through end: JanuaryDate, unit: VolumeUnit) throws
            -> JanuaryRequest
        {
            try user.validateRange(from: start, through: end, maximumDays: nil)
            try user.validateLookback(from: start)
            guard WaterAmount.acceptedRanges[unit] != nil else {
                throw JanuaryError.invalidInput("unit must be fl_oz, ml or cup.")
            }
            var queryItems = try user.dateRangeQueryItems(from: start, through: end)
            queryItems.append(URLQueryItem(name: "unit", value: unit.rawValue))
            return try JanuaryOperation.listWaterLogs.request(query: queryItems)
        }

        /// How much water the user drank on one day.
        ///
        /// - Parameters:
        ///   - day: The day, in the user's time zone.
        ///   - unit: The unit of the total. Defaults to fluid ounces.
        /// - Returns: The day's total: zero in `unit` when the user logged no water that day.
        /// - Throws: What `list(from:through:unit:)` with days throws.
        public func total(on day: JanuaryDate, unit: VolumeUnit = .fluidOunces) async throws -> Volume {
            let totals = try await list(from: day, through: day, unit: unit)
            return totals.first(where: { $0.date == day })?.total ?? Volume(value: 0, unit: unit)
        }

        /// Deletes a water log; its amount stops counting toward its day.
        ///
        /// Deleting is idempotent: an unknown or already deleted log succeeds too, so it is safe to repeat.
        ///
        /// - Parameter id: The log's identifier, a UUID.
        /// - Throws: `JanuaryError`: `invalidInput` before anything is sent for an invalid user ID or an
        ///   identifier that is not a UUID; what any request throws.
        public func delete(id: WaterLogID) async throws {
            try await user.send {
                try id.validate(field: "log_id")
                return try JanuaryOperation.deleteWaterLog.request(id.rawValue)
            }
        }
    }
}
