import Foundation

/// The two weight-log operations (Docs/Contract.md, Operations), per end user. Weight logs have no id: they cannot be
/// fetched, updated or deleted.
enum WeightLogOperations {
    static let all: [Operation] = [
        Operation("listWeightLogs", "GET", "/v1.2/weight-logs", scope: .weightLogsRead, isPerUser: true) {
            context, books in
            let window = try DateWindow(context.query, maximumDays: nil)
            try window.checkFiveYearLookback(now: context.now)
            var latest: [LocalDate: WeightLogRecord] = [:]
            for log in books.logs.weightLogs[context.user] ?? [] where window.contains(log.measuredAt) {
                let date = window.localDate(of: log.measuredAt)
                if let kept = latest[date], (kept.measuredAt, kept.sequence) > (log.measuredAt, log.sequence) {
                    continue
                }
                latest[date] = log
            }
            let items: [JSONValue] = latest.keys.sorted().suffix(100).map { date in
                let log = latest[date]!
                return .object([
                    "date": .string(date.description),
                    "weight": .object(["value": .number(log.value), "unit": .string(log.unit)]),
                ])
            }
            return .json(.object(["items": .array(items)]))
        },
        Operation(
            "createWeightLog",
            "POST",
            "/v1.2/weight-logs",
            scope: .weightLogsWrite,
            isPerUser: true,
            isWrite: true
        ) { context, books in
            let record = try store(JSONFields.body(context.body), for: context.user, now: context.now, in: &books)
            return .json(
                .object([
                    "weight": .object(["value": .number(record.value), "unit": .string(record.unit)]),
                    "measured_at": .string(Timestamp.format(record.measuredAt)),
                ]),
                status: 201
            )
        },
    ]

    /// Checks a create body (`weight` within its unit's range, `measured_at`) and stores the log for `user`: the
    /// one path a `POST` and ``JanuaryAPISimulator/seedWeightLog(endUserID:value:unit:measuredAt:)`` share.
    ///
    /// - Returns: The stored log.
    /// - Throws: `APIError` (`400 invalid_request`); nothing is stored then.
    static func store(
        _ fields: JSONFields,
        for user: String,
        now: Date,
        in books: inout SimulatorBooks
    ) throws -> WeightLogRecord {
        let weight = try fields.requiredObject("weight")
        let value = try weight.requiredNumber("value")
        let unit = try weight.requiredEnum("unit", ["lb", "kg"])
        let range: ClosedRange<Double> = unit == "lb" ? 10...1000 : 4.5...453.6
        guard range.contains(value) else {
            throw APIError.invalidRequest(
                "`weight.value` must be \(unit == "lb" ? "10 to 1000 lb" : "4.5 to 453.6 kg")")
        }
        let measuredAt = try fields.optionalTimestamp("measured_at") ?? Timestamp.truncated(now)
        let record = WeightLogRecord(
            value: value, unit: unit, measuredAt: measuredAt, sequence: books.logs.nextSequence())
        books.logs.weightLogs[user, default: []].append(record)
        return record
    }
}
