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
            var figures: [Figure] = []
            figures.append(try await AuthBenchmarks.freshPath(rounds: rounds, iterations: quick ? 20_000 : 200_000))
            figures += try await AuthBenchmarks.coalescing(rounds: quick ? 2 : 9, callers: 10_000)
            figures.append(try await AuthBenchmarks.staleStorm(rounds: quick ? 2 : 9, callers: 10_000))
            figures += ParsingBenchmarks.figures(rounds: rounds)
            figures.append(try await EndToEndBenchmarks.figure(requests: quick ? 200 : 2_000))
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
