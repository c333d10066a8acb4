import Foundation
import JanuaryCoreTesting
import JanuaryPartnerSDK
import JanuaryTestServer
import Testing

@Suite("Servings by unit name", suiteTimeLimit())
struct FoodServingByUnitTests {
    static let banana = Food(
        id: "1001",
        name: "banana",
        nutrients: NutritionFacts(calories: NutrientAmount(value: 105, unit: .kilocalories)),
        servings: [
            ServingOption(id: "5001", quantity: 1, unit: "medium", scalingFactor: 1, isPrimary: true),
            ServingOption(id: "5002", quantity: 1, unit: "cup, sliced", scalingFactor: 1.3),
            ServingOption(id: "5003", quantity: 100, unit: "g", scalingFactor: 0.8),
            ServingOption(id: "5004", quantity: 1, unit: "Slice"),
            ServingOption(id: "5005", quantity: 1, unit: "slice thin"),
            ServingOption(id: "5006", quantity: 1, unit: "slice thick"),
        ]
    )

    @Test(
        "a unit finds the serving written so, else the one serving it starts as a word",
        arguments: [
            ("cup", "5002"), ("CUP ", "5002"), ("g", "5003"), ("medium", "5001"), ("slice", "5004"),
            ("cup, sliced", "5002"),
        ]
    )
    func finds(unit: String, servingID: String) throws {
        #expect(try Self.banana.serving(unit: unit).id == ServingID(rawValue: servingID))
        #expect(
            try Self.banana.portion(unit: unit, quantity: 2).loggableFood.servingID == ServingID(rawValue: servingID))
    }

    @Test(
        "no serving of that unit, or several, throws instead of falling back to the default serving",
        arguments: [("tbsp", "no serving"), ("", "no serving"), ("sli", "no serving")]
    )
    func refuses(unit: String, words: String) async throws {
        let error = try await requireRefusedLocally(naming: words) { _ = try Self.banana.portion(unit: unit) }
        #expect(error.message.contains("\"cup, sliced\""), "\(error.message)")
    }

    @Test("several servings that start with the unit and none written so are ambiguous")
    func ambiguous() throws {
        let food = Food(
            id: "1",
            servings: [ServingOption(id: "1", unit: "slice thin"), ServingOption(id: "2", unit: "slice thick")]
        )
        let error = try #require(throws: JanuaryError.self) { try food.serving(unit: "slice") }
        #expect(error.message.contains("several"), "\(error.message)")
    }

    @Test("Foods.md's cup of banana is the simulator's \"1 cup, sliced\" serving")
    func foodsGuideExample() async throws {
        let simulator = try JanuaryAPISimulator()
        simulator.registerDevelopmentKey("sk-test-key")
        var configuration = JanuaryPartnerClient.Configuration(baseURL: simulator.baseURL)
        configuration.retryPolicy = .none
        let january = try JanuaryPartnerClient(developmentAPIKey: "sk-test-key", configuration: configuration)
        let banana = try await january.foods.get(id: "1001")
        let portion = try banana.portion(unit: "cup", quantity: 1)
        #expect(portion.loggableFood.servingID == "5002")
        #expect(portion.unit == "cup, sliced")
        #expect(banana.defaultServing?.id == "5001")
    }
}

@Suite("Meal totals", suiteTimeLimit())
struct FoodLogTotalsTests {
    static func food(_ id: String, _ nutrients: NutritionFacts) -> LoggedFood {
        LoggedFood(
            foodID: FoodID(rawValue: id),
            nutrients: nutrients,
            quantity: 1,
            serving: ServingSummary(id: "1", quantity: 1)
        )
    }

    @Test("a meal's totals sum its foods' nutrients; a nutrient no food has stays nil; mass units convert")
    func totals() {
        let log = FoodLog(
            id: nil,
            foods: [
                Self.food(
                    "1",
                    NutritionFacts(
                        calories: NutrientAmount(value: 140, unit: .kilocalories),
                        protein: NutrientAmount(value: 12, unit: .grams),
                        sodium: NutrientAmount(value: 140, unit: .milligrams),
                        vitaminD: NutrientAmount(value: 40, unit: .internationalUnits)
                    )
                ),
                Self.food(
                    "2",
                    NutritionFacts(
                        calories: NutrientAmount(value: 105, unit: .kilocalories),
                        protein: NutrientAmount(value: 1.3, unit: .grams),
                        sodium: NutrientAmount(value: 0.001, unit: .grams),
                        vitaminD: NutrientAmount(value: 1, unit: .micrograms)
                    )
                ),
            ],
            eatenAt: Date(timeIntervalSince1970: 0)
        )
        let totals = log.totals
        #expect(totals.calories == NutrientAmount(value: 245, unit: .kilocalories))
        #expect(totals.protein?.unit == .grams && abs((totals.protein?.value ?? 0) - 13.3) < 1e-9)
        #expect(totals.sodium?.unit == .milligrams && abs((totals.sodium?.value ?? 0) - 141) < 1e-9)
        #expect(totals.vitaminD == nil, "IU and mcg do not add up")
        #expect(totals.fiber == nil)
        #expect(FoodLog(id: nil, foods: [], eatenAt: Date()).totals.isEmpty)
    }
}
