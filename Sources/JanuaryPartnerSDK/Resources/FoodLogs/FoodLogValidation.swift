/// The rules January applies to the foods and name of a food log, checked before anything is sent.
enum FoodLogValidation {
    /// How many foods one log holds at least and at most.
    static let foodCount = 1...100

    /// How long a name may be, in Unicode scalars: what January's JSON schema counts as characters.
    static let nameLength = 0...256

    static func validate(foods: [FoodLogInputFood]) throws {
        try Validation.count(foods.count, field: "foods", in: foodCount)
        for (index, food) in foods.enumerated() {
            try food.validate(field: "foods[\(index)]")
        }
    }

    static func validate(name: String?) throws {
        if let name {
            try Validation.text(name, field: "name", length: nameLength, allowsBlank: true)
        }
    }
}
