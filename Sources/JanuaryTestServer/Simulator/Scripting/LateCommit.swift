import Foundation

extension JanuaryAPISimulator {
    /// When a write whose answer ``JanuaryAPISimulator/failNextWrites(_:answering:committing:method:pathPrefix:)``
    /// lost is stored: the simulator's stand-in for a January that commits a write after the client has given up
    /// on its answer.
    ///
    /// A late write is stored as the request would have been at the moment it arrived (its `eaten_at` default, its
    /// credential's verdict), just later; until then a listing does not show it.
    public struct LateCommit: Sendable, Hashable, CustomStringConvertible {
        /// Seconds after the request arrived, on the simulator's clock, when it is stored; `nil` for
        /// ``afterNextRequest``.
        public let seconds: TimeInterval?

        private init(seconds: TimeInterval?) {
            self.seconds = seconds
        }

        /// Stored as the first request that arrives `seconds` or more after it (by the simulator's `now`, so a
        /// `ManualClock` decides), is handled; the write is visible to that request.
        ///
        /// - Parameter seconds: How long after it arrived; a negative or non-finite value counts as `0`.
        /// - Returns: The commit.
        public static func after(_ seconds: TimeInterval) -> LateCommit {
            LateCommit(seconds: seconds.isFinite ? max(0, seconds) : 0)
        }

        /// Stored just before the next request, whatever it is, is handled: a client that lists at once after a
        /// lost answer sees it.
        public static let afterNextRequest = LateCommit(seconds: nil)

        /// Such as `after 5.0 s` or `after the next request`.
        public var description: String {
            seconds.map { "after \($0) s" } ?? "after the next request"
        }
    }
}

/// A write the simulator accepted and answered as lost, to be stored when its ``JanuaryAPISimulator/LateCommit``
/// comes due.
struct PendingCommit: Sendable {
    let operation: Operation
    let parameters: [String: String]
    let request: RecordedRequest
    /// The simulator's time when the request arrived; the write is stored as of then.
    let arrivedAt: Date
    /// The request's number in ``SimulatorBooks/requestCount``.
    let arrivedAsRequest: Int
    let commit: JanuaryAPISimulator.LateCommit

    /// Whether the write is stored before `request` (numbered `number`, arriving at `now`) is handled.
    func isDue(atRequest number: Int, now: Date) -> Bool {
        guard let seconds = commit.seconds else {
            return number > arrivedAsRequest
        }
        return now.timeIntervalSince(arrivedAt) >= seconds
    }
}
