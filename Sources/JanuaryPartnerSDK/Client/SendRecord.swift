import Foundation
import JanuaryCore

/// What the requests of one write have sent so far, for a write settled over several requests (a create, the
/// listings that look for it, its second send): the session they all belong to, and when the last send began.
///
/// The exchange fills it in as it sends, so that the write knows whether a cancellation came before anything left
/// (nothing happened) or after (the outcome is unknown), and from when its settle window counts.
final class SendRecord: Sendable {
    private struct State {
        var session: UInt64?
        var lastSendStartedAtUptime: TimeInterval?
        var sends = 0
    }

    private let state: Locked<State>
    /// Called as each request is handed to the transport, before it leaves: the outbox writes down there that the
    /// write may have been sent, so that after a crash it settles the write instead of sending it blindly again.
    private let willSend: (@Sendable () -> Void)?

    /// A record for the first request of a write, or one that pins a later request to `session`.
    ///
    /// - Parameters:
    ///   - session: The session every request of the write must be sent in, or `nil` for the first credential's.
    ///   - willSend: Called on the sending task, outside any lock, just before each request is handed over.
    init(session: UInt64? = nil, willSend: (@Sendable () -> Void)? = nil) {
        state = Locked(State(session: session))
        self.willSend = willSend
    }

    /// How many requests have been handed to the transport.
    var sends: Int {
        state.withLock { $0.sends }
    }

    /// The session of the first credential sent: every later request of the write is sent in it, or not at all.
    var session: UInt64? {
        state.withLock { $0.session }
    }

    /// When the last send began, on the clock's monotonic scale; `nil` before any.
    var lastSendStartedAtUptime: TimeInterval? {
        state.withLock { $0.lastSendStartedAtUptime }
    }

    /// Whether any request of the write has been handed to the transport.
    var hasSent: Bool {
        lastSendStartedAtUptime != nil
    }

    /// Notes that a request of the write is being handed to the transport with a credential of `session`.
    func noteSend(session: UInt64, atUptime uptime: TimeInterval) {
        state.withLock { state in
            if state.session == nil {
                state.session = session
            }
            state.lastSendStartedAtUptime = uptime
            state.sends += 1
        }
        willSend?()
    }
}
