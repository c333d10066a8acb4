import Foundation
import JanuaryPartnerSDK
import JanuaryPartnerSDKHealth

/// Logs as January returns them, for the mirror's tests.
enum Logs {
    static let eatenAt = Date(timeIntervalSince1970: 1_767_000_000)  // 2025-12-29T09:20:00Z

    /// A UUID that differs per `index`.
    static func uuid(_ index: Int) -> String {
        String(format: "3f2b9c1e-8d4a-4e6f-9b7a-%012x", index)
    }

    static func food(
        _ index: Int = 0,
        name: String? = "Lunch",
        eatenAt: Date = eatenAt,
        nutrients: [NutritionFacts] = [
            NutritionFacts(
                calories: .init(value: 250, unit: .kilocalories), protein: .init(value: 12, unit: .grams),
                sodium: .init(value: 300, unit: .milligrams))
        ]
    ) -> FoodLog {
        FoodLog(
            id: FoodLogID(rawValue: uuid(index)),
            foods: nutrients.enumerated().map { offset, facts in
                LoggedFood(
                    foodID: FoodID(rawValue: String(1001 + offset)), name: "Food \(offset)", nutrients: facts,
                    quantity: 1, serving: ServingSummary(id: ServingID(rawValue: String(5001 + offset)), quantity: 1))
            },
            eatenAt: eatenAt,
            name: name)
    }

    static func water(_ index: Int = 0, _ amount: WaterAmount = .milliliters(250), at date: Date = eatenAt) -> WaterLog
    {
        WaterLog(id: WaterLogID(rawValue: uuid(index)), amount: amount, consumedAt: date)
    }

    static func weight(_ value: Double = 72.5, _ unit: WeightUnit = .kilograms, at date: Date = eatenAt) -> WeightLog {
        WeightLog(weight: Weight(value: value, unit: unit), measuredAt: date)
    }
}
