import Foundation
import JanuaryCore

/// The rejection breaker's memory: see ``TokenRejectionBreaker`` for the policy.
struct BreakerState: Sendable {
    /// Uptimes of the consecutive rejections still inside the window, while the breaker is closed.
    var rejectionTimes: [TimeInterval] = []
    /// Until when the breaker is open; `nil` while closed. After this uptime one fetch may try again, and the
    /// breaker stays "open" (so one more rejection reopens it) until a token is accepted.
    var openUntil: TimeInterval?
    /// How many times in a row it has opened, for the doubling cool-down.
    var openings = 0
    /// The newest generation counted, so that many requests rejected with one token count once.
    var lastCountedGeneration: UInt64 = 0
}

extension TokenRefreshStateMachine {
    /// Counts January's rejection of `rejected` towards the breaker, once per generation.
    ///
    /// - Parameters:
    ///   - rejected: The credential January rejected.
    ///   - now: The current time.
    /// - Returns: A `.circuitBreakerOpened` event if this rejection opened the breaker.
    mutating func countRejection(of rejected: Credential, at now: ClockReading) -> [JanuaryEvent] {
        guard breakerPolicy.isEnabled, rejected.isRefreshable, rejected.epoch == epoch,
            rejected.generation > breaker.lastCountedGeneration
        else {
            return []
        }
        breaker.lastCountedGeneration = rejected.generation
        if breaker.openUntil == nil {
            let windowStart = now.uptime - breakerPolicy.effectiveWindow
            breaker.rejectionTimes.removeAll { $0 < windowStart }
            breaker.rejectionTimes.append(now.uptime)
            guard breaker.rejectionTimes.count >= breakerPolicy.rejectionThreshold else {
                return []
            }
        }
        breaker.rejectionTimes = []
        breaker.openings += 1
        let coolDown = breakerPolicy.coolDown(afterOpenings: breaker.openings)
        breaker.openUntil = now.uptime + coolDown
        return [
            JanuaryEvent(
                kind: .circuitBreakerOpened,
                date: now.date,
                generation: rejected.generation,
                retryAfter: coolDown
            )
        ]
    }

    /// January accepted `credential`: the streak ends and an open breaker closes.
    ///
    /// The caller decides what proves acceptance (a response that shows January authenticated the token, not a
    /// rate limit or a server error). Only a token newer than the last one rejected counts: a late success of an
    /// older token says nothing about what the provider mints now.
    ///
    /// - Parameters:
    ///   - credential: The credential the accepted request carried.
    ///   - now: The current time.
    /// - Returns: A `.circuitBreakerClosed` event if the breaker was open, else nothing.
    package mutating func accepted(_ credential: Credential, at now: ClockReading) -> Actions {
        guard credential.isRefreshable, credential.epoch == epoch,
            credential.generation > breaker.lastCountedGeneration,
            breaker.openUntil != nil || !breaker.rejectionTimes.isEmpty
        else {
            return .none
        }
        let wasOpen = breaker.openUntil != nil
        breaker.rejectionTimes = []
        breaker.openUntil = nil
        breaker.openings = 0
        guard wasOpen else {
            return .none
        }
        return Actions(
            events: [JanuaryEvent(kind: .circuitBreakerClosed, date: now.date, generation: credential.generation)]
        )
    }

    /// Whether an acceptance would change anything, so that the owner can skip taking its lock on the hot path.
    package var isCountingRejections: Bool {
        breaker.openUntil != nil || !breaker.rejectionTimes.isEmpty
    }

    /// The refusal of a new fetch while the breaker is open and cooling down; `nil` otherwise.
    func breakerRefusal(at now: ClockReading) -> JanuaryError? {
        guard let openUntil = breaker.openUntil, now.uptime < openUntil else {
            return nil
        }
        return .authentication(
            "January rejected \(breakerPolicy.rejectionThreshold == 1 ? "a freshly minted token" : "\(breakerPolicy.rejectionThreshold) freshly minted tokens in a row"), so the SDK stops "
                + "calling your token provider for a while. Check what your backend mints: the API key and its "
                + "environment, the end user and the scopes.",
            code: JanuaryError.Code.tokenRejectedRepeatedly,
            retryAfter: openUntil - now.uptime
        )
    }
}
