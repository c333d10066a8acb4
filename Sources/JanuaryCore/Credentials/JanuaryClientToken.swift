import Foundation

/// A short-lived credential that your backend obtained from January for one app session.
///
/// Your `clientTokenProvider` returns one of these. The SDK keeps it in memory only, attaches it to
/// requests as `Authorization: Bearer …`, and asks your provider for a new one a minute before
/// ``expiresAt``, or as soon as January rejects it.
///
/// ```swift
/// let january = try JanuaryPartnerClient(clientTokenProvider: {
///     let response = try await partnerBackend.createJanuaryToken()
///     return JanuaryClientToken(value: response.accessToken, expiresAt: response.expiresAt)
/// })
/// ```
///
/// The token's value cannot be read back through the SDK's public API, and every way of printing the
/// token (`description`, `debugDescription`, string interpolation, `dump`) shows `<redacted>` instead of
/// it. The type is deliberately not `Codable`, so that it cannot be written to disk by accident.
public struct JanuaryClientToken: Sendable {
    /// The secret itself, for the SDK's own modules only.
    package let value: String

    /// When January stops accepting the token.
    public let expiresAt: Date

    /// Creates a token from what your backend received from January.
    ///
    /// The SDK checks the token when your provider returns it: an empty value, one with whitespace, control or
    /// non-ASCII characters, or one that expires within the refresh leeway, is refused with
    /// ``JanuaryError/Category/tokenProvider``.
    ///
    /// - Parameters:
    ///   - value: The access token string exactly as January issued it.
    ///   - expiresAt: The token's expiry, as January reported it to your backend.
    public init(value: String, expiresAt: Date) {
        self.value = value
        self.expiresAt = expiresAt
    }
}

extension JanuaryClientToken: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// A summary that shows the expiry and never the value.
    public var description: String {
        "JanuaryClientToken(value: \(Redaction.placeholder), expiresAt: \(expiresAt.formatted(.iso8601)))"
    }

    /// The same text as ``description``.
    public var debugDescription: String {
        description
    }

    /// A mirror without the value, so that `dump` and debuggers cannot show it.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: ["value": Redaction.placeholder, "expiresAt": expiresAt],
            displayStyle: .struct
        )
    }
}
