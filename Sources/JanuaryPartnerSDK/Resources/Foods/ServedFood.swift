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
    /// let portion = try food.portion(quantity: 2)  // two default servings
    /// let cup = try food.serving(unit: "cup")
    /// let half = try food.portion(servingID: cup.id, quantity: 0.5)
    /// let entry = half.loggableFood  // for a food log or a glucose prediction
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

    /// The serving whose unit is `unit`, such as `cup` for the serving "1 cup, sliced": the unit as written, or,
    /// when none is written so, the one serving whose unit starts with it as a word (`cup, sliced`,
    /// `cup chopped`). Letter case and surrounding spaces are ignored.
    ///
    /// It never falls back to another serving: ask for the default serving with ``defaultServing``.
    ///
    /// - Parameter unit: The unit, such as `cup`, `slice` or `g`.
    /// - Returns: The serving.
    /// - Throws: `JanuaryError` of category `invalidInput` when no serving has that unit (the message lists the
    ///   units there are), or when several start with it and none is written exactly so.
    public func serving(unit: String) throws -> ServingOption {
        let wanted = unit.trimmingCharacters(in: .whitespaces).lowercased()
        let units = servings.map { ($0, ($0.unit ?? "").trimmingCharacters(in: .whitespaces).lowercased()) }
        if let exact = units.first(where: { $0.1 == wanted }) {
            return exact.0
        }
        let starting = units.filter {
            !wanted.isEmpty && ($0.1.hasPrefix(wanted + ",") || $0.1.hasPrefix(wanted + " "))
        }
        let food = "The food"
        switch starting.count {
        case 1:
            return starting[0].0
        case 0:
            let listed = servings.map { "\"\($0.unit ?? "")\"" }.joined(separator: ", ")
            throw JanuaryError.invalidInput(
                "\(food) has no serving in \"\(unit)\"; its servings are in \(listed.isEmpty ? "no unit" : listed)."
            )
        default:
            let listed = starting.map { "\"\($0.1)\"" }.joined(separator: ", ")
            throw JanuaryError.invalidInput(
                "\(food) has several servings in \"\(unit)\" (\(listed)); choose one by its id."
            )
        }
    }

    /// A portion of this food in the serving whose unit is `unit` (see ``serving(unit:)``), never silently in
    /// another serving.
    ///
    /// ```swift
    /// let cup = try food.portion(unit: "cup", quantity: 1)  // the "1 cup, sliced" serving of a banana
    /// ```
    ///
    /// - Parameters:
    ///   - unit: The serving's unit, such as `cup`.
    ///   - quantity: How many servings; finite, greater than 0 and at most 10 000. Defaults to 1.
    /// - Returns: The portion.
    /// - Throws: `JanuaryError` of category `invalidInput` when no single serving has that unit, or the quantity
    ///   is out of range.
    public func portion(unit: String, quantity: Double = 1) throws -> FoodPortion {
        try portion(servingID: serving(unit: unit).id, quantity: quantity)
    }
}

extension Food: ServedFood {}

extension RestaurantMenuItem: ServedFood {}

extension RestaurantMenuSearchItem: ServedFood {}
