import Foundation
import JanuaryPartnerSDK
import JanuaryTestServer

/// `swift run -c release january-bench [--quick] [--only 1,5] [--json [path]]`
///
/// Prints one line per figure: the median over repeated rounds with its min-max and, where there is one, the
/// baseline it is compared with (named, measured in the same rounds), the ratio per round (median and min-max),
/// the target and whether it was met. Nothing is tuned to pass: a missed target is printed as "missed" and makes
/// the exit status 1.
///
/// `--check-release-build` checks, in a release build, what only a build without `DEBUG` can show (see
/// ``ReleaseBuildCheck``), and prints nothing else.
///
/// `--profile sdk|plain --requests N` sends N sequential requests through one side only
/// of figure 5a and prints nothing else, for instruction counts under callgrind or samples under perf.
///
/// `--allocations [--requests N]`, under the hook `Scripts/allocations.sh` preloads, counts allocations and mutex
/// acquisitions per request on both sides of figure 5a (`AllocationCount`).
///
/// `--compare <commit> [--compare-runs N]` runs that commit's benchmark and this one alternately, with the same
/// options, and prints each figure's ratio for both and the ratio of ratios (`VersionComparison`).
@main
struct JanuaryBenchmarks {
    static func main() async {
        let arguments = Array(ProcessInfo.processInfo.arguments.dropFirst())
        let quick = arguments.contains("--quick")
        var jsonPath: String?? = nil
        if let index = arguments.firstIndex(of: "--json") {
            let next = arguments.indices.contains(index + 1) ? arguments[index + 1] : nil
            jsonPath = .some(next.flatMap { $0.hasPrefix("--") ? nil : $0 })
        }
        #if DEBUG
        print("warning: a debug build; run `swift run -c release january-bench` for real figures")
        #endif
        if arguments.contains("--check-release-build") {
            await runAlone("release build check", failureStatus: 1) { try ReleaseBuildCheck.run() }
        }
        if let commit = value(of: "--compare", in: arguments) {
            await runAlone("comparison") { try await VersionComparison.run(commit: commit, arguments: arguments) }
        }
        let requests = Int(value(of: "--requests", in: arguments) ?? "") ?? 1000
        if arguments.contains("--allocations") {
            await runAlone("counting") { try await AllocationCount.run(requests: requests) }
        }
        if let side = value(of: "--profile", in: arguments) {
            await runAlone("profiling") { try await Profiling.run(side: side, requests: requests) }
        }
        // Every figure takes at least 7 rounds, so that its median and min-max mean something; --quick only
        // shortens each round.
        let rounds = quick ? 7 : 15
        do {
            // `--only 1,4` runs a subset, for profiling one figure.
            let only = Set(
                (value(of: "--only", in: arguments) ?? "1,2,3,4,5,6,7,8,9").split(separator: ",").map(String.init)
            )
            var figures: [Figure] = []
            if only.contains("1") {
                figures.append(try await AuthBenchmarks.freshPath(rounds: rounds, iterations: quick ? 20_000 : 200_000))
            }
            if only.contains("2") {
                figures += try await AuthBenchmarks.coalescing(rounds: quick ? 7 : 9, callers: 10_000)
            }
            if only.contains("3") {
                figures.append(try await AuthBenchmarks.staleStorm(rounds: quick ? 7 : 9, callers: 10_000))
            }
            if only.contains("4") {
                figures += ParsingBenchmarks.figures(rounds: rounds)
            }
            if only.contains("5") {
                figures += try await EndToEndBenchmarks.figures(
                    rounds: rounds,
                    sequentialRequests: quick ? 40 : 200,
                    concurrentRequests: quick ? 256 : 1_024
                )
            }
            if only.contains("6") || only.contains("7") {
                let typed = try await TypedOperationBenchmarks.figures(
                    rounds: rounds,
                    requests: quick ? 20 : 100,
                    decodes: quick ? 4 : 20
                )
                figures += typed.filter { only.contains(String($0.id.prefix(1))) }
            }
            if only.contains("8") {
                figures.append(try await SimulatorBenchmarks.figure(rounds: rounds, roundTrips: 1_000))
            }
            if only.contains("9") {
                figures += try await OutboxBenchmarks.figures(
                    rounds: quick ? 7 : 9, enqueues: quick ? 100 : 500, meals: quick ? 100 : 1_000)
            }
            for figure in figures {
                print(figure.line)
            }
            let missed = figures.filter { !$0.meetsTarget }
            print(
                missed.isEmpty
                    ? "all targets met"
                    : "targets missed: \(missed.map { "\($0.id) \($0.name)" }.joined(separator: "; "))"
            )
            if let jsonPath {
                try writeJSON(figures, rounds: rounds, to: jsonPath)
            }
            exit(missed.isEmpty ? 0 : 1)
        } catch {
            print("benchmark failed: \(error)")
            exit(2)
        }
    }

    /// Runs a mode that replaces the figures, then exits: 0 when it succeeded, else `failureStatus` after saying
    /// what failed.
    private static func runAlone(
        _ what: String, failureStatus: Int32 = 2, _ body: @Sendable () async throws -> Void
    ) async -> Never {
        do {
            try await body()
            exit(0)
        } catch {
            print("\(what) failed: \(error)")
            exit(failureStatus)
        }
    }

    /// The value after `option` in `arguments`, if there is one.
    static func value(of option: String, in arguments: [String]) -> String? {
        guard let index = arguments.firstIndex(of: option), arguments.indices.contains(index + 1) else {
            return nil
        }
        return arguments[index + 1]
    }

    private static func writeJSON(_ figures: [Figure], rounds: Int, to path: String?) throws {
        var object: [String: Any] = ["figures": figures.map(\.json), "rounds": rounds]
        #if os(Linux)
        object["platform"] = "Linux"
        #else
        object["platform"] = "Darwin"
        #endif
        object["date"] = ISO8601DateFormatter().string(from: Date())
        let data = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
        if let path {
            try data.write(to: URL(fileURLWithPath: path))
            print("wrote \(path)")
        } else {
            print(String(decoding: data, as: UTF8.self))
        }
    }
}

/// One side of figure 5a alone, for a profiler: the instructions of N requests through that side, minus
/// those of a run with fewer, are that side's cost per request.
enum Profiling {
    static func run(side: String, requests: Int) async throws {
        guard side == "sdk" || side == "plain" else {
            throw BenchError("--profile takes sdk or plain")
        }
        let bench = try await EndToEndBenchmarks.makeBench()
        defer { bench.shutdown() }
        try await bench.warmUp()
        for _ in 0..<requests {
            if side.hasPrefix("sdk") {
                try await bench.sdk()
            } else {
                try await bench.plain()
            }
        }
    }
}
