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

    /// 10,000 callers on a cold cache, a provider that answers after 10 ms. "Beyond the provider" is measured
    /// from the instant the provider returns to the instant the last caller holds its credential, so that the
    /// cost of starting 10,000 tasks (the benchmark's, not the SDK's) stays out of it; it is printed apart.
    static func coalescing(rounds: Int, callers: Int) async throws -> [Figure] {
        let providerDelay: UInt64 = 10_000_000
        var extras: [Double] = []
        var spawns: [Double] = []
        var maximumCalls = 0
        for _ in 0..<rounds {
            let calls = Locked(0)
            let providerReturnedAt = Locked<UInt64>(0)
            let lastReleasedAt = Locked<UInt64>(0)
            let coordinator = TokenCoordinator(provider: {
                calls.withLock { $0 += 1 }
                try await Task.sleep(nanoseconds: providerDelay)
                providerReturnedAt.withLock { $0 = nowNanoseconds() }
                return JanuaryClientToken(value: "bench-token", expiresAt: Date().addingTimeInterval(3600))
            })
            let start = nowNanoseconds()
            // Unstructured tasks: a task group's own bookkeeping for 10,000 children would dominate the figure.
            let tasks = (0..<callers).map { _ in
                Task {
                    blackHole(try await coordinator.credential())
                    let released = nowNanoseconds()
                    lastReleasedAt.withLock { $0 = max($0, released) }
                }
            }
            let spawned = nowNanoseconds()
            for task in tasks {
                try await task.value
            }
            let returned = providerReturnedAt.withLock { $0 }
            let released = lastReleasedAt.withLock { $0 }
            extras.append(Double(released - min(released, returned)) / 1_000_000)
            spawns.append(Double(spawned - start) / 1_000_000)
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
                name: "2b. coalescing: time to release all callers beyond the provider's 10 ms",
                value: median(extras),
                unit: "ms",
                baseline: nil,
                ratioTarget: nil,
                valueTarget: 20,
                note: "from the provider's return to the last caller's credential; starting the tasks took "
                    + String(format: "%.1f", median(spawns)) + " ms"
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
