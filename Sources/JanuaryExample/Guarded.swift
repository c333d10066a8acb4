import Foundation

/// A value behind an `NSLock`: the example uses only the SDK's public API, so not the SDK's own lock.
// Safe because `value` is only touched while `lock` is held.
final class Guarded<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    // lock() and unlock() rather than NSLock.withLock, which needs macOS 13 and iOS 16.
    @discardableResult
    func update<Result>(_ body: (inout Value) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }

    func read() -> Value {
        lock.lock()
        defer { lock.unlock() }
        return value
    }
}
