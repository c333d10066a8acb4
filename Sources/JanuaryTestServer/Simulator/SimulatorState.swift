import Foundation

/// The simulator's books, under a lock because the server answers connections concurrently.
final class SimulatorState: Sendable {
    enum Verdict {
        case accepted
        case rejected(reason: String)
    }

    enum Outcome {
        case accepted, rejected, withoutCredential
    }

    private struct Books {
        var tokens: [String: Date] = [:]
        var revoked: Set<String> = []
        var keys: Set<String> = []
        var requestCount = 0
        var counts = JanuaryAPISimulator.Statistics()
    }

    private let books = LockedValue(Books())

    func mint(expiresAt: Date) -> JanuaryAPISimulator.IssuedToken {
        var random = SystemRandomNumberGenerator()
        let value = "sim_" + (0..<4).map { _ in String(random.next() as UInt64, radix: 16) }.joined()
        books.withLock { books in
            books.tokens[value] = expiresAt
            books.counts.tokensIssued += 1
        }
        return JanuaryAPISimulator.IssuedToken(value: value, expiresAt: expiresAt)
    }

    func register(key: String) {
        books.withLock { _ = $0.keys.insert(key) }
    }

    func revokeAll() {
        books.withLock { $0.revoked.formUnion($0.tokens.keys) }
    }

    func verdict(on credential: String, at now: Date) -> Verdict {
        books.withLock { books in
            if books.keys.contains(credential) {
                return .accepted
            }
            guard let expiresAt = books.tokens[credential] else {
                return .rejected(reason: "The access token is not recognised")
            }
            if books.revoked.contains(credential) {
                return .rejected(reason: "The access token was revoked")
            }
            return now < expiresAt ? .accepted : .rejected(reason: "The access token expired")
        }
    }

    func record(_ outcome: Outcome) {
        books.withLock { books in
            switch outcome {
            case .accepted: books.counts.requestsAccepted += 1
            case .rejected: books.counts.tokensRejected += 1
            case .withoutCredential: books.counts.requestsWithoutCredential += 1
            }
        }
    }

    func nextRequestID() -> String {
        books.withLock { books in
            books.requestCount += 1
            return "req_sim_\(books.requestCount)"
        }
    }

    var statistics: JanuaryAPISimulator.Statistics {
        books.withLock { $0.counts }
    }
}
