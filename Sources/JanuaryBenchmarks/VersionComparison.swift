import Foundation

/// `january-bench --compare <commit> [--compare-runs N] [--only …] [--quick]`: the same figures from that
/// commit's benchmark and from this one, run alternately on the same machine, so that "no slower than that
/// version" is one measurement rather than a reading of two runs made at different hours.
///
/// The other version is checked out in a clone under `.build/compare/<commit>` and built there in release mode
/// (both are kept, so a second comparison with the same commit builds nothing). Then each of N runs starts both
/// binaries one after the other, in alternating order (the old one first in the first, third, … run), with the
/// same options and `--json`; each binary's ratios are already taken round by round against its own baseline, in
/// its own process.
/// Per figure the report gives each version's ratio (the median over the runs, with min-max) and the new/old ratio
/// of ratios, taken run by run (each run's new ratio over the old ratio measured beside it). A figure without a
/// baseline compares its values the same way.
///
/// A figure whose subject changed between the two versions is flagged: when its name or its baseline's name
/// differs, and when `subjectChanges` lists a change the old commit does not contain.
enum VersionComparison {
    /// A change of what a figure measures, made in `commit`: comparing with a version before it compares two
    /// different things, and the report says so.
    struct SubjectChange {
        let figure: String
        let commit: String
        let what: String
    }

    /// Every change of a figure's subject, oldest first. Add one in the commit that changes a figure's meaning.
    static let subjectChanges = [
        SubjectChange(
            figure: "1",
            commit: "f2fa217",
            what: "figure 1 measured the two-step lookup (credential(), then the session check) before it measured "
                + "one credential(inEpoch:) call"
        )
    ]

    static func run(commit: String, arguments: [String]) async throws {
        let root = try await git(["rev-parse", "--show-toplevel"], in: nil).trimmed
        let full = try await git(["rev-parse", "--verify", commit + "^{commit}"], in: root).trimmed
        let short = String(full.prefix(7))
        let dirty = try await git(["status", "--porcelain", "--untracked-files=no"], in: root).trimmed
        let head = try await git(["rev-parse", "--short=7", "HEAD"], in: root).trimmed
        let newLabel = "this build (\(head)\(dirty.isEmpty ? "" : " + changes"))"
        let oldBinary = try await buildOld(full, root: root)
        guard let newBinary = Bundle.main.executablePath else {
            throw BenchError("cannot find this benchmark's own executable")
        }
        let passed = passthrough(arguments)
        let runs = max(1, Int(JanuaryBenchmarks.value(of: "--compare-runs", in: arguments) ?? "") ?? 3)
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("january-bench-compare-\(getpid())")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        var old: [[String: [String: Any]]] = []
        var new: [[String: [String: Any]]] = []
        for index in 0..<runs {
            let sides = index.isMultiple(of: 2) ? [true, false] : [false, true]
            for isOld in sides {
                let json = scratch.appendingPathComponent("\(index)-\(isOld ? "old" : "new").json").path
                let started = nowNanoseconds()
                let status = try await execute(
                    isOld ? oldBinary : newBinary, passed + ["--json", json], in: nil, quiet: true)
                // 1 is a missed target, which is a figure, not a failure of the run.
                guard status == 0 || status == 1 else {
                    throw BenchError("\(isOld ? short : "this build")'s benchmark exited with status \(status)")
                }
                let figures = try readFigures(json)
                if isOld { old.append(figures) } else { new.append(figures) }
                let seconds = Double(nowNanoseconds() - started) / 1e9
                print(
                    "run \(index + 1) of \(runs): \(isOld ? short : "this build") took "
                        + String(format: "%.0f", seconds) + " s")
            }
        }
        print(
            "\n\(newLabel) against \(short), \(runs) alternated runs of `january-bench "
                + "\(passed.joined(separator: " "))`; each ratio is a run's median over its own rounds")
        let ids = (new.first ?? [:]).keys.sorted { $0.compare($1, options: .numeric) == .orderedAscending }
        for id in ids {
            print(try await report(id, old: old, new: new, oldLabel: short, newLabel: newLabel, full: full, root: root))
        }
    }

