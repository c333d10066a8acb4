import Foundation

/// A short-lived credential that your backend obtained from January for one app session.
///
/// Your `clientTokenProvider` returns one of these. The SDK keeps it in memory only, attaches it to
/// requests as `Authorization: Bearer …`, and asks your provider for a new one a minute before it expires,
/// or as soon as January rejects it.
///
/// January's token endpoint answers `{"token": "ct-…", "expires_in": 1800, "expires_at": "…", …}` and most
/// backends pass `token` and `expires_in` through, so the simplest provider decodes your backend's answer:
///
/// ```swift
/// #if canImport(FoundationNetworking)
/// import FoundationNetworking
/// #endif
///
/// let tokenSession = URLSession(configuration: .ephemeral)  // URLSession.shared would cache the token on disk
/// let january = try JanuaryPartnerClient(clientTokenProvider: {
///     var request = URLRequest(url: URL(string: "https://api.example.com/january-token")!)
///     request.httpMethod = "POST"
///     request.setValue("Bearer \(try await session.currentToken())", forHTTPHeaderField: "Authorization")
///     let (data, response) = try await tokenSession.data(for: request)
///     guard (response as? HTTPURLResponse)?.statusCode == 200 else { throw URLError(.badServerResponse) }
///     return try JSONDecoder().decode(JanuaryClientToken.self, from: data)
/// })
/// ```
///
/// Prefer a lifetime (``init(value:expiresIn:)``) to an absolute expiry: the SDK measures a lifetime on the
/// device's monotonic clock, so a device clock that is minutes off cannot make a good token look expired.
///
/// The token's value cannot be read back through the SDK's public API, and every way of printing the
/// token (`description`, `debugDescription`, string interpolation, `dump`) shows `<redacted>` instead of
/// it. The type is `Decodable` but deliberately not `Encodable`, so that it cannot be written to disk by
/// accident.
public struct JanuaryClientToken: Sendable {
    /// The secret itself, for the SDK's own modules only.
    package let value: String

    /// When January stops accepting the token, by the device's clock when the token was created.
    public let expiresAt: Date

    /// The token's lifetime in seconds when it was created, if it was created from one (`expires_in`).
    ///
    /// When present, the SDK counts this lifetime down on the device's monotonic clock from the moment your
    /// provider returns the token, and ignores ``expiresAt``.
    public let expiresIn: TimeInterval?

    /// Creates a token from an absolute expiry, such as January's `expires_at`.
    ///
    /// The SDK judges the expiry in January's time once it has seen the `Date` of one of January's responses,
    /// so a device clock that runs fast does not make the token look expired for long.
    ///
    /// - Parameters:
    ///   - value: The access token string exactly as January issued it (`ct-…`).
    ///   - expiresAt: The token's expiry, as January reported it to your backend.
    public init(value: String, expiresAt: Date) {
        self.value = value
        self.expiresAt = expiresAt
        self.expiresIn = nil
    }

    /// Creates a token from its lifetime, such as January's `expires_in`, with the expiry fixed now.
    ///
    /// - Parameters:
    ///   - value: The access token string exactly as January issued it (`ct-…`).
    ///   - expiresIn: How many seconds the token is valid for, from now. It must be finite and longer than the
    ///     refresh leeway (60 s by default), or the SDK refuses the token.
    public init(value: String, expiresIn: TimeInterval) {
        self.value = value
        self.expiresIn = expiresIn
        self.expiresAt = expiresIn.isFinite ? Date(timeIntervalSinceNow: expiresIn) : .distantPast
    }
}

extension JanuaryClientToken: Decodable {
    private struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }

        init(_ name: String) {
            stringValue = name
        }

        init?(stringValue: String) {
            self.stringValue = stringValue
        }

        init?(intValue: Int) {
            nil
        }
    }

    private static let valueKeys = ["token", "value", "accessToken", "access_token"].map(Key.init)
    private static let lifetimeKeys = ["expires_in", "expiresIn"].map(Key.init)
    private static let expiryKeys = ["expires_at", "expiresAt"].map(Key.init)

    /// Decodes a token from what a partner's backend usually returns.
    ///
    /// The value is read from `token`, `value`, `accessToken` or `access_token`; the expiry from `expires_in`
    /// or `expiresIn` (seconds, preferred, as January advises) or else from `expires_at` or `expiresAt`
    /// (an ISO 8601 date-time with a `Z` or numeric offset, with or without fractional seconds, read exactly as
    /// the SDK reads January's timestamps; or seconds since 1970). Other fields, such as January's
    /// `end_user_id` and `scopes`, are ignored.
    ///
    /// - Parameter decoder: The decoder to read from; its date and key strategies are not used.
    /// - Throws: `DecodingError` when no value or no expiry can be read. The error never contains the value.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        guard let valueKey = Self.valueKeys.first(where: container.contains) else {
            throw DecodingError.keyNotFound(
                Key("token"),
                .init(codingPath: container.codingPath, debugDescription: "No token, value or accessToken field.")
            )
        }
        let value = try container.decode(String.self, forKey: valueKey)
        if let key = Self.lifetimeKeys.first(where: container.contains),
            let seconds = try Self.decodeSeconds(container, key)
        {
            self.init(value: value, expiresIn: seconds)
            return
        }
        if let key = Self.expiryKeys.first(where: container.contains), let date = try Self.decodeDate(container, key) {
            self.init(value: value, expiresAt: date)
            return
        }
        throw DecodingError.keyNotFound(
            Key("expires_in"),
            .init(codingPath: container.codingPath, debugDescription: "No expires_in or expires_at field.")
        )
    }

    private static func decodeSeconds(_ container: KeyedDecodingContainer<Key>, _ key: Key) throws -> TimeInterval? {
        if try container.decodeNil(forKey: key) {
            return nil
        }
        if let number = try? container.decode(Double.self, forKey: key) {
            return number
        }
        let text = try container.decode(String.self, forKey: key)
        guard let number = Double(text.trimmingCharacters(in: .whitespaces)) else {
            throw DecodingError.dataCorruptedError(
                forKey: key,
                in: container,
                debugDescription: "Expected a number of seconds."
            )
        }
        return number
    }

    private static func decodeDate(_ container: KeyedDecodingContainer<Key>, _ key: Key) throws -> Date? {
        if try container.decodeNil(forKey: key) {
            return nil
        }
        if let seconds = try? container.decode(Double.self, forKey: key) {
            return Date(timeIntervalSince1970: seconds)
        }
        // The models' parser, not `Date.ISO8601FormatStyle`, whose parsing of fractions and offsets changed between
        // iOS 15 and iOS 17: the same text gives the same expiry on every OS the SDK supports.
        if let date = JanuaryTimestamp.parse(try container.decode(String.self, forKey: key)) {
            return date
        }
        throw DecodingError.dataCorruptedError(
            forKey: key,
            in: container,
            debugDescription: "Expected an ISO 8601 date-time or seconds since 1970."
        )
    }
}

extension JanuaryClientToken: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// A summary that shows the expiry and never the value.
    public var description: String {
        let lifetime = expiresIn.map { ", expiresIn: \($0)" } ?? ""
        return "JanuaryClientToken(value: \(Redaction.placeholder), expiresAt: \(Redaction.printable(expiresAt))"
            + lifetime + ")"
    }

    /// The same text as ``description``.
    public var debugDescription: String {
        description
    }

    /// A mirror without the value, so that `dump` and debuggers cannot show it.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "value": Redaction.placeholder,
                "expiresAt": expiresAt,
                "expiresIn": expiresIn as Any,
            ],
            displayStyle: .struct
        )
    }
}
