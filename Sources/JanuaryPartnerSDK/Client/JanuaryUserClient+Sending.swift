import Foundation
import JanuaryCore

// What every per-user operation shares: the user's zone and calendar, and the one path to January, through the
// client's `perform`, which checks the user ID before anything else.
extension JanuaryUserClient {
    /// The IANA name January needs in the `timezone` query parameter.
    func timeZoneIdentifier() throws -> String {
        try Validation.timeZoneName(timeZone, field: "timezone")
    }

    /// The user's today: the day, in the user's time zone, by the client's
    /// ``JanuaryPartnerClient/Configuration/clock`` (which a partner may supply) rather than the device's, so that
    /// the app, its tests and the ranges the SDK checks agree.
    ///
    /// - Returns: The day the clock's current instant falls on in the user's time zone.
    /// - Throws: `invalidInput` when the clock's time is not a day of the years 1 to 9999.
    public func today() throws -> JanuaryDate {
        try JanuaryDate(client.configuration.clock.now(), in: timeZone)
    }

    /// The query items every list or summary call starts with.
    func dateRangeQueryItems(from start: JanuaryDate, through end: JanuaryDate) throws -> [URLQueryItem] {
        [
            URLQueryItem(name: "start_date", value: start.description),
            URLQueryItem(name: "end_date", value: end.description),
            URLQueryItem(name: "timezone", value: try timeZoneIdentifier()),
        ]
    }

    /// Refuses an inverted range, or one longer than `maximumDays` (both ends included).
    func validateRange(from start: JanuaryDate, through end: JanuaryDate, maximumDays: Int?) throws {
        guard start <= end else {
            throw JanuaryError.invalidInput("start_date must not be after end_date.")
        }
        if let maximumDays, start.distance(to: end) + 1 > maximumDays {
            throw JanuaryError.invalidInput(
                "The range from start_date to end_date may cover at most \(maximumDays) days, both included.",
                code: JanuaryError.Code.dateRangeTooLarge
            )
        }
    }

    /// Refuses a start more than five years before the user's today, which water and weight lists cannot
    /// reach back to.
    func validateLookback(from start: JanuaryDate) throws {
        guard let earliest = try today().addingYears(-Self.maximumLookbackYears) else {
            throw JanuaryError.invalidInput(
                "The client's clock reads a day less than \(Self.maximumLookbackYears) years after 0001-01-01, so "
                    + "the earliest start_date cannot be worked out; check the configured clock."
            )
        }
        guard start >= earliest else {
            throw JanuaryError.invalidInput(
                "start_date may be at most \(Self.maximumLookbackYears) years before today in the user's time zone.",
                code: JanuaryError.Code.dateRangeTooLarge
            )
        }
    }

    /// The days, in the user's zone, on which two instants fall.
    func days(from start: Date, through end: Date) throws -> (start: JanuaryDate, end: JanuaryDate) {
        guard let first = JanuaryDate.day(of: start, in: timeZone) else {
            throw JanuaryError.invalidInput("start must be an instant between the years 1 and 9999.")
        }
        guard let last = JanuaryDate.day(of: end, in: timeZone) else {
            throw JanuaryError.invalidInput("end must be an instant between the years 1 and 9999.")
        }
        return (first, last)
    }

    static let maximumLookbackYears = 5

    /// Sends one operation on this user's behalf and decodes January's answer.
    ///
    /// - Parameters:
    ///   - type: The model the answer decodes into.
    ///   - record: For one request of a write settled over several (see ``SendRecord``).
    ///   - build: Checks the operation's own input and has its ``JanuaryOperation`` make the request. It runs only
    ///     once the user ID has passed, so that an unusable user ID is the error reported whatever else is wrong.
    /// - Returns: January's answer, decoded.
    /// - Throws: `invalidInput` with code `invalid_end_user_id` for an unusable user ID; what `build` throws; what
    ///   any request throws.
    @inline(__always)
    func send<Value: Decodable>(
        returning type: Value.Type,
        record: SendRecord? = nil,
        _ build: () throws -> JanuaryRequest
    ) async throws -> Value {
        try await client.perform(actingFor: userID, returning: type, record: record, build)
    }

    /// Sends one operation on this user's behalf whose answer has no content; `build` runs as in
    /// ``send(returning:record:_:)``.
    ///
    /// - Parameter build: Checks the operation's own input and has its ``JanuaryOperation`` make the request.
    /// - Throws: What ``send(returning:record:_:)`` throws.
    @inline(__always)
    func send(_ build: () throws -> JanuaryRequest) async throws {
        try await client.perform(actingFor: userID, build)
    }
}
