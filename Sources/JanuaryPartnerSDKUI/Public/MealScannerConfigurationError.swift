/// A mistake in the app's setup that stops the scanner before it asks for anything: thrown when the scanner is made,
/// so that it never requests the camera without the key iOS requires (which would terminate the app).
public struct MealScannerConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The Info.plist key that is missing or empty: `NSCameraUsageDescription`.
    public let missingInfoPlistKey: String

    /// What to fix, for the developer.
    public var description: String {
        "The app's Info.plist has no \(missingInfoPlistKey): add it with a sentence saying why the app uses the "
            + "camera. iOS terminates an app that asks for the camera without it."
    }

    /// The key iOS requires before an app may ask for the camera.
    public static let cameraUsageDescriptionKey = "NSCameraUsageDescription"

    /// Checks an Info.plist dictionary for a non-blank camera usage description.
    ///
    /// - Parameter infoDictionary: The app's Info.plist, such as `Bundle.main.infoDictionary`.
    /// - Throws: ``MealScannerConfigurationError`` when the key is missing, not a string, or blank.
    public static func checkCameraUsageDescription(in infoDictionary: [String: Any]?) throws {
        let value = infoDictionary?[cameraUsageDescriptionKey] as? String ?? ""
        guard value.contains(where: { !$0.isWhitespace }) else {
            throw MealScannerConfigurationError(missingInfoPlistKey: cameraUsageDescriptionKey)
        }
    }
}
