import Foundation

/// A value behind an `NSLock`: the example uses only the SDK's public API, so not the SDK's own lock.
// Safe because `value` is only touched while `lock` is held.
final class Guarded<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    // NSLocking.withLock back-deploys: Apple's Foundation overlay declares it @_alwaysEmitIntoClient, available
    // from iOS 8 and macOS 10.10 (Docs/Platforms.md).
    @discardableResult
    func update<Result>(_ body: (inout Value) -> Result) -> Result {
        lock.withLock { body(&value) }
    }

    func read() -> Value {
        lock.withLock { value }
    }
}
