import Foundation
import JanuaryAuth
import JanuaryCore

/// What a food-log create decides when January's answer is lost, as a state machine: no I/O, no clock of its own;
/// its driver (``JanuaryUserClient/FoodLogs/create(_:)``, and the outbox) runs its steps.
///
/// January does not deduplicate creates (Docs/Contract.md), so a create whose answer is lost (no answer, a `5xx`,
/// a `2xx` that cannot be read, a cancellation after it was handed to the transport) may or may not have stored
/// the log, and may still store it later. The machine settles it by identity, never by content:
///
/// - **Identity.** Each create carries an instant no other create of the user's has (``LogInstantBook``), to the
///   millisecond, which January stores as sent. A log at that instant is this create's; a log with the same
///   content at another instant is another meal. A field the listing leaves out (a `null` quantity or name) cannot
///   disprove a match; a field it shows that differs (another food) means the log is not this create's.
/// - **Fail closed.** After an ambiguous failure the machine waits until ``settleWindow`` has passed since that
///   send began, so that a request January is still working on has ended, then lists the instant's UTC day
///   (which holds it in any time zone). Exactly one match is the answer; none means the create was not stored and
///   may be sent again, at most ``maximumSends`` times in all; more than one cannot be explained, and the outcome
///   stays unknown rather than guessed.
/// - A failure that proves the request never left (offline, DNS, a refused connection, TLS) is no ambiguity: the
///   error is the answer, and sending again is safe.
struct CreateReconciliation {
    /// How long after a send began its outcome may still change at January: the longest request January's own
    /// SDKs let run (120 s, for photo and text analysis; Docs/Contract.md, Transport) and 30 s more for queues and
    /// the two clocks. A listing made earlier could miss a log January commits late.
    static let settleWindow: TimeInterval = 150

    /// The window this create waits: ``settleWindow``, or a shorter one a crash test's simulator commits within.
    let window: TimeInterval

    /// What to do next.
    ///
    /// The log and the error are `indirect`, one reference each, so that the step is not as wide as a log and each
    /// place that copies one is not as long (Docs/Benchmarks.md, "Size in an app").
    enum Step: Sendable {
        /// Send the create.
        case send
        /// Wait until the clock's uptime reads this, then call ``waitEnded(atUptime:)``.
        case wait(untilUptime: TimeInterval)
        /// List the user's logs of this UTC day, then call ``listed(_:)`` or ``listFailed(_:)``.
        case listDay(JanuaryDate)
        /// The log January stored; the send's answer or the one match a listing showed.
        indirect case found(FoodLog)
        /// Throw this error.
        indirect case fail(JanuaryError)
    }

    /// The create, its `eatenAt` set to ``instant``.
    let request: CreateFoodLogRequest
    /// The create's identity.
    let instant: LogInstant
    /// How many times the create may be sent, each after a settled listing showed it absent.
    let maximumSends: Int
    /// How many times it has been sent.
    private(set) var sends = 0
    /// The last send's error, whose outcome was unknown.
    private var ambiguity: JanuaryError?
    /// When the last ambiguous send's outcome can no longer change, on the clock's uptime.
    private var settlesAt: TimeInterval = 0

    init(
        request: CreateFoodLogRequest, instant: LogInstant, maximumSends: Int = 3,
        window: TimeInterval = CreateReconciliation.settleWindow
    ) {
        var request = request
        request.eatenAt = instant.date
        self.request = request
        self.instant = instant
        self.maximumSends = max(1, maximumSends)
        self.window = window.isFinite && window >= 0 ? window : Self.settleWindow
    }

    /// The first send.
    mutating func start() -> Step {
        sends = 1
        return .send
    }

    /// Takes up a create that an earlier attempt may have sent (the outbox's, in this process or before a crash),
    /// whose last send began at `sentAt` on the clock's uptime: it is never sent again before a listing made once
    /// the window has passed shows it absent.
    ///
    /// - Parameters:
    ///   - sentAt: When the last earlier send began, on the clock's uptime (earlier than now after a restart).
    ///   - now: The clock's uptime now.
    /// - Returns: The next step: a wait or a listing.
    mutating func resume(sentAt: TimeInterval, now: TimeInterval) -> Step {
        sends = 1
        ambiguity = JanuaryError(
            category: .network,
            message: "An earlier attempt may have sent this food-log create; its answer never arrived.",
            mayHaveTakenEffect: true
        )
        settlesAt = sentAt + window
        return waitEnded(atUptime: now)
    }

