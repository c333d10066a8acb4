import Foundation
import JanuaryCore
import Testing

/// The lists of known values stay equal to what the SDK declares, read from its API listing and its sources, so
/// that a code added without a recovery fails a test.
@Suite("The known codes, categories and recoveries are complete", suiteTimeLimit())
struct KnownErrorValuesTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let sourcesArePresent = FileManager.default.fileExists(atPath: #filePath)

    /// The names of the public static constants `type` declares, from API/JanuaryCore.txt.
    static func constants(of type: String) throws -> Set<String> {
        try constantNames(prefix: "type.property \(type).", suffix: "")
    }

    /// The names of the values of the vocabulary whose tag in `JanuaryVocabularies` is `tag`, from
    /// API/JanuaryCore.txt, which files every vocabulary's values under `JanuaryVocabulary` and tells them apart by
    /// their type.
    static func vocabularyValues(tagged tag: String) throws -> Set<String> {
        try constantNames(
            prefix: "type.property JanuaryVocabulary.",
            suffix: ": JanuaryVocabulary<JanuaryVocabularies.\(tag)> { get }")
    }

    private static func constantNames(prefix: String, suffix: String) throws -> Set<String> {
        let text = try String(contentsOf: root.appendingPathComponent("API/JanuaryCore.txt"), encoding: .utf8)
        var names: Set<String> = []
        for line in text.split(separator: "\n") where line.hasPrefix(prefix) && line.hasSuffix(suffix) {
            let name = line.dropFirst(prefix.count).prefix { $0 != ":" }
            if !name.contains(".") {
                names.insert(String(name))
            }
        }
        return names
    }

    /// The spellings of the constants a source file declares as `public static var name: Self { "spelling" }`.
    static func spellings(in file: String) throws -> Set<String> {
        let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
        var spellings: Set<String> = []
        for line in text.split(separator: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("public static var "), trimmed.contains(": Self { \"") else {
                continue
            }
            let quoted = trimmed.split(separator: "\"", omittingEmptySubsequences: false)
            try #require(quoted.count == 3, "\(line)")
            spellings.insert(String(quoted[1]))
        }
        return spellings
    }

    @Test(.enabled(if: sourcesArePresent, "reads the repository's API/ and sources"))
    func codes() throws {
        let known = JanuaryError.Code.allKnown
        let declared = try Self.spellings(in: "Sources/JanuaryCore/Errors/JanuaryError+Code.swift")
        #expect(Set(known.map(\.rawValue)) == declared)
        #expect(known.count == declared.count)
        // Nothing declared elsewhere, or in another form, escapes the list.
        #expect(try Self.vocabularyValues(tagged: "ErrorCode").count == declared.count)
    }

    @Test(.enabled(if: sourcesArePresent, "reads the repository's API/"))
    func categories() throws {
        let known = JanuaryError.Category.allKnown
        #expect(Set(known.map(\.description)) == (try Self.constants(of: "JanuaryError.Category")))
        #expect(Set(known).count == known.count)
    }

    @Test(.enabled(if: sourcesArePresent, "reads the repository's API/ and sources"))
    func recoveryKinds() throws {
        let known = JanuaryError.Recovery.Kind.allKnown
        let declared = try Self.spellings(in: "Sources/JanuaryCore/Errors/JanuaryError+Recovery+Kind.swift")
        #expect(Set(known.map(\.rawValue)) == declared)
        #expect(
            try Self.vocabularyValues(tagged: "RecoveryKind").count == declared.count
        )
    }
}
