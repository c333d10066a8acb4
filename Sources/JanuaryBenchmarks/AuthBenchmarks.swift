import Foundation
import JanuaryAuth
import JanuaryCore

/// Figures 1 to 3: the token coordinator's fresh path, coalescing and stale-rejection storms.
enum AuthBenchmarks {
    static func freshPath(rounds: Int, iterations: Int) async throws -> Figure {
        let coordinator = TokenCoordinator(provider: {
            JanuaryClientToken(value: "bench-token", expiresAt: Date().addingTimeInterval(3600))
        })
        _ = try await coordinator.credential()
        let baselineLock = Locked("bench-token")
        var measured: [Double] = []
        var baseline: [Double] = []
        for _ in 0..<rounds {
            // Interleaved, so that drift in the machine's speed affects both alike.
            let start = nowNanoseconds()
            for _ in 0..<iterations {
                blackHole(baselineLock.withLock { $0 })
            }
            let middle = nowNanoseconds()
            for _ in 0..<iterations {
                blackHole(try await coordinator.credential())
            }
            let end = nowNanoseconds()
            baseline.append(Double(middle - start) / Double(iterations))
            measured.append(Double(end - middle) / Double(iterations))
        }
        return Figure(
            name: "1. fresh token()",
            value: median(measured),
            unit: "ns/call",
            baseline: median(baseline),
            ratioTarget: 3,
            valueTarget: nil,
            note: "baseline: a String read under the same kind of lock"
        )
    }

    static func coalescing(rounds: Int, callers: Int) async throws -> [Figure] {
        let providerDelay: UInt64 = 10_000_000
        var extras: [Double] = []
        var maximumCalls = 0
        for _ in 0..<rounds {
            let calls = Locked(0)
            let coordinator = TokenCoordinator(provider: {
                calls.withLock { $0 += 1 }
                try await Task.sleep(nanoseconds: providerDelay)
                return JanuaryClientToken(value: "bench-token", expiresAt: Date().addingTimeInterval(3600))
            })
            let start = nowNanoseconds()
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<callers {
                    group.addTask { blackHole(try await coordinator.credential()) }
                }
                try await group.waitForAll()
            }
            let elapsed = nowNanoseconds() - start
            extras.append(Double(elapsed - min(elapsed, providerDelay)) / 1_000_000)
            maximumCalls = max(maximumCalls, calls.withLock { $0 })
        }
        return [
            Figure(
                name: "2a. coalescing provider calls (\(callers) callers, cold)",
                value: Double(maximumCalls),
                unit: "calls",
                baseline: nil,
                ratioTarget: nil,
                valueTarget: 1,
                note: "worst of \(rounds) rounds"
            ),
            Figure(
                name: "2b. coalescing time beyond the provider's 10 ms",
                value: median(extras),
                unit: "ms",
                baseline: nil,
                ratioTarget: nil,
                valueTarget: 20,
                note: "includes starting \(callers) tasks"
            ),
        ]
    }

    static func staleStorm(rounds: Int, callers: Int) async throws -> Figure {
        var maximumCalls = 0
        for _ in 0..<rounds {
            let calls = Locked(0)
            let coordinator = TokenCoordinator(provider: {
                let call = calls.withLock { count in
                    count += 1
                    return count
                }
                return JanuaryClientToken(value: "bench-token-\(call)", expiresAt: Date().addingTimeInterval(3600))
            })
            let rejected = try await coordinator.credential()
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<callers {
                    group.addTask { blackHole(try await coordinator.invalidate(rejected)) }
                }
                try await group.waitForAll()
            }
            // The first call fetched the rejected token; every other call is a refresh.
            maximumCalls = max(maximumCalls, calls.withLock { $0 } - 1)
        }
        return Figure(
            name: "3. stale storm refreshes (\(callers) invalidations of one token)",
            value: Double(maximumCalls),
            unit: "calls",
            baseline: nil,
            ratioTarget: nil,
            valueTarget: 1,
            note: "worst of \(rounds) rounds"
        )
    }
}
