#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A value protected by a mutex, for state that every platform we support must guard synchronously.
///
/// `Synchronization.Mutex` would do, but needs iOS 18; an actor would do, but costs a suspension on the
/// hot path of every request. This is a `pthread_mutex_t` on the heap, where it cannot move.
package final class Locked<State> {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var state: State

    package init(_ initialState: State) {
        state = initialState
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        let result = pthread_mutex_init(mutex, nil)
        precondition(result == 0, "pthread_mutex_init failed: \(result)")
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with exclusive access to the state. Keep `body` short and never suspend or call out
    /// to code that might take this lock again: resume continuations after this returns.
    package func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&state)
    }
}

// Safe because `state` is only read or written inside `withLock`, which holds the mutex, and the mutex
// itself never moves: it lives at a heap address owned by this object from `init` to `deinit`. State must
// be Sendable because `withLock` callers on different threads each see it.
extension Locked: @unchecked Sendable where State: Sendable {}
