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
/// hot path of every request. This is a `pthread_mutex_t` and the state, each on the heap where they cannot
/// move. The state is reached through a pointer rather than a stored property of the class, so that an access
/// under the lock pays no dynamic exclusivity check (the mutex already excludes other accesses), and
/// ``withLock(_:)`` is inlinable, so that the SDK's other modules get it specialized and inlined: it is on the
/// path of every request.
package final class Locked<State> {
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
    @usableFromInline let state: UnsafeMutablePointer<State>

    package init(_ initialState: State) {
        state = UnsafeMutablePointer<State>.allocate(capacity: 1)
        state.initialize(to: initialState)
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        let result = pthread_mutex_init(mutex, nil)
        precondition(result == 0, "pthread_mutex_init failed: \(result)")
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
        state.deinitialize(count: 1)
        state.deallocate()
    }

    /// Runs `body` with exclusive access to the state. Keep `body` short and never suspend or call out
    /// to code that might take this lock again: resume continuations after this returns.
    @inlinable
    package func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&state.pointee)
    }
}

// Safe because `state` is only read or written inside `withLock`, which holds the mutex, and neither the mutex
// nor the state ever moves: both live at heap addresses owned by this object from `init` to `deinit`. State must
// be Sendable because `withLock` callers on different threads each see it.
extension Locked: @unchecked Sendable where State: Sendable {}