    /// One figure's comparison, in a few lines.
    private static func report(
        _ id: String,
        old: [[String: [String: Any]]],
        new: [[String: [String: Any]]],
        oldLabel: String,
        newLabel: String,
        full: String,
        root: String
    ) async throws -> String {
        let newFigures = new.compactMap { $0[id] }
        let oldFigures = old.compactMap { $0[id] }
        let name = newFigures.first?["name"] as? String ?? ""
        guard let oldFirst = oldFigures.first, oldFigures.count == newFigures.count else {
            return "\(id). \(name): not measured by \(oldLabel)"
        }
        // A ratio against the baseline when the figure has one in both versions, else the value itself.
        let key =
            newFigures.allSatisfy({ $0["ratio"] is Double }) && oldFigures.allSatisfy({ $0["ratio"] is Double })
            ? "ratio" : "value"
        let oldValues = oldFigures.compactMap { $0[key] as? Double }
        let newValues = newFigures.compactMap { $0[key] as? Double }
        let quotients = zip(newValues, oldValues).map { $0 / $1 }
        let unit = key == "ratio" ? "ratio" : (newFigures.first?["unit"] as? String ?? "")
        var lines = ["\(id). \(name)"]
        if let target = newFigures.first?["target"] as? String {
            lines[0] += " (target \(target))"
        }
        // Whether each version met the target in each of its runs, so that "met in every run" is read off too.
        let met = { (figures: [[String: Any]]) -> String in
            guard figures.first?["target"] is String else { return "" }
            let count = figures.filter { $0["meetsTarget"] as? Bool == true }.count
            return "; target met in \(count) of \(figures.count) runs"
        }
        lines.append(
            "    \(oldLabel): \(unit) \(Figure.format(median(oldValues))) (\(Figure.range(oldValues)))"
                + met(oldFigures))
        lines.append(
            "    \(newLabel): \(unit) \(Figure.format(median(newValues))) (\(Figure.range(newValues)))"
                + met(newFigures))
        lines.append(
            "    new/old: \(Figure.format(median(quotients))) (\(Figure.range(quotients))), run by run"
                + (key == "ratio" ? " (the ratio of ratios)" : ""))
        var changes: [String] = []
        if let oldName = oldFirst["name"] as? String, oldName != name {
            changes.append("its name was \"\(oldName)\"")
        }
        if let oldBaseline = oldFirst["baselineName"] as? String,
            let newBaseline = newFigures.first?["baselineName"] as? String, oldBaseline != newBaseline
        {
            changes.append("its baseline was \"\(oldBaseline)\"")
        }
        for change in subjectChanges where change.figure == id {
            let contained = try await execute(
                "/usr/bin/env", ["git", "merge-base", "--is-ancestor", change.commit, full], in: root, quiet: true)
            if contained != 0 {
                changes.append("\(change.what) (changed in \(change.commit), after \(oldLabel))")
            }
        }
        if !changes.isEmpty {
            lines.append("    subject changed since \(oldLabel): " + changes.joined(separator: "; "))
        }
        return lines.joined(separator: "\n")
    }

    /// The other version's benchmark, checked out and built under `.build/compare/<commit>` unless it already is.
    private static func buildOld(_ commit: String, root: String) async throws -> String {
        let directory = root + "/.build/compare/" + commit
        let binary = directory + "/.build/release/january-bench"
        if FileManager.default.isExecutableFile(atPath: binary) {
            return binary
        }
        if !FileManager.default.fileExists(atPath: directory + "/Package.swift") {
            print("checking out \(commit.prefix(7)) in \(directory)")
            try? FileManager.default.removeItem(atPath: directory)
            guard
                try await execute("/usr/bin/env", ["git", "clone", "--quiet", "--no-checkout", root, directory])
                    == 0,
                try await execute("/usr/bin/env", ["git", "checkout", "--quiet", "--detach", commit], in: directory)
                    == 0
            else {
                throw BenchError("could not check out \(commit) in \(directory)")
            }
        }
        print("building \(commit.prefix(7))'s january-bench in release mode (several minutes)")
        guard
            try await execute(
                "/usr/bin/env", ["swift", "build", "-c", "release", "--product", "january-bench"], in: directory)
                == 0,
            FileManager.default.isExecutableFile(atPath: binary)
        else {
            throw BenchError("could not build \(commit)'s january-bench in \(directory)")
        }
        return binary
    }

    /// This run's options without the comparison's own, passed to both binaries alike.
    private static func passthrough(_ arguments: [String]) -> [String] {
        var passed: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--compare" || argument == "--compare-runs" {
                index += 2
                continue
            }
            if argument == "--json" {
                let next = arguments.indices.contains(index + 1) ? arguments[index + 1] : "--"
                index += next.hasPrefix("--") ? 1 : 2
                continue
            }
            passed.append(argument)
            index += 1
        }
        return passed
    }

    private static func readFigures(_ path: String) throws -> [String: [String: Any]] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any],
            let figures = object["figures"] as? [[String: Any]]
        else {
            throw BenchError("\(path) is not a benchmark's JSON")
        }
        var byID: [String: [String: Any]] = [:]
        for figure in figures {
            if let id = figure["id"] as? String {
                byID[id] = figure
            }
        }
        return byID
    }

    private static func git(_ arguments: [String], in directory: String?) async throws -> String {
        let output = Pipe()
        let status = try await execute("/usr/bin/env", ["git"] + arguments, in: directory, output: output)
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        guard status == 0 else {
            throw BenchError("git \(arguments.joined(separator: " ")) failed")
        }
        return text
    }

    /// Runs a program to its end without blocking a thread of the concurrency pool, and returns its exit status.
    private static func execute(
        _ path: String,
        _ arguments: [String],
        in directory: String? = nil,
        quiet: Bool = false,
        output: Pipe? = nil
    ) async throws -> Int32 {
        #if os(Linux) || os(macOS)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        if let directory {
            process.currentDirectoryURL = URL(fileURLWithPath: directory)
        }
        if let output {
            process.standardOutput = output
        } else if quiet {
            process.standardOutput = FileHandle.nullDevice
        }
        return try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
            }
        }
        #else
        // iOS, tvOS and watchOS start no other programs; the benchmark compares versions where it is built.
        throw BenchError("--compare runs on Linux and macOS only")
        #endif
    }
}

extension String {
    fileprivate var trimmed: String {
        trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
