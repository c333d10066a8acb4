import Foundation
import JanuaryCore

/// January's identifier of one serving option of a food, such as "1 cup" or "100 g".
///
/// A serving id is a decimal number of up to ten digits without a leading zero (`^[1-9][0-9]{0,9}$`). Send it
/// with the `FoodID` of the food it belongs to, for example in a `FoodLogInputFood`.
///
/// On the wire the identifier is always a string; the SDK also reads it from a JSON integer and always writes
/// it back as a string. Treat it as opaque: compare it, store it, send it back, but do not compute with it.
///
/// ```swift
/// let portion = FoodLogInputFood(foodID: food.id, servingID: "42", quantity: 1.5)
/// ```
public struct ServingID: CheckedIdentifier {
    /// The identifier exactly as January sent it.
    public let rawValue: String

    /// Creates an identifier from its string form, unchanged.
    ///
    /// The initializer never fails, so that any value January sends can be carried; operations that send the
    /// identifier check it first and refuse a malformed one before anything is sent.
    ///
    /// - Parameter rawValue: The identifier.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    static let form = IdentifierForm.numeric
}
