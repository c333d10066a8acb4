import Foundation

/// Answers one request: the stand-in partner backend, scripted failures, routing, authentication,
/// authorization, end-user resolution, then the operation's handler, all under the books' lock.
///
/// The order, documented in `Docs/Simulator.md`: a scripted failure is taken as the request arrives, before
/// routing and authentication (so a test sees it even without a credential; a scripted `401` stands in for the
/// authentication verdict); then an unknown path answers `404`, a known path with another method `405`, a
/// body over 5 MB `413`; then the credential, the scope and the end user are checked; then the operation
/// runs, and a write that stored something may still be answered by a scripted after-write failure.
struct SimulatorEngine: Sendable {
    static let maximumBodySize = 5 * 1024 * 1024

    let books: LockedValue<SimulatorBooks>
    let now: @Sendable () -> Date
    let tokenLifetime: TimeInterval
    let requestIDPrefix: String
    let router = Router.partnerAPI

    init(books: LockedValue<SimulatorBooks>, now: @escaping @Sendable () -> Date, tokenLifetime: TimeInterval) {
        self.books = books
        self.now = now
        self.tokenLifetime = tokenLifetime
        var generator = SystemRandomNumberGenerator()
        requestIDPrefix = "req_" + String(UInt32.random(in: 0x1000_0000...UInt32.max, using: &generator), radix: 16)
    }

    /// The draft of a request-log entry, completed once the answer is known.
    private struct Outcome {
        var response: APIResponse
        var operation: String?
        var behavior: ScriptedResponse.Behavior = .normal
        var scripted = false
        /// How long the stand-in partner backend waits before answering, when scripted to be slow.
        var delay: TimeInterval = 0
        /// For a closed connection: the URLSession error an in-process client is to see instead of the
        /// closed connection's.
        var transportError: URLError.Code?
    }

    /// The socket path's form of ``answer(to:)``.
    func respond(to request: RecordedRequest) -> ScriptedResponse {
        answer(to: request).scriptedResponse
    }

    /// Answers one request, for the loopback server and the in-process transport alike.
    func answer(to request: RecordedRequest) -> SimulatorAnswer {
        let now = self.now()
        return books.withLock { books in
            books.requestCount += 1
            books.statistics.requestsReceived += 1
            commitDueWrites(now: now, books: &books)
            let requestID = "\(requestIDPrefix)_\(books.requestCount)"
            // A scripted delay is taken as the request arrives, like a failure, and composes with one.
            let delay =
                request.path == JanuaryAPISimulator.partnerBackendTokenPath
                ? 0 : books.script.takeDelay(method: request.method, path: request.path)
            let outcome = answer(request, now: now, books: &books)
            let closed = outcome.behavior == .closeWithoutResponse
            books.requestLog.append(
                JanuaryAPISimulator.RequestLogEntry(
                    requestID: requestID,
                    method: request.method,
                    path: request.path,
                    queryItems: QueryParameters(target: request).items,
                    credential: CredentialBook.kind(ofAuthorization: request.value(forHeader: "Authorization")),
                    endUserHeader: request.value(forHeader: "January-End-User-ID"),
                    operation: outcome.operation,
                    status: closed ? nil : outcome.response.status,
                    errorCode: outcome.response.status >= 400 ? outcome.response.body?["code"]?.stringValue : nil,
                    wasScripted: outcome.scripted
                )
            )
            if closed {
                return outcome.transportError.map { .transportError($0, delay: delay + outcome.delay) }
                    ?? .dropConnection(delay: delay + outcome.delay)
            }
            return .respond(outcome.response.scripted(requestID: requestID, date: now, delay: delay + outcome.delay))
        }
    }

