import Foundation
import JanuaryAuth
import JanuaryCore

/// What `foodLogs.create` decides when January's answer to a create is lost, as a state machine: no I/O, no
/// clock; ``JanuaryUserClient/FoodLogs/create(_:)`` runs its steps.
///
/// January does not deduplicate creates (Docs/Contract.md), so a create whose answer is lost (no answer, a `5xx`,
/// a `2xx` that cannot be read: any error with ``/JanuaryCore/JanuaryError/mayHaveTakenEffect``) may or may not
/// have stored the log. Every create carries an explicit `eaten_at` to the millisecond, which is what January
/// stores, so the log is recognisable: the machine lists the user's day and looks for a log with that exact
/// `eaten_at`, name and foods. Found, it is the answer. Absent, the create is sent once more, since then it
/// certainly was not stored. Each send is decided this way, at most ``maximumSends`` in all, so no meal is
/// logged twice.
struct CreateReconciliation {
    /// What to do next.
    enum Step {
        /// Send the create.
        case send
        /// List the user's day of the create's `eaten_at`, then call ``listed(_:)`` or ``listFailed(_:)``.
        case listDay
        /// The log January stored; the first send's or one found by listing.
        case found(FoodLog)
        /// Throw this error.
        case fail(JanuaryError)
    }

    /// The create, its `eaten_at` already set to the millisecond.
    let request: CreateFoodLogRequest
    /// How many times the create may be sent, each after a listing showed it absent.
    let maximumSends: Int
    /// How many times it has been sent.
    private(set) var sends = 0
    /// The last send's error, whose outcome was unknown.
    private var ambiguity: JanuaryError?

    init(request: CreateFoodLogRequest, maximumSends: Int = 3) {
        self.request = request
        self.maximumSends = max(1, maximumSends)
    }

    /// The first send.
    mutating func start() -> Step {
        sends = 1
        return .send
    }

    /// A send failed: a certain failure is the answer; an unknown outcome is checked by listing the day.
    mutating func sendFailed(_ error: JanuaryError) -> Step {
        guard error.mayHaveTakenEffect else {
            return .fail(error)
        }
        ambiguity = error
        return .listDay
    }

    /// The day's logs: the create's log if it is there; otherwise another send, while sends remain.
    mutating func listed(_ logs: [FoodLog]) -> Step {
        if let log = logs.first(where: { Self.isLog($0, of: request) }) {
            return .found(log)
        }
        guard sends < maximumSends else {
            return .fail(unresolved(because: nil))
        }
        sends += 1
        return .send
    }

    /// The day could not be listed (or the caller cancelled): the outcome stays unknown.
    func listFailed(_ error: JanuaryError?) -> Step {
        .fail(unresolved(because: error))
    }

    /// The last unknown outcome, saying that reconciling it did not finish.
    private func unresolved(because cause: JanuaryError?) -> JanuaryError {
        let original =
            ambiguity
            ?? JanuaryError(category: .network, message: "The create's outcome is unknown.", mayHaveTakenEffect: true)
        let note =
            "The SDK listed the user's day to find the log and could not tell whether it was stored; list the day "
            + "again before logging the meal once more."
        let error = original.withOutcomeUnknown(note: note)
        return cause.map { error.with(cause: $0) } ?? error
    }

    /// Whether `log` is the one `request` created: the same `eaten_at` to the millisecond, name and foods (ids,
    /// servings and quantities, in order).
    static func isLog(_ log: FoodLog, of request: CreateFoodLogRequest) -> Bool {
        guard let eatenAt = request.eatenAt, milliseconds(log.eatenAt) == milliseconds(eatenAt),
            log.name == request.name, log.foods.count == request.foods.count
        else {
            return false
        }
        return zip(log.foods, request.foods).allSatisfy { logged, sent in
            logged.foodID == sent.foodID && logged.serving.id == sent.servingID && logged.quantity == sent.quantity
        }
    }

    /// `date` to the millisecond, as January stores it; `nil` for an instant no log can have.
    static func milliseconds(_ date: Date) -> Int64? {
        let value = (date.timeIntervalSince1970 * 1000).rounded()
        guard value.isFinite, abs(value) < 1e17 else {
            return nil
        }
        return Int64(value)
    }

    /// `date` rounded to the millisecond, the precision January keeps.
    static func toMillisecond(_ date: Date) -> Date {
        guard let milliseconds = milliseconds(date) else {
            return date
        }
        return Date(timeIntervalSince1970: TimeInterval(milliseconds) / 1000)
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
