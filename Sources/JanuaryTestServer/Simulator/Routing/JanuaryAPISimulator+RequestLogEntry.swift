import Foundation

extension JanuaryAPISimulator {
    /// One request the simulator received, as ``JanuaryAPISimulator/requestLog`` lists it.
    ///
    /// It records what a test needs to check a client's behaviour, and never a credential's value.
    public struct RequestLogEntry: Sendable {
        /// The `x-request-id` the simulator answered with.
        public let requestID: String
        /// The method, such as `GET`.
        public let method: String
        /// The path without the query, still percent-encoded, such as `/v1.2/foods`.
        public let path: String
        /// The query items, percent-decoded, in the order sent.
        public let queryItems: [URLQueryItem]
        /// The kind of credential in `Authorization`; ``CredentialKind/none`` when there was none.
        public let credential: CredentialKind
        /// The raw `January-End-User-ID` header value, if the request had one.
        public let endUserHeader: String?
        /// The operation the path and method matched, such as `searchFoods`; `partnerBackendToken` for the
        /// stand-in partner backend; `nil` when nothing matched.
        public let operation: String?
        /// The status answered; `nil` when the connection was closed without an answer.
        public let status: Int?
        /// The JSON error code answered, for error answers.
        public let errorCode: String?
        /// Whether a scripted failure produced the answer.
        public let wasScripted: Bool
    }
}

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
