#if canImport(FoundationNetworking)
import Foundation

/// The delegate queue of a ``URLSessionHTTPTransport`` on Linux: it runs each delegate callback at once, on the
/// thread that hands it over, instead of wrapping it in an `Operation` and hopping to another thread.
///
/// swift-corelibs-foundation hands every delegate callback of a session to its delegate queue with
/// `addOperation(_:)`, from the session's own serial work queue, in order: the response, each piece of the body,
/// redirects, challenges and completion. A plain `OperationQueue` turns each into an `Operation` with its KVO
/// notifications and a wake-up of another thread, three or more per request; measured over loopback that was
/// most of the ~100 µs a request through the SDK cost beyond the same request through a session without a
/// delegate (whose `data(for:)` completes inline). Running them in place keeps their order, because the work
/// queue that hands them over is serial.
///
/// What the delegate may not do here is call back into the session synchronously: `URLSessionTask.cancel()`
/// waits on the work queue the callback is running on, so ``SessionDelegate`` cancels a task, and answers a
/// challenge (whose cancel disposition cancels the task), from another queue.
///
/// Apple's URLSession is a different implementation, so Darwin keeps an ordinary serial `OperationQueue`.
// Safe because it adds no state to `OperationQueue`, which is itself safe to share: a block handed over runs at
// once on the caller's thread, and `SessionDelegate`, which is what those blocks call, guards its own state.
final class InlineDelegateQueue: OperationQueue, @unchecked Sendable {
    override func addOperation(_ block: @escaping @Sendable () -> Void) {
        block()
    }
}
#endif
