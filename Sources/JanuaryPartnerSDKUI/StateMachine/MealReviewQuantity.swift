import Foundation
import JanuaryPartnerSDK

/// The quantity stepper's arithmetic: how many servings one tap adds or takes away. Quarters below one serving,
/// halves up to ten, whole servings above; a quantity off the ladder (January's 1.3) steps to the next rung in the
/// tapped direction, so that one tap never changes it by more than a step.
enum MealReviewQuantity {
    /// The smallest quantity the stepper reaches; a smaller one (typed, or from January) can only go up.
    static let minimum = 0.25

    /// The largest quantity January accepts (`FoodLogInputFood.maximumQuantity`).
    static let maximum = FoodLogInputFood.maximumQuantity

    /// Slack for quantities that are a rung in decimal but not in binary (0.1 + 0.2).
    private static let tolerance = 1e-9

    /// The next rung above `quantity`, or `nil` above the maximum.
    static func increased(_ quantity: Double) -> Double? {
        guard quantity.isFinite else {
            return nil
        }
        let step = quantity < 1 ? 0.25 : quantity < 10 ? 0.5 : 1
        let next = ((quantity / step) + tolerance).rounded(.down) * step + step
        return next <= maximum ? next : nil
    }

    /// The next rung below `quantity`, or `nil` below the minimum.
    static func decreased(_ quantity: Double) -> Double? {
        guard quantity.isFinite else {
            return nil
        }
        let step = quantity <= 1 ? 0.25 : quantity <= 10 ? 0.5 : 1
        let previous = ((quantity / step) - tolerance).rounded(.up) * step - step
        return previous >= minimum - tolerance ? previous : nil
    }
}
