extension JanuaryAPISimulator {
    /// A permission a client token carries (January's vocabulary, Docs/Contract.md, Scopes); API keys are not
    /// scope-limited.
    ///
    /// An extensible set of values, so a test can mint a token with a scope January may add later.
    public struct Scope: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The wire value, such as `foods:read`.
        public let rawValue: String

        /// Creates a scope from its wire value.
        ///
        /// - Parameter rawValue: The wire value, such as `food_logs:write`.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// Search, autocomplete, get, barcode lookup and alternatives of foods.
        public static let foodsRead = Scope(rawValue: "foods:read")
        /// Restaurant search and menu items.
        public static let restaurantsRead = Scope(rawValue: "restaurants:read")
        /// Photo and text analysis and corrections.
        public static let foodAnalysisWrite = Scope(rawValue: "food_analysis:write")
        /// Listing, summarising and getting food logs.
        public static let foodLogsRead = Scope(rawValue: "food_logs:read")
        /// Creating, updating and deleting food logs.
        public static let foodLogsWrite = Scope(rawValue: "food_logs:write")
        /// Listing water logs.
        public static let waterLogsRead = Scope(rawValue: "water_logs:read")
        /// Creating and deleting water logs.
        public static let waterLogsWrite = Scope(rawValue: "water_logs:write")
        /// Listing weight logs.
        public static let weightLogsRead = Scope(rawValue: "weight_logs:read")
        /// Creating weight logs.
        public static let weightLogsWrite = Scope(rawValue: "weight_logs:write")
        /// Glucose prediction.
        public static let glucoseRead = Scope(rawValue: "glucose:read")

        /// The ten scopes of Partner API v1.2, in the contract's order.
        public static let all: [Scope] = [
            .foodsRead, .restaurantsRead, .foodAnalysisWrite, .foodLogsRead, .foodLogsWrite, .waterLogsRead,
            .waterLogsWrite, .weightLogsRead, .weightLogsWrite, .glucoseRead,
        ]

        /// The wire value.
        public var description: String {
            rawValue
        }
    }
}
