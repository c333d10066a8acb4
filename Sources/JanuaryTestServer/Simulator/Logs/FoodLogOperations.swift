import Foundation

/// The six food-log operations (Docs/Contract.md, Operations), per end user.
enum FoodLogOperations {
    /// In matching order: `summary` before `{log_id}`.
    static let all: [Operation] = [
        Operation("listFoodLogs", "GET", "/v1.2/food-logs", scope: .foodLogsRead, isPerUser: true) {
            context, books in
            let window = try DateWindow(context.query, maximumDays: 60)
            let items = (books.logs.foodLogs[context.user] ?? [:]).values
                .filter { window.contains($0.eatenAt) }
                .sorted { ($0.eatenAt, $0.sequence) < ($1.eatenAt, $1.sequence) }
            return .json(.object(["items": .array(items.map(\.wire))]))
        },
        Operation(
            "createFoodLog",
            "POST",
            "/v1.2/food-logs",
            scope: .foodLogsWrite,
            isPerUser: true,
            isWrite: true
        ) { context, books in
            try create(context, &books)
        },
        Operation("getFoodLogSummary", "GET", "/v1.2/food-logs/summary", scope: .foodLogsRead, isPerUser: true) {
            context, books in
            try FoodLogSummary.answer(context, logs: Array((books.logs.foodLogs[context.user] ?? [:]).values))
        },
        Operation("getFoodLog", "GET", "/v1.2/food-logs/{log_id}", scope: .foodLogsRead, isPerUser: true) {
            context, books in
            let id = try LogID.parse(context)
            guard let log = books.logs.foodLogs[context.user]?[id] else {
                throw APIError.notFound("no food log \(id) for this end user")
            }
            return .json(log.wire)
        },
        Operation(
            "updateFoodLog",
            "PATCH",
            "/v1.2/food-logs/{log_id}",
            scope: .foodLogsWrite,
            isPerUser: true,
            isWrite: true
        ) { context, books in
            try update(context, &books)
        },
        Operation("deleteFoodLog", "DELETE", "/v1.2/food-logs/{log_id}", scope: .foodLogsWrite, isPerUser: true) {
            context, books in
            let id = try LogID.parse(context)
            books.logs.foodLogs[context.user]?[id] = nil
            return .noContent
        },
    ]

    private static func create(_ context: OperationContext, _ books: inout SimulatorBooks) throws -> APIResponse {
        let record = try store(JSONFields.body(context.body), for: context.user, now: context.now, in: &books)
        return .json(
            record.wire,
            status: 201,
            headerFields: [HeaderField(name: "Location", value: "/v1.2/food-logs/\(record.id)")]
        )
    }

    /// Checks a create body (`foods` against the catalogue, `eaten_at`, `name`) and stores the log it describes
    /// for `user`: the one path a `POST` and ``JanuaryAPISimulator/seedFoodLog(endUserID:name:eatenAt:foods:)``
    /// share, so that a seeded log is exactly the log a create would have stored.
    ///
    /// - Returns: The stored log.
    /// - Throws: `APIError` (`400 invalid_request`) for a body January would refuse; nothing is stored then.
    static func store(
        _ fields: JSONFields,
        for user: String,
        now: Date,
        in books: inout SimulatorBooks
    ) throws -> FoodLogRecord {
        let foods = try Portion.parseList(fields, catalog: books.catalog)
        let eatenAt = try fields.optionalTimestamp("eaten_at") ?? Timestamp.truncated(now)
        let name = try fields.optionalString("name", maxLength: 256)
        let record = FoodLogRecord(
            id: LogID.make(),
            foods: foods.map(FoodLogRecord.Food.init),
            eatenAt: eatenAt,
            name: name,
            sequence: books.logs.nextSequence()
        )
        books.logs.foodLogs[user, default: [:]][record.id] = record
        return record
    }

    private static func update(_ context: OperationContext, _ books: inout SimulatorBooks) throws -> APIResponse {
        let id = try LogID.parse(context)
        let fields = try JSONFields.body(context.body)
        try fields.rejectUnknown(allowed: ["foods", "eaten_at", "name"])
        guard fields.has("foods") || fields.has("eaten_at") || fields.has("name") else {
            throw APIError.invalidRequest("an update needs at least one of `foods`, `eaten_at` or `name`")
        }
        let foods = fields.has("foods") ? try Portion.parseList(fields, catalog: books.catalog) : nil
        let eatenAt = try fields.optionalTimestamp("eaten_at")
        let name = try fields.optionalString("name", maxLength: 256)
        guard var record = books.logs.foodLogs[context.user]?[id] else {
            throw APIError.notFound("no food log \(id) for this end user")
        }
        if let foods {
            record.foods = foods.map(FoodLogRecord.Food.init)
        }
        if let eatenAt {
            record.eatenAt = eatenAt
        }
        if fields.has("name") {
            record.name = name
        }
        books.logs.foodLogs[context.user]?[id] = record
        return .json(record.wire)
    }
}
