import Foundation
import JanuaryAuth
import JanuaryCore
import JanuaryTransport

/// The entry point to January's API for a partner app.
///
/// Create one client per signed-in user session and keep it for as long as the session lasts. The client
/// is `Sendable`: share it between tasks freely.
///
/// In production, give the client a `clientTokenProvider` that asks *your own backend* for a short-lived
/// January token. The client keeps the token in memory only, asks for a new one a minute before it
/// expires, makes one provider call however many requests need a token at once, and, when January answers
/// `401` with `WWW-Authenticate: Bearer error="invalid_token"`, refreshes and retries a replayable request
/// exactly once.
///
/// ```swift
/// let january = try JanuaryPartnerClient(clientTokenProvider: {
///     let response = try await partnerBackend.createJanuaryToken()
///     return JanuaryClientToken(value: response.accessToken, expiresAt: response.expiresAt)
/// })
/// let userID = PartnerUserID(rawValue: partnerOwnedUserID)
/// let response = try await january.send(JanuaryRequest(path: "/v1/ping", partnerUserID: userID))
/// ```
///
/// During development you may use an API key instead. Never ship a key in a distributed app.
///
/// ```swift
/// let january = try JanuaryPartnerClient(developmentAPIKey: apiKey)
/// ```
public final class JanuaryPartnerClient: Sendable {
    /// The base URL of January's production API, used unless ``Configuration/baseURL`` says otherwise.
    public static let productionBaseURL = URL(string: "https://api.january.ai")!

    /// The header that carries a request's ``JanuaryRequest/partnerUserID``.
    public static let partnerUserIDHeaderName = "X-January-Partner-User-ID"

    /// The configuration the client was created with.
    public let configuration: Configuration

    let coordinator: TokenCoordinator
    let transport: any HTTPTransport

    /// Creates a client for development that authenticates with an API key from the January dashboard.
    ///
    /// A key never expires and cannot be refreshed, so a request January rejects is not retried. Anyone
    /// who extracts the key from your app can use it: use this only in builds you do not distribute.
    ///
    /// - Parameters:
    ///   - developmentAPIKey: The key, as copied from the dashboard. Surrounding whitespace is ignored.
    ///   - configuration: Where and how to reach January.
    /// - Throws: ``/JanuaryCore/JanuaryError`` of category ``/JanuaryCore/JanuaryError/Category/authentication`` when
    ///   the key is empty or malformed, or ``/JanuaryCore/JanuaryError/Category/invalidInput`` when the configuration
    ///   is unsafe.
    public convenience init(developmentAPIKey: String, configuration: Configuration = Configuration()) throws {
        try self.init(developmentAPIKey: DevelopmentAPIKey(developmentAPIKey), configuration: configuration)
    }

    /// Creates a client for development from an already validated key.
    ///
    /// - Parameters:
    ///   - developmentAPIKey: The key.
    ///   - configuration: Where and how to reach January.
    /// - Throws: ``/JanuaryCore/JanuaryError`` of category ``/JanuaryCore/JanuaryError/Category/invalidInput`` when the
    ///   configuration is unsafe.
    public convenience init(developmentAPIKey: DevelopmentAPIKey, configuration: Configuration = Configuration()) throws
    {
        try self.init(
            configuration: configuration,
            coordinator: TokenCoordinator(developmentAPIKey: developmentAPIKey, onEvent: configuration.onEvent)
        )
    }

    /// Creates a client for production that gets short-lived tokens from your backend.
    ///
    /// The provider is called when the client has no fresh token: on the first request, a minute before
    /// the token expires (``Configuration/refreshLeeway``), and when January rejects the token. Concurrent
    /// requests wait for the same call. A call the client gives up on (its last waiting request was cancelled,
    /// it timed out, or ``signOut()``) is cancelled and its result ignored; honour cancellation in the provider
    /// (URLSession does), or such a call may still be running when the next one starts. A provider that throws, hangs
    /// past ``Configuration/tokenProviderTimeout`` or returns an empty or already expiring token makes the
    /// waiting requests fail with ``/JanuaryCore/JanuaryError/Category/tokenProvider``; the next request calls it
    /// again, after ``Configuration/refreshBackoff`` if failures repeat.
    ///
    /// - Parameters:
    ///   - clientTokenProvider: An async closure that asks your backend for a January token. Do not call the
    ///     client from inside it.
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
                    backoff: configuration.refreshBackoff
                ),
                clock: configuration.clock,
                onEvent: configuration.onEvent
            )
        )
    }

    private init(configuration: Configuration, coordinator: TokenCoordinator) throws {
        try configuration.validate()
        self.configuration = configuration
        self.coordinator = coordinator
        self.transport =
            configuration.transport
            ?? URLSessionHTTPTransport(
                configuration: configuration.makeURLSessionConfiguration()
            )
    }

    /// Forgets the current token, for example when the user signs out.
    ///
    /// A token your provider returns after this call, for a refresh that was already under way, is thrown
    /// away; requests that were waiting for it fail with ``/JanuaryCore/JanuaryError/Category/cancelled``. The next
    /// request calls the provider again.
    public func signOut() {
        coordinator.reset()
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
