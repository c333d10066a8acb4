import JanuaryPartnerSDK

/// What the app shows under a food in search results: "1 cup, 105 kcal".
public enum PortionLabel {
    /// The label for one default serving of `food`, or `nil` when the food has no serving or no calories.
    public static func text(for food: Food) -> String? {
        guard let portion = try? food.portion(quantity: 1), let amount = portion.amount, let unit = portion.unit,
            let calories = portion.nutrients?.calories?.value
        else {
            return nil
        }
        let amountText = amount.rounded() == amount ? String(Int(amount)) : String(amount)
        return "\(amountText) \(unit), \(Int(calories.rounded())) kcal"
    }
}

/// The app's search screen model: asks January and turns foods into rows.
public struct FoodSearchModel: Sendable {
    private let january: JanuaryPartnerClient

    /// Creates the model.
    public init(january: JanuaryPartnerClient) {
        self.january = january
    }

    /// One row per food: its name and its portion label.
    public func rows(for query: String) async throws -> [String] {
        let results = try await january.foods.search(SearchFoodsRequest(query: query))
        return results.items.map { food in
            [food.name ?? "Unnamed food", PortionLabel.text(for: food)].compactMap { $0 }.joined(separator: " — ")
        }
    }
}
