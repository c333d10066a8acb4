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
/// hot path of every request. This is a `pthread_mutex_t` and the state, together on the heap where they cannot
/// move. The state is reached through a pointer rather than a stored property of the class, so that an access
/// under the lock pays no dynamic exclusivity check (the mutex already excludes other accesses), and
/// ``withLock(_:)`` is inlinable, so that the SDK's other modules get it specialized and inlined: it is on the
/// path of every request.
package final class Locked<State> {
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
    @usableFromInline let state: UnsafeMutablePointer<State>

    package init(_ initialState: State) {
        // One allocation for both, the state after the mutex at the first offset its alignment allows: a lock is
        // made for every request in flight, and each allocation is a `malloc` and a `free` (Docs/Benchmarks.md,
        // "Allocations and locks per request").
        let stateAlignment = MemoryLayout<State>.alignment
        let stateOffset = (MemoryLayout<pthread_mutex_t>.size + stateAlignment - 1) / stateAlignment * stateAlignment
        let memory = UnsafeMutableRawPointer.allocate(
            byteCount: stateOffset + MemoryLayout<State>.size,
            alignment: Swift.max(MemoryLayout<pthread_mutex_t>.alignment, stateAlignment)
        )
        mutex = memory.bindMemory(to: pthread_mutex_t.self, capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        state = (memory + stateOffset).bindMemory(to: State.self, capacity: 1)
        state.initialize(to: initialState)
        let result = pthread_mutex_init(mutex, nil)
        precondition(result == 0, "pthread_mutex_init failed: \(result)")
    }

    deinit {
        pthread_mutex_destroy(mutex)
        state.deinitialize(count: 1)
        mutex.deinitialize(count: 1)
        // The one allocation, which starts with the mutex.
        UnsafeMutableRawPointer(mutex).deallocate()
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
