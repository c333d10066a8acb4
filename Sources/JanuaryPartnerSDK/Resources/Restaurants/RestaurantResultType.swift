import Foundation

/// What a restaurant search result is: a restaurant or a menu item.
///
/// ``Restaurant/type`` is always ``restaurant`` and ``RestaurantMenuSearchItem/type`` always ``menuItem`` today.
///
/// A value this SDK version does not know decodes as itself; compare with the static members and keep a
/// `default` branch.
public struct RestaurantResultType: JanuaryVocabulary {
    /// The value as January writes it.
    public let rawValue: String

    /// Creates a value from its wire string.
    ///
    /// - Parameter rawValue: The value as January writes it.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// A restaurant.
    public static let restaurant = RestaurantResultType(rawValue: "restaurant")
    /// A menu item.
    public static let menuItem = RestaurantResultType(rawValue: "menu_item")
}
