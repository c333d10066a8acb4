extension JanuaryAPISimulator {
    /// One food of a log stored with ``JanuaryAPISimulator/seedFoodLog(endUserID:name:eatenAt:foods:)``: what a
    /// create's `foods` item (`{food_id, serving_id, quantity}`) says.
    ///
    /// ```swift
    /// let oatmeal = JanuaryAPISimulator.SeededFood(foodID: "1004")                       // 1 cup, its default
    /// let banana = JanuaryAPISimulator.SeededFood(foodID: "1001", servingID: "5003", quantity: 1.2)  // 120 g
    /// ```
    public struct SeededFood: Sendable, Hashable {
        /// The catalogue food, such as `1001` (banana); ``JanuaryAPISimulator/foods`` lists them.
        public var foodID: String
        /// One of the food's servings; `nil` for its default serving (the one marked primary, else the first).
        public var servingID: String?
        /// How many servings: more than 0 and at most 10,000, as January accepts.
        public var quantity: Double

        /// Creates a food of a seeded log.
        ///
        /// - Parameters:
        ///   - foodID: The catalogue food's id.
        ///   - servingID: One of its serving ids; its default serving when `nil`.
        ///   - quantity: How many servings; one by default.
        public init(foodID: String, servingID: String? = nil, quantity: Double = 1) {
            self.foodID = foodID
            self.servingID = servingID
            self.quantity = quantity
        }
    }
}
