/// What the SDK prints in place of a secret, everywhere: descriptions, mirrors, logs and events.
package enum Redaction {
    package static let placeholder = "<redacted>"
}
