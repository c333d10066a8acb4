/// Facts about the SDK itself.
///
/// ```swift
/// print("Using January Partner SDK \(JanuaryPartnerSDK.version)")
/// ```
public enum JanuaryPartnerSDK {
    /// The SDK's version, the single source of the version string in the `User-Agent` every request carries.
    public static let version = "0.2.0"
}
