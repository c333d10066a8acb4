import Foundation
import JanuaryAuth
import JanuaryCore
import JanuaryTransport

/// The entry point to January's Partner API v1.2 for a partner app.
///
/// Create one client per signed-in user session and keep it for as long as the session lasts. The client
/// is `Sendable`: share it between tasks freely.
///
/// In production, give the client a `clientTokenProvider` that asks *your own backend* for a short-lived
/// January client token; your backend mints it with its API key, which never enters the app. The client keeps
/// the token in memory only, asks for a new one a minute before it expires, makes one provider call however
/// many requests need a token at once, and when January says the token expired (`401` with code
/// `token_expired`) refreshes and sends a replayable request once more. A revoked or unknown token
/// (`token_revoked`, `token_invalid`) fails the request: the user must sign in to your backend again.
///
/// ```swift
/// let january = try JanuaryPartnerClient(clientTokenProvider: {
///     let (data, _) = try await URLSession.shared.data(for: myBackendTokenRequest)
///     return try JSONDecoder().decode(JanuaryClientToken.self, from: data)
/// })
/// let results = try await january.foods.search(SearchFoodsRequest(query: "banana"))
/// ```
///
/// During development you may use an API key instead; the client refuses one in release builds.
///
/// ```swift
/// let january = try JanuaryPartnerClient(developmentAPIKey: apiKey)
/// ```
public final class JanuaryPartnerClient: Sendable {
    /// The base URL of January's production Partner API, used unless ``Configuration/baseURL`` says otherwise.
    public static let productionBaseURL = URL(string: "https://partners.january.ai")!

    /// The base URL of January's development environment of the Partner API.
    public static let developmentBaseURL = URL(string: "https://partners.dev.january.ai")!

    /// The SDK's version, the single source of the version string in the `User-Agent` every request carries.
    ///
    /// ```swift
    /// print("Using January Partner SDK \(JanuaryPartnerClient.sdkVersion)")
    /// ```
    public static let sdkVersion = "0.2.0"

    /// The header that carries a request's ``JanuaryRequest/partnerUserID``, raw, as January reads it.
    public static let partnerUserIDHeaderName = "January-End-User-ID"

    /// The configuration the client was created with.
    public let configuration: Configuration

    let coordinator: TokenCoordinator
    let transport: any HTTPTransport
    /// The requests waiting between two attempts, which sign-out ends at once.
    let retryWaits = RetryWaits()
    /// The base URL as text without a trailing slash, judged once by ``Configuration/validate()``: every request
    /// URL is this followed by a checked, encoded path, so it cannot leave the base URL's origin.
    let baseURLPrefix: String
    /// January's last refusal of a token as revoked or unknown, until a token is accepted again or the user
    /// signs out: a provider failure that follows it carries it as its cause, so the app sees why a new token
    /// was needed.
    let lastTokenRefusal = Locked<JanuaryError?>(nil)

    /// Creates a client for development that authenticates with an API key from the January dashboard.
    ///
    /// A key never expires and cannot be refreshed, so a request January rejects is not retried. Anyone who
    /// extracts the key from your app can use it with all of your account's rights, so the client refuses a key
    /// in a build compiled without `DEBUG` (a release build), unless
    /// ``Configuration/allowsDevelopmentKeyInReleaseBuilds`` is set for a tool you never distribute.
    ///
    /// - Parameters:
    ///   - developmentAPIKey: The key (`sk-…`), as copied from the dashboard. Surrounding whitespace is ignored.
    ///   - configuration: Where and how to reach January.
    /// - Throws: ``/JanuaryCore/JanuaryError`` of category ``/JanuaryCore/JanuaryError/Category/authentication``
    ///   when the key is empty or only whitespace, or in a release build (code
    ///   `development_key_in_release_build`); of category ``/JanuaryCore/JanuaryError/Category/invalidInput``
    ///   when the key is malformed (inner whitespace, control characters) or the configuration is unsafe.
    public convenience init(developmentAPIKey: String, configuration: Configuration = Configuration()) throws {
        try self.init(developmentAPIKey: DevelopmentAPIKey(developmentAPIKey), configuration: configuration)
    }

    /// Creates a client for development from an already validated key.
    ///
    /// - Parameters:
    ///   - developmentAPIKey: The key.
    ///   - configuration: Where and how to reach January.
    /// - Throws: ``/JanuaryCore/JanuaryError`` of category ``/JanuaryCore/JanuaryError/Category/authentication``
    ///   in a release build (code `development_key_in_release_build`), or of category
    ///   ``/JanuaryCore/JanuaryError/Category/invalidInput`` when the configuration is unsafe.
    public convenience init(developmentAPIKey: DevelopmentAPIKey, configuration: Configuration = Configuration()) throws
    {
        try Self.checkDevelopmentKeyAllowed(
            isDebugBuild: Self.isDebugBuild,
            allowsInReleaseBuilds: configuration.allowsDevelopmentKeyInReleaseBuilds
        )
        try self.init(
            configuration: configuration,
            coordinator: TokenCoordinator(
                developmentAPIKey: developmentAPIKey,
                clock: configuration.clock,
                onEvent: configuration.onEvent
            )
        )
    }

