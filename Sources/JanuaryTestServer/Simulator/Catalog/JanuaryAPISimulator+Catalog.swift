extension JanuaryAPISimulator {
    /// Every food in the catalogue, built-in ones first, then those added, in the order they were added;
    /// restaurant menu items are among them.
    public var foods: [SimulatedFood] {
        books.withLock { $0.catalog.allFoods }
    }

    /// Every restaurant in the catalogue.
    public var restaurants: [SimulatedRestaurant] {
        books.withLock { $0.catalog.allRestaurants }
    }

    /// The catalogue food with this id.
    ///
    /// - Parameter id: A food id such as `1001`.
    /// - Returns: The food, or `nil` if there is none.
    public func food(id: String) -> SimulatedFood? {
        books.withLock { $0.catalog.foods[id] }
    }

    /// Adds a food to the catalogue, or replaces the one with the same id.
    ///
    /// - Parameter food: The food. Its id and serving ids must be numeric strings (`^[1-9]\d{0,9}$`), it must
    ///   have a serving, and a barcode must be 6 to 14 digits; anything else is a programming error that stops
    ///   the test.
    public func addFood(_ food: SimulatedFood) {
        precondition(FoodOperations.isNumericID(food.id), "a food id must match ^[1-9]\\d{0,9}$")
        precondition(!food.servings.isEmpty, "a food needs at least one serving")
        precondition(food.servings.allSatisfy { FoodOperations.isNumericID($0.id) }, "serving ids must be numeric")
        precondition(
            food.barcode.map { (6...14).contains($0.count) && $0.allSatisfy { $0.isASCII && $0.isNumber } } ?? true,
            "a barcode must be 6 to 14 digits"
        )
        books.withLock { $0.catalog.add(food) }
    }

    /// Adds a restaurant and its menu, or replaces the one with the same id; each menu item also becomes a
    /// food (type `branded`, brand the restaurant's name).
    ///
    /// - Parameter restaurant: The restaurant. Its id must match `^[A-Za-z0-9_-]{1,64}$` and its menu item and
    ///   serving ids must be numeric strings; anything else is a programming error that stops the test.
    public func addRestaurant(_ restaurant: SimulatedRestaurant) {
        precondition(
            (1...64).contains(restaurant.id.count)
                && restaurant.id.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") },
            "a restaurant id must match ^[A-Za-z0-9_-]{1,64}$"
        )
        precondition(
            restaurant.menuItems.allSatisfy {
                FoodOperations.isNumericID($0.id) && FoodOperations.isNumericID($0.serving.id)
            },
            "menu item and serving ids must be numeric"
        )
        books.withLock { $0.catalog.add(restaurant) }
    }
}
