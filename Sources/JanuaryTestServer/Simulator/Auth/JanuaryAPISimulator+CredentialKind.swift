extension JanuaryAPISimulator {
    /// The kind of credential a request carried, as the request log records it; never the value itself.
    public struct CredentialKind: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// A name such as `clientToken`.
        public let rawValue: String

        /// Creates a kind from its name.
        ///
        /// - Parameter rawValue: The name.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// No `Authorization` header.
        public static let none = CredentialKind(rawValue: "none")
        /// `Bearer sk-…`, registered or not.
        public static let apiKey = CredentialKind(rawValue: "apiKey")
        /// `Bearer ct-…`, valid or not.
        public static let clientToken = CredentialKind(rawValue: "clientToken")
        /// An `Authorization` header that is not `Bearer sk-…` or `Bearer ct-…`.
        public static let malformed = CredentialKind(rawValue: "malformed")

        /// The name.
        public var description: String {
            rawValue
        }
    }
}
