// `import JanuaryPartnerSDK` is all an app needs: the error, identifier and credential types from the core, the
// event, clock and back-off types that appear in the client's configuration, the five transport types a
// partner touches when it supplies its own `JanuaryHTTPTransport` or tests with one, and the replay class a raw
// `JanuaryRequest` states. The transport layer itself is
// not re-exported: its generic vocabulary (a challenge, a URLSession transport) would arrive at top level in every
// file of the app, and a generic name beside another library's (Alamofire's `HTTPMethod`) makes both ambiguous.
// The re-exports sit on the facade's own file because they are part of its public surface.
// Tests/JanuaryPartnerSDKTests/Release/TopLevelNamesTests.swift lists every name they bring.
import Foundation
@_exported import JanuaryAuth
@_exported import JanuaryCore
import JanuaryTransport

@_exported import struct JanuaryTransport.JanuaryHTTPHeaderFields
@_exported import struct JanuaryTransport.JanuaryHTTPMethod
@_exported import struct JanuaryTransport.JanuaryHTTPRequest
@_exported import struct JanuaryTransport.JanuaryHTTPResponse
@_exported import protocol JanuaryTransport.JanuaryHTTPTransport
@_exported import struct JanuaryTransport.JanuaryReplayClass

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

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
///     try await backend.januaryToken()  // your backend mints it with its API key and passes it through
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

    /// The SDK's version, the single source of the version string in the `User-Agent` every request carries and in
    /// `JanuaryError.supportSummary`.
    ///
    /// A [SemVer](https://semver.org) version without build metadata. A release reports its own version (`0.3.0`);
    /// a build of `main` between releases reports the next version as a pre-release (`0.3.0-dev`), so that a report
    /// from it is not taken for a release. `ReleaseFilesTests` holds it to the CHANGELOG (RELEASING.md).
    ///
    /// ```swift
    /// print("Using January Partner SDK \(JanuaryPartnerClient.sdkVersion)")
    /// ```
    public static let sdkVersion = "0.3.0-dev"

    /// The header that carries a request's ``JanuaryRequest/partnerUserID``, raw, as January reads it.
    public static let partnerUserIDHeaderName = "January-End-User-ID"

    /// The configuration the client was created with.
    public let configuration: Configuration

    let coordinator: TokenCoordinator
    /// January's clock as its answers' `Date`s show it: the exchange driver notes every 2xx's, the token cache
    /// reads it for an absolute `expiresAt` (and forgets it at sign-out), and an undated write reads it for its log's
    /// instant.
    let januarysClock: JanuaryServerClock
    /// Where every event goes, the token cache's and the client's own (a retry, a replay, a reconciliation), so
    /// that ``Configuration/onEvent`` sees them one at a time and in order; `nil` without a handler.
    let events: EventDelivery?
    /// Where requests go: the configured transport behind the checked seam, decided once here, or the SDK's own.
    let transport: any CheckedHTTPTransport
    /// The base URL as text without a trailing slash, judged once by ``Configuration/validate()``: every request
    /// URL is this followed by a checked, encoded path, so it cannot leave the base URL's origin.
    let baseURLPrefix: String
    /// The base URL's decoded path segments, which the server-only guard joins to every request's path.
    let baseURLPathSegments: [Substring]
    /// The last body-less request checked and its checked form, reused when the same request is sent again.
    let lastPrepared = Locked<LastPreparedRequest?>(nil)
    /// The log instants in use, per user, so that each create is recognisable by its own (``LogInstantBook``).
    let logInstants = LogInstantBook()

    /// The client's outbox: your users' writes kept on the device until January has them, sent once each, in
    /// order, across launches. Its folder is ``Configuration/outboxDirectory``, opened on first use.
    public let outbox: JanuaryOutbox

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
        let events = configuration.makeEventDelivery()
        let januarysClock = JanuaryServerClock(clock: configuration.clock)
        try self.init(
            configuration: configuration,
            coordinator: TokenCoordinator(
                developmentAPIKey: developmentAPIKey, clock: configuration.clock, januarysClock: januarysClock,
                events: events),
            januarysClock: januarysClock,
            events: events
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
        let events = configuration.makeEventDelivery()
        let januarysClock = JanuaryServerClock(clock: configuration.clock)
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
                januarysClock: januarysClock,
                events: events
            ),
            januarysClock: januarysClock,
            events: events
        )
    }

    /// Creates a client for production that gets short-lived client tokens from your backend's token endpoint.
    ///
    /// The simplest safe way to connect the app to your backend: give the request for your endpoint, and the
    /// client does the rest. It calls `tokenEndpoint` each time it needs a token (so a session header of yours
    /// that changes is always current), sends the request on a URLSession of its own (ephemeral: no URL cache,
    /// no cookies, no stored credentials, so the token is never written to disk), or through
    /// ``Configuration/transport`` when one is set (the in-process simulator in tests), requires a `2xx` answer of
    /// at most 64 KiB and decodes ``/JanuaryCore/JanuaryClientToken`` from it (January's own answer
    /// `{"token", "expires_in", …}` passed through, or the other spellings that type reads).
    ///
    /// The request must be `https`, or `http` to a loopback host; anything else is refused before any I/O. A
    /// redirect is followed only within the endpoint's origin (scheme, host and port): one to another origin is
    /// not followed, so your `Cookie` or session header never reaches it, and the request fails as your backend
    /// failing (`partner_backend_failed`, with the 3xx status).
    ///
    /// ```swift
    /// #if canImport(FoundationNetworking)
    /// import FoundationNetworking
    /// #endif
    ///
    /// let january = try JanuaryPartnerClient(tokenEndpoint: {
    ///     var request = URLRequest(url: URL(string: "https://api.example.com/january-token")!)
    ///     request.httpMethod = "POST"
    ///     request.setValue("Bearer \(try await session.currentToken())", forHTTPHeaderField: "Authorization")
    ///     return request
    /// })
    /// ```
    ///
    /// Failures are told apart, on the requests that were waiting for the token:
    /// - your backend refused (`401`, `403`): ``/JanuaryCore/JanuaryError/Category/tokenProvider``, code
    ///   `.partnerBackendRefused`, with the status: sign the user in again;
    /// - your backend failed (another non-2xx status, a redirect to another origin, an answer over 64 KiB, or a
    ///   body that is not a token): `tokenProvider`, code
    ///   `.partnerBackendFailed`, with the status when there was one;
    /// - your backend could not be reached: ``/JanuaryCore/JanuaryError/Category/network``, with a code and
    ///   message that say which: offline (`not_connected_to_internet`), DNS (`cannot_find_host`), connection
    ///   refused (`cannot_connect_to_host`), TLS (`secure_connection_failed`), timeout (`request_timeout`) or a
    ///   lost connection (`network_connection_lost`);
    /// - `tokenEndpoint` threw, or its request breaks the rules above: `tokenProvider`, code
    ///   `.clientTokenProviderFailed`, with your error as the underlying error.
    ///
    /// Everything else is as for ``init(clientTokenProvider:configuration:)``: one call however many requests
    /// need a token, ``Configuration/tokenProviderTimeout`` (also the own session's request timeout, a day at most), back-off after
    /// repeated failures.
    ///
    /// - Parameters:
    ///   - tokenEndpoint: Builds the request for your backend's token endpoint: URL, method, your session's
    ///     header, an optional `httpBody` (not a body stream). `https`, or `http` to a loopback host for tests.
    ///   - configuration: Where and how to reach January.
    /// - Throws: ``/JanuaryCore/JanuaryError`` of category ``/JanuaryCore/JanuaryError/Category/invalidInput`` when
    ///   the configuration is unsafe. The endpoint is not called until the first request or ``prefetchToken()``.
    public convenience init(
        tokenEndpoint: @escaping @Sendable () async throws -> URLRequest,
        configuration: Configuration = Configuration()
    ) throws {
        let endpoint = TokenEndpoint(
            makeRequest: tokenEndpoint,
            timeout: configuration.tokenProviderTimeout,
            transport: configuration.transport
        )
        try self.init(clientTokenProvider: { try await endpoint.fetch() }, configuration: configuration)
    }

    /// Fetches a client token now, unless a fresh one is cached: for an app to warm up at launch, so that its
    /// first request does not wait for your backend, and for tests to start from a known state.
    ///
    /// Concurrent calls, and requests made meanwhile, share one provider call. With a development API key it
    /// returns at once.
    ///
    /// - Throws: What a request would throw when it cannot get a token: ``/JanuaryCore/JanuaryError`` of category
    ///   ``/JanuaryCore/JanuaryError/Category/tokenProvider``, ``/JanuaryCore/JanuaryError/Category/network``,
    ///   ``/JanuaryCore/JanuaryError/Category/authentication`` (code `token_rejected_repeatedly`) or
    ///   ``/JanuaryCore/JanuaryError/Category/cancelled`` (code `signed_out`), and `CancellationError` when the
    ///   calling task is cancelled.
    public func prefetchToken() async throws {
        _ = try await coordinator.credential()
    }

    private init(
        configuration: Configuration,
        coordinator: TokenCoordinator,
        januarysClock: JanuaryServerClock,
        events: EventDelivery?
    ) throws {
        try configuration.validate()
        let base = configuration.baseURL.absoluteString
        self.baseURLPrefix = base.hasSuffix("/") ? String(base.dropLast()) : base
        self.baseURLPathSegments = RequestPath.baseSegments(of: configuration.baseURL)
        self.configuration = configuration
        self.coordinator = coordinator
        self.januarysClock = januarysClock
        self.events = events
        self.outbox = JanuaryOutbox(
            directory: configuration.outboxDirectory ?? JanuaryOutbox.defaultDirectory, clock: configuration.clock)
        if let transport = configuration.transport {
            self.transport = transport.behindCheckedSeam
        } else {
            let session = configuration.makeURLSessionConfiguration()
            // Refused here, when the app creates the client, rather than on every request.
            if let refusal = URLSessionHTTPTransport.refusal(of: session) {
                throw refusal
            }
            self.transport = URLSessionHTTPTransport(configuration: session)
        }
        outbox.attach(to: self)
    }

    deinit {
        outbox.shutDown()
    }

    /// Signs the current user out of January: forgets the token and fences everything of the session so far.
    ///
    /// What it does:
    /// - The cached token is forgotten; the next request calls your provider again, for whoever is signed in then.
    ///   So is the last request the client checked, which it keeps to send the same request again without checking
    ///   it anew and which names the user it acted for.
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
        // One call into the token cache, which owns the session fence (the token, the waits, the remembered
        // refusal, January's clock); the outbox holds every user's writes first.
        outbox.signedOut()
        coordinator.reset()
        // The last checked request names the user it acted for; nothing of the signed-out session is kept.
        lastPrepared.withLock { $0 = nil }
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
