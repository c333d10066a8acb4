import Foundation

/// Your own stable identifier for one of your users, for the operations that act for one user.
///
/// Use the identifier your systems already own, such as a database primary key or an opaque UUID. January
/// must never receive personal data through it. The client sends it, exactly as you give it, in the
/// `January-End-User-ID` header of the operations that act for a user (the food, water and weight logs),
/// where January checks it against the user a client token was minted for.
///
/// Before anything is sent, ``validate()`` refuses a value January could not use or should not see: one that
/// is empty, longer than ``maximumLength`` characters (January binds tokens to at most 64), contains anything but
/// printable ASCII (spaces are allowed inside, not at the ends), or looks like an email address.
///
/// ```swift
/// let userID = PartnerUserID(rawValue: account.id)  // your own stable ID, never an email address
/// try userID.validate()  // optional: the SDK validates again before sending
/// ```
///
/// The initializer never fails, so that the value can be decoded and carried around freely; validation
/// happens where it matters, at the edge of the SDK.
public struct PartnerUserID: RawRepresentable, Hashable, Sendable, Codable {
    /// The longest accepted identifier, in characters: January binds a client token to an `end_user_id` of at
    /// most 64 characters, so a longer identifier could never match one.
    public static let maximumLength = 64

    /// The identifier exactly as you gave it.
    public let rawValue: String

    /// Creates an identifier from your own user identifier, unchanged.
    ///
    /// - Parameter rawValue: Your stable, opaque identifier for the user.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Creates an identifier by decoding a single string.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` if the value is not a string.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        self.rawValue = try container.decode(String.self)
    }

    /// Encodes the identifier as a single string.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: Whatever the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// Checks that the identifier may be sent to January.
    ///
    /// - Throws: A ``JanuaryError`` of category ``JanuaryError/Category/invalidInput`` and code
    ///   `invalid_end_user_id` that says which rule the value breaks: it is empty or only whitespace, it is
    ///   longer than ``maximumLength`` characters, it starts or ends with a space, it contains a character
    ///   outside printable ASCII, or it looks like an email address. The message never quotes the value.
    public func validate() throws {
        if let problem = Self.problem(with: rawValue) {
            throw JanuaryError.invalidInput(
                "PartnerUserID is not valid: \(problem).",
                code: JanuaryError.Code.invalidEndUserID
            )
        }
    }

    /// The reason a value is refused, or `nil` when it is acceptable. The reasons never quote the value,
    /// because a refused value may be exactly the personal data that must not be logged.
    private static func problem(with value: String) -> String? {
        if value.unicodeScalars.allSatisfy(\.properties.isWhitespace) {
            return "it is empty or contains only whitespace"
        }
        if looksLikeEmailAddress(value) {
            return "it looks like an email address; use an opaque identifier that is not personal data"
        }
        if value.unicodeScalars.count > maximumLength {
            return "it is longer than \(maximumLength) characters"
        }
        if value.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) {
            return "it contains a control character"
        }
        if value.utf8.contains(where: { $0 > 0x7E }) {
            return "it contains a character outside printable ASCII"
        }
        if value.hasPrefix(" ") || value.hasSuffix(" ") {
            return "it starts or ends with a space"
        }
        return nil
    }

    /// A deliberately broad test: `local@domain.tld` in any letters, also behind `mailto:` or percent-encoded
    /// as `%40`. Refusing an odd opaque identifier costs a partner a clear error; accepting an email address
    /// would send personal data.
    private static func looksLikeEmailAddress(_ value: String) -> Bool {
        var candidate = value.trimmingCharacters(in: .whitespacesAndNewlines)
        if candidate.lowercased().hasPrefix("mailto:") {
            return true
        }
        candidate = candidate.replacingOccurrences(of: "%40", with: "@", options: .caseInsensitive)
        candidate = candidate.replacingOccurrences(of: "\u{FF20}", with: "@")
        guard let at = candidate.lastIndex(of: "@") else {
            return false
        }
        let local = candidate[..<at]
        let domain = candidate[candidate.index(after: at)...]
        guard !local.isEmpty, !local.contains(where: \.isWhitespace) else {
            return false
        }
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        return labels.count >= 2 && labels.allSatisfy { !$0.isEmpty && !$0.contains(where: \.isWhitespace) }
    }
}
