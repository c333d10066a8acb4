import Foundation
import JanuaryTestServer

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `january-bench --allocations [--requests N]`, run by `bash Scripts/allocations.sh`: heap allocations, frees and
/// mutex acquisitions per request on each side of figure 5a (the client's `send` and the plain URLSession), counted
/// by the hook that script builds and preloads (`Scripts/allocation-counter.c`).
///
/// Both sides send the same request to the same loopback server in the same process, so what the server and
/// URLSession's threads do is counted on both; the difference between the sides is the client's own. Each of 7
/// rounds sends N requests per side, the sides in alternating order, and a side's figure is the median round.
enum AllocationCount {
    /// The process-wide counters the hook keeps: allocations, frees, mutex acquisitions.
    struct Counts {
        var allocations: UInt64
        var frees: UInt64
        var locks: UInt64

        static func - (lhs: Counts, rhs: Counts) -> Counts {
            Counts(
                allocations: lhs.allocations - rhs.allocations, frees: lhs.frees - rhs.frees,
                locks: lhs.locks - rhs.locks)
        }
    }

    typealias Reader = @convention(c) (UnsafeMutablePointer<UInt64>) -> Void

    /// The hook's reader, when the hook is preloaded.
    static func reader() -> Reader? {
        guard let process = dlopen(nil, RTLD_NOW), let symbol = dlsym(process, "january_allocation_counts") else {
            return nil
        }
        return unsafeBitCast(symbol, to: Reader.self)
    }

    static func run(requests: Int) async throws {
        guard let read = reader() else {
            throw BenchError(
                "the counting hook is not loaded: run `bash Scripts/allocations.sh`, which builds and preloads it")
        }
        func now() -> Counts {
            var values: [UInt64] = [0, 0, 0]
            values.withUnsafeMutableBufferPointer { read($0.baseAddress!) }
            return Counts(allocations: values[0], frees: values[1], locks: values[2])
        }
        let bench = try await EndToEndBenchmarks.makeBench()
        defer { bench.shutdown() }
        try await bench.warmUp()
        var sides: [Bool: [Counts]] = [true: [], false: []]
        for round in 0..<7 {
            for sdk in round.isMultiple(of: 2) ? [true, false] : [false, true] {
                let before = now()
                for _ in 0..<requests {
                    if sdk {
                        try await bench.sdk()
                    } else {
                        try await bench.plain()
                    }
                }
                sides[sdk, default: []].append(now() - before)
                // The server's request records are the benchmark's, not either side's.
                bench.server.clearReceivedRequests()
            }
        }
        print("per request, median of 7 rounds of \(requests) sequential requests per side (min-max):")
        for (sdk, label) in [(true, "client.send (5a)"), (false, "plain URLSession")] {
            let rounds = sides[sdk] ?? []
            let per = { (value: (Counts) -> UInt64) -> String in
                let values = rounds.map { Double(value($0)) / Double(requests) }
                return "\(Figure.format(median(values))) (\(Figure.range(values)))"
            }
            print(
                "  \(label): allocations \(per(\.allocations)), frees \(per(\.frees)), "
                    + "mutex acquisitions \(per(\.locks))")
        }
    }
}
