import Foundation

/// The three water-log operations (Docs/Contract.md, Operations), per end user.
///
/// The 24 L cap counts the UTC calendar day of `consumed_at` (as January's Android guide states), while
/// lists group by local day in the requested zone.
enum WaterLogOperations {
    static let units = ["fl_oz", "ml", "cup"]

    static let all: [Operation] = [
        Operation("listWaterLogs", "GET", "/v1.2/water-logs", scope: .waterLogsRead, isPerUser: true) {
            context, books in
            try list(context, books.logs.waterLogs[context.user] ?? [])
        },
        Operation(
            "createWaterLog",
            "POST",
            "/v1.2/water-logs",
            scope: .waterLogsWrite,
            isPerUser: true,
            isWrite: true
        ) { context, books in
            try create(context, &books)
        },
        Operation("deleteWaterLog", "DELETE", "/v1.2/water-logs/{log_id}", scope: .waterLogsWrite, isPerUser: true) {
            context, books in
            let id = try LogID.parse(context)
            books.logs.waterLogs[context.user]?.removeAll { $0.id == id }
            return .noContent
        },
    ]

    private static func create(_ context: OperationContext, _ books: inout SimulatorBooks) throws -> APIResponse {
        let record = try store(JSONFields.body(context.body), for: context.user, now: context.now, in: &books)
        return .json(
            .object([
                "id": .string(record.id),
                "amount": .object(["value": .number(record.value), "unit": .string(record.unit)]),
                "consumed_at": .string(Timestamp.format(record.consumedAt)),
            ]),
            status: 201
        )
    }

    /// Checks a create body (`amount` within its unit's range, `consumed_at`, the 24 L daily cap) and stores the
    /// log for `user`: the one path a `POST` and
    /// ``JanuaryAPISimulator/seedWaterLog(endUserID:value:unit:consumedAt:)`` share.
    ///
    /// - Returns: The stored log.
    /// - Throws: `APIError` (`400 invalid_request`, `400 daily_water_limit_exceeded`); nothing is stored then.
    static func store(
        _ fields: JSONFields,
        for user: String,
        now: Date,
        in books: inout SimulatorBooks
    ) throws -> WaterLogRecord {
        let amount = try fields.requiredObject("amount")
        let value = try amount.requiredNumber("value")
        let unit = try amount.requiredEnum("unit", units)
        let range: ClosedRange<Double> =
            switch unit {
            case "fl_oz": 1...811.5
            case "cup": 0.125...101.4
            default: 30...24_000
            }
        guard range.contains(value) else {
            throw APIError.invalidRequest(
                "`amount.value` must be \(JSONValue.number(range.lowerBound).serialized) to "
                    + "\(JSONValue.number(range.upperBound).serialized) \(unit)"
            )
        }
        let consumedAt = try fields.optionalTimestamp("consumed_at") ?? Timestamp.truncated(now)
        let record = WaterLogRecord(id: LogID.make(), value: value, unit: unit, consumedAt: consumedAt)
        let utc = Timestamp.utcCalendar.timeZone
        let day = LocalDate(consumedAt, in: utc)
        let sameDay = (books.logs.waterLogs[user] ?? []).filter { LocalDate($0.consumedAt, in: utc) == day }
        let total = sameDay.reduce(record.milliliters) { $0 + $1.milliliters }
        guard total <= WaterUnits.dailyCapMilliliters + 1e-6 else {
            throw APIError(
                status: 400,
                code: "daily_water_limit_exceeded",
                message: "this log would take the water of \(day) (UTC) past 24 L"
            )
        }
        books.logs.waterLogs[user, default: []].append(record)
        return record
    }

    private static func list(_ context: OperationContext, _ logs: [WaterLogRecord]) throws -> APIResponse {
        let window = try DateWindow(context.query, maximumDays: nil)
        let unit = try context.query.requiredEnum("unit", units)
        try window.checkFiveYearLookback(now: context.now)
        var totals: [LocalDate: Double] = [:]
        for log in logs where window.contains(log.consumedAt) {
            totals[window.localDate(of: log.consumedAt), default: 0] += log.milliliters
        }
        let items: [JSONValue] = totals.keys.sorted().suffix(100).map { date in
            let value = (totals[date, default: 0] / WaterUnits.milliliters(per: unit) * 10).rounded() / 10
            return .object([
                "date": .string(date.description),
                "total": .object(["value": .number(value), "unit": .string(unit)]),
            ])
        }
        return .json(.object(["items": .array(items)]))
    }
}
