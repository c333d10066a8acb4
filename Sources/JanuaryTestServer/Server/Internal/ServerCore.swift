// The loopback server is compiled out on watchOS, which does not let apps open BSD sockets (Apple TN3135): tests
// there use the in-process simulator. JANUARY_NO_LOOPBACK_SERVER builds the same shape elsewhere, so that
// Scripts/apple-typecheck.sh can check it without a watchOS SDK.
#if !os(watchOS) && !JANUARY_NO_LOOPBACK_SERVER
import Dispatch
import Foundation

/// The running server behind a ``LoopbackHTTPServer``: the listening socket, the accept thread, the script
/// and the record.
///
/// Threads capture this object rather than the public server, so that dropping the last reference to the
/// server runs its `deinit`, which shuts this down.
final class ServerCore: @unchecked Sendable {
    // @unchecked Sendable: every `var` below is read and written only while `condition` is locked, and the
    // `let`s are immutable descriptors and Sendable values. The condition doubles as the wake-up for delayed
    // responses, so that shutdown ends their wait at once.
    private let condition = NSCondition()
    private var handler: LoopbackHTTPServer.Handler?
    private var queuedResponses: [ScriptedResponse] = []
    private var received = RecentRecord<RecordedRequest>()
    private var openConnections: Set<Int32> = []
    private var stopped = false
    /// Set by the accept thread, under the lock, before it closes the listening socket and the wake-up pipe: from
    /// then on nothing may touch them (a descriptor number may be reused at once, and a write to a pipe without a
    /// reader raises SIGPIPE, which kills the process).
    private var acceptLoopEnded = false

    let port: Int
    private let listener: Int32
    private let wakeUp: (read: Int32, write: Int32)
    /// Signalled once the accept thread has closed the listening socket; waited for only where the system cannot
    /// make a listening socket refuse connections at once (Darwin).
    private let listenerClosed = DispatchSemaphore(value: 0)

    init(handler: LoopbackHTTPServer.Handler?) throws {
        let (listener, port) = try Socket.listenOnLoopback()
        do {
            wakeUp = try Socket.makeWakeUpPipe()
        } catch {
            Socket.close(listener)
            throw error
        }
        self.listener = listener
        self.port = port
        self.handler = handler
        let thread = Thread { [self] in
            acceptLoop()
        }
        thread.name = "LoopbackHTTPServer accept :\(port)"
        thread.start()
    }

    // MARK: Script and record

    func setHandler(_ handler: @escaping LoopbackHTTPServer.Handler) {
        locked { self.handler = handler }
    }

    func enqueue(_ responses: [ScriptedResponse]) {
        locked { queuedResponses.append(contentsOf: responses) }
    }

    var receivedRequests: [RecordedRequest] {
        locked { received.recent }
    }

    var receivedRequestLimit: Int {
        get { locked { received.limit } }
        set { locked { received.limit = newValue } }
    }

    func clearReceivedRequests() {
        locked { received.removeAll() }
    }

    var isStopped: Bool {
        locked { stopped }
    }

    /// Records `request` and picks its answer in one step, so the record's order is the order responses were
    /// taken from the queue.
    func respond(to request: RecordedRequest) -> ScriptedResponse {
        let (queued, handler): (ScriptedResponse?, LoopbackHTTPServer.Handler?) = locked {
            received.append(request)
            if !queuedResponses.isEmpty {
                return (queuedResponses.removeFirst(), nil)
            }
            return (nil, self.handler)
        }
        if let queued {
            return queued
        }
        guard let handler else {
            return .text("LoopbackHTTPServer: no response is queued and no handler is set.", status: 404)
        }
        // The handler is async but this is a connection thread, not a cooperative one, so blocking it until
        // the handler's task finishes starves nobody.
        let answer = LockedValue<ScriptedResponse?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            let response = await handler(request)
            answer.withLock { $0 = response }
            done.signal()
        }
        done.wait()
        return answer.withLock { $0 } ?? ScriptedResponse(status: 500)
    }

    /// Waits out a response's delay.
    ///
    /// - Returns: `false` if the server shut down meanwhile.
    func waitOut(_ delay: TimeInterval) -> Bool {
        let deadline = Date(timeIntervalSinceNow: delay)
        condition.lock()
        defer { condition.unlock() }
        while !stopped {
            if !condition.wait(until: deadline) {
                break
            }
        }
        return !stopped
    }

    // MARK: Lifecycle

    /// Stops accepting (new connections are refused once it returns), wakes every connection thread and the
    /// accept thread, and, on Linux, returns without waiting for them: the accept thread closes the listening
    /// socket on its way out.
    ///
    /// It used to wait on a semaphore until that thread had closed the listening socket, so that the port refuses
    /// connections when it returns, which tests rely on. It runs from `deinit` and from tests' `defer` on
    /// cooperative threads, two on a 2-core machine, and on a machine busy with other builds the accept thread is
    /// scheduled late. On Linux a listening socket that is shut down refuses connections at once, so nothing waits
    /// there; Darwin refuses that call (`ENOTCONN`), so there it still waits for the accept thread, which it has
    /// just woken.
    func shutdown() {
        let mustWait: Bool = locked {
            guard !stopped else {
                return false
            }
            stopped = true
            for connection in openConnections {
                Socket.shutdownBoth(connection)
            }
            condition.broadcast()
            // Under the lock, and only while the accept thread has not marked that it is closing the descriptors:
            // it may have left its loop on its own, for a connection that arrived just after `stopped` was set.
            guard !acceptLoopEnded else {
                return false
            }
            Socket.signal(wakeUp.write)
            return !Socket.stopListening(listener)
        }
        if mustWait {
            listenerClosed.wait()
        }
    }

    private func acceptLoop() {
        acceptLoop: while Socket.waitForConnection(listener: listener, wakeUp: wakeUp.read), !isStopped {
            while let connection = Socket.accept(from: listener) {
                guard register(connection) else {
                    Socket.close(connection)
                    break acceptLoop
                }
                let thread = Thread { [self] in
                    var handler = ConnectionHandler(descriptor: connection, core: self)
                    handler.run()
                    unregisterAndClose(connection)
                }
                thread.name = "LoopbackHTTPServer connection :\(port)"
                thread.start()
            }
        }
        locked { acceptLoopEnded = true }
        Socket.close(listener)
        Socket.close(wakeUp.write)
        Socket.close(wakeUp.read)
        listenerClosed.signal()
    }

    private func register(_ connection: Int32) -> Bool {
        locked {
            guard !stopped else {
                return false
            }
            openConnections.insert(connection)
            return true
        }
    }

    /// Only the connection's own thread closes it, after removing it under the lock, so `shutdown` never
    /// touches a descriptor number that has been closed and reused.
    private func unregisterAndClose(_ connection: Int32) {
        locked { _ = openConnections.remove(connection) }
        Socket.close(connection)
    }

    private func locked<Result>(_ body: () throws -> Result) rethrows -> Result {
        condition.lock()
        defer { condition.unlock() }
        return try body()
    }
}
#endif
