import Foundation

extension JanuaryAPISimulator {
    /// Stores a food log for an end user at once, without a request and without `await`: for SwiftUI previews and
    /// for a test's set-up.
    ///
    /// The log is exactly the one `POST /v1.2/food-logs` with the same content would have stored, because the same
    /// code checks and stores it: each food must be in the catalogue with one of its servings and a quantity above
    /// 0 and at most 10,000 (1 to 100 foods), its name and nutrition are copied from the catalogue, the log gets a
    /// new id, and `eatenAt` is kept to the millisecond. A client lists, gets, updates and deletes it like any
    /// other. Seeding is not a request: the request log, ``statistics``, credits and scripted failures stay as
    /// they are.
    ///
    /// ```swift
    /// let simulator = JanuaryAPISimulator.inProcess()
    /// let breakfast = Date(timeIntervalSince1970: 1_773_153_000)  // 2026-03-10 07:30 in Los Angeles
    /// let logID = try simulator.seedFoodLog(
    ///     endUserID: "user-42",
    ///     name: "Breakfast",
    ///     eatenAt: breakfast,
    ///     foods: [.init(foodID: "1004"), .init(foodID: "1001", quantity: 0.5)]  // oatmeal, half a banana
    /// )
    /// ```
    ///
    /// - Parameters:
    ///   - endUserID: The end user the log belongs to, as a client token or `January-End-User-ID` names them;
    ///     ``defaultEndUserID-swift.property`` when `nil`. It must not be blank.
    ///   - name: The log's name, such as `Breakfast`; at most 256 characters. None when `nil`.
    ///   - eatenAt: When the food was eaten; the simulator's `now` when `nil`, as for a create without `eaten_at`.
    ///   - foods: The foods eaten, 1 to 100.
    /// - Returns: The new log's id, which a client reads as `FoodLog.id`.
    /// - Throws: ``SeedingError`` with the error a create would have been answered with (`invalid_request`,
    ///   naming the field, such as `foods[0].food_id`); nothing is stored then.
    @discardableResult
    public func seedFoodLog(
        endUserID: String? = nil,
        name: String? = nil,
        eatenAt: Date? = nil,
        foods: [SeededFood]
    ) throws -> String {
        var body: [String: JSONValue] = [:]
        if let name {
            body["name"] = .string(name)
        }
        if let eatenAt {
            body["eaten_at"] = try Self.seededTimestamp(eatenAt, field: "eaten_at")
        }
        return try seed(endUserID) { books in
            var body = body
            let items = foods.map { food -> JSONValue in
                // Without a serving, the food's default one; a food the catalogue lacks gets a placeholder, so that
                // the create's own check refuses it as an unknown food rather than as a missing serving.
                let servingID = food.servingID ?? books.catalog.foods[food.foodID]?.defaultServing?.id ?? "1"
                return .object([
                    "food_id": .string(food.foodID),
                    "serving_id": .string(servingID),
                    "quantity": .number(food.quantity),
                ])
            }
            body["foods"] = .array(items)
            return body
        } store: { fields, user, now, books in
            try FoodLogOperations.store(fields, for: user, now: now, in: &books).id
        }
    }

