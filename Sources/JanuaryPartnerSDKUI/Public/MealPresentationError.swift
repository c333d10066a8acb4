/// Why `JanuaryMealLogger` could not present its screen; nothing was shown and nothing was sent.
public struct MealPresentationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Why the screen could not be presented. New reasons may be added.
    public struct Reason: RawRepresentable, Sendable, Hashable {
        /// The reason's name, for the developer.
        public let rawValue: String

        /// Wraps a reason's name.
        ///
        /// - Parameter rawValue: The name.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// The presenting view controller is not in a window (not on screen yet, or no longer): UIKit would present
        /// nothing.
        public static let presenterNotInWindow = Reason(rawValue: "presenter_not_in_window")

        /// The presenting view controller already presents another one, or is being dismissed: UIKit would refuse.
        /// Present from the controller on top.
        public static let presenterIsBusy = Reason(rawValue: "presenter_is_busy")
    }

    /// Why the screen could not be presented.
    public let reason: Reason

    /// Creates the error, for tests.
    ///
    /// - Parameter reason: Why the screen could not be presented.
    public init(reason: Reason) {
        self.reason = reason
    }

    /// What to fix, for the developer.
    public var description: String {
        switch reason {
        case .presenterNotInWindow:
            "The view controller to present from is not in a window: present from one on screen."
        case .presenterIsBusy:
            "The view controller to present from already presents another one, or is being dismissed: present from "
                + "the one on top."
        default:
            "The screen could not be presented (\(reason.rawValue))."
        }
    }
}
