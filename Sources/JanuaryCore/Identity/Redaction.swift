import Foundation

/// What the SDK prints in place of a secret, everywhere: descriptions, mirrors, logs and events.
package enum Redaction {
    package static let placeholder = "<redacted>"

    /// A date as ISO 8601, or a word for the dates `formatted` cannot print (a NaN interval), so that
    /// describing a malformed token never traps.
    package static func printable(_ date: Date) -> String {
        guard date.timeIntervalSinceReferenceDate.isFinite else {
            return "invalid date"
        }
        return date.formatted(.iso8601)
    }
}
