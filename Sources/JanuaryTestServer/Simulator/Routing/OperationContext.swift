import Foundation

/// What a handler needs to answer one request.
struct OperationContext: Sendable {
    /// The credential the request was accepted with.
    enum Caller: Sendable {
        case apiKey
        case clientToken(ClientTokenRecord)
    }

    let request: RecordedRequest
    let now: Date
    let query: QueryParameters
    /// The parsed body; `nil` when the request had none.
    let body: JSONValue?
    let pathParameters: [String: String]
    let caller: Caller
    /// The end user a per-user operation acts for (Docs/Contract.md, End user); `nil` for other operations.
    let endUserID: String?
    /// The simulator's default token lifetime, in seconds.
    let tokenLifetime: TimeInterval

    /// The end user of a per-user operation; the pipeline has resolved it before the handler runs.
    var user: String {
        endUserID ?? ""
    }
}
