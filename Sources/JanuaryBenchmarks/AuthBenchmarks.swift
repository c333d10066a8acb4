import Foundation
import JanuaryAuth
import JanuaryCore

/// Figures 1 to 3: the token coordinator's fresh path, coalescing and stale-rejection storms.
enum AuthBenchmarks {
    static let lockBaselineName = "a String read under a pthread mutex defined in the benchmark module"

    static func freshPath(rounds: Int, iterations: Int) async throws -> Figure {
        let coordinator = TokenCoordinator(provider: {
            JanuaryClientToken(value: "bench-token", expiresAt: Date().addingTimeInterval(3600))
        })
        _ = try await coordinator.credential()
        let baselineLock = PlainMutexString("bench-token")
        var measured: [Double] = []
        var baseline: [Double] = []
        for round in 0..<rounds {
            // Interleaved, and in alternating order, so that drift in the machine's speed affects both alike.
            for side in round.isMultiple(of: 2) ? [0, 1] : [1, 0] {
                let start = nowNanoseconds()
                if side == 0 {
                    for _ in 0..<iterations {
                        blackHole(baselineLock.read())
                    }
                    baseline.append(Double(nowNanoseconds() - start) / Double(iterations))
                } else {
                    for _ in 0..<iterations {
                        // Exactly the lookup `JanuaryPartnerClient` makes for every request: one nonsending async
                        // call that returns the fresh token without suspending.
                        blackHole(try await coordinator.credential())
                    }
                    measured.append(Double(nowNanoseconds() - start) / Double(iterations))
                }
            }
        }
        // What the lookup cannot avoid: reading the monotonic clock that counts sleep, to judge freshness.
        let clock = SystemJanuaryClock()
        let clockStart = nowNanoseconds()
        for _ in 0..<iterations {
            blackHole(clock.uptime())
        }
        let clockRead = Double(nowNanoseconds() - clockStart) / Double(iterations)
        return Figure(
            id: "1",
            name: "fresh credential() (the per-request token lookup)",
            unit: "ns/call",
            samples: measured,
            baseline: Baseline(name: lockBaselineName, samples: baseline),
            target: .ratioAtMost(3),
            note: "\(rounds) interleaved rounds of \(iterations) calls; the one monotonic clock read it needs "
                + "costs \(String(format: "%.1f", clockRead)) ns here on its own"
        )
    }

    /// 10,000 callers on a cold cache, a provider that answers after 10 ms. "Beyond the provider" is measured
    /// from the instant the provider returns to the instant the last caller holds its credential, so that the
    /// cost of starting 10,000 tasks (the benchmark's, not the SDK's) stays out of it; it is printed apart.
    static func coalescing(rounds: Int, callers: Int) async throws -> [Figure] {
        let providerDelay: UInt64 = 10_000_000
        var extras: [Double] = []
        var spawns: [Double] = []
        var calls: [Double] = []
        for _ in 0..<rounds {
            let providerCalls = Locked(0)
            let providerReturnedAt = Locked<UInt64>(0)
            let lastReleasedAt = Locked<UInt64>(0)
            let coordinator = TokenCoordinator(provider: {
                providerCalls.withLock { $0 += 1 }
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
            calls.append(Double(providerCalls.withLock { $0 }))
        }
        return [
            Figure(
                id: "2a",
                name: "coalescing: provider calls for \(callers) concurrent callers on a cold cache",
                unit: "calls",
                samples: calls,
                aggregate: .maximum,
                target: .valueAtMost(1)
            ),
            Figure(
                id: "2b",
                name: "coalescing: from the provider's return to the last of \(callers) callers released",
                unit: "ms",
                samples: extras,
                target: .valueAtMost(15),
                note: "provider answers after 10 ms; starting the tasks took "
                    + String(format: "%.1f", median(spawns)) + " ms (the benchmark's cost, not counted)"
            ),
        ]
    }

    static func staleStorm(rounds: Int, callers: Int) async throws -> Figure {
        var refreshes: [Double] = []
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
                    group.addTask { blackHole(try await coordinator.replacement(forExpired: rejected)) }
                }
                try await group.waitForAll()
            }
            // The first call fetched the rejected token; every other call is a refresh.
            refreshes.append(Double(calls.withLock { $0 } - 1))
        }
        return Figure(
            id: "3",
            name: "stale storm: provider calls for \(callers) concurrent invalidations of one token",
            unit: "calls",
            samples: refreshes,
            aggregate: .maximum,
            target: .valueAtMost(1)
        )
    }
}

/// The baseline of figure 1: the cheapest correct lock read, a `pthread_mutex_t` around a `String`, defined in
/// this module (not the SDK's `Locked`, whose cross-module call costs more), so that the compiler can inline it
/// exactly as it would in an app.
// Safe because `value` is only read or written between `pthread_mutex_lock` and `pthread_mutex_unlock` on a mutex
// that lives at a fixed heap address for the object's lifetime.
final class PlainMutexString: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: String

    init(_ value: String) {
        self.value = value
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    func read() -> String {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return value
    }
}
