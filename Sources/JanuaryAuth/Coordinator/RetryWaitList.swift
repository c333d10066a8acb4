/// The requests of a session waiting before a retry, kept in the coordinator's state so that a sign-out ends them
/// under the same lock that starts the new session: a wait registers only while its session is current, and the
/// reset that ends the session takes every registered one.
struct RetryWaitList: Sendable {
    typealias Waiter = CheckedContinuation<Void, any Error>

    private var lastID: UInt64 = 0
    private var waiting: [UInt64: Waiter] = [:]

    /// A new identity for a wait about to register.
    mutating func makeID() -> UInt64 {
        lastID += 1
        return lastID
    }

    /// Registers the waiter of wait `id`.
    mutating func add(_ waiter: Waiter, id: UInt64) {
        waiting[id] = waiter
    }

    /// Takes the waiter of wait `id`, if it is still registered.
    mutating func remove(_ id: UInt64) -> Waiter? {
        waiting.removeValue(forKey: id)
    }

    /// Takes every waiter, for the caller to resume once the lock is released.
    mutating func removeAll() -> [Waiter] {
        defer { waiting.removeAll() }
        return Array(waiting.values)
    }
}
