import Foundation
import JanuaryPartnerSDK

/// An `HTTPTransport` that answers every request with a closure of yours and records what it was asked.
///
/// Inject it as `JanuaryPartnerClient.Configuration.transport` to unit-test code that uses the client without a
/// server: the client does everything it does in production (validation, tokens, refresh of an expired token,
/// retries, error mapping) and only the network is replaced.
///
/// ```swift
/// let transport = ClosureTransport { request in
///     HTTPTransportResponse(statusCode: 200, headerFields: ["Content-Type": "application/json"],
///                           body: Data(#"{"items":[]}"#.utf8))
/// }
/// var configuration = JanuaryPartnerClient.Configuration()
/// configuration.transport = transport
/// let january = try JanuaryPartnerClient(clientTokenProvider: provider, configuration: configuration)
/// _ = try await january.foods.search(SearchFoodsRequest(query: "banana"))
/// #expect(transport.requests.count == 1)
/// ```
///
/// The recorded requests keep their `Authorization` field, which a test may need to check; like every request,
/// they print it as `<redacted>`.
public final class ClosureTransport: HTTPTransport {
    /// Answers one request; it may suspend, throw a `JanuaryError` of category `network` to stand for a
    /// connection failure, or throw `CancellationError`.
    public typealias Handler = @Sendable (HTTPTransportRequest) async throws -> HTTPTransportResponse

    private let handler: Handler
    private let recorded = Locked<[HTTPTransportRequest]>([])

    /// Creates a transport that answers with `handler`.
    ///
    /// - Parameter handler: Called once per request, in the order the client sends them.
    public init(_ handler: @escaping Handler) {
        self.handler = handler
    }

    /// Every request sent so far, in order.
    public var requests: [HTTPTransportRequest] {
        recorded.withLock { $0 }
    }

    /// Records `request` and answers it with the handler.
    ///
    /// - Parameter request: The request the client sends.
    /// - Returns: The handler's response.
    /// - Throws: What the handler throws.
    public func send(_ request: HTTPTransportRequest) async throws -> HTTPTransportResponse {
        recorded.withLock { $0.append(request) }
        return try await handler(request)
    }
}
