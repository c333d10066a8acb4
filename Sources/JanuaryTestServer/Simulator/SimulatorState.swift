import Foundation

/// The simulator's books, under a lock because the server answers connections concurrently.
// Safe because every stored property is read and written only while `lock` is held.
final class SimulatorState: @unchecked Sendable {
    enum Verdict {
        case accepted
        case rejected(reason: String)
    }

    enum Outcome {
        case accepted, rejected, withoutCredential
    }

    private let lock = NSLock()
    private var tokens: [String: Date] = [:]
    private var revoked: Set<String> = []
    private var keys: Set<String> = []
    private var requestCount = 0
    private var counts = JanuaryAPISimulator.Statistics()

    func mint(expiresAt: Date) -> JanuaryAPISimulator.IssuedToken {
        var bytes = SystemRandomNumberGenerator()
        let value = "sim_" + (0..<4).map { _ in String(bytes.next() as UInt64, radix: 16) }.joined()
        lock.withLock {
            tokens[value] = expiresAt
            counts.tokensIssued += 1
        }
        return JanuaryAPISimulator.IssuedToken(value: value, expiresAt: expiresAt)
    }

    func register(key: String) {
        lock.withLock { _ = keys.insert(key) }
    }

    func revokeAll() {
        lock.withLock { revoked.formUnion(tokens.keys) }
    }

    func verdict(on credential: String, at now: Date) -> Verdict {
        lock.withLock {
            if keys.contains(credential) {
                return .accepted
            }
            guard let expiresAt = tokens[credential] else {
                return .rejected(reason: "The access token is not recognised")
            }
            if revoked.contains(credential) {
                return .rejected(reason: "The access token was revoked")
            }
            return now < expiresAt ? .accepted : .rejected(reason: "The access token expired")
        }
    }

    func record(_ outcome: Outcome) {
        lock.withLock {
            switch outcome {
            case .accepted: counts.requestsAccepted += 1
            case .rejected: counts.tokensRejected += 1
            case .withoutCredential: counts.requestsWithoutCredential += 1
            }
        }
    }

    func nextRequestID() -> String {
        lock.withLock {
            requestCount += 1
            return "req_sim_\(requestCount)"
        }
    }

    var statistics: JanuaryAPISimulator.Statistics {
        lock.withLock { counts }
    }
}
