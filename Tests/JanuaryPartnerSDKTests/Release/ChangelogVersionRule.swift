import Foundation

/// What `JanuaryPartnerClient.sdkVersion` must be, given the CHANGELOG (RELEASING.md, "What main reports"):
///
/// - while `## [Unreleased]` lists any change, the code is not a release: it reports the next version as the
///   pre-release `<next>-dev`, where `<next>` is the next patch, minor or major version after the newest release
///   heading;
/// - when `## [Unreleased]` lists nothing (a release commit, or `main` right after one), it reports exactly the
///   newest release heading's version.
///
/// `Scripts/release.sh` asks more of a release commit (a date, a clean tree, no tag yet); this rule holds on every
/// commit.
enum ChangelogVersionRule {
    /// What is wrong with `sdkVersion` for `changelog`, as a sentence; `nil` when it follows the rule.
    static func problem(sdkVersion: String, changelog: String) -> String? {
        guard let version = SemanticVersion(sdkVersion) else {
            return "sdkVersion \"\(sdkVersion)\" is not a SemVer version without build metadata (such as 0.3.0-dev)"
        }
        let lines = changelog.components(separatedBy: "\n")
        let headings = lines.indices.filter { lines[$0].hasPrefix("## [") }
        guard let unreleased = headings.first, lines[unreleased] == "## [Unreleased]" else {
            return "the CHANGELOG's first version heading must be \"## [Unreleased]\""
        }
        let end = headings.dropFirst().first ?? lines.endIndex
        let hasEntries = lines[(unreleased + 1)..<end].contains { $0.hasPrefix("- ") }

        var newest: SemanticVersion?
        if let heading = headings.dropFirst().first {
            let text = lines[heading]
            let name = text.dropFirst("## [".count)
            guard let close = name.firstIndex(of: "]"), name[close...].hasPrefix("] - "),
                let parsed = SemanticVersion(String(name[..<close]))
            else {
                return "the newest release heading \"\(text)\" is not \"## [X.Y.Z] - YYYY-MM-DD\""
            }
            newest = parsed
        }

        if hasEntries {
            guard version.preRelease == ["dev"] else {
                return "## [Unreleased] lists changes, so the code is not a release and sdkVersion must be "
                    + "<next>-dev, not \"\(sdkVersion)\""
            }
            if let newest {
                // After a pre-release heading (1.0.0-rc.1) the release itself (1.0.0) may come next.
                let allowed = (newest.preRelease.isEmpty ? [] : [newest.core]) + newest.successors
                guard allowed.contains(version.core) else {
                    let names = allowed.map { "\($0)-dev" }.joined(separator: ", ")
                    return "sdkVersion \"\(sdkVersion)\" must be one of \(names), the versions after \(newest)"
                }
            }
            return nil
        }
        guard let newest else {
            return "## [Unreleased] lists nothing and there is no release heading to report"
        }
        guard version == newest else {
            return "## [Unreleased] lists nothing, so sdkVersion must be the newest release, \(newest), "
                + "not \"\(sdkVersion)\""
        }
        return nil
    }
}
