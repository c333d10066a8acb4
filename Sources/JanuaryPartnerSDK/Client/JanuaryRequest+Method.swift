extension JanuaryRequest {
    /// An HTTP method: an extensible set of values, like the categories of ``/JanuaryCore/JanuaryError``.
    public struct Method: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The method's name as sent on the wire, such as `GET`.
        public let rawValue: String

        /// Creates a method from its name; the name is upper-cased.
        ///
        /// - Parameter rawValue: The method's name.
        public init(rawValue: String) {
            self.rawValue = rawValue.uppercased()
        }

        /// `GET`.
        public static let get = Method(rawValue: "GET")
        /// `POST`.
        public static let post = Method(rawValue: "POST")
        /// `PUT`.
        public static let put = Method(rawValue: "PUT")
        /// `PATCH`.
        public static let patch = Method(rawValue: "PATCH")
        /// `DELETE`.
        public static let delete = Method(rawValue: "DELETE")

        /// The method's name.
        public var description: String {
            rawValue
        }
    }
}
