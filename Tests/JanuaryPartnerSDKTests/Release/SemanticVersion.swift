/// A version as the SDK reports it and the CHANGELOG names it: SemVer 2.0.0's `MAJOR.MINOR.PATCH`, optionally
/// followed by `-` and dot-separated pre-release identifiers (`0.3.0-dev`, `1.0.0-rc.1`).
///
/// Build metadata (`+…`) is refused: the `User-Agent` keeps only letters, digits, `.`, `_` and `-`, so a `+` would
/// reach January as `_`, and the version January sees would differ from the one the app reports.
struct SemanticVersion: Equatable, CustomStringConvertible {
    var major: Int
    var minor: Int
    var patch: Int
    var preRelease: [String]

    /// Parses `text`, or returns `nil` when it is not exactly a version of the form above (no leading zeros in a
    /// number, no empty identifier, no `v` prefix, no spaces).
    init?(_ text: String) {
        let dash = text.firstIndex(of: "-")
        let coreText = dash.map { text[..<$0] } ?? text[...]
        let numbers = coreText.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard numbers.count == 3, let major = Self.number(numbers[0]), let minor = Self.number(numbers[1]),
            let patch = Self.number(numbers[2])
        else {
            return nil
        }
        var preRelease: [String] = []
        if let dash {
            preRelease = text[text.index(after: dash)...].split(separator: ".", omittingEmptySubsequences: false)
                .map(String.init)
            for identifier in preRelease {
                guard Self.isIdentifier(identifier) else {
                    return nil
                }
            }
        }
        self.init(major: major, minor: minor, patch: patch, preRelease: preRelease)
    }

    init(major: Int, minor: Int, patch: Int, preRelease: [String] = []) {
        self.major = major
        self.minor = minor
        self.patch = patch
        self.preRelease = preRelease
    }

    var description: String {
        "\(major).\(minor).\(patch)" + (preRelease.isEmpty ? "" : "-" + preRelease.joined(separator: "."))
    }

    /// The version without its pre-release part: what `0.3.0-dev` will be once released.
    var core: SemanticVersion {
        SemanticVersion(major: major, minor: minor, patch: patch)
    }

    /// The releases that may follow this one: the next patch, minor and major version.
    var successors: [SemanticVersion] {
        [
            SemanticVersion(major: major, minor: minor, patch: patch + 1),
            SemanticVersion(major: major, minor: minor + 1, patch: 0),
            SemanticVersion(major: major + 1, minor: 0, patch: 0),
        ]
    }

    /// A number with no sign and no leading zero, small enough for `Int`.
    private static func number(_ text: String) -> Int? {
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }), text == "0" || !text.hasPrefix("0")
        else {
            return nil
        }
        return Int(text)
    }

    /// A pre-release identifier: ASCII letters, digits and `-`; a numeric one without a leading zero.
    private static func isIdentifier(_ text: String) -> Bool {
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) else {
            return false
        }
        return !text.allSatisfy(\.isNumber) || number(text) != nil
    }
}
