import Foundation
import JanuaryAuth
import JanuaryAuthTestSupport
import JanuaryCore

/// A provider failure of the partner's own, to check it is kept as the underlying error.
struct BackendUnavailable: Error, Equatable {
    var detail = "backend unavailable"
}

/// Task-local values of the requesting code, which a provider call must not see.
enum RequestContext {
    @TaskLocal static var tag: String?
}

/// The instant the tests start at.
let start = ManualClock.defaultStart

/// A reading `uptime` seconds after the start, with the wall clock `wallOffset` seconds off the true time.
func at(_ uptime: TimeInterval, wallOffset: TimeInterval = 0) -> ClockReading {
    ClockReading(date: start.addingTimeInterval(uptime + wallOffset), uptime: uptime)
}

extension Result where Success == Credential, Failure == any Error {
    /// The credential, or `nil` on failure.
    var credential: Credential? {
        try? get()
    }

    /// The credential's value, or `nil` on failure.
    var value: String? {
        credential?.value
    }

    /// The thrown `JanuaryError`, or `nil` on success or another error.
    var januaryError: JanuaryError? {
        guard case .failure(let error) = self else {
            return nil
        }
        return error as? JanuaryError
    }

    /// Whether it failed with a plain `CancellationError`, as a cancelled waiter must.
    var isCancellationError: Bool {
        guard case .failure(let error) = self else {
            return false
        }
        return error is CancellationError
    }
}

extension JanuaryError {
    /// Whether this is the refusal of a request of a session that has ended.
    var isSignedOut: Bool {
        category == .cancelled && code == JanuaryError.Code.signedOut
    }
}
