import Foundation

/// A stored food log, hydrated from the catalogue when it was written (as January stores it).
struct FoodLogRecord: Sendable {
    /// A food of the log, with its names and nutrition as they were when logged.
    struct Food: Sendable {
        let foodID: String
        let name: String?
        let brandName: String?
        let imageURL: String?
        let glycemicIndex: Double?
        /// Scaled with the portion, as nutrients are (glycemic index is not).
        let glycemicLoad: Double?
        let nutrients: SimulatedNutrients
        let quantity: Double
        let serving: SimulatedFood.Serving

        init(_ portion: Portion) {
            let food = portion.food
            foodID = food.id
            name = food.name
            brandName = food.brandName
            imageURL = food.imageURL
            glycemicIndex = food.glycemicIndex
            glycemicLoad = food.glycemicLoad.map {
                SimulatedNutrients.round2($0 * food.factor(of: portion.serving) * portion.quantity)
            }
            nutrients = portion.nutrients
            quantity = portion.quantity
            serving = portion.serving
        }

        var wire: JSONValue {
            .object([
                "food_id": .string(foodID),
                "name": .string(name),
                "brand_name": .string(brandName),
                "image_url": .string(imageURL),
                "glycemic_index": .number(glycemicIndex),
                "glycemic_load": .number(glycemicLoad),
                "nutrients": nutrients.wire,
                "quantity": .number(quantity),
                "serving": FoodWire.summary(serving),
            ])
        }
    }

    let id: String
    var foods: [Food]
    var eatenAt: Date
    var name: String?
    /// Write order, to keep logs with the same `eaten_at` in a stable order.
    let sequence: Int

    var nutrients: SimulatedNutrients {
        foods.reduce(SimulatedNutrients(amounts: [:])) { $0.adding($1.nutrients) }
    }

    var wire: JSONValue {
        .object([
            "id": .string(id),
            "foods": .array(foods.map(\.wire)),
            "eaten_at": .string(Timestamp.format(eatenAt)),
            "name": .string(name),
        ])
    }
}

/// The water and weight records: amounts as sent, instants to the millisecond.
struct WaterLogRecord: Sendable {
    let id: String
    let value: Double
    let unit: String
    let consumedAt: Date

    var milliliters: Double {
        value * WaterUnits.milliliters(per: unit)
    }
}

struct WeightLogRecord: Sendable {
    let value: Double
    let unit: String
    let measuredAt: Date
    let sequence: Int
}

/// Every end user's logs, keyed by the end user id.
struct LogBook: Sendable {
    var foodLogs: [String: [String: FoodLogRecord]] = [:]
    var waterLogs: [String: [WaterLogRecord]] = [:]
    var weightLogs: [String: [WeightLogRecord]] = [:]
    var sequence = 0

    mutating func nextSequence() -> Int {
        sequence += 1
        return sequence
    }
}

/// The volume units of water logs, with the simulator's US conversion constants.
enum WaterUnits {
    static let millilitersPerFluidOunce = 29.5735
    static let millilitersPerCup = 8 * millilitersPerFluidOunce
    static let dailyCapMilliliters = 24_000.0

    static func milliliters(per unit: String) -> Double {
        switch unit {
        case "fl_oz": millilitersPerFluidOunce
        case "cup": millilitersPerCup
        default: 1
        }
    }
}

/// A log id from a path: a UUID in any case, compared lower-cased.
enum LogID {
    static func parse(_ context: OperationContext) throws -> String {
        let text = context.pathParameters["log_id", default: ""]
        guard let uuid = UUID(uuidString: text) else {
            throw APIError.invalidRequest("`log_id` must be a UUID")
        }
        return uuid.uuidString.lowercased()
    }

    static func make() -> String {
        UUID().uuidString.lowercased()
    }
}
