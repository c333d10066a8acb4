import JanuaryCore

/// Runs the mirror's calls one after another, in the order they were made: each reads what the store holds and
/// writes from it, so two calls for the same log at once must not both read the old version.
///
/// Each call's work waits for the previous call's task; the lock guards only the tail of that chain. Not a queue of
/// logs: nothing is kept once a call has finished.
final class MirrorSerializer: Sendable {
    private let tail = Locked<Task<Void, Never>?>(nil)

    func run<Value: Sendable>(_ work: @escaping @Sendable () async -> Value) async -> Value {
        let task = tail.withLock { tail -> Task<Value, Never> in
            let previous = tail
            let task = Task {
                await previous?.value
                return await work()
            }
            tail = Task { _ = await task.value }
            return task
        }
        return await task.value
    }
}
