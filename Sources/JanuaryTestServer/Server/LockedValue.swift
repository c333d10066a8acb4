import Foundation

// The test server's one lock: the loopback server's connection hand-off uses it, and the simulator keeps its
// books behind it as well.

/// A value behind an `NSLock`. The test server imports nothing of the SDK, so it cannot use JanuaryCore's lock.
final class LockedValue<Value> {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access. Never block or call out to other code inside it.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

// Safe because `value` is only touched inside `withLock`, under `lock`, and the value itself is Sendable.
extension LockedValue: @unchecked Sendable where Value: Sendable {}
