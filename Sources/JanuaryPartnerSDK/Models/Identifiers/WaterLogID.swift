import Foundation
import JanuaryCore

/// January's identifier of one water log entry of an end user.
///
/// A water log id is a UUID, such as `3f2b9c1e-8d4a-4e6f-9b7a-2c1d0e5f6a7b`, assigned by January when the log
/// is created.
///
/// On the wire the identifier is always a string; the SDK also reads it from a JSON integer and always writes
/// it back as a string. Treat it as opaque: compare it, store it, send it back, but do not compute with it.
///
/// ```swift
/// let id: WaterLogID = "3f2b9c1e-8d4a-4e6f-9b7a-2c1d0e5f6a7b"
/// ```
public struct WaterLogID: CheckedIdentifier {
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

    static let form = IdentifierForm.uuid
}
