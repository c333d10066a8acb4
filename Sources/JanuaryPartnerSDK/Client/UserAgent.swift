import Foundation

/// The `User-Agent` every request carries, so that January can tell SDK versions and platforms apart when it
/// helps a partner: `JanuaryPartnerSDK/<version> Swift/6 Platform/<name> OS/<version>`, then `App/<bundle id>`
/// and `AppVersion/<short version>` when the main bundle has them.
///
/// Each variable part keeps only letters, digits, `.`, `_` and `-` (others become `_`) and at most 64
/// characters, so that no value from a bundle can break the field or grow it without bound.
enum UserAgent {
    /// The value for this process, computed once.
    static let current = make(
        platform: platformName,
        osVersion: operatingSystemVersion,
        bundleIdentifier: Bundle.main.bundleIdentifier,
        shortVersion: Bundle.main.object(forInfoDictionaryKey: "CFBundleShortVersionString") as? String
    )

    /// Builds the value from its parts.
    ///
    /// - Parameters:
    ///   - sdkVersion: The SDK's version; a parameter so that a test can give a pre-release or a malformed one.
    ///   - platform: `iOS`, `macOS`, `tvOS`, `watchOS`, `visionOS` or `Linux`.
    ///   - osVersion: The operating system's version.
    ///   - bundleIdentifier: The app's bundle identifier, if any.
    ///   - shortVersion: The app's short version string, if any.
    /// - Returns: The field value.
    static func make(
        sdkVersion: String = JanuaryPartnerClient.sdkVersion,
        platform: String,
        osVersion: String,
        bundleIdentifier: String?,
        shortVersion: String?
    ) -> String {
        var parts = [
            "JanuaryPartnerSDK/\(sanitized(sdkVersion))",
            "Swift/6",
            "Platform/\(sanitized(platform))",
            "OS/\(sanitized(osVersion))",
        ]
        if let bundleIdentifier, !bundleIdentifier.isEmpty {
            parts.append("App/\(sanitized(bundleIdentifier))")
        }
        if let shortVersion, !shortVersion.isEmpty {
            parts.append("AppVersion/\(sanitized(shortVersion))")
        }
        return parts.joined(separator: " ")
    }

    /// Keeps `[A-Za-z0-9._-]`, replaces anything else with `_`, and cuts at 64 characters.
    static func sanitized(_ value: String) -> String {
        var result = ""
        for scalar in value.unicodeScalars.prefix(64) {
            let isAllowed =
                scalar.isASCII
                && (("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                    || scalar == "." || scalar == "_" || scalar == "-")
            result.unicodeScalars.append(isAllowed ? scalar : "_")
        }
        return result.isEmpty ? "unknown" : result
    }

    private static var platformName: String {
        #if os(iOS)
        "iOS"
        #elseif os(macOS)
        "macOS"
        #elseif os(tvOS)
        "tvOS"
        #elseif os(watchOS)
        "watchOS"
        #elseif os(visionOS)
        "visionOS"
        #elseif os(Linux)
        "Linux"
        #else
        "unknown"
        #endif
    }

    private static var operatingSystemVersion: String {
        let version = ProcessInfo.processInfo.operatingSystemVersion
        return "\(version.majorVersion).\(version.minorVersion).\(version.patchVersion)"
    }
}
