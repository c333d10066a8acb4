import Foundation
import Testing

@testable import JanuaryPartnerSDK

/// What a release needs beside the code (RELEASING.md): the files a partner's legal and security review reads, the
/// version the code reports, and the privacy manifest Apple reads.
@Suite("Release files", suiteTimeLimit())
struct ReleaseFilesTests {
    /// The repository's root, where the sources were compiled; absent on a device.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let sourcesArePresent = FileManager.default.fileExists(atPath: #filePath)

    static func text(_ name: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(name), encoding: .utf8)
    }

    @Test(
        .enabled(if: sourcesArePresent, "reads the repository's files"),
        arguments: [
            ("LICENSE", "Apache License"), ("LICENSE", "Version 2.0, January 2004"),
            ("CHANGELOG.md", "## [Unreleased]"), ("RELEASING.md", "git tag -a X.Y.Z"),
            ("SECURITY.md", "## Reporting a vulnerability"), ("Docs/Support.md", "supportSummary"),
            // Support.md says where a security problem goes, with the address SECURITY.md gives.
            ("SECURITY.md", "security@january.ai"), ("Docs/Support.md", "**security@january.ai**"),
            ("README.md", "Apache-2.0"), ("README.md", "[NOTICE](NOTICE)"),
            ("NOTICE", "Copyright 2026 January AI, Inc."),
            // One recommended way to reach the simulator, linked from the README to where the ways are compared.
            ("README.md", "(Docs/Testing.md#which-way-to-reach-the-simulator)"),
            ("Docs/Testing.md", "## Which way to reach the simulator"),
        ]
    )
    func theFileSaysWhatItMust(_ name: String, _ phrase: String) throws {
        #expect(try Self.text(name).contains(phrase), "\(name) must say \(phrase)")
    }

    /// The version the code reports follows the CHANGELOG (`ChangelogVersionRule`): `<next>-dev` while
    /// `## [Unreleased]` lists changes, the newest release heading on a release commit; and it reaches the
    /// `User-Agent` unchanged.
    @Test(.enabled(if: sourcesArePresent, "reads the repository's CHANGELOG"))
    func theReportedVersionFollowsTheChangelog() throws {
        let changelog = try Self.text("CHANGELOG.md")
        let problem = ChangelogVersionRule.problem(sdkVersion: JanuaryPartnerClient.sdkVersion, changelog: changelog)
        #expect(problem == nil, "\(problem ?? "")")
        #expect(UserAgent.current.hasPrefix("JanuaryPartnerSDK/\(JanuaryPartnerClient.sdkVersion) "))
    }

    @Test(.enabled(if: sourcesArePresent, "reads the repository's .spi.yml"))
    func theHostedDocumentationCoversEveryDocumentedProduct() throws {
        let spi = try Self.text(".spi.yml")
        for target in ["JanuaryPartnerSDK", "JanuaryPartnerSDKTesting", "JanuaryTestServer"] {
            #expect(spi.contains("- \(target)\n"), ".spi.yml must name \(target)")
        }
    }

    /// The manifest is in the SDK's resource bundle and is the property list Apple documents: no tracking, the
    /// data the SDK sends for the app (each type Docs/Platforms.md's table names; `PrivacyManifestTableTests`)
    /// linked to the user and used for the app's function, and the one
    /// required-reason API it uses (the time since boot, to measure token lifetimes).
    @Test func thePrivacyManifestIsWhatAppleReads() throws {
        let url = try #require(Bundle.module.url(forResource: "PrivacyInfo", withExtension: "xcprivacy"))
        let data = try Data(contentsOf: url)
        let plist = try #require(
            try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
        #expect(
            Set(plist.keys) == [
                "NSPrivacyTracking", "NSPrivacyTrackingDomains", "NSPrivacyCollectedDataTypes",
                "NSPrivacyAccessedAPITypes",
            ])
        #expect(plist["NSPrivacyTracking"] as? Bool == false)
        #expect((plist["NSPrivacyTrackingDomains"] as? [String])?.isEmpty == true)
        let collected = try #require(plist["NSPrivacyCollectedDataTypes"] as? [[String: Any]])
        #expect(
            Set(collected.compactMap { $0["NSPrivacyCollectedDataType"] as? String }) == [
                "NSPrivacyCollectedDataTypeHealth", "NSPrivacyCollectedDataTypeFitness",
                "NSPrivacyCollectedDataTypeSensitiveInfo", "NSPrivacyCollectedDataTypePreciseLocation",
                "NSPrivacyCollectedDataTypePhotosorVideos", "NSPrivacyCollectedDataTypeOtherUserContent",
                "NSPrivacyCollectedDataTypeSearchHistory", "NSPrivacyCollectedDataTypeUserID",
                "NSPrivacyCollectedDataTypeOtherDataTypes",
            ])
        for type in collected {
            #expect(type["NSPrivacyCollectedDataTypeLinked"] as? Bool == true)
            #expect(type["NSPrivacyCollectedDataTypeTracking"] as? Bool == false)
            #expect(
                type["NSPrivacyCollectedDataTypePurposes"] as? [String] == [
                    "NSPrivacyCollectedDataTypePurposeAppFunctionality"
                ])
        }
        let accessed = try #require(plist["NSPrivacyAccessedAPITypes"] as? [[String: Any]])
        #expect(accessed.count == 1)
        #expect(accessed.first?["NSPrivacyAccessedAPIType"] as? String == "NSPrivacyAccessedAPICategorySystemBootTime")
        #expect(accessed.first?["NSPrivacyAccessedAPITypeReasons"] as? [String] == ["35F9.1"])
    }
}
