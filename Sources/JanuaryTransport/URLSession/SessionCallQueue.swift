import Dispatch

/// Where a ``URLSessionHTTPTransport`` calls the URLSession methods that can wait: creating, resuming and
/// cancelling a task, and invalidating a session.
///
/// On Linux, swift-corelibs-foundation makes each of those calls wait with `DispatchQueue.sync` on the session's
/// work queue (`dataTask(with:)` for the task's identifier, `resume()`, `cancel()`, `invalidateAndCancel()` once
/// per task), and that queue is busy with every transfer of the session. Made from a task, the wait blocks one of
/// the cooperative threads every task shares, two on a 2-core machine: a `perf` trace of the test suite beside a
/// CPU hog caught `send` holding one for 0.23 s in two such waits. Made from a task's cancellation handler, which Swift runs holding
/// the task's lock, it can wait for ever: the work queue may be completing the same request and need that lock to
/// resume the caller (FoundationNetworking's own `data(for:)` hangs so; `CancellationStormTests`). So there the
/// calls run, in order, on a serial queue of the transport's own, and nothing waits for them. Its thread is not a
/// cooperative one: a serial queue without a target runs on libdispatch's overcommit threads, while
/// `DispatchQueue.global()` is the very pool Swift concurrency runs on, on Linux. Apple's URLSession does not wait
/// in those calls, so there they run in place.
struct SessionCallQueue: Sendable {
    #if canImport(FoundationNetworking)
    private let queue = DispatchQueue(label: "JanuaryTransport.URLSessionHTTPTransport.calls")
    #endif

    /// Whether calls run one after another on a queue of their own (Linux) rather than in place (Apple
    /// platforms).
    static let isSerialQueue: Bool = {
        #if canImport(FoundationNetworking)
        true
        #else
        false
        #endif
    }()

    /// Runs `work` after every call handed over before it, off the cooperative threads; in place on Apple
    /// platforms.
    func async(_ work: @escaping @Sendable () -> Void) {
        #if canImport(FoundationNetworking)
        queue.async(execute: work)
        #else
        work()
        #endif
    }
}
