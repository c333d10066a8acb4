import Foundation

extension TokenCoordinator {
    /// How the coordinator judges freshness and treats a slow, failing or rejected provider.
    package struct Configuration: Sendable {
        /// How long before expiry a token stops being fresh and is refreshed, in seconds.
        ///
        /// Refreshing early keeps a token from expiring between the check and January receiving the request.
        /// Negative or NaN means 0.
        package var refreshLeeway: TimeInterval

        /// How long one provider call may take before its waiters fail, in seconds.
        ///
        /// `infinity` disables the timeout; zero, negative or NaN means the default, 30.
        package var providerTimeout: TimeInterval

        /// The waits between consecutive failed provider calls.
        package var backoff: TokenRefreshBackoff

        /// When to stop calling a provider whose tokens January keeps rejecting.
        package var breaker: TokenRejectionBreaker

        /// How many undelivered events are kept before the oldest are dropped.
        package var eventBufferCapacity: Int

        /// Creates a configuration.
        ///
        /// - Parameters:
        ///   - refreshLeeway: Seconds before expiry at which a token is refreshed.
        ///   - providerTimeout: Seconds a provider call may take.
        ///   - backoff: The waits between consecutive failed provider calls.
        ///   - breaker: When to stop calling a provider whose tokens are rejected.
        ///   - eventBufferCapacity: Undelivered events kept before the oldest are dropped.
        package init(
            refreshLeeway: TimeInterval = 60,
            providerTimeout: TimeInterval = 30,
            backoff: TokenRefreshBackoff = .default,
            breaker: TokenRejectionBreaker = .default,
            eventBufferCapacity: Int = EventDelivery.defaultCapacity
        ) {
            self.refreshLeeway = refreshLeeway
            self.providerTimeout = providerTimeout
            self.backoff = backoff
            self.breaker = breaker
            self.eventBufferCapacity = eventBufferCapacity
        }

        var effectiveProviderTimeout: TimeInterval {
            providerTimeout > 0 ? providerTimeout : Configuration().providerTimeout
        }
    }
}
