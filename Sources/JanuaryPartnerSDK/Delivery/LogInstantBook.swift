import Foundation
import JanuaryCore

/// The log instants a client knows to be in use, per user and kind of log: those of its creates (pending or
/// delivered) and of the logs its listings showed. A create reserves its instant here, so two creates of one
/// user never share one, however they race, and a listing can tell them apart by it.
final class LogInstantBook: Sendable {
    /// Whose instants: a kind of log (a path) and a user.
    struct Owner: Hashable, Sendable {
        let kind: String
        let user: String
    }

    /// How many instants are kept per owner; past it the oldest half is forgotten, the ones a new create is
    /// least likely to be near.
    static let capacity = 20_000

    /// Each owner's instants, as their milliseconds: a `Set<Int64>` is one the module already has, where a set of
    /// `LogInstant` would be another copy of the standard library's set code (Docs/Benchmarks.md, "Size in an app").
    private let taken = Locked<[Owner: Set<Int64>]>([:])

    /// Reserves the instant for a write at `date` by `owner`: see ``LogInstant/pick(near:isTaken:)``.
    ///
    /// - Returns: The instant, or `nil` when none is free in `date`'s second or `date` is no log's instant.
    func reserve(near date: Date, for owner: Owner) -> LogInstant? {
        taken.withLock { taken in
            var instants = taken[owner, default: []]
            guard let instant = LogInstant.pick(near: date, isTaken: { instants.contains($0.milliseconds) }) else {
                return nil
            }
            instants.insert(instant.milliseconds)
            taken[owner] = Self.bounded(instants)
            return instant
        }
    }

    /// Reserves exactly `instant` for `owner`, as a write read back from disk holds it.
    func reserve(_ instant: LogInstant, for owner: Owner) {
        note([instant], for: owner)
    }

    /// Notes instants that January's listings show in use.
    func note(_ instants: some Sequence<LogInstant>, for owner: Owner) {
        taken.withLock { taken in
            var known = taken[owner, default: []]
            known.formUnion(instants.lazy.map(\.milliseconds))
            taken[owner] = Self.bounded(known)
        }
    }

    private static func bounded(_ instants: Set<Int64>) -> Set<Int64> {
        guard instants.count > capacity else {
            return instants
        }
        return Set(Array(instants).sortedByIndex(by: <).suffix(capacity / 2))
    }
}
