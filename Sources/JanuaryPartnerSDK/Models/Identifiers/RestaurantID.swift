import Foundation
import JanuaryCore

/// January's identifier of a restaurant, as returned by a restaurant search.
///
/// A restaurant id is 1 to 64 ASCII letters, digits, `_` or `-` (`^[A-Za-z0-9_-]{1,64}$`), often a UUID such
/// as `53fc3b8a-e6bf-404d-83c8-9f42124d1bee`.
///
/// On the wire the identifier is always a string; the SDK also reads it from a JSON integer and always writes
/// it back as a string. Treat it as opaque: compare it, store it, send it back, but do not compute with it.
///
/// ```swift
/// let menu = try await january.restaurants.menuItems(GetRestaurantMenuItemsRequest(restaurantID: restaurant.id))
/// ```
public struct RestaurantID: CheckedIdentifier {
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

    static let form = IdentifierForm.slug
}