    private func answer(_ request: RecordedRequest, now: Date, books: inout SimulatorBooks) -> Outcome {
        let path = request.path
        if path == JanuaryAPISimulator.partnerBackendTokenPath {
            return partnerBackend(request, now: now, books: &books)
        }
        let match = router.match(method: request.method, path: path)
        var operationName: String?
        if case .operation(let operation, _) = match {
            operationName = operation.name
        }
        if let failure = books.script.takeBeforeHandling(method: request.method, path: path) {
            return scripted(failure, operation: operationName, books: &books)
        }
        switch match {
        case .notFound:
            return Outcome(response: APIResponse(error: .notFound("no operation at \(path)")), operation: nil)
        case .methodNotAllowed(let allowed):
            var error = APIError(
                status: 405,
                code: "method_not_allowed",
                message: "\(path) does not accept \(request.method); it accepts \(allowed.joined(separator: ", "))"
            )
            error.headerFields = [HeaderField(name: "Allow", value: allowed.joined(separator: ", "))]
            return Outcome(response: APIResponse(error: error), operation: nil)
        case .operation(let operation, let parameters):
            if operation.isWrite, let late = books.script.lateWrite(method: request.method, path: path),
                let commit = late.commit
            {
                // Tried on a copy: only a write January would store is answered as lost and stored later.
                var trial = books
                let tried = Self.run {
                    try perform(operation, parameters: parameters, request: request, now: now, books: &trial)
                }
                if tried.status < 300 {
                    books.script.takeLateWrite(method: request.method, path: path)
                    books.pendingCommits.append(
                        PendingCommit(
                            operation: operation, parameters: parameters, request: request, arrivedAt: now,
                            arrivedAsRequest: books.requestCount, commit: commit))
                    return scripted(late.failure, operation: operation.name, books: &books)
                }
            }
            var response = Self.run {
                try perform(operation, parameters: parameters, request: request, now: now, books: &books)
            }
            if books.namesLogTimestampsCreatedAt, let name = Self.logTimestampName(of: operation) {
                response.body = response.body?.renamingKeys([name: "created_at"])
            }
            if operation.isWrite, response.status < 300,
                let failure = books.script.takeAfterWrite(method: request.method, path: path)
            {
                return scripted(failure, operation: operation.name, books: &books)
            }
            return Outcome(response: response, operation: operation.name)
        }
    }

    /// Stores the writes answered as lost whose commit is due before request `books.requestCount`, arriving at
    /// `now`, is handled; each as of the moment it arrived.
    private func commitDueWrites(now: Date, books: inout SimulatorBooks) {
        guard !books.pendingCommits.isEmpty else {
            return
        }
        let number = books.requestCount
        var waiting: [PendingCommit] = []
        for pending in books.pendingCommits {
            guard pending.isDue(atRequest: number, now: now) else {
                waiting.append(pending)
                continue
            }
            _ = Self.run {
                try perform(
                    pending.operation, parameters: pending.parameters, request: pending.request,
                    now: pending.arrivedAt, books: &books)
            }
        }
        books.pendingCommits = waiting
    }

    /// The stand-in partner backend: a scripted failure first, if one is left, else a token.
    private func partnerBackend(_ request: RecordedRequest, now: Date, books: inout SimulatorBooks) -> Outcome {
        let operation = "partnerBackendToken"
        let failure = books.partnerBackendScript.isEmpty ? nil : books.partnerBackendScript.removeFirst()
        if failure != nil {
            books.statistics.scriptedFailuresServed += 1
        }
        if failure?.dropsConnection == true {
            return Outcome(
                response: APIResponse(status: 0, body: nil),
                operation: operation,
                behavior: .closeWithoutResponse,
                scripted: true
            )
        }
        if let response = failure?.response {
            return Outcome(response: response, operation: operation, scripted: true)
        }
        let response = Self.run { try PartnerBackendEndpoint.answer(request, now: now, engine: self, books: &books) }
        return Outcome(response: response, operation: operation, scripted: failure != nil, delay: failure?.delay ?? 0)
    }

    private func scripted(
        _ failure: JanuaryAPISimulator.ScriptedFailure,
        operation: String?,
        books: inout SimulatorBooks
    ) -> Outcome {
        books.statistics.scriptedFailuresServed += 1
        if failure.challenge?.contains("invalid_token") == true {
            books.statistics.tokensRejected += 1
        }
        if failure.closesConnection {
            return Outcome(
                response: APIResponse(status: 0, body: nil),
                operation: operation,
                behavior: .closeWithoutResponse,
                scripted: true,
                transportError: failure.transportError
            )
        }
        return Outcome(
            response: APIResponse(error: failure.apiError(for: operation)),
            operation: operation,
            scripted: true
        )
    }

    private func perform(
        _ operation: Operation,
        parameters: [String: String],
        request: RecordedRequest,
        now: Date,
        books: inout SimulatorBooks
    ) throws -> APIResponse {
        if request.body.count > Self.maximumBodySize {
            throw APIError(status: 413, code: "payload_too_large", message: "the request body is larger than 5 MB")
        }
        let caller = try authenticate(request, books: &books, now: now)
        if case .clientToken(let record) = caller {
            if operation.access == .apiKeyOnly {
                throw APIError(
                    status: 403,
                    code: "client_token_not_allowed",
                    message: "\(operation.name) needs an API key; client tokens cannot call it"
                )
            }
            if let scope = operation.scope, !record.scopes.contains(scope) {
                throw APIError(
                    status: 403,
                    code: "scope_insufficient",
                    message: "the client token lacks the \(scope.rawValue) scope that \(operation.name) needs"
                )
            }
        }
        books.statistics.requestsAccepted += 1
        if operation.access != .apiKeyOnly, let refusal = books.credits.ceilingRefusal(at: now) {
            throw refusal
        }
        let endUserID = operation.isPerUser ? try Self.endUser(of: request, caller: caller) : nil
        let body: JSONValue?
        if request.body.isEmpty {
            body = nil
        } else if let parsed = JSONValue.parse(request.body) {
            if books.namesLogTimestampsCreatedAt, let name = Self.logTimestampName(of: operation) {
                body = parsed.renamingKeys(["created_at": name])
            } else {
                body = parsed
            }
        } else {
            throw APIError.invalidRequest("the request body is not valid JSON")
        }
        let context = OperationContext(
            request: request,
            now: now,
            query: QueryParameters(target: request),
            body: body,
            pathParameters: parameters,
            caller: caller,
            endUserID: endUserID,
            tokenLifetime: tokenLifetime
        )
        let response = try operation.handler(context, &books)
        if response.status < 300 && operation.access != .apiKeyOnly {
            books.credits.charge(at: now)
        }
        return response
    }

