import Foundation
import JanuaryPartnerSDK

/// The app's own metrics about January: how often it called the backend for a token, and how often January
/// had to be asked again. Fed from the SDK's event callback.
public final class TokenMetrics: Sendable {
    private struct Counts: Sendable {
        var providerCalls = 0
        var failedProviderCalls = 0
        var retries = 0
    }

    private let lock = NSLock()
    // Only read and written while `lock` is held.
    nonisolated(unsafe) private var counts = Counts()

    /// Creates empty metrics.
    public init() {}

    /// Records one event.
    public func record(_ event: JanuaryEvent) {
        lock.lock()
        defer { lock.unlock() }
        switch event.kind {
        case .providerCallFinished:
            counts.providerCalls += 1
            if event.outcome != nil {
                counts.failedProviderCalls += 1
            }
        case .retryScheduled, .requestRetried:
            counts.retries += 1
        default:
            break
        }
    }

    /// Provider calls that finished, and how many of them failed.
    public var providerCalls: (total: Int, failed: Int) {
        lock.lock()
        defer { lock.unlock() }
        return (counts.providerCalls, counts.failedProviderCalls)
    }

    /// Requests January was asked again (after a refresh or a rate limit).
    public var retries: Int {
        lock.lock()
        defer { lock.unlock() }
        return counts.retries
    }
}
