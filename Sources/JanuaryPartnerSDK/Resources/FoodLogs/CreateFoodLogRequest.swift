import Foundation
import JanuaryCore

/// What to log as a meal: the foods eaten, and optionally when and under what name.
///
/// ```swift
/// let banana = try await january.foods.get(barcode: scannedCode)
/// let request = CreateFoodLogRequest(
///     foods: [try banana.portion(quantity: 1).loggableFood, try oats.portion(unit: "cup").loggableFood],
///     eatenAt: breakfastTime,
///     name: "Breakfast"
/// )
/// let log = try await user.foodLogs.create(request)
/// ```
///
/// For one food, ``init(food:servingID:quantity:eatenAt:name:)`` does the same in one step.
///
/// ``JanuaryUserClient/FoodLogs/create(_:)`` refuses, before sending anything, a request with no food or more than 100, a
/// quantity that is not a finite number greater than 0 and at most 10 000, or a name longer than 256 characters.
public struct CreateFoodLogRequest: Hashable, Sendable, Encodable {
    /// The foods eaten: from 1 to 100.
    public var foods: [FoodLogInputFood]

    /// When the meal was eaten, or `nil` for the moment January receives the request.
    public var eatenAt: Date?

    /// The meal's name, such as "Lunch": at most 256 characters, or `nil` for none.
    public var name: String?

    /// Creates a request to log a meal.
    ///
    /// - Parameters:
    ///   - foods: The foods eaten: from 1 to 100.
    ///   - eatenAt: When the meal was eaten. Defaults to the moment January receives the request.
    ///   - name: The meal's name, at most 256 characters. Defaults to none.
    public init(foods: [FoodLogInputFood], eatenAt: Date? = nil, name: String? = nil) {
        self.foods = foods
        self.eatenAt = eatenAt
        self.name = name
    }

    /// Creates a request to log a portion of one catalogue food: a food found by search, barcode or id, or a
    /// restaurant's menu item.
    ///
    /// The food's portion (see ``ServedFood/portion(servingID:quantity:)``) becomes the log's one food, so a food
    /// that lists no servings, or a serving id that is not one of them, is refused here, before anything is sent.
    ///
    /// ```swift
    /// let banana = try await january.foods.get(barcode: scannedCode)
    /// let log = try await user.foodLogs.create(CreateFoodLogRequest(food: banana, quantity: 2, name: "Snack"))
    /// ```
    ///
    /// - Parameters:
    ///   - food: The food or menu item eaten.
    ///   - servingID: One of the food's servings, or `nil` for its default serving (``ServedFood/defaultServing``).
    ///   - quantity: How many servings were eaten; finite, greater than 0 and at most 10 000. Defaults to 1.
    ///   - eatenAt: When the meal was eaten. Defaults to the moment January receives the request.
    ///   - name: The meal's name, at most 256 characters. Defaults to none.
    /// - Throws: `JanuaryError` of category `invalidInput` when the food lists no servings, `servingID` is not one
    ///   of them, or the quantity is out of range.
    public init(
        food: some ServedFood,
        servingID: ServingID? = nil,
        quantity: Double = 1,
        eatenAt: Date? = nil,
        name: String? = nil
    ) throws {
        let portion = try food.portion(servingID: servingID, quantity: quantity)
        self.init(foods: [portion.loggableFood], eatenAt: eatenAt, name: name)
    }

    /// Creates a request to log what a food analysis found.
    ///
    /// The foods are the scan's `loggableFoods`: each detected food with its serving and the quantity eaten,
    /// in order (a detection January sent without a quantity or serving is left out). Check that some remain
    /// before logging: a scan that recognised nothing gives no food, which ``JanuaryUserClient/FoodLogs/create(_:)``
    /// refuses.
    ///
    /// ```swift
    /// let scan = try await january.foodAnalysis.analyzePhoto(photo)
    /// guard !scan.loggableFoods.isEmpty else { return showNothingRecognised() }
    /// let log = try await user.foodLogs.create(CreateFoodLogRequest(scan: scan, eatenAt: photoTakenAt))
    /// ```
    ///
    /// - Parameters:
    ///   - scan: The result of a photo or text analysis, or of a correction.
    ///   - eatenAt: When the meal was eaten. Defaults to the moment January receives the request.
    ///   - name: The meal's name. Defaults to the scan's meal name, when it has one (text analyses have none).
    public init(scan: FoodScan, eatenAt: Date? = nil, name: String? = nil) {
        self.init(foods: scan.loggableFoods, eatenAt: eatenAt, name: name ?? scan.mealName)
    }

    /// Encodes the request as the body of `POST /v1.2/food-logs`, leaving out what is `nil`.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        try FoodLogBody.encode(foods: foods, eatenAt: eatenAt, name: name, to: encoder)
    }

    /// Refuses a request January would refuse.
    func validate() throws {
        try FoodLogBody.validate(foods: foods, eatenAt: eatenAt, name: name)
    }
}

/// The body a create and an update share: the same three keys, written and checked by the same rules. A create
/// always has foods; an update has only what it changes. What is `nil` is neither sent nor checked.
enum FoodLogBody {
    /// How many foods one log holds at least and at most.
    static let foodCount = 1...100

    /// How long a name may be, in Unicode scalars: what January's JSON schema counts as characters.
    static let nameLength = 0...256

    /// Writes the fields that are not `nil`.
    static func encode(foods: [FoodLogInputFood]?, eatenAt: Date?, name: String?, to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: WireKey.self)
        try container.encodeIfPresent(foods, forKey: Keys.foods)
        try container.encodeTimestampIfPresent(eatenAt, forKey: Keys.eatenAt)
        try container.encodeIfPresent(name, forKey: Keys.name)
    }

    /// Refuses fields January would refuse, in the order they are sent; a `nil` field is not checked.
    static func validate(foods: [FoodLogInputFood]?, eatenAt: Date?, name: String?) throws {
        if let foods {
            try Validation.count(foods.count, field: "foods", in: foodCount)
            for (index, food) in foods.enumerated() {
                try food.validate(field: "foods[\(index)]")
            }
        }
        if let eatenAt {
            try Validation.date(eatenAt, field: "eaten_at")
        }
        if let name {
            try Validation.text(name, field: "name", length: nameLength, allowsBlank: true)
        }
    }

    private enum Keys {
        static var foods: WireKey { WireKey("foods") }
        static var eatenAt: WireKey { WireKey("eaten_at") }
        static var name: WireKey { WireKey("name") }
    }
}

extension CreateFoodLogRequest {
    /// Hashes the meal's time, name and how many foods it has: equal requests agree on all.
    ///
    /// Hashing every nested value as well compiled a copy of the standard library's array hashing for each nested
    /// type into the app (Docs/Benchmarks.md, "Size in an app"); values that compare equal still hash equally.
    ///
    /// - Parameter hasher: The hasher to feed.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(eatenAt)
        hasher.combine(name)
        hasher.combine(foods.count)
    }
}
