import Foundation
import JanuaryCore
import JanuaryTransport

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The token provider behind ``JanuaryPartnerClient/init(tokenEndpoint:configuration:)``: calls the partner's own
/// token endpoint and tells its failures apart.
///
/// Without ``JanuaryPartnerClient/Configuration/transport`` it sends on a URLSession of its own, ephemeral, with no
/// URL cache, cookies or credential storage, so that a token in a response is never written to disk
/// (`URLSession.shared` caches responses). With one (the in-process simulator in tests, or the app's own), it
/// sends through it. Either way the same rules hold before any I/O: the URL is `https` (or `http` to a loopback
/// host), and the method and header fields pass the checks January's requests pass (no CR, LF or other control
/// character can add a field). After it: a redirect to another origin is not followed by the SDK's own
/// `URLSessionHTTPTransport`, whichever session it has (the partner's session fields would go with it); an answer
/// that any transport reports as coming from another origin, or from a hop that went without the request's
/// credential, is refused as `partner_backend_failed`; the answer is read up to 64 KiB; and the four outcomes
/// (token, refused, failed, unreachable) are told apart alike. `HostileTokenEndpointTests` holds each rule.
package struct TokenEndpoint: Sendable {
    /// The largest answer read: a client token body is a few hundred bytes.
    static let maximumResponseSize = 64 * 1024

    let makeRequest: @Sendable () async throws -> URLRequest
    let transport: any CheckedHTTPTransport

    /// - Parameters:
    ///   - makeRequest: The partner's closure, called for every fetch so that its session header is current.
    ///   - timeout: The client's token-provider timeout, also the own session's request timeout (a day at most:
    ///     `.infinity`, which the client allows, is no timeout URLSession can represent).
    ///   - transport: The client's configured transport, or `nil` for a URLSession of the endpoint's own.
    package init(
        makeRequest: @escaping @Sendable () async throws -> URLRequest,
        timeout: TimeInterval,
        transport: (any JanuaryHTTPTransport)? = nil
    ) {
        self.makeRequest = makeRequest
        if let transport {
            self.transport = transport.behindCheckedSeam
            return
        }
        let session = URLSessionConfiguration.ephemeral
        session.timeoutIntervalForRequest = Self.sessionTimeout(timeout)
        self.transport = URLSessionHTTPTransport(
            configuration: session, maximumResponseBodySize: Self.maximumResponseSize)
    }

    /// The request timeout URLSession is given for the provider timeout `seconds`: the longest the client accepts
    /// (a day) for anything that is not a positive finite number up to that, because swift-corelibs-foundation
    /// traps on an infinite one and the client's own timeout bounds the call anyway.
    static func sessionTimeout(_ seconds: TimeInterval) -> TimeInterval {
        let longest = JanuaryPartnerClient.Configuration.longestDuration
        guard seconds.isFinite, seconds > 0 else {
            return longest
        }
        return min(seconds, longest)
    }

    /// Fetches one token.
    ///
    /// - Returns: The token the endpoint answered with.
    /// - Throws: The partner's own error from `makeRequest`, or ``/JanuaryCore/TokenProviderFailure`` carrying
    ///   the failure as the app will see it: `tokenProvider` with `partner_backend_refused` (401, 403) or
    ///   `partner_backend_failed` (another non-2xx status, a redirect to another origin, an answer over 64 KiB, or
    ///   a body that is not a token, an answer from another origin), `client_token_provider_failed` for a request
    ///   the rules refuse before any I/O, or `network` saying why the endpoint could not be reached.
    package func fetch() async throws -> JanuaryClientToken {
        let request = try Self.checkedRequest(from: try await makeRequest())
        let response: JanuaryHTTPResponse
        do {
            response = try await transport.send(request)
        } catch let error as JanuaryError {
            throw TokenProviderFailure(Self.unreachable(error))
        }
        try Self.requireOwnOrigin(of: response, to: request.request.url)
        guard response.body.count <= Self.maximumResponseSize else {
            throw TokenProviderFailure(Self.tooLarge(status: response.statusCode))
        }
        return try Self.token(from: response)
    }

    /// Refuses an answer that did not come from the endpoint's own origin with the request's fields: a transport
    /// of the partner's own may follow a redirect the SDK's would not, and a token minted elsewhere would put the
    /// user's logs in somebody else's account. An answer without a URL is taken as the endpoint's own.
    static func requireOwnOrigin(of response: JanuaryHTTPResponse, to url: URL) throws {
        let answeredElsewhere = response.url.map { Origin($0) != Origin(url) } ?? false
        guard answeredElsewhere || response.credentialWithdrawnByRedirect else {
            return
        }
        throw TokenProviderFailure(
            JanuaryError(
                category: .tokenProvider,
                code: .partnerBackendFailed,
                message: "Your token endpoint's answer came from another origin, after a redirect; the SDK takes a "
                    + "client token only from the endpoint's own origin.",
                statusCode: response.statusCode
            )
        )
    }

    /// The failure for an answer over ``maximumResponseSize``: the backend was reached and answered, but not a
    /// token.
    static func tooLarge(status: Int?) -> JanuaryError {
        JanuaryError(
            category: .tokenProvider,
            code: .partnerBackendFailed,
            message: "Your token endpoint answered with more than 64 KiB, which is not a client token.",
            statusCode: status
        )
    }

    /// The request as the transport takes it, checked as January's requests are and kept to its own origin; a
    /// streamed body cannot be replayed for a refresh, so it is refused.
    static func checkedRequest(from request: URLRequest) throws -> CheckedHTTPRequest {
        guard let url = request.url else {
            throw TokenProviderFailure(
                .tokenProvider("The token endpoint request has no URL.", code: .clientTokenProviderFailed)
            )
        }
        guard request.httpBodyStream == nil else {
            throw TokenProviderFailure(
                .tokenProvider(
                    "The token endpoint request has a body stream; give it httpBody data instead.",
                    code: .clientTokenProviderFailed
                )
            )
        }
        let fields = Array(request.allHTTPHeaderFields ?? [:]).sortedByIndex { $0.key < $1.key }
            .map { (name: $0.key, value: $0.value) }
        let transportRequest = JanuaryHTTPRequest(
            method: JanuaryHTTPMethod(rawValue: request.httpMethod ?? "GET"),
            url: url,
            headerFields: JanuaryHTTPHeaderFields(fields),
            body: request.httpBody.map { .data($0) } ?? .empty
        )
        // Before any I/O, the DNS lookup included, and whichever transport sends it: the request carries the
        // partner's session, and the answer a token, so neither may travel in cleartext to a remote host, and no
        // field value may add a field of its own to the message.
        do {
            try TransportSafety.validateCredentialURL(url)
            // Each fetch makes a request of its own, sent once: a failed one is a failed provider call.
            return try CheckedHTTPRequest(checking: transportRequest, replay: .never, redirects: .sameOriginOnly)
        } catch let error as JanuaryError {
            throw TokenProviderFailure(
                .tokenProvider(
                    JanuaryError.sentences("The token endpoint request was not sent", error.message),
                    code: .clientTokenProviderFailed
                )
            )
        }
    }

    /// Reads the endpoint's answer: a 2xx with a client token, or a refusal or failure of the backend.
    static func token(from response: JanuaryHTTPResponse) throws -> JanuaryClientToken {
        let status = response.statusCode
        switch status {
        case 200...299:
            do {
                return try JanuaryJSON.makeDecoder().decode(JanuaryClientToken.self, from: response.body)
            } catch {
                throw TokenProviderFailure(
                    JanuaryError(
                        category: .tokenProvider,
                        code: .partnerBackendFailed,
                        message: "Your token endpoint answered HTTP \(status), but its body is not a client token "
                            + "(expected JSON such as {\"token\": \"ct-…\", \"expires_in\": 1800}).",
                        statusCode: status,
                        underlyingError: error
                    )
                )
            }
        case 401, 403:
            throw TokenProviderFailure(
                JanuaryError(
                    category: .tokenProvider,
                    code: .partnerBackendRefused,
                    message: "Your token endpoint refused to mint a token (HTTP \(status)): the user's session with "
                        + "your backend is not valid. Sign the user in to your backend again.",
                    statusCode: status
                )
            )
        default:
            throw TokenProviderFailure(
                JanuaryError(
                    category: .tokenProvider,
                    code: .partnerBackendFailed,
                    message: "Your token endpoint failed with HTTP \(status) instead of answering a client token.",
                    statusCode: status
                )
            )
        }
    }

    /// The error for a request that got no response: `network` saying why, when the platform said.
    static func unreachable(_ error: JanuaryError) -> JanuaryError {
        if error.code == .responseTooLarge {
            return tooLarge(status: nil)
        }
        if let urlError = error.underlyingError as? URLError, let network = JanuaryError.backendUnreachable(urlError) {
            return network
        }
        if error.category == .invalidInput {
            return JanuaryError(
                category: .tokenProvider,
                code: .clientTokenProviderFailed,
                message: JanuaryError.sentences("The token endpoint request was not sent", error.message),
                underlyingError: error
            )
        }
        return JanuaryError(
            category: .network,
            code: error.code,
            message: JanuaryError.sentences("The token provider could not reach your backend", error.message),
            underlyingError: error
        )
    }
}
