import Foundation
import JanuaryCore

extension ManualClock {
    /// A sleep on a ``ManualClock`` that nothing advanced: a task slept, and no ``ManualClock/advance(by:)`` moved
    /// the clock for ``stallTimeout`` seconds of real time.
    ///
    /// The sleep throws it instead of waiting forever. The SDK ends the request that was waiting with it,
    /// unchanged, so a test's `try await` fails with this message rather than hanging until a time limit (or, in a
    /// suite without one, forever). The message names the wait, when it began, and how far to advance; it holds
    /// durations, dates and the request's method and path, never a header or a credential.
    ///
    /// ```text
    /// ManualClock stalled: a 0.375 s sleep began at 2026-01-01T00:00:00.000Z (uptime 0 s), and nothing advanced
    /// the clock for 45 s of real time. It was the wait before retry 1 of GET /v1.2/foods/1001, after a
    /// transport failure (no answer). …
    /// ```
    public struct StallError: Error, CustomStringConvertible {
        /// A sleep on the clock, for the list of those still sleeping.
        package struct Sleep: Sendable {
            let requestedDuration: TimeInterval
            let purpose: String?

            /// Creates the entry of a sleep.
            package init(requestedDuration: TimeInterval, purpose: String?) {
                self.requestedDuration = requestedDuration
                self.purpose = purpose
            }
        }

        /// The duration the sleep asked for, in clock seconds.
        public let requestedDuration: TimeInterval

        /// How far the clock had still to advance to end the sleep, in clock seconds.
        public let remainingDuration: TimeInterval

        /// The clock's wall-clock time when the sleep began.
        public let began: Date

        /// The clock's ``ManualClock/uptime()`` when the sleep began.
        public let beganAtUptime: TimeInterval

        /// What the sleep was for, as the SDK names each of its sleeps, such as `the wait before retry 1 of GET
        /// /v1.2/foods/1001, after a transport failure (no answer)`; `nil` for a sleep the SDK did not name (one of
        /// your own code's).
        public let purpose: String?

        /// The real seconds during which nothing advanced the clock: its ``ManualClock/stallTimeout``.
        public let stallTimeout: TimeInterval

        /// The other sleeps on the clock when this one stalled, in the order they began.
        let otherSleepers: [Sleep]

        /// Creates the error for a stalled sleep.
        package init(
            requestedDuration: TimeInterval,
            remainingDuration: TimeInterval,
            began: Date,
            beganAtUptime: TimeInterval,
            purpose: String?,
            stallTimeout: TimeInterval,
            otherSleepers: [Sleep]
        ) {
            self.requestedDuration = requestedDuration
            self.remainingDuration = remainingDuration
            self.began = began
            self.beganAtUptime = beganAtUptime
            self.purpose = purpose
            self.stallTimeout = stallTimeout
            self.otherSleepers = otherSleepers
        }

        /// The remaining duration rounded up to the millisecond, so that advancing by the printed figure ends the
        /// sleep (a back-off's jitter gives durations such as 0.4213…).
        private var advanceToEnd: TimeInterval {
            (remainingDuration * 1000).rounded(.up) / 1000
        }

        /// Sentences for the test log: the sleep, what it was for, how to end it, and what else sleeps.
        public var description: String {
            let seconds = JanuaryError.seconds
            var text =
                "ManualClock stalled: a \(seconds(requestedDuration)) s sleep began at "
                + "\(JanuaryTimestamp.string(from: began)) (uptime \(seconds(beganAtUptime)) s), and nothing "
                + "advanced the clock for \(seconds(stallTimeout)) s of real time. "
                + "It was \(purpose ?? "a sleep the SDK did not name"). "
                + "The sleep throws this error so that the test fails instead of hanging. To end such a wait, "
                + "advance the clock once the sleep has begun: `try await clock.waitForSleepers(1)`, then "
                + "`clock.advance(by: \(seconds(advanceToEnd)))`."
            if !otherSleepers.isEmpty {
                text +=
                    " Also sleeping on the clock: "
                    + otherSleepers.map { "\(seconds($0.requestedDuration)) s (\($0.purpose ?? "not named"))" }
                    .joined(separator: "; ") + "."
            }
            return text
        }
    }
}
