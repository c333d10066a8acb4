/// Tasks waiting for a counter to reach a threshold, resumed by whoever raises the counter.
///
/// Waiting on a continuation instead of spinning on `Task.yield()` keeps the test helpers from burning a
/// core while the work they wait for runs.
struct ThresholdWaiters: Sendable {
    private var entries: [(threshold: Int, continuation: CheckedContinuation<Void, Never>)] = []

    /// Registers `continuation`, or returns it to be resumed at once if `count` already reaches `threshold`.
    mutating func add(
        _ continuation: CheckedContinuation<Void, Never>,
        threshold: Int,
        count: Int
    ) -> CheckedContinuation<Void, Never>? {
        guard count < threshold else {
            return continuation
        }
        entries.append((threshold, continuation))
        return nil
    }

    /// Removes and returns the continuations whose threshold `count` reaches; resume them after unlocking.
    mutating func satisfied(by count: Int) -> [CheckedContinuation<Void, Never>] {
        var ready: [CheckedContinuation<Void, Never>] = []
        entries.removeAll { entry in
            guard entry.threshold <= count else {
                return false
            }
            ready.append(entry.continuation)
            return true
        }
        return ready
    }
}
