import Foundation
import JanuaryPartnerSDK
import JanuaryPartnerSDKTesting
import JanuaryTestServer

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Figure 9: what the outbox costs. 9a and 9b: how long `user.foodLogs.log` takes to put a meal on disk (p50 and
/// p99 of each round), against writing a record of the same size as durably by hand (temporary file, `fsync`,
/// `rename`, `fsync` of the folder). 9c: delivering meals already queued against sending as many creates online,
/// one after another, to the same in-process simulator.
enum OutboxBenchmarks {
    static let meal = CreateFoodLogRequest(
        foods: [FoodLogInputFood(foodID: "1002", servingID: "5004", quantity: 1)], name: "Coffee")
    static let user = PartnerUserID(rawValue: "bench-user")
    /// 2026-01-01T00:00:00Z; meals a second apart.
    static let day = Date(timeIntervalSince1970: 1_767_225_600)

    static func figures(rounds: Int, enqueues: Int, meals: Int) async throws -> [Figure] {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("january-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        var p50: [Double] = []
        var p99: [Double] = []
        var plainP50: [Double] = []
        var plainP99: [Double] = []
        var queued: [Double] = []
        var online: [Double] = []
        for round in 0..<rounds {
            let folder = root.appendingPathComponent("round-\(round)")
            let sdk = try await enqueueLatencies(enqueues, folder: folder.appendingPathComponent("sdk"))
            let plain = try plainLatencies(enqueues, folder: folder.appendingPathComponent("plain"))
            p50.append(percentile(sdk, 0.5))
            p99.append(percentile(sdk, 0.99))
            plainP50.append(percentile(plain, 0.5))
            plainP99.append(percentile(plain, 0.99))
            for queuedSide in round.isMultiple(of: 2) ? [true, false] : [false, true] {
                if queuedSide {
                    queued.append(try await deliverQueued(meals, folder: folder.appendingPathComponent("queued")))
                } else {
                    online.append(try await sendOnline(meals))
                }
            }
        }
        let plainName = "the same bytes written as durably by hand (temporary file, fsync, rename, fsync the folder)"
        return [
            Figure(
                id: "9a", name: "durable enqueue of one meal, p50", unit: "µs", samples: p50,
                baseline: Baseline(name: plainName, samples: plainP50), target: .ratioAtMost(1.5),
                note:
                    "\(enqueues) user.foodLogs.log calls per round into a folder under \(root.deletingLastPathComponent().path)"
            ),
            Figure(
                id: "9b", name: "durable enqueue of one meal, p99", unit: "µs", samples: p99,
                baseline: Baseline(name: plainName, samples: plainP99), target: .ratioAtMost(2),
                note: "the slowest 1 % of the same calls"),
            Figure(
                id: "9c", name: "\(meals) queued meals delivered", unit: "ms", samples: queued,
                baseline: Baseline(name: "\(meals) sequential online foodLogs.create calls", samples: online),
                note: "in-process simulator; each queued meal also writes its send mark and removes its record, "
                    + "three durable file operations with the enqueue, which the online creates do not make"),
        ]
    }

    /// Per-call latencies of `log`, in microseconds, with delivery held (the user is signed out) so that only the
    /// enqueue is timed.
    static func enqueueLatencies(_ count: Int, folder: URL) async throws -> [Double] {
        let simulator = JanuaryAPISimulator.inProcess()
        let client = try JanuaryPartnerClient.simulated(simulator, user: user) { $0.outboxDirectory = folder }
        let foodLogs = client.forUser(user).foodLogs
        var latencies: [Double] = []
        for index in 0..<count {
            client.signOut()  // hold delivery: only the write to disk is timed
            var meal = meal
            meal.eatenAt = day.addingTimeInterval(Double(index))
            let start = nowNanoseconds()
            blackHole(try foodLogs.log(meal))
            latencies.append(Double(nowNanoseconds() - start) / 1_000)
        }
        client.outbox.shutDown()
        return latencies
    }

    /// The same durable write without the SDK: a record-sized payload to a temporary file, `fsync`, `rename` over
    /// the record, `fsync` of the folder.
    static func plainLatencies(_ count: Int, folder: URL) throws -> [Double] {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let directory = open(folder.path, O_RDONLY)
        defer { close(directory) }
        let payload = Array(repeating: UInt8(ascii: "x"), count: 330)
        var latencies: [Double] = []
        for index in 0..<count {
            let start = nowNanoseconds()
            let temporary = folder.appendingPathComponent(".\(index).tmp").path
            let file = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o600)
            guard file >= 0, payload.withUnsafeBytes({ write(file, $0.baseAddress, $0.count) }) == payload.count,
                fsync(file) == 0
            else {
                throw BenchError("the plain write failed: errno \(errno)")
            }
            close(file)
            guard rename(temporary, folder.appendingPathComponent("\(index).record").path) == 0, fsync(directory) == 0
            else {
                throw BenchError("the plain rename failed: errno \(errno)")
            }
            latencies.append(Double(nowNanoseconds() - start) / 1_000)
        }
        return latencies
    }

    /// Milliseconds from resuming a user with `count` meals queued to an empty outbox.
    static func deliverQueued(_ count: Int, folder: URL) async throws -> Double {
        let simulator = JanuaryAPISimulator.inProcess()
        do {
            // A client whose token provider always fails: the meals stay queued.
            var configuration = JanuaryPartnerClient.Configuration(baseURL: SimulatorTransport.baseURL)
            configuration.outboxDirectory = folder
            configuration.transport = SimulatorTransport(simulator)
            let writer = try JanuaryPartnerClient(
                clientTokenProvider: { throw BenchError("offline while the meals are queued") },
                configuration: configuration)
            let foodLogs = writer.forUser(user).foodLogs
            for index in 0..<count {
                var meal = meal
                meal.eatenAt = day.addingTimeInterval(Double(index))
                try foodLogs.log(meal)
            }
            writer.outbox.shutDown()
        }
        let client = try JanuaryPartnerClient.simulated(simulator, user: user) { $0.outboxDirectory = folder }
        // The writer's folder lock goes once its last file operation ends.
        var entries: [JanuaryOutbox.Entry]?
        for _ in 0..<10_000 where entries == nil {
            do {
                entries = try client.outbox.entries()
            } catch let error as JanuaryError where error.code?.rawValue == "outbox_in_use" {
                try await Task.sleep(nanoseconds: 1_000_000)
            }
        }
        guard entries?.count == count else {
            throw BenchError("the queue does not hold the \(count) meals")
        }
        // One user's writes go in order, so the last one delivered means all are. Waiting on it, rather than
        // polling `entries()` (a copy of every entry each time, under the outbox's lock), keeps the measurement
        // from slowing what it measures (under perf, those copies were the top user-space cost of 1,000 meals).
        guard let last = entries?.last?.id else {
            throw BenchError("no meal queued")
        }
        let start = nowNanoseconds()
        try client.outbox.resume(for: user)
        _ = try await client.outbox.delivered(last)
        let milliseconds = Double(nowNanoseconds() - start) / 1_000_000
        guard try client.outbox.entries().isEmpty else {
            throw BenchError("meals left in the outbox after the last was delivered")
        }
        client.outbox.shutDown()
        return milliseconds
    }

    /// Milliseconds for `count` sequential online creates.
    static func sendOnline(_ count: Int) async throws -> Double {
        let simulator = JanuaryAPISimulator.inProcess()
        let client = try JanuaryPartnerClient.simulated(simulator, user: user)
        let foodLogs = client.forUser(user).foodLogs
        _ = try await client.forUser(user).foodLogs.list(on: try JanuaryDate("2026-01-01"))  // the token, warm
        let start = nowNanoseconds()
        for index in 0..<count {
            var meal = meal
            meal.eatenAt = day.addingTimeInterval(Double(index))
            blackHole(try await foodLogs.create(meal))
        }
        return Double(nowNanoseconds() - start) / 1_000_000
    }

    static func percentile(_ values: [Double], _ fraction: Double) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else {
            return .nan
        }
        return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * fraction).rounded()))]
    }
}
