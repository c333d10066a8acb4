/// A mistake in the app's setup that stops voice capture before it asks for anything: thrown when it is made, so
/// that it never requests the microphone or speech recognition without the keys iOS requires (without them, iOS
/// terminates the app).
public struct VoiceCaptureConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The Info.plist keys that are missing or blank, in the order iOS asks: `NSMicrophoneUsageDescription`, then
    /// `NSSpeechRecognitionUsageDescription`. Never empty.
    public let missingInfoPlistKeys: [String]

    /// What to fix, for the developer.
    public var description: String {
        "The app's Info.plist has no \(missingInfoPlistKeys.joined(separator: " and ")): add each with a sentence "
            + "saying why the app listens. iOS terminates an app that asks for the microphone or speech "
            + "recognition without them."
    }

    /// The key iOS requires before an app may ask for the microphone.
    public static let microphoneUsageDescriptionKey = "NSMicrophoneUsageDescription"

    /// The key iOS requires before an app may ask for speech recognition.
    public static let speechRecognitionUsageDescriptionKey = "NSSpeechRecognitionUsageDescription"

    /// Checks an Info.plist dictionary for non-blank microphone and speech recognition usage descriptions.
    ///
    /// - Parameter infoDictionary: The app's Info.plist, such as `Bundle.main.infoDictionary`.
    /// - Throws: ``VoiceCaptureConfigurationError`` naming every key that is missing, not a string, or blank.
    public static func checkUsageDescriptions(in infoDictionary: [String: Any]?) throws {
        let missing = missingKeys(in: infoDictionary)
        guard missing.isEmpty else {
            throw VoiceCaptureConfigurationError(missingInfoPlistKeys: missing)
        }
    }

    /// The keys of the two that are missing, not a string, or blank, in the order iOS asks.
    static func missingKeys(in infoDictionary: [String: Any]?) -> [String] {
        [microphoneUsageDescriptionKey, speechRecognitionUsageDescriptionKey].filter { key in
            let value = infoDictionary?[key] as? String ?? ""
            return !value.contains(where: { !$0.isWhitespace })
        }
    }
}
