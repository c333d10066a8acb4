import Foundation

extension ManualClock {
    /// Runs `body` while every sleep on this clock ends as soon as it starts: the clock jumps ahead by the shortest
    /// sleeper's remaining time whenever one waits. For tests whose subject waits on the clock on its own (a
    /// create's settle window, a retry back-off) and whose assertions are about what it does, not when.
    ///
    /// - Parameter body: The work to run.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws.
    package func advancingSleepers<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) async throws -> T {
        let advancer = Task {
            while !Task.isCancelled {
                do {
                    try await waitForSleepers(1, timeout: 2)
                } catch {
                    continue
                }
                advance(by: max(sleeperRemainingDurations.min() ?? 0, 0.001))
            }
        }
        defer { advancer.cancel() }
        return try await body()
    }
}
