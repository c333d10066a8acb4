import Foundation
import JanuaryPartnerSDK

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A partner app in miniature for `OutboxDeliveryCrashTests`: it logs meals `meal-0` … `meal-<n-1>` through the
/// outbox to the loopback simulator in the parent, one minute apart on 2026-01-01 (UTC), and delivers them, until
/// the outbox is empty; the parent kills it with SIGKILL at random moments and starts it again.
///
/// The progress file is how a killed run tells the next one what it did, as an app's own database would:
/// `intent <i>` before meal i is handed to the outbox and `done <i>` once `log` returned; `sent <i>` as a meal is
/// delivered; `drained` at the end. A meal with an intent but no `done` may or may not be in the outbox: the next
/// run looks for it there and in January's day before logging it.
struct OutboxDeliveryChild {
    let directory: URL
    let baseURL: URL
    let progress: String
    let meals: Int

    static let user = PartnerUserID(rawValue: "simulated-end-user")
    /// 2026-01-01T01:00:00Z: 200 meals a minute apart stay on that UTC day.
    static let first = Date(timeIntervalSince1970: 1_767_229_200)
    static let utc = TimeZone(identifier: "UTC")!

    static func name(_ index: Int) -> String {
        "meal-\(index)"
    }

    func run() async throws {
        var configuration = JanuaryPartnerClient.Configuration(baseURL: baseURL)
        configuration.outboxDirectory = directory
        // The parent's simulator commits a lost write at most 0.3 s late: a settle window of 1 s covers it.
        configuration.createSettleWindow = 1
        configuration.requestTimeout = 5
        let tokenURL = baseURL.appendingPathComponent("partner-backend").appendingPathComponent("january-token")
        let client = try JanuaryPartnerClient(
            tokenEndpoint: {
                var request = URLRequest(url: tokenURL)
                request.httpMethod = "POST"
                return request
            },
            configuration: configuration
        )
        let outbox = client.outbox
        let log = try ProgressLog(path: progress)
        let changes = Task {
            for await change in outbox.changes() where change.state == .delivered {
                if let name = change.deliveredFoodLog?.name, let index = Int(name.dropFirst("meal-".count)) {
                    log.append("sent \(index)")
                }
            }
        }
        defer { changes.cancel() }
        try outbox.resume(for: Self.user)
        let user = client.forUser(Self.user, timeZone: Self.utc)
        let lines = log.lines
        let done = Set(lines.compactMap { Self.index(in: $0, after: "done ") })
        let intended = Set(lines.compactMap { Self.index(in: $0, after: "intent ") })
        var stored: Set<String>?
        for index in 0..<meals where !done.contains(index) {
            let name = Self.name(index)
            if intended.contains(index) {
                // Handed over before a kill, perhaps: in the outbox still, or already delivered.
                if try outbox.entries(for: Self.user).contains(where: { $0.foodLog?.name == name }) {
                    log.append("done \(index)")
                    continue
                }
                if stored == nil {
                    stored = try await Self.storedNames(user)
                }
                if stored!.contains(name) {
                    log.append("done \(index)")
                    continue
                }
            }
            log.append("intent \(index)")
            let meal = CreateFoodLogRequest(
                foods: [FoodLogInputFood(foodID: "1002", servingID: "5004", quantity: 1)],
                eatenAt: Self.first.addingTimeInterval(Double(index) * 60), name: name)
            try user.foodLogs.log(meal)
            log.append("done \(index)")
        }
        var waits = 0
        while try !outbox.entries().isEmpty {
            waits += 1
            if waits % 2_000 == 0 {
                // About every 10 s: what is left, for a parent whose deadline passes.
                let states = try outbox.entries().map { "\($0.state)\($0.mayHaveBeenSent ? "*" : "")" }
                FileHandle.standardError.write(Data("waiting for \(states.count): \(states.prefix(5))\n".utf8))
            }
            if let stuck = try outbox.entries().first(where: { $0.state == JanuaryOutbox.Entry.State.needsAttention }) {
                throw stuck.problem ?? CancellationError()
            }
            // The outbox paces itself (its back-off, January's Retry-After), as it does in an app.
            try await Task.sleep(nanoseconds: 5_000_000)
        }
        log.append("drained")
    }

    /// The names of the user's logs on the meals' day, asked until January answers.
    static func storedNames(_ user: JanuaryUserClient) async throws -> Set<String> {
        while true {
            do {
                let logs = try await user.foodLogs.list(on: try JanuaryDate(first, in: utc))
                return Set(logs.compactMap(\.name))
            } catch let error as JanuaryError where error.recovery.kind == .retryLater {
                try await Task.sleep(nanoseconds: 10_000_000)
            }
        }
    }

    static func index(in line: String, after prefix: String) -> Int? {
        line.hasPrefix(prefix) ? Int(line.dropFirst(prefix.count)) : nil
    }
}

/// Lines appended to a file with one `write` each, so that a kill loses at most the line being written.
final class ProgressLog: Sendable {
    let path: String
    private let descriptor: Int32

    init(path: String) throws {
        self.path = path
        descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw CocoaError(.fileWriteUnknown)
        }
    }

    /// The complete lines so far.
    var lines: [String] {
        let text = String(decoding: (try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data(), as: UTF8.self)
        return text.split(separator: "\n", omittingEmptySubsequences: true).dropLast(text.hasSuffix("\n") ? 0 : 1)
            .map(String.init)
    }

    func append(_ line: String) {
        let bytes = Array((line + "\n").utf8)
        _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }
}
