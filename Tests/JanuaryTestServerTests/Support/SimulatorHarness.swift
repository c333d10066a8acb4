import Foundation
import JanuaryCoreTesting
import Testing

@testable import JanuaryTestServer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A clock the tests move by hand; the simulator reads it instead of the wall clock.
final class TestClock: @unchecked Sendable {
    // Safe: `current` is only read and written while holding `lock`.
    private let lock = NSLock()
    private var current: Date

    init(_ start: Date) {
        current = start
    }

    func now() -> Date {
        lock.lock()
        defer { lock.unlock() }
        return current
    }

    func advance(by seconds: TimeInterval) {
        lock.lock()
        current += seconds
        lock.unlock()
    }

    func set(_ date: Date) {
        lock.lock()
        current = date
        lock.unlock()
    }
}

/// One answer from the simulator, as the real URLSession delivered it.
struct Reply: Sendable {
    let status: Int
    /// Header fields by lower-cased name.
    let headers: [String: String]
    let data: Data

    var json: JSONValue {
        JSONValue.parse(data) ?? .null
    }

    var code: String? {
        json["code"]?.stringValue
    }

    func header(_ name: String) -> String? {
        headers[name.lowercased()]
    }

    /// Expects this answer's status and January's error code (`nil`: no code), and, when `field` is given, a
    /// message that names it.
    func expect(
        status: Int, code: String?, naming field: String? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(self.status == status, sourceLocation: sourceLocation)
        #expect(self.code == code, sourceLocation: sourceLocation)
        if let field {
            let message = json["message"]?.stringValue ?? ""
            #expect(message.contains(field), "\(message)", sourceLocation: sourceLocation)
        }
    }
}

/// How a test request authenticates.
enum Credential: Sendable {
    case none
    case key
    case token(String)
    case raw(String)

    /// The `Authorization` value to send; `nil` for none.
    var authorization: String? {
        switch self {
        case .none: nil
        case .key: "Bearer \(SimulatorHarness.apiKey)"
        case .token(let value): "Bearer \(value)"
        case .raw(let value): value
        }
    }
}

/// A simulator with a manual clock, a registered API key and an ephemeral URLSession.
struct SimulatorHarness: Sendable {
    static let apiKey = "sk-test-0123456789"
    /// 2026-03-10T15:00:00Z, a Tuesday.
    static let start = Date(timeIntervalSince1970: 1_773_154_800)

    let clock: TestClock
    let simulator: JanuaryAPISimulator
    let session: URLSession

    init(tokenLifetime: TimeInterval = 1800, start: Date = SimulatorHarness.start) throws {
        let clock = TestClock(start)
        self.clock = clock
        simulator = try JanuaryAPISimulator(tokenLifetime: tokenLifetime, now: { clock.now() })
        simulator.registerDevelopmentKey(Self.apiKey)
        let configuration = URLSessionConfiguration.ephemeral
        // The one test deadline: a hang guard that a machine busy with other builds must not trip.
        configuration.timeoutIntervalForRequest = testDeadline
        configuration.timeoutIntervalForResource = testDeadline
        session = URLSession(configuration: configuration)
    }

    /// Sends one request through URLSession and returns the answer.
    @discardableResult
    func call(
        _ method: String,
        _ path: String,
        query: [(String, String)] = [],
        body: String? = nil,
        bodyData: Data? = nil,
        credential: Credential = .key,
        endUser: String? = nil
    ) async throws -> Reply {
        var components = URLComponents(url: simulator.baseURL, resolvingAgainstBaseURL: false)!
        components.percentEncodedPath = path
        if !query.isEmpty {
            components.queryItems = query.map { URLQueryItem(name: $0.0, value: $0.1) }
        }
        var request = URLRequest(url: components.url!)
        request.httpMethod = method
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if let data = bodyData ?? body.map({ Data($0.utf8) }) {
            request.httpBody = data
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        if let authorization = credential.authorization {
            request.setValue(authorization, forHTTPHeaderField: "Authorization")
        }
        if let endUser {
            request.setValue(endUser, forHTTPHeaderField: "January-End-User-ID")
        }
        let (data, response) = try await session.dataOffThePool(for: request)
        let http = response as! HTTPURLResponse
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String {
                headers[name.lowercased()] = value
            }
        }
        return Reply(status: http.statusCode, headers: headers, data: data)
    }

    /// A token for `user` with every scope unless told otherwise.
    func token(for user: String = "user-1", scopes: [JanuaryAPISimulator.Scope]? = nil) -> String {
        simulator.mintToken(endUserID: user, scopes: scopes).value
    }
}

extension JSONValue {
    subscript(index: Int) -> JSONValue? {
        guard let items = arrayValue, items.indices.contains(index) else { return nil }
        return items[index]
    }

    var count: Int {
        arrayValue?.count ?? objectValue?.count ?? 0
    }
}
