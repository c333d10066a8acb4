import Foundation

/// One operation of the simulated API: how it is reached, who may call it, and what answers it.
struct Operation: Sendable {
    /// Who may call an operation (Docs/Contract.md, Credentials).
    enum Access: Sendable {
        case apiKeyOnly
        case apiKeyOrClientToken
    }

    typealias Handler = @Sendable (OperationContext, inout SimulatorBooks) throws -> APIResponse

    /// January's `operationId`, such as `searchFoods`.
    let name: String
    let method: String
    /// The path with `{name}` for parameters, such as `/v1.2/foods/{food_id}`.
    let template: String
    let access: Access
    /// The scope a client token needs; `nil` for API-key-only operations.
    let scope: JanuaryAPISimulator.Scope?
    /// Whether the operation acts for one end user (Docs/Contract.md, End user) and reads `January-End-User-ID`.
    let isPerUser: Bool
    /// Whether the operation stores something, so a scripted failure can follow the store.
    let isWrite: Bool
    let handler: Handler

    init(
        _ name: String,
        _ method: String,
        _ template: String,
        access: Access = .apiKeyOrClientToken,
        scope: JanuaryAPISimulator.Scope?,
        isPerUser: Bool = false,
        isWrite: Bool = false,
        handler: @escaping Handler
    ) {
        self.name = name
        self.method = method
        self.template = template
        self.access = access
        self.scope = scope
        self.isPerUser = isPerUser
        self.isWrite = isWrite
        self.handler = handler
    }

    /// The path parameters when `path` fits the template, else `nil`.
    func match(path: String) -> [String: String]? {
        let patternSegments = template.split(separator: "/", omittingEmptySubsequences: false)
        let pathSegments = path.split(separator: "/", omittingEmptySubsequences: false)
        guard patternSegments.count == pathSegments.count else { return nil }
        var parameters: [String: String] = [:]
        for (pattern, segment) in zip(patternSegments, pathSegments) {
            if pattern.hasPrefix("{") && pattern.hasSuffix("}") {
                guard !segment.isEmpty else { return nil }
                let name = String(pattern.dropFirst().dropLast())
                parameters[name] = String(segment).removingPercentEncoding ?? String(segment)
            } else if pattern != segment {
                return nil
            }
        }
        return parameters
    }
}

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
