import Foundation
import JanuaryCore

extension JanuaryUserClient {
    /// The user's weight measurements, listed as one weight per day.
    ///
    /// Needs the `weight_logs:read` and `weight_logs:write` scopes on a client token.
    public var weightLogs: WeightLogs {
        WeightLogs(user: self)
    }

    /// A user's weight measurements, listed back as one weight per day.
    ///
    /// Reached through ``JanuaryUserClient/weightLogs``.
    ///
    /// ```swift
    /// let user = january.forUser(PartnerUserID(rawValue: account.id), timeZone: account.timeZone)
    /// try await user.weightLogs.create(Weight(value: 72.4, unit: .kilograms))
    /// let today = try user.today()
    /// let month = try await user.weightLogs.list(from: today.advanced(by: -29), through: today)
    /// ```
    public struct WeightLogs: Sendable {
        let user: JanuaryUserClient

        /// The weights one weight log may hold: narrower than a glucose profile's.
        static let acceptedPounds = 10.0...1000
        static let acceptedKilograms = 4.5...453.6

        /// Logs a weight measurement.
        ///
        /// A create is not idempotent: each call stores another measurement (the list shows the day's last one),
        /// and weight logs have no identifier, so the SDK cannot tell whether a create whose answer was lost was
        /// stored. It never sends one twice after a failure whose outcome is unknown (a timeout, a dropped
        /// connection, a `5xx`, a cancellation after it was sent): the error then has
        /// ``/JanuaryCore/JanuaryError/mayHaveTakenEffect``.
        ///
        /// - Parameters:
        ///   - weight: The weight: 10 to 1000 lb, or 4.5 to 453.6 kg.
        ///   - measuredAt: When the user was weighed. `nil` (the default) dates it by January's clock now, as a food
        ///     log is (see ``JanuaryUserClient/WaterLogs/create(_:consumedAt:)``).
        /// - Returns: The log January recorded. Weight logs have no identifier.
        /// - Throws: `JanuaryError`: `invalidInput` before anything is sent for an invalid user ID or weight; what
        ///   any request throws.
        @discardableResult
        public func create(_ weight: Weight, measuredAt: Date? = nil) async throws -> WeightLog {
            try user.userID.validate()
            try weight.validate(field: "weight", pounds: Self.acceptedPounds, kilograms: Self.acceptedKilograms)
            if let measuredAt {
                try Validation.date(measuredAt, field: "measured_at")
            }
            let time = try await user.writeTime(measuredAt, learningClockFrom: .listWeightLogs)
            return try await user.sendOnce("weight log create") { record in
                try await send(weight, measuredAt: time, record: record)
            }
        }

        /// Sends a checked weight create dated `measuredAt`, noting its send in `record`: the online create and
        /// the outbox share it, and never inlined, so that the outbox's send does not carry a copy of its own.
        @inline(never)
        func send(_ weight: Weight, measuredAt: Date, record: SendRecord) async throws -> WeightLog {
            try await user.send(returning: WeightLog.self, record: record) {
                let body = CreateWeightLogBody(weight: weight, measuredAt: measuredAt)
                return try JanuaryOperation.createWeightLog.request(body: .json(body))
            }
        }

        /// Lists the user's weight over a range of days of their calendar: the last measurement of each day.
        ///
        /// Days without a measurement are absent. When more than 100 days have one, January returns the most recent
        /// 100: page further back by moving `end` back.
        ///
        /// - Parameters:
        ///   - start: The first day, at most five years before today in the user's time zone.
        ///   - end: The last day, included; not before `start`.
        /// - Returns: One weight per day with a measurement, oldest first, each in the unit it was logged in.
        /// - Throws: `JanuaryError`: `invalidInput` before anything is sent for an invalid user ID, an inverted
        ///   range or a start too far back; what any request throws.
        public func list(from start: JanuaryDate, through end: JanuaryDate) async throws -> [DailyWeight] {
            try await user.send(returning: ListWeightLogsResponse.self) {
                try listRequest(from: start, through: end)
            }
            .items
        }

        /// Lists the user's weight over the days, in the user's time zone, on which two instants fall.
        ///
        /// - Parameters:
        ///   - start: An instant on the first day.
        ///   - end: An instant on the last day.
        /// - Returns: One weight per day with a measurement, oldest first.
        /// - Throws: What `list(from:through:)` with days throws.
        public func list(from start: Date, through end: Date) async throws -> [DailyWeight] {
            try await user.send(returning: ListWeightLogsResponse.self) {
                let days = try user.days(from: start, through: end)
                return try listRequest(from: days.start, through: days.end)
            }
            .items
        }

        /// A list's request, once its range passes.
        private func listRequest(from start: JanuaryDate, through end: JanuaryDate) throws -> JanuaryRequest {
            try user.validateRange(from: start, through: end, maximumDays: nil)
            try user.validateLookback(from: start)
            return try JanuaryOperation.listWeightLogs.request(
                query: try user.dateRangeQueryItems(from: start, through: end))
        }
    }
}
