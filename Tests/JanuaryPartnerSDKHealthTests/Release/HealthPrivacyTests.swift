import Foundation
import Testing

/// The privacy claims of Docs/Health.md, checked on the sources: nothing from Health is logged, and the privacy
/// manifest partners ship already declares the health data the product sends to January.
@Suite("Health data stays out of logs, and the privacy manifest declares it", suiteTimeLimit())
struct HealthPrivacyTests {
    /// The repository's root, where the sources were compiled; absent on a device.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let sourcesArePresent = FileManager.default.fileExists(atPath: #filePath)

    /// Every way Swift code on Apple platforms or Linux writes text somewhere a person or a crash report can read it,
    /// or keeps it on the device.
    static let loggingCalls = [
        "print(", "debugPrint(", "dump(", "NSLog(", "os_log(", "Logger(", "OSLog", "FileHandle", "fputs(",
        "FileManager", ".write(to", "UserDefaults",
        // Nor does it watch Health in the background.
        "HKObserverQuery", "enableBackgroundDelivery", "HKAnchoredObjectQuery",
    ]

    @Test(.enabled(if: sourcesArePresent, "reads the repository's sources"))
    func nothingFromHealthIsLogged() throws {
        let folder = Self.root.appendingPathComponent("Sources/JanuaryPartnerSDKHealth")
        let files = try #require(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        #expect(files.count > 10)
        for file in files {
            let code = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
                .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
                .joined(separator: "\n")
            for call in Self.loggingCalls {
                #expect(!code.contains(call), "\(file.lastPathComponent) uses \(call)")
            }
        }
    }

    @Test(.enabled(if: sourcesArePresent, "reads the repository's privacy manifest"))
    func manifestDeclaresHealthData() throws {
        let data = try Data(
            contentsOf: Self.root.appendingPathComponent("Sources/JanuaryPartnerSDK/PrivacyInfo.xcprivacy"))
        let plist = try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
        #expect(plist["NSPrivacyTracking"] as? Bool == false)
        let collected = try #require(plist["NSPrivacyCollectedDataTypes"] as? [[String: Any]])
        let health = try #require(
            collected.first { $0["NSPrivacyCollectedDataType"] as? String == "NSPrivacyCollectedDataTypeHealth" })
        #expect(health["NSPrivacyCollectedDataTypeLinked"] as? Bool == true)
        #expect(health["NSPrivacyCollectedDataTypeTracking"] as? Bool == false)
        #expect(
            health["NSPrivacyCollectedDataTypePurposes"] as? [String] == [
                "NSPrivacyCollectedDataTypePurposeAppFunctionality"
            ])
    }
}
