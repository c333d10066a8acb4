import Foundation

/// A catalogue record that comes with servings and nutrients: a ``Food``, a ``RestaurantMenuItem`` or a
/// ``RestaurantMenuSearchItem``. Each gets its default serving and its portions from here, computed one way.
public protocol ServedFood {
    /// The identifier to log the record by.
    var id: FoodID { get }

    /// The servings January offers, in January's order.
    var servings: [ServingOption] { get }

    /// The nutrients of the default serving.
    var nutrients: NutritionFacts { get }

    /// The glycemic index, when January knows it.
    var glycemicIndex: Double? { get }

    /// The glycemic load of the default serving, when January knows it.
    var glycemicLoad: Double? { get }
}

extension ServedFood {
    /// The default serving: the first marked ``ServingOption/isPrimary``, else the first listed.
    public var defaultServing: ServingOption? {
        servings.first { $0.isPrimary == true } ?? servings.first
    }

    /// A portion: a serving and how many of it, with the amount, grams and nutrients it comes to.
    ///
    /// ```swift
    /// let portion = try food.portion(quantity: 2)                 // two default servings
    /// let half = try food.portion(servingID: cup.id, quantity: 0.5)
    /// let entry = half.loggableFood                               // for a food log or a glucose prediction
    /// ```
    ///
    /// - Parameters:
    ///   - servingID: The serving, or `nil` for the default serving (``defaultServing``).
    ///   - quantity: How many servings; finite, greater than 0 and at most 10 000. Defaults to 1.
    /// - Returns: The portion.
    /// - Throws: `JanuaryError` of category `invalidInput` when there are no servings, the serving id is not one
    ///   of ``servings``, or the quantity is out of range.
    public func portion(servingID: ServingID? = nil, quantity: Double = 1) throws -> FoodPortion {
        try FoodPortion(
            foodID: id,
            servings: servings,
            nutrients: nutrients,
            glycemicIndex: glycemicIndex,
            glycemicLoad: glycemicLoad,
            servingID: servingID,
            quantity: quantity
        )
    }
}

extension Food: ServedFood {}

extension RestaurantMenuItem: ServedFood {}

extension RestaurantMenuSearchItem: ServedFood {}
