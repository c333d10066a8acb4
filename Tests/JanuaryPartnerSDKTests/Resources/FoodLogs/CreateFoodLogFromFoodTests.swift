import Foundation
import JanuaryCoreTesting
import JanuaryPartnerSDK
import JanuaryPartnerSDKTestSupport
import JanuaryTestServer
import Testing

/// Issue 40: logging a food found by search or barcode took a portion (`portion(quantity:)`, found only in `API/`)
/// or a serving picked by hand, and the guide picked it with `servings[0]`, which traps on a food without servings.
/// `CreateFoodLogRequest(food:servingID:quantity:eatenAt:name:)` does it in one step and refuses what cannot be
/// logged instead.
@Suite("Logging a catalogue food", suiteTimeLimit())
struct CreateFoodLogFromFoodTests {
    /// Oats: a "1 cup" serving and the primary "1/2 cup" one.
    static let oats = Food(
        id: "1200",
        name: "oats",
        servings: [
            ServingOption(id: "21", quantity: 1, unit: "cup", scalingFactor: 2, weightGrams: 80, isPrimary: false),
            ServingOption(id: "22", quantity: 0.5, unit: "cup", scalingFactor: 1, weightGrams: 40, isPrimary: true),
        ]
    )

    @Test("the food's default serving, the quantity, the time and the name become the request")
    func defaultServing() throws {
        let request = try CreateFoodLogRequest(food: Self.oats, quantity: 1.5, eatenAt: LogsServer.now, name: "Oats")
        #expect(request.foods == [FoodLogInputFood(foodID: "1200", servingID: "22", quantity: 1.5)])
        #expect(request.eatenAt == LogsServer.now)
        #expect(request.name == "Oats")
        let plain = try CreateFoodLogRequest(food: Self.oats)
        #expect(plain.foods == [FoodLogInputFood(foodID: "1200", servingID: "22", quantity: 1)])
        #expect(plain.eatenAt == nil && plain.name == nil)
    }

    @Test("a serving chosen by id, and a menu item, log the same way as a portion")
    func chosenServingAndMenuItem() throws {
        let cup = try CreateFoodLogRequest(food: Self.oats, servingID: "21", quantity: 2)
        #expect(cup.foods == [try Self.oats.portion(servingID: "21", quantity: 2).loggableFood])
        let bowl = RestaurantMenuItem(id: "77", servings: [ServingOption(id: "5", quantity: 1, unit: "bowl")])
        #expect(
            try CreateFoodLogRequest(food: bowl).foods == [FoodLogInputFood(foodID: "77", servingID: "5", quantity: 1)])
        let searched = RestaurantMenuSearchItem(id: "78", servings: bowl.servings)
        #expect(try CreateFoodLogRequest(food: searched, quantity: 0.5).foods.map(\.foodID) == ["78"])
    }

    /// What `servings[0]` trapped on is an error to show, thrown before anything is sent.
    @Test("a food without servings, a serving it lacks, or a quantity out of range is refused, not a crash")
    func refusals() async throws {
        try await requireRefusedLocally(naming: "servings") { _ = try CreateFoodLogRequest(food: Food(id: "1")) }
        try await requireRefusedLocally(naming: "servingID") {
            _ = try CreateFoodLogRequest(food: Self.oats, servingID: "99")
        }
        for quantity in [0, -1, 10_001, .nan, .infinity] {
            try await requireRefusedLocally(naming: "quantity") {
                _ = try CreateFoodLogRequest(food: Self.oats, quantity: quantity)
            }
        }
    }

    @Test("a searched food is logged, and January stores that food and quantity")
    func searchedFoodIsLogged() async throws {
        let simulator = JanuaryAPISimulator.inProcess()
        let userID = PartnerUserID(rawValue: "user-42")
        let january = try JanuaryPartnerClient.simulated(simulator, user: userID)
        let found = try #require(try await january.foods.search(SearchFoodsRequest(query: "banana")).items.first)
        let log = try await january.forUser(userID).foodLogs.create(
            CreateFoodLogRequest(food: found, quantity: 2, name: "Snack"))
        #expect(log.foods.map(\.foodID) == [found.id])
        #expect(log.foods.map(\.quantity) == [2])
        #expect(log.foods.map(\.serving.id) == [found.defaultServing?.id])
        #expect(log.name == "Snack")
    }
}
