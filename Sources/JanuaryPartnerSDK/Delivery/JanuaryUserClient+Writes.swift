import Foundation
import JanuaryCore

// The rules every write of a user's log (food, water, weight) shares: one policy for the instant a log is dated
// by, and one for a write cancelled after it left. Docs/LoggingForAUser.md, "What a write promises".
extension JanuaryUserClient {
    /// The instant a write is dated by: `time`, the partner's, when given; otherwise January's time now, by the
    /// client's one ``/JanuaryAuth/JanuaryServerClock``, which, before any answer has been seen, the answer to
    /// `learn` (a listing of the write's kind of log) sets, so that a device clock hours or days off never dates a
    /// log. The device's clock is used only when no answer carried a `Date`.
    ///
    /// - Parameters:
    ///   - time: The partner's time for the log, or `nil`.
    ///   - learn: Sends one cheap request of the write's kind, whose answer's `Date` the exchange notes.
    /// - Returns: The instant.
    /// - Throws: What `learn` throws.
    func writeTime(_ time: Date?, learningClockWith learn: () async throws -> Void) async throws -> Date {
        if let time {
            return time
        }
        if let january = client.januarysClock.timeForDating() {
            return january
        }
        try await learn()
        return client.januarysClock.timeForDating() ?? client.configuration.clock.now()
    }

    /// ``writeTime(_:learningClockWith:)`` for a write whose kind's listing of today's UTC day, `operation` with
    /// `query` added, is the request that learns January's clock; its answer is not read.
    func writeTime(
        _ time: Date?, learningClockFrom operation: JanuaryOperation, query: [URLQueryItem] = []
    ) async throws -> Date {
        try await writeTime(time) {
            guard let today = utcToday() else {
                return
            }
            try await client.perform(actingFor: userID) {
                try operation.request(query: Self.utcDayQuery(today) + query)
            }
        }
    }

    /// Sends a write that is never sent twice (water and weight creates, whose listings cannot show which log is
    /// whose), reporting a cancellation after it was handed to the transport as what it is: an unknown outcome.
    ///
    /// - Parameters:
    ///   - what: The write, for the message, such as "water log create".
    ///   - send: Sends it with the record it is given.
    /// - Returns: What `send` returns.
    /// - Throws: What `send` throws; a cancellation after the write left becomes a `cancelled` `JanuaryError`
    ///   with ``/JanuaryCore/JanuaryError/mayHaveTakenEffect``.
    func sendOnce<Value>(_ what: String, _ send: (SendRecord) async throws -> Value) async throws -> Value {
        let record = SendRecord()
        do {
            return try await send(record)
        } catch let error as JanuaryError where !error.isCancellation {
            throw error
        } catch {
            guard record.hasSent else {
                throw error
            }
            throw JanuaryError(
                category: .cancelled,
                message: "The \(what) was cancelled after it was sent; it may or may not have been stored. List the "
                    + "day before sending it again.",
                underlyingError: error,
                mayHaveTakenEffect: true
            )
        }
    }

    /// The query of a listing of one UTC day, which every January zone rule accepts.
    static func utcDayQuery(_ day: JanuaryDate) -> [URLQueryItem] {
        [
            URLQueryItem(name: "start_date", value: day.description),
            URLQueryItem(name: "end_date", value: day.description),
            URLQueryItem(name: "timezone", value: "UTC"),
        ]
    }

    /// The UTC day the client's clock reads, for a listing that only has to be answered.
    func utcToday() -> JanuaryDate? {
        JanuaryDate.day(of: client.configuration.clock.now(), in: Self.utc)
    }

    /// UTC, whose days hold any instant whatever the user's zone, and whose name January always accepts.
    static let utc = TimeZone(identifier: "UTC")!
}
