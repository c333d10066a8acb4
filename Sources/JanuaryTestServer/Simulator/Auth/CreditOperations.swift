import Foundation

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
