import Foundation

@testable import JanuaryTestServer

/// The simulator's engine answering in-process, without a socket or URLSession: for suites that send hundreds
/// of requests (the conformance tables), where a loopback round trip per case would dominate on CI's 2 cores.
/// The engine is the one `JanuaryAPISimulator` runs behind its server, so the answers are the same bytes.
struct DirectSimulator: Sendable {
    let clock: TestClock
    let books: LockedValue<SimulatorBooks>
    let engine: SimulatorEngine

    init(tokenLifetime: TimeInterval = 1800, start: Date = SimulatorHarness.start) {
        let clock = TestClock(start)
        self.clock = clock
        books = LockedValue(SimulatorBooks())
        engine = SimulatorEngine(books: books, now: { clock.now() }, tokenLifetime: tokenLifetime)
        books.withLock { $0.credentials.register(key: SimulatorHarness.apiKey) }
    }

    /// Sends one request to the engine and returns its answer.
    @discardableResult
    func call(
        _ method: String,
        _ path: String,
        query: [(String, String)] = [],
        body: String? = nil,
        credential: Credential = .key,
        endUser: String? = nil
    ) -> Reply {
        var target = path
        if !query.isEmpty {
            var components = URLComponents()
            components.queryItems = query.map { URLQueryItem(name: $0.0, value: $0.1) }
            // `+` is a space to form decoders; January's query parser reads it literally, so send it encoded.
            target += "?" + (components.percentEncodedQuery ?? "").replacingOccurrences(of: "+", with: "%2B")
        }
        var fields: [HeaderField] = [HeaderField(name: "Accept", value: "application/json")]
        if body != nil {
            fields.append(HeaderField(name: "Content-Type", value: "application/json"))
        }
        if let authorization = credential.authorization {
            fields.append(HeaderField(name: "Authorization", value: authorization))
        }
        if let endUser {
            fields.append(HeaderField(name: "January-End-User-ID", value: endUser))
        }
        let request = RecordedRequest(
            method: method,
            target: target,
            headerFields: fields,
            body: body.map { Data($0.utf8) } ?? Data()
        )
        let response = engine.respond(to: request)
        var headers: [String: String] = [:]
        for field in response.headerFields {
            headers[field.name.lowercased()] = field.value
        }
        return Reply(status: response.status, headers: headers, data: response.body)
    }

    /// A token for `user` with every scope unless told otherwise.
    func token(
        for user: String = "user-1",
        scopes: [JanuaryAPISimulator.Scope] = JanuaryAPISimulator.Scope.all,
        lifetime: TimeInterval = 1800
    ) -> String {
        let now = clock.now()
        return books.withLock { $0.credentials.mint(endUserID: user, scopes: scopes, lifetime: lifetime, now: now) }
            .value
    }
}
