import Foundation
import JanuaryPartnerSDK

/// One food of the meal under review: what will be logged (food, serving, quantity) and what the sheet knows to
/// show and edit it.
///
/// Its nutrients come from the SDK's portion arithmetic (`ServedFood.portion(servingID:quantity:)`) on the
/// catalogue food, once the sheet has it with its servings; before that, or when it cannot be had, a detected
/// food's own nutrients stand while its serving and quantity are those January detected (they are already scaled
/// to that portion and are never scaled again).
struct MealReviewItem: Sendable, Equatable, Identifiable {
    /// Whether the catalogue food, with all its servings, is known.
    enum Details: Sendable, Equatable {
        /// The food is known with all its servings.
        case complete
        /// The food is being fetched (`foods.get(id:)`) by this attempt.
        case loading(attempt: Int)
        /// The fetch failed: the item is logged as it is, but its serving cannot be changed.
        case unavailable(MealReviewStateMachine.Failure)
    }

    /// Stable for the sheet's life, unlike the item's position, so that an event names the item the user saw.
    let id: Int
    var foodID: FoodID
    var name: String?
    var brandName: String?
    var servingID: ServingID
    var quantity: Double
    /// The catalogue food: complete once ``details`` is `complete`; a search result (default serving only) before.
    var food: Food?
    /// The analysis's own account of this food, for an item that came from a scan.
    var detected: DetectedFood?
    var details: Details

    /// What the log gets for this item.
    var entry: FoodLogInputFood {
        FoodLogInputFood(foodID: foodID, servingID: servingID, quantity: quantity)
    }

    /// An item for a detected food, or `nil` when January sent it without a serving or a quantity, or with values
    /// a log would refuse.
    init?(id: Int, detected: DetectedFood, details: Details) {
        guard let serving = detected.serving, let quantity = detected.quantity else {
            return nil
        }
        self.id = id
        self.foodID = detected.id
        self.name = detected.name
        self.brandName = detected.brandName
        self.servingID = serving.id
        self.quantity = quantity
        self.food = nil
        self.detected = detected
        self.details = details
        guard (try? entry.validate()) != nil else {
            return nil
        }
    }

    /// An item for one default serving of a catalogue food, or `nil` when the food lists no serving.
    init?(id: Int, food: Food, details: Details) {
        guard let serving = food.defaultServing else {
            return nil
        }
        self.id = id
        self.foodID = food.id
        self.name = food.name
        self.brandName = food.brandName
        self.servingID = serving.id
        self.quantity = 1
        self.food = food
        self.detected = nil
        self.details = details
        guard (try? entry.validate()) != nil else {
            return nil
        }
    }

    /// The catalogue food arrived with all its servings.
    mutating func complete(with food: Food) {
        self.food = food
        name = name ?? food.name
        brandName = brandName ?? food.brandName
        details = .complete
    }

    /// The portion the SDK computes for the chosen serving and quantity, when the catalogue food has that serving.
    var portion: FoodPortion? {
        try? food?.portion(servingID: servingID, quantity: quantity)
    }

    /// Whether the serving and quantity are still those January detected.
    var isAsDetected: Bool {
        guard let detected else {
            return false
        }
        return detected.serving?.id == servingID && detected.quantity == quantity
    }

    /// The nutrients of the portion chosen, or `nil` when they are not known: the portion's, else the detection's
    /// while it is unchanged.
    var nutrients: NutritionFacts? {
        if let portion {
            return portion.nutrients
        }
        return isAsDetected ? detected?.nutrients : nil
    }

    /// The servings the picker offers: the catalogue food's, and the current one first when the catalogue does not
    /// list it (a detection's serving the catalogue has since changed).
    var servingChoices: [ServingOption] {
        let listed = food?.servings ?? []
        guard !listed.contains(where: { $0.id == servingID }) else {
            return listed
        }
        return [currentServing] + listed
    }

    /// The serving chosen: the catalogue's option, else what the detection said of it.
    var currentServing: ServingOption {
        if let listed = food?.servings.first(where: { $0.id == servingID }) {
            return listed
        }
        let summary = detected?.serving
        return ServingOption(
            id: servingID, quantity: summary?.quantity, unit: summary?.unit, weightGrams: summary?.weightGrams)
    }

    /// Whether the serving can be changed: the catalogue food is known, with another serving to choose.
    var canChangeServing: Bool {
        details == .complete && servingChoices.count > 1
    }
}
