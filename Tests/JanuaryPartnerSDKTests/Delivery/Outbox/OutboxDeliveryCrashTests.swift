import Foundation
import JanuaryCore
import JanuaryCoreTesting
import JanuaryPartnerSDKTesting
import JanuaryTestServer
import Testing

@testable import JanuaryPartnerSDK

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// "Never lost, never doubled" on real processes: a child (`JanuaryCrashChild outbox-deliver`, a partner app in
/// miniature) logs 200 meals through the outbox and delivers them over URLSession to a loopback simulator here that
/// loses answers, fails after storing, and commits lost writes late, at random; the child is killed with SIGKILL at
/// random moments and started again until its outbox is empty. The user's day must then hold each meal exactly once,
/// and no byte of a token may be in the outbox's folder.
///
/// It runs when `JANUARY_CRASH_KILLS` is set: `Scripts/crash.sh` in CI (50 kills), and more for a soak
/// (`JANUARY_CRASH_KILLS=1000`: 1,000 kills in 25 runs, every meal once; Docs/Benchmarks.md). Too slow for the
/// quick suite.
@Suite(
    "Outbox delivery across crashes", suiteTimeLimit(minutes: outboxCrashTimeLimitMinutes),
    .enabled(if: ProcessInfo.processInfo.environment["JANUARY_CRASH_KILLS"] != nil))
struct OutboxDeliveryCrashTests {
    static let meals = 200
    static var kills: Int {
        max(1, Int(ProcessInfo.processInfo.environment["JANUARY_CRASH_KILLS"] ?? "") ?? 50)
    }

    @Test("200 meals, a child killed at random moments, the network losing answers: each meal stored exactly once")
    func killedWhileDelivering() async throws {
        // A run of 200 meals empties its outbox after about 200 kills; a longer soak runs as many as it takes.
        var kills = 0
        var scenarios = 0
        while kills < Self.kills {
            scenarios += 1
            let made = try await Self.scenario(killing: Self.kills - kills)
            kills += made
            guard made > 0 else {
                Issue.record("a run emptied its outbox before the first kill")
                break
            }
        }
        print("outbox delivery crash test: \(kills) SIGKILLs in \(scenarios) runs of \(Self.meals) meals")
    }

