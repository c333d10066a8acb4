import Foundation
import JanuaryCore

extension JanuaryOutbox {
    /// The outbox's own identifier of a write, given when the app hands it over and kept until January has it: the
    /// key to show, change, await or discard the write before it has January's identifier.
    public struct EntryID: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
        /// The identifier's text: a lowercase UUID.
        public let rawValue: String

        /// Wraps an identifier the outbox gave, such as one your app stored beside its own row.
        ///
        /// - Parameter rawValue: The identifier's text.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// A new identifier.
        static func make() -> JanuaryOutbox.EntryID {
            JanuaryOutbox.EntryID(rawValue: UUID().uuidString.lowercased())
        }

        /// The identifier's text.
        public var description: String {
            rawValue
        }
    }
}
