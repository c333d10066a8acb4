import Foundation
import JanuaryCore
import JanuaryTransport

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The token provider behind ``JanuaryPartnerClient/init(tokenEndpoint:configuration:)``: calls the partner's own
/// token endpoint and tells its failures apart.
///
/// It sends on a URLSession of its own, ephemeral, with no URL cache, cookies or credential storage, so that a
/// token in a response is never written to disk (`URLSession.shared` caches responses). Redirects follow the
/// transport's rules: the partner's `Authorization` never crosses to another origin.
struct TokenEndpoint: Sendable {
    /// The largest answer read: a client token body is a few hundred bytes.
    static let maximumResponseSize = 64 * 1024

    let makeRequest: @Sendable () async throws -> URLRequest
    let transport: URLSessionHTTPTransport

    /// - Parameters:
    ///   - makeRequest: The partner's closure, called for every fetch so that its session header is current.
    ///   - timeout: The session's request timeout: the client's token-provider timeout.
    init(makeRequest: @escaping @Sendable () async throws -> URLRequest, timeout: TimeInterval) {
        self.makeRequest = makeRequest
        let session = URLSessionConfiguration.ephemeral
        session.timeoutIntervalForRequest = timeout
        transport = URLSessionHTTPTransport(
            configuration: session,
            maximumResponseBodySize: Self.maximumResponseSize
        )
    }

    /// Fetches one token.
    ///
    /// - Returns: The token the endpoint answered with.
    /// - Throws: The partner's own error from `makeRequest`, or ``/JanuaryCore/TokenProviderFailure`` carrying
    ///   the failure as the app will see it: `tokenProvider` with `partner_backend_refused` (401, 403) or
    ///   `partner_backend_failed` (another non-2xx status, or a body that is not a token), or `network` saying why
    ///   the endpoint could not be reached.
    func fetch() async throws -> JanuaryClientToken {
        let request = try Self.transportRequest(from: try await makeRequest())
        let response: HTTPTransportResponse
        do {
            response = try await transport.send(request)
        } catch let error as JanuaryError {
            throw TokenProviderFailure(Self.unreachable(error))
        }
        return try Self.token(from: response)
    }

    /// The request as the transport takes it; a streamed body cannot be replayed for a refresh, so it is refused.
    static func transportRequest(from request: URLRequest) throws -> HTTPTransportRequest {
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
        let fields = (request.allHTTPHeaderFields ?? [:]).sorted { $0.key < $1.key }
            .map { (name: $0.key, value: $0.value) }
        return HTTPTransportRequest(
            method: HTTPMethod(rawValue: request.httpMethod ?? "GET"),
            url: url,
            headerFields: HTTPHeaderFields(fields),
            body: request.httpBody.map { .data($0) } ?? .empty
        )
    }

    /// Reads the endpoint's answer: a 2xx with a client token, or a refusal or failure of the backend.
    static func token(from response: HTTPTransportResponse) throws -> JanuaryClientToken {
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
