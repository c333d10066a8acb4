extension ScriptedResponse {
    /// How the server delivers a ``ScriptedResponse``: normally, or by failing the connection on purpose so a
    /// test can see how a client copes with a network failure.
    ///
    /// An extensible set of values; compare with `==`.
    public struct Behavior: Sendable, Hashable, CustomStringConvertible {
        private enum Kind: String, Sendable, Hashable {
            case normal
            case closeMidResponse
            case closeWithoutResponse
        }

        private let kind: Kind

        private init(_ kind: Kind) {
            self.kind = kind
        }

        /// Sends the whole response and keeps the connection open if the request allows it.
        public static let normal = Behavior(.normal)

        /// Sends the status line, the header fields and the first half of the body, then closes the connection.
        ///
        /// `Content-Length` announces the whole body, so the client sees the response cut short. An empty body
        /// is announced as one byte, so that even then the response is incomplete.
        public static let closeMidResponse = Behavior(.closeMidResponse)

        /// Reads the whole request, records it, then closes the connection without sending a byte.
        public static let closeWithoutResponse = Behavior(.closeWithoutResponse)

        /// The behavior's name, such as `closeMidResponse`.
        public var description: String {
            kind.rawValue
        }
    }
}