    /// Creates a client for production that gets short-lived client tokens from your backend.
    ///
    /// The provider is called when the client has no fresh token: on the first request, a minute before
    /// the token expires (``Configuration/refreshLeeway``), and when January rejects the token. Concurrent
    /// requests wait for the same call, which runs in a task of its own at user-initiated priority. A call the
    /// client gives up on (its last waiting request was cancelled, it timed out, or ``signOut()``) is cancelled
    /// and its result ignored; honour cancellation in the provider (URLSession does).
    ///
    /// A provider that throws, hangs past ``Configuration/tokenProviderTimeout``, or returns an empty, malformed
    /// or expiring token, or an API key, makes the waiting requests fail with
    /// ``/JanuaryCore/JanuaryError/Category/tokenProvider`` (``/JanuaryCore/JanuaryError/Category/network`` when it
    /// failed because the device is offline); the next request calls it again, and once failures repeat,
    /// requests during ``Configuration/refreshBackoff`` fail at once with `retryAfter` set.
    ///
    /// - Parameters:
    ///   - clientTokenProvider: An async closure that asks your backend for a January client token. Do not call
    ///     the client from inside it.
    ///   - configuration: Where and how to reach January.
    /// - Throws: ``/JanuaryCore/JanuaryError`` of category ``/JanuaryCore/JanuaryError/Category/invalidInput`` when the
    ///   configuration is unsafe. The provider is not called until the first request.
    public convenience init(
        clientTokenProvider: @escaping @Sendable () async throws -> JanuaryClientToken,
        configuration: Configuration = Configuration()
    ) throws {
        try self.init(
            configuration: configuration,
            coordinator: TokenCoordinator(
                provider: clientTokenProvider,
                configuration: TokenCoordinator.Configuration(
                    refreshLeeway: configuration.refreshLeeway,
                    providerTimeout: configuration.tokenProviderTimeout,
                    backoff: configuration.refreshBackoff,
                    breaker: configuration.tokenRejectionBreaker
                ),
                clock: configuration.clock,
                onEvent: configuration.onEvent
            )
        )
    }

    private init(configuration: Configuration, coordinator: TokenCoordinator) throws {
        try configuration.validate()
        let base = configuration.baseURL.absoluteString
        self.baseURLPrefix = base.hasSuffix("/") ? String(base.dropLast()) : base
        self.configuration = configuration
        self.coordinator = coordinator
        if let transport = configuration.transport {
            self.transport = transport
        } else {
            let session = configuration.makeURLSessionConfiguration()
            // Refused here, when the app creates the client, rather than on every request.
            if let refusal = URLSessionHTTPTransport.refusal(of: session) {
                throw refusal
            }
            self.transport = URLSessionHTTPTransport(configuration: session)
        }
    }

    /// Signs the current user out of January: forgets the token and fences everything of the session so far.
    ///
    /// What it does:
    /// - The cached token is forgotten; the next request calls your provider again, for whoever is signed in then.
    /// - Requests already in flight are fenced: a request waiting for a token, or one that January rejects or
    ///   rate-limits after this call, is never given a token of the new session and never sent again; it fails
    ///   with category `cancelled` and code `signed_out`. A request waiting out a `Retry-After` or a back-off
    ///   before its next attempt ends so at once, without waiting for the delay. A token your provider returns for a refresh that was
    ///   under way is thrown away.
    ///
    /// What it does not do: it does not revoke the token at January (your backend can, with January's
    /// revocation endpoint), cancel requests that are already on the wire, or call your provider. It returns at
    /// once and runs none of your code: the events it causes are delivered on the SDK's event thread.
    public func signOut() {
        lastTokenRefusal.withLock { $0 = nil }
        coordinator.reset()
        retryWaits.wakeAll()
    }

    #if DEBUG
    static let isDebugBuild = true
    #else
    static let isDebugBuild = false
    #endif

    /// Refuses a development key in a release build unless the partner opted in.
    static func checkDevelopmentKeyAllowed(isDebugBuild: Bool, allowsInReleaseBuilds: Bool) throws {
        guard isDebugBuild || allowsInReleaseBuilds else {
            throw JanuaryError.authentication(
                "A development API key was used in a release build. An API key in a distributed app can be "
                    + "extracted and used with all of your account's rights: ship a clientTokenProvider instead. "
                    + "For a tool you never distribute, set Configuration.allowsDevelopmentKeyInReleaseBuilds.",
                code: JanuaryError.Code.developmentKeyInReleaseBuild
            )
        }
    }
}

extension JanuaryPartnerClient: CustomStringConvertible, CustomReflectable {
    /// A summary that names the base URL, never a credential.
    public var description: String {
        "JanuaryPartnerClient(baseURL: \(configuration.baseURL.absoluteString))"
    }

    /// A mirror that shows the configuration only, so that `dump` and debuggers never reach the token cache.
    public var customMirror: Mirror {
        Mirror(self, children: ["configuration": configuration], displayStyle: .class)
    }
}