    /// One child app's 200 meals, killed up to `target` times; returns how many kills it took.
    static func scenario(killing target: Int) async throws -> Int {
        let child = try #require(
            OutboxCrashChild.executable,
            "JanuaryCrashChild is not built beside the tests (swift build builds it; JANUARY_CRASH_CHILD may name it)")
        let simulator = try JanuaryAPISimulator()
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("outbox-crash-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.appendingPathComponent("outbox")
        let progress = root.appendingPathComponent("progress")
        var generator = SystemRandomNumberGenerator()
        var kills = 0
        var runs = 0
        var faults = 0
        var drained = false
        let started = Date()

        func run(killAfter lines: Int?) async throws -> Process {
            runs += 1
            let errors = root.appendingPathComponent("stderr-\(runs)")
            _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
            let process = Process()
            process.executableURL = child
            process.arguments = [
                "outbox-deliver", folder.path, simulator.baseURL.absoluteString, progress.path, String(Self.meals),
            ]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = try FileHandle(forWritingTo: errors)
            let before = OutboxCrashChild.lines(progress)
            try process.run()
            if let lines {
                do {
                    try await eventually("the child to make progress", timeout: 60) {
                        OutboxCrashChild.lines(progress) >= before + lines || !process.isRunning
                    }
                } catch {
                    let tail = OutboxCrashChild.text(progress).split(separator: "\n").suffix(5)
                    Issue.record("run \(runs): \(OutboxCrashChild.text(errors)) last progress: \(tail)")
                    throw error
                }
            }
            return process
        }

        while kills < target {
            // The network misbehaves for the next few creates, differently each round (the token endpoint is left
            // alone: its failures are the token cache's tests', and its back-off can stall a run past the progress deadline).
            // At most three wait at a time: faults scripted faster than creates consume them would pile up until
            // every create failed for minutes, a January that is down rather than one that loses answers (a soak
            // run starved so, 154 runs without a delivery).
            for _ in 0..<min(Int.random(in: 0...3, using: &generator), max(0, 3 - simulator.pendingScriptedFailures)) {
                faults += 1
                switch Int.random(in: 0..<4, using: &generator) {
                case 0:
                    simulator.failNextWrites(
                        answering: .closeConnection, committing: .after(0.3), method: "POST",
                        pathPrefix: "/v1.2/food-logs")
                case 1:
                    simulator.failNextWrites(
                        answering: .closeConnection, committing: .afterNextRequest, method: "POST",
                        pathPrefix: "/v1.2/food-logs")
                case 2:
                    simulator.failNextWrites(
                        afterStoringWith: .serviceUnavailable, method: "POST", pathPrefix: "/v1.2/food-logs")
                default:
                    simulator.failNext(with: .closeConnection, method: "POST", pathPrefix: "/v1.2/food-logs")
                }
            }
            let process = try await run(killAfter: Int.random(in: 1...5, using: &generator))
            // Then a random moment within the next 0.12 s, so that kills also fall among deliveries, not only just
            // after a line was written while meals were being handed over.
            try await Task.sleep(nanoseconds: UInt64.random(in: 0...120, using: &generator) * 1_000_000)
            guard process.isRunning else {
                drained = true
                // It finished by itself: everything was delivered before this round's kill.
                #expect(process.terminationStatus == 0, "\(OutboxCrashChild.text(root, runs))")
                break
            }
            kill(process.processIdentifier, SIGKILL)
            try await eventually("the killed child to end") { !process.isRunning }
            kills += 1
        }
        simulator.clearScriptedFailures()
        if !OutboxCrashChild.text(progress).contains("drained") {
            let last = try await run(killAfter: nil)
            try await eventually("the last child to drain the outbox", timeout: 300) { !last.isRunning }
            #expect(last.terminationStatus == 0, "\(OutboxCrashChild.text(root, runs))")
        }
        try await eventually("late commits to land") { simulator.pendingLateWrites == 0 }

        let reader = try JanuaryPartnerClient.simulated(simulator, user: OutboxCrashChild.user)
        let logs = try await reader.forUser(OutboxCrashChild.user, timeZone: TimeZone(identifier: "UTC")!)
            .foodLogs.list(on: try JanuaryDate("2026-01-01"))
        let names = logs.compactMap(\.name)
        let counts = Dictionary(names.map { ($0, 1) }, uniquingKeysWith: +)
        let expected = Set((0..<Self.meals).map { "meal-\($0)" })
        #expect(Set(names) == expected, "missing: \(expected.subtracting(names).sorted().prefix(10))")
        #expect(counts.values.allSatisfy { $0 == 1 }, "doubled: \(counts.filter { $0.value > 1 }.keys.sorted())")
        #expect(drained || kills >= target)
        try OutboxFolderScan.expectNoSecrets(simulator.issuedTokenValues, in: folder)
        print(
            """
            outbox delivery crash run: \(kills) SIGKILLs over \(runs) runs, \(faults) scripted faults, \
            \(logs.count) logs for \(Self.meals) meals, \(String(format: "%.0f", Date().timeIntervalSince(started))) s
            """)
        return kills
    }
}

/// The crash test's hang guard: 10 minutes for CI's 50 kills (about 20 s alone), and 6 s a kill for a soak (a kill
/// takes 1.5 to 3.5 s on a busy 2-core machine).
let outboxCrashTimeLimitMinutes = max(
    10, (Int(ProcessInfo.processInfo.environment["JANUARY_CRASH_KILLS"] ?? "") ?? 50) / 10)

/// Finding and reading the crash child.
enum OutboxCrashChild {
    static let user = PartnerUserID(rawValue: JanuaryAPISimulator.defaultEndUserID)

    /// `JanuaryCrashChild` beside the test executable (Linux) or the `.xctest` bundle (macOS).
    static var executable: URL? {
        if let path = ProcessInfo.processInfo.environment["JANUARY_CRASH_CHILD"] {
            return URL(fileURLWithPath: path)
        }
        let folders =
            [
                Bundle.main.bundleURL,
                URL(fileURLWithPath: ProcessInfo.processInfo.arguments[0]).deletingLastPathComponent(),
            ]
            + Bundle.allBundles.filter { $0.bundlePath.hasSuffix(".xctest") }.map {
                $0.bundleURL.deletingLastPathComponent()
            }
        return folders.map { $0.appendingPathComponent("JanuaryCrashChild") }.first {
            FileManager.default.isExecutableFile(atPath: $0.path)
        }
    }

    static func lines(_ file: URL) -> Int {
        ((try? Data(contentsOf: file)) ?? Data()).reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
    }

    static func text(_ file: URL) -> String {
        String(decoding: (try? Data(contentsOf: file)) ?? Data(), as: UTF8.self)
    }

    static func text(_ root: URL, _ run: Int) -> String {
        text(root.appendingPathComponent("stderr-\(run)"))
    }
}
