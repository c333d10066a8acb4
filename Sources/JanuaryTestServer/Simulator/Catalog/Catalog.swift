import Foundation

/// The foods and restaurants the simulated January knows, in the order they were added (ties in ranking
/// keep that order, so answers are deterministic).
struct Catalog: Sendable {
    private(set) var foods: [String: SimulatedFood] = [:]
    private(set) var foodOrder: [String] = []
    private(set) var restaurants: [String: SimulatedRestaurant] = [:]
    private(set) var restaurantOrder: [String] = []
    /// The restaurant each menu item belongs to.
    private(set) var menuItemRestaurant: [String: String] = [:]

    static let builtIn: Catalog = {
        var catalog = Catalog()
        for food in BuiltInFoods.all {
            catalog.add(food)
        }
        for restaurant in BuiltInRestaurants.all {
            catalog.add(restaurant)
        }
        return catalog
    }()

    var allFoods: [SimulatedFood] {
        foodOrder.compactMap { foods[$0] }
    }

    var allRestaurants: [SimulatedRestaurant] {
        restaurantOrder.compactMap { restaurants[$0] }
    }

    mutating func add(_ food: SimulatedFood) {
        if foods[food.id] == nil {
            foodOrder.append(food.id)
        }
        foods[food.id] = food
    }

    mutating func add(_ restaurant: SimulatedRestaurant) {
        if restaurants[restaurant.id] == nil {
            restaurantOrder.append(restaurant.id)
        }
        restaurants[restaurant.id] = restaurant
        for item in restaurant.menuItems {
            menuItemRestaurant[item.id] = restaurant.id
            add(
                SimulatedFood(
                    id: item.id,
                    type: .branded,
                    name: item.name,
                    brandName: restaurant.name,
                    nutrients: item.nutrients,
                    servings: [item.serving],
                    glycemicIndex: item.glycemicIndex,
                    glycemicLoad: item.glycemicLoad,
                    imageURL: item.imageURL,
                    category: "restaurant"
                )
            )
        }
    }

    func food(barcode: String) -> SimulatedFood? {
        let wanted = barcode.drop { $0 == "0" }
        return allFoods.first { food in food.barcode.map { $0.drop { $0 == "0" } == wanted } ?? false }
    }

    /// A food and one of its servings named by a log or prediction body; `400` when either is unknown.
    func portion(foodID: String, servingID: String, field: String) throws -> (SimulatedFood, SimulatedFood.Serving) {
        guard let food = foods[foodID] else {
            throw APIError.invalidRequest("`\(field).food_id` \(foodID) is not a known food")
        }
        guard let serving = food.serving(id: servingID) else {
            throw APIError.invalidRequest("`\(field).serving_id` \(servingID) is not a serving of food \(foodID)")
        }
        return (food, serving)
    }
}

/// Lower-cased words of a text, punctuation dropped, so `"Eggs, scrambled!"` reads `["eggs", "scrambled"]`.
enum Words {
    static func of(_ text: String) -> [String] {
        text.lowercased()
            .map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "/" ? $0 : " " }
            .split(separator: " ")
            .map { String($0).trimmingCharacters(in: CharacterSet(charactersIn: ".")) }
            .filter { !$0.isEmpty }
    }

    /// `berries` → `berry`, `tomatoes` → `tomato`, `eggs` → `egg`; other words unchanged.
    static func singular(_ word: String) -> String {
        if word.hasSuffix("ies") && word.count > 4 {
            return String(word.dropLast(3)) + "y"
        }
        if word.hasSuffix("oes") || word.hasSuffix("ches") || word.hasSuffix("shes") {
            return String(word.dropLast(2))
        }
        if word.hasSuffix("s") && !word.hasSuffix("ss") && word.count > 3 {
            return String(word.dropLast())
        }
        return word
    }
}
