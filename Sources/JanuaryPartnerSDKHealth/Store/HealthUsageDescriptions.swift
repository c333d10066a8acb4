/// The Info.plist keys HealthKit requires, checked before the SDK asks for access: HealthKit terminates an app that
/// requests authorisation without them.
public enum HealthUsageDescriptions {
    /// The key HealthKit requires before an app reads from Health ("share with the app" in its words).
    public static let readKey = "NSHealthShareUsageDescription"

    /// The key HealthKit requires before an app writes to Health.
    public static let writeKey = "NSHealthUpdateUsageDescription"

    /// Checks an Info.plist dictionary for the non-blank usage descriptions a request needs.
    ///
    /// ```swift
    /// try HealthUsageDescriptions.check(in: Bundle.main.infoDictionary, writing: true, reading: false)
    /// ```
    ///
    /// - Parameters:
    ///   - infoDictionary: The app's Info.plist, such as `Bundle.main.infoDictionary`.
    ///   - writing: Whether the request writes: ``writeKey`` is needed.
    ///   - reading: Whether the request reads: ``readKey`` is needed.
    /// - Throws: ``JanuaryHealthError`` with code `missing_usage_description` naming the first key that is missing,
    ///   not a string, or blank.
    public static func check(in infoDictionary: [String: Any]?, writing: Bool, reading: Bool) throws {
        let needed = (writing ? [writeKey] : []) + (reading ? [readKey] : [])
        for key in needed {
            let value = infoDictionary?[key] as? String ?? ""
            guard value.contains(where: { !$0.isWhitespace }) else {
                throw JanuaryHealthError(
                    code: .missingUsageDescription,
                    message:
                        "The app's Info.plist has no \(key): add it with a sentence saying why the app "
                        + (key == writeKey ? "writes to" : "reads from")
                        + " Health. HealthKit terminates an app that asks for access without it.",
                    missingInfoPlistKey: key)
            }
        }
    }
}
