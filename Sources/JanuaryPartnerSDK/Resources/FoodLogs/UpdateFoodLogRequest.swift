import Foundation
import JanuaryCore

/// What to change in a logged meal: any of its foods, time and name; what is `nil` stays as it is.
///
/// ```swift
/// let log = try await user.foodLogs.create(CreateFoodLogRequest(foods: meal, name: "Breakfast"))
/// let renamed = try await user.foodLogs.update(id: log.id, UpdateFoodLogRequest(name: "Brunch"))
/// ```
///
/// ``JanuaryUserClient/FoodLogs/update(id:_:)`` refuses, before sending anything, a request that changes nothing, foods
/// that are empty or more than 100 or have an invalid quantity, and a name longer than 256 characters. A name
/// can be replaced but not removed.
public struct UpdateFoodLogRequest: Hashable, Sendable, Encodable {
    /// The foods that replace the whole list of the log (from 1 to 100), or `nil` to keep them.
    public var foods: [FoodLogInputFood]?

    /// When the meal was eaten, or `nil` to keep the time.
    public var eatenAt: Date?

    /// The meal's new name (at most 256 characters), or `nil` to keep it.
    public var name: String?

    /// Creates a request to change a logged meal.
    ///
    /// - Parameters:
    ///   - foods: The foods that replace the whole list, from 1 to 100. Defaults to keeping them.
    ///   - eatenAt: When the meal was eaten. Defaults to keeping the time.
    ///   - name: The meal's new name, at most 256 characters. Defaults to keeping it.
    public init(foods: [FoodLogInputFood]? = nil, eatenAt: Date? = nil, name: String? = nil) {
        self.foods = foods
        self.eatenAt = eatenAt
        self.name = name
    }

    /// Encodes the request as the body of `PATCH /v1.2/food-logs/{log_id}`, leaving out what is `nil`.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        try FoodLogBody.encode(foods: foods, eatenAt: eatenAt, name: name, to: encoder)
    }

    /// Refuses a request January would refuse, or that would change nothing.
    func validate() throws {
        guard foods != nil || eatenAt != nil || name != nil else {
            throw JanuaryError.invalidInput("An update must change at least one of foods, eaten_at and name.")
        }
        try FoodLogBody.validate(foods: foods, eatenAt: eatenAt, name: name)
    }
}

extension UpdateFoodLogRequest {
    /// Hashes the new time, name and how many foods it sets: equal requests agree on all.
    ///
    /// Hashing every nested value as well compiled a copy of the standard library's array hashing for each nested
    /// type into the app (Docs/Benchmarks.md, "Size in an app"); values that compare equal still hash equally.
    ///
    /// - Parameter hasher: The hasher to feed.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(eatenAt)
        hasher.combine(name)
        hasher.combine(foods?.count)
    }
}
