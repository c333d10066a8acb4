import Foundation

/// `GET /v1.2/credits` (Docs/Contract.md, Operations), API key only: a `free` plan of 1000 credits a UTC month, of
/// which each successful billable call the simulator answered used one. The ceiling is reported, not enforced; script
/// `credit_limit_exceeded` to test running out.
enum CreditOperations {
    static let includedCredits = 1000

    static let all: [Operation] = [
        Operation("getCredits", "GET", "/v1.2/credits", access: .apiKeyOnly, scope: nil) { context, books in
            let calendar = Timestamp.utcCalendar
            let month = calendar.dateComponents([.year, .month], from: context.now)
            let start = calendar.date(from: month) ?? context.now
            let next = calendar.date(byAdding: .month, value: 1, to: start) ?? context.now
            let firstDay = LocalDate(start, in: calendar.timeZone)
            let lastDay = LocalDate(next, in: calendar.timeZone).adding(days: -1)
            return .json(
                .object([
                    "plan": .string("free"),
                    "period_start": .string(firstDay.description),
                    "period_end": .string(lastDay.description),
                    "resets_at": .string(Timestamp.format(next)),
                    "included_credits": .int(includedCredits),
                    "used_credits": .int(books.usedCredits),
                    "remaining_credits": .int(max(0, includedCredits - books.usedCredits)),
                ])
            )
        }
    ]
}