    /// Stores a water log for an end user at once, without a request, exactly as `POST /v1.2/water-logs` with the
    /// same content would have: the amount within its unit's range (30 to 24,000 ml, 1 to 811.5 fl oz, 0.125 to
    /// 101.4 cups) and the user's water on that UTC day at most 24 L. Not a request: the request log,
    /// ``statistics`` and credits stay as they are.
    ///
    /// ```swift
    /// let breakfast = Date(timeIntervalSince1970: 1_773_153_000)  // 2026-03-10 07:30 in Los Angeles
    /// try simulator.seedWaterLog(endUserID: "user-42", value: 2, unit: "cup", consumedAt: breakfast)
    /// ```
    ///
    /// - Parameters:
    ///   - endUserID: The end user the log belongs to; ``defaultEndUserID-swift.property`` when `nil`. It must
    ///     not be blank.
    ///   - value: How much was drunk, in `unit`.
    ///   - unit: `ml`, `fl_oz` or `cup`.
    ///   - consumedAt: When; the simulator's `now` when `nil`.
    /// - Returns: The new log's id, which a client reads as `WaterLog.id`.
    /// - Throws: ``SeedingError`` with the error a create would have been answered with (`invalid_request`,
    ///   `daily_water_limit_exceeded`); nothing is stored then.
    @discardableResult
    public func seedWaterLog(
        endUserID: String? = nil,
        value: Double,
        unit: String,
        consumedAt: Date? = nil
    ) throws -> String {
        var body: [String: JSONValue] = ["amount": .object(["value": .number(value), "unit": .string(unit)])]
        if let consumedAt {
            body["consumed_at"] = try Self.seededTimestamp(consumedAt, field: "consumed_at")
        }
        return try seed(endUserID) { _ in
            body
        } store: { fields, user, now, books in
            try WaterLogOperations.store(fields, for: user, now: now, in: &books).id
        }
    }

    /// Stores a weight log for an end user at once, without a request, exactly as `POST /v1.2/weight-logs` with
    /// the same content would have: 10 to 1,000 lb or 4.5 to 453.6 kg. A list shows the latest weight of each
    /// day. Not a request: the request log, ``statistics`` and credits stay as they are.
    ///
    /// ```swift
    /// let breakfast = Date(timeIntervalSince1970: 1_773_153_000)  // 2026-03-10 07:30 in Los Angeles
    /// try simulator.seedWeightLog(endUserID: "user-42", value: 72.5, unit: "kg", measuredAt: breakfast)
    /// ```
    ///
    /// - Parameters:
    ///   - endUserID: The end user the log belongs to; ``defaultEndUserID-swift.property`` when `nil`. It must
    ///     not be blank.
    ///   - value: The weight, in `unit`.
    ///   - unit: `kg` or `lb`.
    ///   - measuredAt: When; the simulator's `now` when `nil`.
    /// - Throws: ``SeedingError`` with the error a create would have been answered with (`invalid_request`);
    ///   nothing is stored then.
    public func seedWeightLog(
        endUserID: String? = nil,
        value: Double,
        unit: String,
        measuredAt: Date? = nil
    ) throws {
        var body: [String: JSONValue] = ["weight": .object(["value": .number(value), "unit": .string(unit)])]
        if let measuredAt {
            body["measured_at"] = try Self.seededTimestamp(measuredAt, field: "measured_at")
        }
        try seed(endUserID) { _ in
            body
        } store: { fields, user, now, books in
            _ = try WeightLogOperations.store(fields, for: user, now: now, in: &books)
        }
    }

    /// Makes a create body under the books' lock (it may read the catalogue), then checks and stores it for the
    /// end user through the create's own `store`; an `APIError` becomes a ``SeedingError``.
    private func seed<Result>(
        _ endUserID: String?,
        body: (SimulatorBooks) -> [String: JSONValue],
        store: (JSONFields, String, Date, inout SimulatorBooks) throws -> Result
    ) throws -> Result {
        let now = self.now()
        do {
            return try books.withLock { books in
                let user = endUserID ?? books.defaultEndUserID
                guard !user.trimmingCharacters(in: .whitespaces).isEmpty else {
                    throw APIError.invalidRequest("`endUserID` must not be blank")
                }
                return try store(JSONFields(members: body(books)), user, now, &books)
            }
        } catch let error as APIError {
            throw SeedingError(error)
        }
    }

    /// A seeded instant in the wire's form, which the create parses back to the millisecond; refused when the
    /// wire cannot carry it (NaN, infinite, outside the years 1 to 9999), as no create body could say it.
    private static func seededTimestamp(_ date: Date, field: String) throws -> JSONValue {
        guard Timestamp.representableMilliseconds.contains((date.timeIntervalSince1970 * 1000).rounded(.down)) else {
            throw SeedingError(
                status: 400, code: "invalid_request", message: "`\(field)` must be in the years 1 to 9999")
        }
        return .string(Timestamp.format(date))
    }
}
