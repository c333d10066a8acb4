import Foundation
import JanuaryCore
import Testing

/// Docs/Errors.md's table of recoveries says what `JanuaryError.recovery` does: each kind once, each known code and
/// each category in the row of the kind it gets.
@Suite("The errors guide's recovery table", suiteTimeLimit())
struct ErrorsGuideTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let sourcesArePresent = FileManager.default.fileExists(atPath: #filePath)

    /// One row: the kind, and what its codes and categories columns name in backticks.
    struct Row {
        var kind: JanuaryError.Recovery.Kind
        var codes: [String]
        var categories: [String]
    }

    /// The rows of the table whose header starts with `` `recovery.kind` ``.
    static func rows() throws -> [Row] {
        let text = try String(contentsOf: root.appendingPathComponent("Docs/Errors.md"), encoding: .utf8)
        let lines = text.components(separatedBy: "\n")
        let header = try #require(lines.firstIndex { $0.hasPrefix("| `recovery.kind` |") }, "no recovery table")
        var rows: [Row] = []
        for line in lines[(header + 2)...] {
            guard line.hasPrefix("|") else {
                break
            }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().map(String.init)
            try #require(cells.count >= 4, "\(line)")
            let kind = try #require(quoted(cells[0]).first, "\(line)")
            rows.append(Row(kind: .init(rawValue: kind), codes: quoted(cells[1]), categories: quoted(cells[2])))
        }
        return rows
    }

    /// What a cell names in backticks.
    static func quoted(_ cell: String) -> [String] {
        cell.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }
            .map { String($0.element) }
    }

    @Test(.enabled(if: sourcesArePresent, "reads Docs/Errors.md"))
    func eachKindHasOneRow() throws {
        let kinds = try Self.rows().map(\.kind.rawValue)
        #expect(kinds == JanuaryError.Recovery.Kind.allKnown.map(\.rawValue))
    }

    @Test(.enabled(if: sourcesArePresent, "reads Docs/Errors.md"))
    func eachCodeIsInTheRowOfItsRecovery() throws {
        let rows = try Self.rows()
        let spellings = Set(JanuaryError.Code.allKnown.map(\.rawValue))
        var listed: [String] = []
        for row in rows where row.kind != .checkBeforeRepeating {
            for spelling in row.codes {
                #expect(spellings.contains(spelling), "\(row.kind) lists \(spelling), which is no code")
                let error = JanuaryError(category: .server, code: .init(rawValue: spelling), message: "m")
                #expect(error.recovery.kind == row.kind, "\(spelling) is listed under \(row.kind)")
                listed.append(spelling)
            }
        }
        #expect(listed.count == Set(listed).count, "a code is listed twice")
        #expect(Set(listed) == spellings, "missing: \(spellings.subtracting(listed).sorted())")
    }

    @Test(.enabled(if: sourcesArePresent, "reads Docs/Errors.md"))
    func eachCategoryIsInTheRowOfItsRecovery() throws {
        let rows = try Self.rows()
        let categories = JanuaryError.Category.allKnown
        var listed: [String] = []
        for row in rows {
            for name in row.categories {
                let category = try #require(categories.first { $0.description == name }, "\(name) is no category")
                #expect(JanuaryError(category: category, message: "m").recovery.kind == row.kind, "\(name)")
                listed.append(name)
            }
        }
        #expect(listed.sorted() == categories.map(\.description).sorted())
    }

    @Test(.enabled(if: sourcesArePresent, "reads Docs/Errors.md"))
    func theWriteRowIsFirst() throws {
        let first = try #require(try Self.rows().first)
        #expect(first.kind == .checkBeforeRepeating)
        #expect(first.codes == ["mayHaveTakenEffect", "true"])
        let error = JanuaryError(category: .server, code: .internalError, message: "m", mayHaveTakenEffect: true)
        #expect(error.recovery.kind == first.kind)
    }
}
