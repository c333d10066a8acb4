import Foundation

/// `swift run -c release january-bench [--quick] [--json [path]]`
///
/// Prints one line per figure: the median over repeated rounds and, where there is one, the ratio against a
/// baseline measured in the same run, with the target and whether it was met. Nothing is tuned to pass: a
/// missed target is printed as MISSED and makes the exit status 1.
@main
struct JanuaryBenchmarks {
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        let quick = arguments.contains("--quick")
        var jsonPath: String?? = nil
        if let index = arguments.firstIndex(of: "--json") {
            let next = arguments.indices.contains(index + 1) ? arguments[index + 1] : nil
            jsonPath = .some(next.flatMap { $0.hasPrefix("--") ? nil : $0 })
        }
        #if DEBUG
        print("warning: a debug build; run `swift run -c release january-bench` for real figures")
        #endif
        let rounds = quick ? 3 : 15
        do {
            // `--only 1,4` runs a subset, for profiling one figure.
            let only = Set((value(of: "--only", in: arguments) ?? "1,2,3,4,5").split(separator: ",").map(String.init))
            var figures: [Figure] = []
            if only.contains("1") {
                figures.append(try await AuthBenchmarks.freshPath(rounds: rounds, iterations: quick ? 20_000 : 200_000))
            }
            if only.contains("2") {
                figures += try await AuthBenchmarks.coalescing(rounds: quick ? 2 : 9, callers: 10_000)
            }
            if only.contains("3") {
                figures.append(try await AuthBenchmarks.staleStorm(rounds: quick ? 2 : 9, callers: 10_000))
            }
            if only.contains("4") {
                figures += ParsingBenchmarks.figures(rounds: rounds)
            }
            if only.contains("5") {
                figures.append(try await EndToEndBenchmarks.figure(requests: quick ? 200 : 2_000))
            }
            for figure in figures {
                print(figure.line)
            }
            let missed = figures.filter { !$0.meetsTarget }
            print(missed.isEmpty ? "all targets met" : "targets missed: \(missed.map(\.name).joined(separator: "; "))")
            if let jsonPath {
                try writeJSON(figures, to: jsonPath)
            }
            exit(missed.isEmpty ? 0 : 1)
        } catch {
            print("benchmark failed: \(error)")
            exit(2)
        }
    }

    private static func value(of option: String, in arguments: [String]) -> String? {
        guard let index = arguments.firstIndex(of: option), arguments.indices.contains(index + 1) else {
            return nil
        }
        return arguments[index + 1]
    }

    private static func writeJSON(_ figures: [Figure], to path: String?) throws {
        var object: [String: Any] = ["figures": figures.map(\.json)]
        #if os(Linux)
        object["platform"] = "Linux"
        #else
        object["platform"] = "Darwin"
        #endif
        object["date"] = Date().formatted(.iso8601)
        let data = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
        if let path {
            try data.write(to: URL(fileURLWithPath: path))
            print("wrote \(path)")
        } else {
            print(String(decoding: data, as: UTF8.self))
        }
    }
}
