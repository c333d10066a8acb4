import JanuaryCore

/// A failure of Apple Health or of the app's Health setup, from `JanuaryPartnerSDKHealth`.
///
/// Its ``message`` is safe to log: it names the log's sync identifier or the type, never a value read from or
/// written to Health. Failures of January's API stay `JanuaryError`s.
public struct JanuaryHealthError: Error, Sendable, CustomStringConvertible {
    /// What went wrong; an open set: compare with the static members and keep a `default` branch.
    public typealias Code = JanuaryVocabulary<JanuaryVocabularies.HealthErrorCode>

    /// What went wrong.
    public let code: Code

    /// What happened, for developers; never a value from Health.
    public let message: String

    /// The Info.plist key that is missing or blank, for `.missingUsageDescription`.
    public let missingInfoPlistKey: String?

    /// The error HealthKit reported, if any.
    public let underlyingError: (any Error)?

    /// Creates an error, as a store (or your fake of one) reports it.
    ///
    /// - Parameters:
    ///   - code: What went wrong.
    ///   - message: What happened, without any health value.
    ///   - missingInfoPlistKey: The Info.plist key that is missing, for `.missingUsageDescription`.
    ///   - underlyingError: The error HealthKit reported.
    public init(code: Code, message: String, missingInfoPlistKey: String? = nil, underlyingError: (any Error)? = nil) {
        self.code = code
        self.message = message
        self.missingInfoPlistKey = missingInfoPlistKey
        self.underlyingError = underlyingError
    }

    /// The code and message, and the underlying error's type only (HealthKit's own message may be anything).
    public var description: String {
        var text = "JanuaryHealthError(\(code)): \(message)"
        if let underlyingError {
            text += " (caused by \(type(of: underlyingError)))"
        }
        return text
    }
}

extension JanuaryVocabularies {
    /// The vocabulary of ``/JanuaryPartnerSDKHealth/JanuaryHealthError/Code``, which keeps its values apart from other vocabularies'.
    public enum HealthErrorCode {}
}

extension JanuaryHealthError.Code {
    /// The app's Info.plist lacks a key HealthKit requires before it asks the user: see
    /// ``JanuaryHealthError/missingInfoPlistKey``.
    public static var missingUsageDescription: Self { Self(rawValue: "missing_usage_description") }
    /// The device has no Health data (an iPad before iPadOS 17, for example).
    public static var healthDataUnavailable: Self { Self(rawValue: "health_data_unavailable") }
    /// The user has not allowed the app to write this type.
    public static var authorizationDenied: Self { Self(rawValue: "authorization_denied") }
    /// Health could not be read or written (the device is locked, the store failed); the outcome is known: nothing
    /// was written.
    public static var storeFailed: Self { Self(rawValue: "store_failed") }
    /// A log carries a value Health cannot take: a unit HealthKit has no equivalent of, a value that is not a
    /// positive finite number, or a time that is not a real instant.
    public static var unsupportedValue: Self { Self(rawValue: "unsupported_value") }
    /// A log without January's identifier, or with one that is not a UUID: it cannot be given a sync identifier.
    public static var invalidLogID: Self { Self(rawValue: "invalid_log_id") }
}