    /// The newest contract's name for the timestamp of the log an operation reads or writes, or `nil`.
    private static func logTimestampName(of operation: Operation) -> String? {
        switch operation.template {
        case let path where path.hasPrefix("/v1.2/food-logs") && operation.name != "getFoodLogSummary": "eaten_at"
        case let path where path.hasPrefix("/v1.2/water-logs"): "consumed_at"
        case let path where path.hasPrefix("/v1.2/weight-logs"): "measured_at"
        default: nil
        }
    }

    private func authenticate(
        _ request: RecordedRequest,
        books: inout SimulatorBooks,
        now: Date
    ) throws -> OperationContext.Caller {
        switch books.credentials.verdict(onAuthorization: request.value(forHeader: "Authorization"), now: now) {
        case .apiKey:
            return .apiKey
        case .clientToken(let record):
            return .clientToken(record)
        case .missing:
            books.statistics.requestsWithoutCredential += 1
            throw Self.unauthorized("the Authorization header is missing; send Authorization: Bearer <credential>")
        case .unauthorized:
            throw Self.unauthorized("the Authorization header is malformed or names an unknown API key")
        case .tokenRejected(let code, let description):
            books.statistics.tokensRejected += 1
            var error = APIError(status: 401, code: code, message: "the client token was refused: \(description)")
            error.headerFields = [
                HeaderField(
                    name: "WWW-Authenticate",
                    value: #"Bearer error="invalid_token", error_description="\#(description)""#
                )
            ]
            throw error
        }
    }

    private static func unauthorized(_ message: String) -> APIError {
        var error = APIError(status: 401, code: "unauthorized", message: message)
        error.headerFields = [HeaderField(name: "WWW-Authenticate", value: "Bearer")]
        return error
    }

    /// Docs/Contract.md, End user: the header is read raw, as sent; a blank value counts as absent.
    private static func endUser(of request: RecordedRequest, caller: OperationContext.Caller) throws -> String {
        let header = request.value(forHeader: "January-End-User-ID").flatMap {
            $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0
        }
        switch caller {
        case .apiKey:
            guard let header else {
                throw APIError(
                    status: 400,
                    code: "end_user_id_required",
                    message: "an API key call to a per-user operation needs the January-End-User-ID header"
                )
            }
            return header
        case .clientToken(let record):
            if let header, header != record.endUserID {
                throw APIError(
                    status: 403,
                    code: "end_user_id_mismatch",
                    message: "January-End-User-ID differs from the end user the client token is bound to"
                )
            }
            return record.endUserID
        }
    }

    private static func run(_ body: () throws -> APIResponse) -> APIResponse {
        do {
            return try body()
        } catch let error as APIError {
            return APIResponse(error: error)
        } catch {
            return APIResponse(error: APIError(status: 500, code: "internal_error", message: "the simulator failed"))
        }
    }
}

/// Everything the simulated January knows, kept behind one lock by ``SimulatorEngine`` so that each request
/// sees and changes it atomically.
struct SimulatorBooks: Sendable {
    var credentials = CredentialBook()
    var catalog = Catalog.builtIn
    var logs = LogBook()
    var defaultEndUserID = JanuaryAPISimulator.defaultEndUserID
    var clientTokensEnabled = true
    var script = FailureScript()
    /// Writes answered as lost, stored when their commit comes due, oldest first.
    var pendingCommits: [PendingCommit] = []
    /// Answers the stand-in partner backend gives instead of tokens, oldest first.
    var partnerBackendScript: [JanuaryAPISimulator.PartnerBackendFailure] = []
    var requestLog = RecentRecord<JanuaryAPISimulator.RequestLogEntry>()
    var statistics = JanuaryAPISimulator.Statistics()
    var requestCount = 0
    /// The plan, this month's billable calls and the balance-read window; `GET /v1.2/credits` reports them.
    var credits = CreditBook()
    /// Whether log timestamps are named `created_at`, as one published contract revision names them.
    var namesLogTimestampsCreatedAt = false
}
