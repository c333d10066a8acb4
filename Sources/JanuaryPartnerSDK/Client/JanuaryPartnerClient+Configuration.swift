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
    /// configuration.configureSession = { session in
    ///     #if canImport(Darwin)
    ///     session.waitsForConnectivity = true  // Apple platforms only; bounded by the client's timeouts
    ///     #endif
    /// }
    /// let january = try JanuaryPartnerClient(clientTokenProvider: provider, configuration: configuration)
    /// ```
    public struct Configuration: Sendable {
        /// The root of January's API. Request paths, which start with `/v1.2/`, are resolved against it.
        ///
        /// Defaults to ``JanuaryPartnerClient/productionBaseURL``; ``JanuaryPartnerClient/developmentBaseURL`` is
        /// January's development environment. It must be `https`, or plain `http` only to a loopback host
        /// (`127.0.0.0/8`, `::1` or `localhost`) for local tests, and must not contain a user name, password,
        /// query or fragment.
        public var baseURL: URL {
            get { baseURLReference.value }
            set { baseURLReference = Boxed(newValue) }
        }

        /// ``baseURL``, boxed: `URL` is not frozen in Apple's Foundation, and stored inline it would give the
        /// configuration a layout known only at run time, and each read of it on the request path a metadata call
        /// (see `Boxed`).
        private var baseURLReference: Boxed<URL>

        /// How long before a token's expiry the client asks for a new one. Defaults to 60 seconds.
        ///
        /// A token your provider returns must be valid for longer than this, or it is refused. It must be finite,
        /// from 0 to 86,400 seconds; anything else makes the client's initializer throw `invalidInput` with code
        /// `invalid_timeout`.
        public var refreshLeeway: TimeInterval

        /// How long the client waits for your token provider before failing the requests that need a token.
        /// Defaults to 30 seconds.
        ///
        /// It must be greater than 0 and at most 86,400 seconds, or `.infinity` for no timeout (with
        /// ``JanuaryPartnerClient/init(tokenEndpoint:configuration:)``, the endpoint's own URLSession then waits
        /// up to a day, the longest it is given); anything else (NaN, 0, negative, finite but longer than a day) makes the
        /// client's initializer throw `invalidInput` with code `invalid_timeout`.
        public var tokenProviderTimeout: TimeInterval

        /// How long the client leaves your provider alone after repeated failures; requests in that time fail
        /// at once with the last failure and its `retryAfter`.
        public var refreshBackoff: TokenRefreshBackoff

        /// When to stop calling a provider whose tokens January keeps rejecting.
        public var tokenRejectionBreaker: TokenRejectionBreaker

        /// When requests are sent again after a rate limit or a transient failure; see ``JanuaryRetryPolicy``.
        public var retryPolicy: JanuaryRetryPolicy

        /// The timeout of each HTTP exchange, first attempt and retries alike, as URLSession applies it (on Apple
        /// platforms, the longest wait for more data). Defaults to 60 seconds; a request's own
        /// ``JanuaryRequest/timeout`` overrides it, and food analysis waits 120 seconds.
        ///
        /// It bounds the network part only: one call can also wait for the provider (``tokenProviderTimeout``),
        /// for a refresh-and-replay, and for retries (``retryPolicy``).
        ///
        /// It must be finite, greater than 0 and at most 86,400 seconds (a value URLSession cannot represent
        /// crashes it on some platforms); anything else makes the client's initializer throw `invalidInput` with
        /// code `invalid_timeout`.
        public var requestTimeout: TimeInterval

        /// Called for each event: provider calls, coalescing, invalidations, the breaker, retries.
        ///
        /// Events never contain a token or key. The callback runs on a thread of the SDK's own, one event
        /// at a time and in order, never on the thread that sends a request, cancels a task or signs out; keep
        /// it quick all the same, or the oldest events are dropped once it falls far behind.
        public var onEvent: (@Sendable (JanuaryEvent) -> Void)?

        /// Adjusts the URLSession settings of the client's own session, for example to wait for connectivity or
        /// to add a header of yours to every request.
        ///
        /// The client calls it once, when it is created, with a fresh `URLSessionConfiguration.ephemeral`; then
        /// it sets `timeoutIntervalForRequest` to ``requestTimeout``, caps `timeoutIntervalForResource` (which alone
        /// bounds a wait for connectivity) at the longest exchange it makes (``requestTimeout``, or 120 seconds for
        /// food analysis, whichever is longer), and turns off credential storage, cookies and the URL cache,
        /// whatever the hook set, so that nothing the client handles is persisted. Not used when you supply a
        /// ``transport``.
        public var configureSession: (@Sendable (URLSessionConfiguration) -> Void)?

        /// The HTTP transport to use instead of the client's own URLSession transport, or `nil` for that one.
        ///
        /// Supply one to send through your own HTTP stack, or in unit tests to answer without a network (the
        /// `ClosureTransport` of the `JanuaryPartnerSDKTesting` product). The client still does everything else:
        /// validation, tokens, refresh, retries and error mapping. Your transport must keep the contract of
        /// `JanuaryHTTPTransport`.
        public var transport: (any JanuaryHTTPTransport)?

        /// The clock for token freshness, the provider timeout, back-off and retry waits; the system clock by
        /// default, a `ManualClock` in tests.
        public var clock: any JanuaryClock

        /// Whether ``JanuaryPartnerClient/init(developmentAPIKey:configuration:)-(String,_)`` is allowed in a build
        /// compiled without `DEBUG`. Defaults to `false`.
        ///
        /// An API key in an app binary can be extracted by anyone who has the app, and it can do everything your
        /// backend can. So the client refuses a development key in release builds, unless you set this for a
        /// tool you never distribute (an internal command-line utility, a CI job).
        public var allowsDevelopmentKeyInReleaseBuilds: Bool

        /// Where the outbox keeps a user's writes until January has them (``JanuaryOutbox``), or `nil` for the
        /// default: `JanuaryPartnerSDK/Outbox` in the app's Application Support folder (on Linux, the user's
        /// `~/.local/share`). One client at a time may use a folder; give each client its own.
        public var outboxDirectory: URL? {
            get { outboxDirectoryReference?.value }
            set { outboxDirectoryReference = newValue.map(Boxed.init) }
        }

        /// ``outboxDirectory``, boxed for the reason ``baseURL`` is.
        private var outboxDirectoryReference: Boxed<URL>?

        /// How long after a food-log create's lost send the SDK waits before listing the day to settle it
        /// (`CreateReconciliation.settleWindow`); shorter only in crash tests whose simulator commits sooner.
        package var createSettleWindow: TimeInterval = CreateReconciliation.settleWindow

        /// Creates the default configuration.
        ///
        /// - Parameter baseURL: The root of January's API. Defaults to ``JanuaryPartnerClient/productionBaseURL``.
        public init(baseURL: URL = JanuaryPartnerClient.productionBaseURL) {
            self.baseURLReference = Boxed(baseURL)
            self.refreshLeeway = 60
            self.tokenProviderTimeout = 30
            self.refreshBackoff = .default
            self.tokenRejectionBreaker = .default
            self.retryPolicy = .default
            self.requestTimeout = 60
            self.onEvent = nil
            self.configureSession = nil
            self.transport = nil
            self.clock = SystemJanuaryClock()
            self.allowsDevelopmentKeyInReleaseBuilds = false
            self.outboxDirectoryReference = nil
        }

        /// The one delivery of ``onEvent``'s events, which the client and its token cache share; `nil` without a
        /// handler.
        func makeEventDelivery() -> EventDelivery? {
            onEvent.map { EventDelivery(handler: $0) }
        }

        /// The session configuration of the client's own transport: the partner's hook applied to a fresh
        /// ephemeral configuration, then the timeouts (the transport turns storage off itself).
        ///
        /// `timeoutIntervalForResource` bounds a whole exchange, and is the only bound while URLSession waits for
        /// connectivity (`waitsForConnectivity`), which `timeoutIntervalForRequest` does not cover; its default is
        /// 7 days. It becomes the longest exchange the client makes (``requestTimeout``, or food analysis's
        /// 120 seconds if longer), or the hook's value if that is shorter.
        func makeURLSessionConfiguration() -> URLSessionConfiguration {
            let session = URLSessionConfiguration.ephemeral
            configureSession?(session)
            session.timeoutIntervalForRequest = requestTimeout
            session.timeoutIntervalForResource = min(
                session.timeoutIntervalForResource,
                max(requestTimeout, FoodAnalysisRequests.timeout)
            )
            return session
        }

        /// The longest duration a partner may set, in seconds: a day.
        static let longestDuration: TimeInterval = 86_400

        /// Refuses a timeout that is not finite, not greater than 0, or longer than ``longestDuration``.
        static func validateTimeout(_ seconds: TimeInterval, named name: String) throws {
            guard seconds.isFinite, seconds > 0, seconds <= longestDuration else {
                throw JanuaryError.invalidInput(
                    "\(name) must be a finite number of seconds greater than 0 and at most 86,400.",
                    code: JanuaryError.Code.invalidTimeout
                )
            }
        }

        func validate() throws {
            try Self.validateTimeout(requestTimeout, named: "The request timeout")
            if tokenProviderTimeout != .infinity {
                try Self.validateTimeout(tokenProviderTimeout, named: "The token provider timeout")
            }
            guard refreshLeeway.isFinite, refreshLeeway >= 0, refreshLeeway <= Self.longestDuration else {
                throw JanuaryError.invalidInput(
                    "The refresh leeway must be a finite number of seconds from 0 to 86,400.",
                    code: JanuaryError.Code.invalidTimeout
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
    /// A mirror of the settings only: not the transport, whose session holds requests in flight with their
    /// `Authorization` header, and not the closures.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "baseURL": baseURL.absoluteString,
                "refreshLeeway": refreshLeeway,
                "tokenProviderTimeout": tokenProviderTimeout,
                "refreshBackoff": refreshBackoff,
                "tokenRejectionBreaker": tokenRejectionBreaker,
                "retryPolicy": retryPolicy,
                "requestTimeout": requestTimeout,
                "hasEventHandler": onEvent != nil,
                "hasSessionHook": configureSession != nil,
                "hasCustomTransport": transport != nil,
                "allowsDevelopmentKeyInReleaseBuilds": allowsDevelopmentKeyInReleaseBuilds,
            ],
            displayStyle: .struct
        )
    }
}
