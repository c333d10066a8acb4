import Foundation

/// The credits of the simulated partner account: the plan, what this UTC month used, and the one-minute
/// window of `GET /v1.2/credits` reads (Docs/Contract.md, Operations).
struct CreditBook: Sendable {
    var plan = JanuaryAPISimulator.CreditPlan.unlimited
    /// Balance reads allowed per window; `nil` for no cap.
    var readsPerMinute: Int? = 60
    private var used = 0
    /// The first day (UTC) of the month `used` counts.
    private var month: LocalDate?
    private var readWindowStart: Date?
    private var readsInWindow = 0

    /// The first day of the UTC month of `now`, and of the next one.
    static func period(of now: Date) -> (start: Date, next: Date) {
        let calendar = Timestamp.utcCalendar
        let start = calendar.date(from: calendar.dateComponents([.year, .month], from: now)) ?? now
        return (start, calendar.date(byAdding: .month, value: 1, to: start) ?? now)
    }

    /// Credits used this UTC month; a new month starts again from zero.
    mutating func used(at now: Date) -> Int {
        let first = LocalDate(Self.period(of: now).start, in: Timestamp.utcCalendar.timeZone)
        if month != first {
            month = first
            used = 0
        }
        return used
    }

    mutating func charge(at now: Date) {
        used = used(at: now) + 1
    }

    /// `429 credit_limit_exceeded` when the plan's credits of this month are spent.
    mutating func ceilingRefusal(at now: Date) -> APIError? {
        guard let included = plan.includedCredits, used(at: now) >= included else { return nil }
        return APIError(
            status: 429,
            code: "credit_limit_exceeded",
            message: "the \(included) credits of the \(plan.name) plan are spent for this month; they reopen at "
                + Timestamp.format(Self.period(of: now).next)
        )
    }

    /// Counts one balance read; `429 rate_limited` with the seconds until the window reopens when the cap is
    /// reached. A window opens with its first read and lasts a minute.
    mutating func admitRead(at now: Date) throws {
        guard let cap = readsPerMinute else { return }
        if let start = readWindowStart, now.timeIntervalSince(start) < 60 {
            guard readsInWindow < cap else {
                let wait = max(1, Int64((60 - now.timeIntervalSince(start)).rounded(.up)))
                var error = APIError(
                    status: 429,
                    code: "rate_limited",
                    message: "at most \(cap) balance reads a minute; retry in \(wait) s"
                )
                error.headerFields = [HeaderField(name: "Retry-After", value: String(wait))]
                throw error
            }
            readsInWindow += 1
        } else {
            readWindowStart = now
            readsInWindow = 1
        }
    }
}

// The one operation that reads the book, beside it, so that what `GET /v1.2/credits` reports and how the book
// counts are read together.

/// `GET /v1.2/credits` (Docs/Contract.md, Operations), API key only: the ``JanuaryAPISimulator/CreditPlan`` and
/// this UTC month's use, at most ``CreditBook/readsPerMinute`` reads a minute.
enum CreditOperations {
    static let all: [Operation] = [
        Operation("getCredits", "GET", "/v1.2/credits", access: .apiKeyOnly, scope: nil) { context, books in
            try books.credits.admitRead(at: context.now)
            let (start, next) = CreditBook.period(of: context.now)
            let utc = Timestamp.utcCalendar.timeZone
            let used = books.credits.used(at: context.now)
            let included = books.credits.plan.includedCredits
            return .json(
                .object([
                    "plan": .string(books.credits.plan.name),
                    "period_start": .string(LocalDate(start, in: utc).description),
                    "period_end": .string(LocalDate(next, in: utc).adding(days: -1).description),
                    "resets_at": .string(Timestamp.format(next)),
                    "included_credits": included.map { .int($0) } ?? .null,
                    "used_credits": .int(used),
                    "remaining_credits": included.map { .int(max(0, $0 - used)) } ?? .null,
                ])
            )
        }
    ]
}