    /// A send failed: a certain failure is the answer; an unknown outcome is settled once the window has passed.
    ///
    /// - Parameters:
    ///   - error: The send's error.
    ///   - startedAt: When the send began (the clock's uptime), or `nil` when nothing was handed to the transport.
    ///   - now: The clock's uptime now.
    /// - Returns: The next step.
    mutating func sendFailed(_ error: JanuaryError, startedAt: TimeInterval?, now: TimeInterval) -> Step {
        guard error.mayHaveTakenEffect, let startedAt else {
            return .fail(error)
        }
        ambiguity = error
        // A 2xx that could not be read was stored already: nothing can change, so it is looked for at once.
        let answeredSuccess = error.statusCode.map { (200...299).contains($0) } ?? false
        settlesAt = answeredSuccess ? now : startedAt + window
        return waitEnded(atUptime: now)
    }

    /// The wait for the settle window ended (or was asked about): list once it has passed, else wait on.
    func waitEnded(atUptime now: TimeInterval) -> Step {
        guard now >= settlesAt else {
            return .wait(untilUptime: settlesAt)
        }
        guard let day = JanuaryDate.day(of: instant.date, in: JanuaryUserClient.utc) else {
            return .fail(unresolved(because: nil))
        }
        return .listDay(day)
    }

    /// The day's logs, listed after the settle window: the create's log if exactly one is it; another send if
    /// none is and sends remain; otherwise the outcome stays unknown.
    mutating func listed(_ logs: [FoodLog]) -> Step {
        let matches = logs.filter { Self.isLog($0, of: request, at: instant) }
        switch matches.count {
        case 1:
            return .found(matches[0])
        case 0:
            guard sends < maximumSends else {
                return .fail(unresolved(because: nil))
            }
            sends += 1
            return .send
        default:
            return .fail(
                unresolved(
                    because: nil,
                    detail: "The user's day holds \(matches.count) logs at this create's instant, which the SDK "
                        + "cannot tell apart."
                )
            )
        }
    }

    /// The day could not be listed: the outcome stays unknown.
    func listFailed(_ error: JanuaryError?) -> Step {
        .fail(unresolved(because: error))
    }

    /// The caller cancelled after the create was handed to the transport: the outcome is unknown, and says so.
    func cancelled() -> JanuaryError {
        JanuaryError(
            category: .cancelled,
            message: "The food-log create was cancelled after it was sent; it may or may not have been stored. "
                + "List the user's day before logging the meal again.",
            underlyingError: ambiguity ?? CancellationError(),
            mayHaveTakenEffect: true
        )
    }

    /// The last unknown outcome, saying that settling it did not finish.
    private func unresolved(because cause: JanuaryError?, detail: String? = nil) -> JanuaryError {
        let original =
            ambiguity
            ?? JanuaryError(category: .network, message: "The create's outcome is unknown.", mayHaveTakenEffect: true)
        let note =
            (detail.map { $0 + " " } ?? "")
            + "The SDK listed the user's day to find the log and could not tell whether it was stored; list the day "
            + "again before logging the meal once more."
        let error = original.withOutcomeUnknown(note: note)
        return cause.map { error.with(cause: $0) } ?? error
    }

    /// Whether `log` can be the one `request` created at `instant`: the same instant, and no field the listing
    /// shows that differs (foods by id and serving, in order; a quantity or name only where both have one).
    static func isLog(_ log: FoodLog, of request: CreateFoodLogRequest, at instant: LogInstant) -> Bool {
        guard LogInstant(log.eatenAt) == instant else {
            return false
        }
        if let name = log.name, let sent = request.name, name != sent {
            return false
        }
        guard log.foods.count == request.foods.count else {
            return false
        }
        return zip(log.foods, request.foods).allSatisfy { logged, sent in
            logged.foodID == sent.foodID && logged.serving.id == sent.servingID
                && (logged.quantity.map { Self.sameQuantity($0, sent.quantity) } ?? true)
        }
    }

    /// Quantities equal as January may echo them: exactly, or to a part in a billion (a decimal read back).
    private static func sameQuantity(_ logged: Double, _ sent: Double) -> Bool {
        logged == sent || abs(logged - sent) <= 1e-9 * max(abs(logged), abs(sent))
    }
}

extension JanuaryEvent.Kind {
    /// A food-log create whose answer was lost was found in the user's day: the SDK returned it and did not send
    /// the create again. ``JanuaryEvent/attempt`` is how many times it was sent.
    public static let lostCreateFound = JanuaryEvent.Kind("lostCreateFound")

    /// A food-log create whose answer was lost was not in the user's day, so it was certainly not stored: the SDK
    /// sent it once more. ``JanuaryEvent/attempt`` is the send about to be made.
    public static let lostCreateResent = JanuaryEvent.Kind("lostCreateResent")

    /// A food-log create whose answer was lost could not be settled (the day could not be listed, the task was
    /// cancelled, or every send's answer was lost): the error says
    /// ``/JanuaryCore/JanuaryError/mayHaveTakenEffect``.
    public static let lostCreateUnresolved = JanuaryEvent.Kind("lostCreateUnresolved")
}
