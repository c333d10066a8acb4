import Foundation
import JanuaryAuth
import JanuaryCore
import JanuaryTransport

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension JanuaryPartnerClient {
    /// Where and how a ``JanuaryPartnerClient`` reaches January.
    ///
    /// The defaults suit production; most apps change nothing, or only the ``onEvent`` callback.
    ///
    /// ```swift
    /// var configuration = JanuaryPartnerClient.Configuration()
    /// configuration.onEvent = { event in logger.debug("\(event)") }
    /// let january = try JanuaryPartnerClient(clientTokenProvider: provider, configuration: configuration)
    /// ```
    public struct Configuration: Sendable {
        /// The root of January's API. Request paths are resolved against it.
        ///
        /// Defaults to ``JanuaryPartnerClient/productionBaseURL``. It must be `https`, or plain `http` only to
        /// a loopback host (`127.0.0.1`, `::1`, `localhost`) for local tests, and must not contain a user name,
        /// password, query or fragment.
        public var baseURL: URL

        /// How long before a token's expiry the client asks for a new one. Defaults to 60 seconds.
        ///
        /// A token your provider returns must be valid for longer than this, or it is refused.
        public var refreshLeeway: TimeInterval

        /// How long the client waits for your token provider before failing the requests that need a token.
        /// Defaults to 30 seconds.
        public var tokenProviderTimeout: TimeInterval

        /// How long the client waits before calling a provider again after repeated failures.
        public var refreshBackoff: TokenRefreshBackoff

        /// The timeout of each HTTP exchange, first attempt and retry alike, as URLSession applies it (on Apple
        /// platforms, the longest wait for more data). Defaults to 60 seconds.
        ///
        /// It bounds the network part only: one ``JanuaryPartnerClient/send(_:)`` that is retried after a refresh
        /// can take up to twice this, plus the time of the provider call (``tokenProviderTimeout``).
        public var requestTimeout: TimeInterval

        /// Called for each token event: provider calls, coalescing, invalidations and retries.
        ///
        /// Events never contain a token or key. The callback runs synchronously on the SDK's tasks: keep it
        /// quick and do not call back into the client from it.
        public var onEvent: (@Sendable (JanuaryTokenEvent) -> Void)?

        /// The URLSession settings to start from, copied when the client is created.
        ///
        /// Whatever you pass, the client turns off its credential storage, cookie storage and cache, so that
        /// nothing it handles is persisted.
        public var urlSessionConfiguration: URLSessionConfiguration {
            get { sessionConfigurationBox.copy() }
            set { sessionConfigurationBox = SessionConfigurationBox(newValue) }
        }

        private var sessionConfigurationBox: SessionConfigurationBox

        /// Stands in for the network in the SDK's own tests and benchmarks.
        package var transport: (any HTTPTransport)?

        /// The clock that decides when a token is stale; a manual clock in tests.
        package var clock: any TokenClock

        /// Creates the default configuration.
        ///
        /// - Parameter baseURL: The root of January's API. Defaults to ``JanuaryPartnerClient/productionBaseURL``.
        public init(baseURL: URL = JanuaryPartnerClient.productionBaseURL) {
            self.baseURL = baseURL
            self.refreshLeeway = 60
            self.tokenProviderTimeout = 30
            self.refreshBackoff = .default
            self.requestTimeout = 60
            self.onEvent = nil
            self.sessionConfigurationBox = SessionConfigurationBox(.ephemeral)
            self.transport = nil
            self.clock = SystemTokenClock()
        }

        func makeURLSessionConfiguration() -> URLSessionConfiguration {
            let session = sessionConfigurationBox.copy()
            session.timeoutIntervalForRequest = requestTimeout
            return session
        }

        func validate() throws {
            guard refreshLeeway >= 0, tokenProviderTimeout > 0, requestTimeout > 0 else {
                throw JanuaryError.invalidInput(
                    "The refresh leeway must not be negative, and the timeouts must be positive."
                )
            }
            guard let components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false),
                components.host?.isEmpty == false
            else {
                throw JanuaryError.invalidInput("The base URL must be an absolute http or https URL with a host.")
            }
            guard components.query == nil, components.fragment == nil else {
                throw JanuaryError.invalidInput("The base URL must not contain a query or a fragment.")
            }
            // The same rules the transport applies to every request that carries a credential: https, or http
            // to loopback only, and no user name or password.
            try TransportSafety.validateCredentialURL(baseURL)
        }
    }
}

extension JanuaryPartnerClient.Configuration: CustomReflectable {
    /// A mirror of the settings only: not the URLSession configuration's internals, and not the transport, whose
    /// session holds requests in flight with their `Authorization` header.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "baseURL": baseURL.absoluteString,
                "refreshLeeway": refreshLeeway,
                "tokenProviderTimeout": tokenProviderTimeout,
                "refreshBackoff": refreshBackoff,
                "requestTimeout": requestTimeout,
                "hasEventHandler": onEvent != nil,
            ],
            displayStyle: .struct
        )
    }
}

/// Holds the partner's URLSessionConfiguration, which is a mutable class, so that `Configuration` can be a
/// `Sendable` value.
// Safe because the box's configuration is written once, in `init`, from a private copy that nothing else
// references, and is only ever read to make another copy; no one can reach the instance to mutate it.
private final class SessionConfigurationBox: @unchecked Sendable {
    private let configuration: URLSessionConfiguration

    init(_ configuration: URLSessionConfiguration) {
        self.configuration = configuration.copy() as! URLSessionConfiguration
    }

    func copy() -> URLSessionConfiguration {
        configuration.copy() as! URLSessionConfiguration
    }
}
