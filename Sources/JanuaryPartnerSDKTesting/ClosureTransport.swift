import Foundation
import JanuaryPartnerSDK

/// A `JanuaryHTTPTransport` that answers every request with a closure of yours and records what it was asked.
///
/// Inject it as `JanuaryPartnerClient.Configuration.transport` to unit-test code that uses the client without a
/// server: the client does everything it does in production (validation, tokens, refresh of an expired token,
/// retries, error mapping) and only the network is replaced.
///
/// ```swift
/// let transport = ClosureTransport { request in
///     JanuaryHTTPResponse(statusCode: 200, headerFields: ["Content-Type": "application/json"],
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
/// they print it as `<redacted>`. Only the most recent ``recordLimit`` requests are kept (1,000 by default), so
/// that a long soak test does not grow without bound.
public final class ClosureTransport: JanuaryHTTPTransport {
    /// Answers one request; it may suspend, throw a `JanuaryError` of category `network` to stand for a
    /// connection failure, or throw `CancellationError`.
    public typealias Handler = @Sendable (JanuaryHTTPRequest) async throws -> JanuaryHTTPResponse

    /// How many requests a new transport keeps.
    public static let defaultRecordLimit = 1_000

    private struct Record {
        /// The recorded requests, oldest first: at most twice the limit, trimmed in one step when it gets there
        /// so that recording stays cheap.
        var requests: [JanuaryHTTPRequest] = []
        var limit = ClosureTransport.defaultRecordLimit

        mutating func append(_ request: JanuaryHTTPRequest) {
            guard limit > 0 else {
                return
            }
            requests.append(request)
            if requests.count >= 2 * limit {
                requests.removeFirst(requests.count - limit)
            }
        }

        var recent: [JanuaryHTTPRequest] {
            Array(requests.suffix(limit))
        }
    }

    private let handler: Handler
    private let recorded = Locked(Record())

    /// Creates a transport that answers with `handler`.
    ///
    /// - Parameter handler: Called once per request, in the order the client sends them.
    public init(_ handler: @escaping Handler) {
        self.handler = handler
    }

    /// The requests sent so far, in order: the most recent ``recordLimit`` of them.
    public var requests: [JanuaryHTTPRequest] {
        recorded.withLock { $0.recent }
    }

    /// How many of the most recent requests ``requests`` keeps; 1,000 by default, 0 keeps none. Lowering it
    /// forgets the older requests at once.
    public var recordLimit: Int {
        get { recorded.withLock { $0.limit } }
        set {
            recorded.withLock { record in
                record.limit = max(0, newValue)
                record.requests = record.recent
            }
        }
    }

    /// Records `request` and answers it with the handler.
    ///
    /// - Parameter request: The request the client sends.
    /// - Returns: The handler's response.
    /// - Throws: What the handler throws.
    public func send(_ request: JanuaryHTTPRequest) async throws -> JanuaryHTTPResponse {
        recorded.withLock { $0.append(request) }
        return try await handler(request)
    }
}
