import Foundation
import JanuaryCore

/// January's identifier of a food in its catalogue, such as a search result or a restaurant menu item.
///
/// A food id is a decimal number of up to ten digits without a leading zero (`^[1-9][0-9]{0,9}$`). Restaurant menu
/// item ids follow the same pattern and work wherever a `FoodID` does: with `foods.get(id:)`, in food logs
/// and in glucose predictions.
///
/// On the wire the identifier is always a string; the SDK also reads it from a JSON integer and always writes
/// it back as a string. Treat it as opaque: compare it, store it, send it back, but do not compute with it.
///
/// ```swift
/// let food = try await january.foods.get(id: "1234567")
/// ```
public struct FoodID: CheckedIdentifier {
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
