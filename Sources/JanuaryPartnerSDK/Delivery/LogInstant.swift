import Foundation
import JanuaryCore

/// A log's instant to the millisecond, the precision January stores: the identity by which the SDK recognises, in
/// a listing, a log it created.
///
/// January does not deduplicate creates and a create carries no key of the client's, so the instant is the one
/// field the SDK chooses that comes back unchanged: each create gets one no other create of the user's has (see
/// ``LogInstantBook``), within the second the partner asked for.
struct LogInstant: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Milliseconds since 1970-01-01T00:00:00Z.
    let milliseconds: Int64

    init(milliseconds: Int64) {
        self.milliseconds = milliseconds
    }

    /// The instant `date` is stored as: rounded to the nearest millisecond, as the wire format writes it; `nil` for
    /// a date no log can have.
    init?(_ date: Date) {
        let value = (date.timeIntervalSince1970 * 1000).rounded()
        guard value.isFinite, abs(value) < 1e17 else {
            return nil
        }
        milliseconds = Int64(value)
    }

    /// The instant as a date, which the wire format writes as exactly this millisecond.
    var date: Date {
        Date(timeIntervalSince1970: TimeInterval(milliseconds) / 1000)
    }

    /// The first millisecond of the second this instant falls in.
    var secondStart: Int64 {
        CivilCalendar.floorDivision(milliseconds, 1000).quotient * 1000
    }

    static func < (lhs: LogInstant, rhs: LogInstant) -> Bool {
        lhs.milliseconds < rhs.milliseconds
    }

    var description: String {
        JanuaryTimestamp.string(from: date)
    }

    /// The instant for a write at `date` that no instant `isTaken` says is used: `date`'s own millisecond
    /// (truncated, so it stays in `date`'s second) when free, else the next free one in the same second, wrapping
    /// to the second's start. Never another second: a log is never moved by a second or more.
    ///
    /// - Returns: The instant, or `nil` when `date` cannot be a log's instant or all 1,000 of its second's
    ///   milliseconds are taken.
    static func pick(near date: Date, isTaken: (LogInstant) -> Bool) -> LogInstant? {
        let value = (date.timeIntervalSince1970 * 1000).rounded(.down)
        guard value.isFinite, abs(value) < 1e17 else {
            return nil
        }
        let wanted = LogInstant(milliseconds: Int64(value))
        let start = wanted.secondStart
        let offset = wanted.milliseconds - start
        for step in Int64(0)..<1000 {
            let candidate = LogInstant(milliseconds: start + (offset + step) % 1000)
            if !isTaken(candidate) {
                return candidate
            }
        }
        return nil
    }
}
