import Foundation

extension TokenCoordinator {
    /// How the coordinator judges freshness and treats a slow or failing provider.
    package struct Configuration: Sendable {
        /// How long before `expiresAt` a token stops being fresh and is refreshed, in seconds.
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

        /// Creates a configuration.
        ///
        /// - Parameters:
        ///   - refreshLeeway: Seconds before expiry at which a token is refreshed.
        ///   - providerTimeout: Seconds a provider call may take.
        ///   - backoff: The waits between consecutive failed provider calls.
        package init(
            refreshLeeway: TimeInterval = 60,
            providerTimeout: TimeInterval = 30,
            backoff: TokenRefreshBackoff = .default
        ) {
            self.refreshLeeway = refreshLeeway
            self.providerTimeout = providerTimeout
            self.backoff = backoff
        }

        var effectiveProviderTimeout: TimeInterval {
            providerTimeout > 0 ? providerTimeout : Configuration().providerTimeout
        }
    }
}
