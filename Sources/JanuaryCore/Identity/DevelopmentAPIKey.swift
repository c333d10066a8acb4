import Foundation

/// An API key from the January dashboard, for development builds only.
///
/// A key does not expire and cannot be refreshed, and anyone who extracts it from an app binary can use
/// it. Never ship it in a distributed app: production apps use ``JanuaryClientToken`` through a
/// `clientTokenProvider` instead.
///
/// Like a token, a key is never printed: `description`, `debugDescription` and `dump` show `<redacted>`.
public struct DevelopmentAPIKey: Sendable {
    /// The key itself, for the SDK's own modules only.
    package let value: String

    /// Creates a key from the string the January dashboard shows, ignoring surrounding whitespace.
    ///
    /// - Parameter key: The key as copied from the dashboard or read from the environment.
    /// - Throws: A ``JanuaryError`` with code `invalid_development_key`: of category
    ///   ``JanuaryError/Category/authentication`` when the key is empty or only whitespace (no credential at
    ///   all), of category ``JanuaryError/Category/invalidInput`` when it contains whitespace, control or
    ///   non-ASCII characters after trimming (a credential that cannot be sent in a header).
    public init(_ key: String) throws {
        let trimmed = key.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else {
            throw JanuaryError.authentication(
                "The development API key is empty.",
                code: JanuaryError.Code.invalidDevelopmentKey
            )
        }
        guard CredentialSyntax.isHeaderSafe(trimmed) else {
            throw JanuaryError.invalidInput(
                "The development API key contains whitespace, control or non-ASCII characters.",
                code: JanuaryError.Code.invalidDevelopmentKey
            )
        }
        self.value = trimmed
    }
}

extension DevelopmentAPIKey: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// A summary that never shows the key.
    public var description: String {
        "DevelopmentAPIKey(\(Redaction.placeholder))"
    }

    /// The same text as ``description``.
    public var debugDescription: String {
        description
    }

    /// A mirror without the key, so that `dump` and debuggers cannot show it.
    public var customMirror: Mirror {
        Mirror(self, children: ["value": Redaction.placeholder], displayStyle: .struct)
    }
}
