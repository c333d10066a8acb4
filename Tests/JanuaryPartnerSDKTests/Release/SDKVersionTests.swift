import Foundation
import Testing

@testable import JanuaryPartnerSDK

/// The version the SDK reports: what counts as one, what the CHANGELOG asks of it, and that a pre-release travels
/// unchanged in the `User-Agent` and the support summary.
@Suite("The version the SDK reports", suiteTimeLimit())
struct SDKVersionTests {
    @Test(
        "a version is MAJOR.MINOR.PATCH with an optional pre-release, nothing else",
        arguments: [
            ("0.3.0-dev", "0.3.0-dev"), ("0.3.0", "0.3.0"), ("1.0.0-rc.1", "1.0.0-rc.1"), ("10.20.30", "10.20.30"),
            ("1.0.0-alpha-beta.0.x", "1.0.0-alpha-beta.0.x"), ("v0.3.0", nil), ("0.3", nil), ("0.3.0.1", nil),
            ("0.3.0+build.5", nil), ("0.3.0-dev+build.5", nil), ("01.0.0", nil), ("0.03.0", nil), ("0.3.0-", nil),
            ("0.3.0-01", nil), ("0.3.0-dev..1", nil), (" 0.3.0", nil), ("0.3.0-dév", nil), ("", nil), ("-1.0.0", nil),
            ("99999999999999999999.0.0", nil),
        ] as [(String, String?)]
    )
    func parsing(text: String, expected: String?) {
        #expect(SemanticVersion(text)?.description == expected)
    }

    @Test func successorsAreTheNextPatchMinorAndMajor() throws {
        let version = try #require(SemanticVersion("0.2.0"))
        #expect(version.successors.map(\.description) == ["0.2.1", "0.3.0", "1.0.0"])
        #expect(try #require(SemanticVersion("0.3.0-dev")).core.description == "0.3.0")
    }

    static let released = """
        ## [0.3.0] - 2026-12-05

        ### Added
        - Something.

        ## [0.2.0] - 2026-12-03
        """

    static func changelog(unreleased: String, releases: String = released) -> String {
        "# Changelog\n\nIntro with a - dash.\n\n## [Unreleased]\n\(unreleased)\n\(releases)\n"
    }

    static let pending = "\n### Added\n- A change.\n"

    @Test(
        "between releases main reports <next>-dev; a release commit reports its own heading",
        arguments: [
            // Unreleased changes after 0.3.0: the next patch, minor or major, as -dev.
            ("0.3.1-dev", changelog(unreleased: pending), true),
            ("0.4.0-dev", changelog(unreleased: pending), true),
            ("1.0.0-dev", changelog(unreleased: pending), true),
            // What issue 40 found: main reporting the newest heading while it held unreleased changes.
            ("0.3.0", changelog(unreleased: pending), false),
            ("0.3.0-dev", changelog(unreleased: pending), false),
            ("0.5.0-dev", changelog(unreleased: pending), false),
            ("0.3.1-rc.1", changelog(unreleased: pending), false),
            ("0.3.1", changelog(unreleased: pending), false),
            // A release commit (nothing unreleased): exactly the newest heading.
            ("0.3.0", changelog(unreleased: "\n"), true),
            ("0.3.0", changelog(unreleased: "\n### Added\n\n"), true),
            ("0.3.1-dev", changelog(unreleased: "\n"), false),
            ("0.2.0", changelog(unreleased: "\n"), false),
            // Before any release heading, any -dev version.
            ("0.1.0-dev", changelog(unreleased: pending, releases: ""), true),
            ("0.1.0", changelog(unreleased: pending, releases: ""), false),
            ("0.1.0", changelog(unreleased: "\n", releases: ""), false),
            // After a pre-release heading, the release itself may come next.
            ("1.0.0-dev", changelog(unreleased: pending, releases: "## [1.0.0-rc.1] - 2027-01-01\n"), true),
            // Malformed: a version that is not SemVer, a heading without a date, no Unreleased heading first.
            ("0.3.1-dev+linux", changelog(unreleased: pending), false),
            ("0.3.1-dev", changelog(unreleased: pending, releases: "## [0.3.0]\n"), false),
            ("0.3.1-dev", "## [0.3.0] - 2026-12-05\n## [Unreleased]\n- A change.\n", false),
        ]
    )
    func theRule(sdkVersion: String, changelog: String, follows: Bool) {
        let problem = ChangelogVersionRule.problem(sdkVersion: sdkVersion, changelog: changelog)
        #expect((problem == nil) == follows, "\(sdkVersion): \(problem ?? "no problem")")
    }

    /// A pre-release keeps its `-` and dots in the `User-Agent`: January sees the version the app reports.
    @Test(arguments: ["0.3.0-dev", "1.0.0-rc.1", "10.20.30-alpha.beta-2", JanuaryPartnerClient.sdkVersion])
    func aPreReleaseReachesTheUserAgentUnchanged(version: String) {
        let value = UserAgent.make(
            sdkVersion: version, platform: "iOS", osVersion: "17.4", bundleIdentifier: "com.example.App",
            shortVersion: "2.0")
        #expect(value == "JanuaryPartnerSDK/\(version) Swift/6 Platform/iOS OS/17.4 App/com.example.App AppVersion/2.0")
        #expect(UserAgent.sanitized(version) == version)
    }

    /// Build metadata is not a version the SDK may report, because its `+` would not survive the `User-Agent`.
    @Test func buildMetadataWouldNotSurviveTheUserAgent() {
        #expect(SemanticVersion("0.3.0-dev+abc123") == nil)
        #expect(UserAgent.sanitized("0.3.0-dev+abc123") == "0.3.0-dev_abc123")
    }

    @Test(arguments: ["0.3.0-dev", "1.0.0-rc.1", JanuaryPartnerClient.sdkVersion])
    func aPreReleaseHeadsTheSupportSummary(version: String) {
        let summary = JanuaryError.supportSummary(
            sdkVersion: version, operatingSystem: "Version 17.4", category: "network", code: nil, statusCode: nil,
            requestID: nil, mayHaveTakenEffect: false)
        let lines = summary.components(separatedBy: "\n")
        #expect(lines.first == "January Partner SDK \(version)")
        #expect(lines.count == 6)
    }

    /// What a build of this commit reports is a version by the rule above, pre-release or not.
    @Test func theReportedVersionIsAVersion() {
        #expect(SemanticVersion(JanuaryPartnerClient.sdkVersion) != nil)
    }
}
