import Foundation

/// The failures a test scripted, matched in the order they were scripted.
struct FailureScript: Sendable {
    struct Entry: Sendable {
        let failure: JanuaryAPISimulator.ScriptedFailure
        var remaining: Int
        let method: String?
        let pathPrefix: String?
        /// For a write answered as lost and stored later: when it is stored.
        var commit: JanuaryAPISimulator.LateCommit? = nil

        func matches(method: String, path: String) -> Bool {
            (self.method == nil || self.method == method) && (pathPrefix.map { path.hasPrefix($0) } ?? true)
        }
    }

    private(set) var beforeHandling: [Entry] = []
    private(set) var afterWrites: [Entry] = []
    /// ``JanuaryAPISimulator/ScriptedFailure/delay(_:)`` entries, kept apart so that a delay and a failure
    /// scripted for the same request both apply.
    private(set) var delays: [Entry] = []
    /// Writes to answer with a failure and store later (each entry has a ``Entry/commit``).
    private(set) var lateWrites: [Entry] = []

    var pendingCount: Int {
        (beforeHandling + afterWrites + delays + lateWrites).reduce(0) { $0 + $1.remaining }
    }

    mutating func add(_ entry: Entry, afterWrite: Bool) {
        guard entry.remaining > 0 else { return }
        if entry.commit != nil {
            lateWrites.append(entry)
        } else if entry.failure.isDelayOnly {
            delays.append(entry)
        } else if afterWrite {
            afterWrites.append(entry)
        } else {
            beforeHandling.append(entry)
        }
    }

    mutating func removeAll() {
        beforeHandling.removeAll()
        afterWrites.removeAll()
        delays.removeAll()
        lateWrites.removeAll()
    }

    /// The oldest late-write entry a write would use, without using it: only a write that would be stored uses one.
    func lateWrite(method: String, path: String) -> Entry? {
        lateWrites.first { $0.matches(method: method, path: path) }
    }

    /// Uses one of the oldest matching late-write entry.
    mutating func takeLateWrite(method: String, path: String) {
        _ = Self.take(from: &lateWrites, method: method, path: path)
    }

    /// Takes one use of the oldest matching delay for a request as it arrives: its seconds, or `0`.
    mutating func takeDelay(method: String, path: String) -> TimeInterval {
        Self.take(from: &delays, method: method, path: path)?.delay ?? 0
    }

    /// Takes one use of the oldest matching failure for a request as it arrives.
    mutating func takeBeforeHandling(method: String, path: String) -> JanuaryAPISimulator.ScriptedFailure? {
        Self.take(from: &beforeHandling, method: method, path: path)
    }

    /// Takes one use of the oldest matching failure for a write that was just stored.
    mutating func takeAfterWrite(method: String, path: String) -> JanuaryAPISimulator.ScriptedFailure? {
        Self.take(from: &afterWrites, method: method, path: path)
    }

    private static func take(
        from entries: inout [Entry],
        method: String,
        path: String
    ) -> JanuaryAPISimulator.ScriptedFailure? {
        guard let index = entries.firstIndex(where: { $0.matches(method: method, path: path) }) else {
            return nil
        }
        let failure = entries[index].failure
        entries[index].remaining -= 1
        if entries[index].remaining == 0 {
            entries.remove(at: index)
        }
        return failure
    }
}
