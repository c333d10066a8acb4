import Foundation
import JanuaryCore
import JanuaryCoreTesting
import JanuaryPartnerSDK
import JanuaryPartnerSDKTestSupport
import Testing

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// The store's promise, "a crash at any instant leaves every record whole or absent", tried on a real process:
/// a child (`JanuaryCrashChild outbox-store`) writes and removes records without pause and is killed with SIGKILL
/// at a random moment, again and again, and after each kill a new store must read exactly what the child's
/// acknowledged operations left (or that and the one under way), byte for byte, with nothing quarantined.
///
/// Alone it takes a few seconds; the hang guard is wider than the usual minute because it starts 50 processes, and in
/// a whole `swift test` on a 2-core runner it shares the cores with every other suite.
@Suite("Outbox store across crashes", suiteTimeLimit(minutes: 3))
struct OutboxStoreCrashTests {
    static let kills = 50

    @Test("a writer killed with SIGKILL 50 times at random moments leaves only whole records, each one it wrote")
    func killedAtRandomMoments() async throws {
        let child = try #require(
            Self.childExecutable,
            "JanuaryCrashChild is not built beside the tests (swift build builds it; JANUARY_CRASH_CHILD may name it)"
        )
        let directory = try OutboxTestDirectory()
        defer { directory.remove() }
        var generator = SystemRandomNumberGenerator()
        let firstSeed = generator.next() as UInt64
        var records: [String: Data] = [:]
        var interruptedWrites = 0
        var landedUnacknowledged = 0
        var operations = 0

        for round in 0..<Self.kills {
            let seed = firstSeed &+ UInt64(round)
            let acknowledgements = directory.root.appendingPathComponent("acknowledgements-\(round)")
            let errors = directory.root.appendingPathComponent("stderr-\(round)")
            _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
            let process = Process()
            process.executableURL = child
            process.arguments = ["outbox-store", directory.store.path, String(seed), acknowledgements.path]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = try FileHandle(forWritingTo: errors)
            try process.run()
            defer {
                if process.isRunning {
                    kill(process.processIdentifier, SIGKILL)
                }
            }

            // A random number of finished operations first, so that the kill falls anywhere in the next one.
            let target = Int.random(in: 1...12, using: &generator)
            try await eventually("the child to finish \(target) operations (seed \(seed))") {
                Self.acknowledged(acknowledgements) >= target || !process.isRunning
            }
            try #require(process.isRunning, "the child exited by itself: \(Self.text(of: errors))")
            if round % 10 == 0 {
                // Another process holds the directory: this one is refused, never interleaved.
                let error = try #require(throws: JanuaryError.self) { try OutboxStore(directory: directory.store) }
                #expect(error.code == .outboxInUse)
            }
            kill(process.processIdentifier, SIGKILL)
            try await eventually("the killed child to end") { !process.isRunning }
            #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL)

            let acknowledged = Self.acknowledged(acknowledgements)
            if try !directory.temporaryFiles().isEmpty {
                interruptedWrites += 1
            }
            let store = try OutboxStore(directory: directory.store)
            let read = try store.readAll()
            store.close()
            #expect(read.quarantined.isEmpty, "seed \(seed): \(read.quarantined)")
            #expect(try directory.temporaryFiles().isEmpty)
            let found = Dictionary(uniqueKeysWithValues: read.records.map { ($0.key, $0.payload) })
            let script = OutboxCrashScript(seed: seed)
            if found == script.records(after: acknowledged + 1, from: records)
                && found != script.records(after: acknowledged, from: records)
            {
                landedUnacknowledged += 1
            } else if found != script.records(after: acknowledged, from: records) {
                Issue.record(
                    """
                    seed \(seed), after \(acknowledged) acknowledged operations: the store holds \
                    \(found.mapValues(\.count)), which no prefix of the operations leaves
                    """
                )
                return
            }
            records = found
            operations += acknowledged
        }
        print(
            """
            outbox crash test: \(Self.kills) SIGKILLs, \(operations) acknowledged operations, \(interruptedWrites) \
            kills during a write (a temporary file left), \(landedUnacknowledged) after an operation landed but before \
            its acknowledgement; every record whole, none quarantined (first seed \(firstSeed))
            """
        )
        // The kills did fall inside writes, so the test tried what it claims to.
        #expect(interruptedWrites > 0)
    }

    /// How many operations the child acknowledged: complete lines only.
    private static func acknowledged(_ file: URL) -> Int {
        ((try? Data(contentsOf: file)) ?? Data()).reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
    }

    private static func text(of file: URL) -> String {
        String(decoding: (try? Data(contentsOf: file)) ?? Data(), as: UTF8.self)
    }

    /// `JanuaryCrashChild` in the build folder the tests run from (SwiftPM builds every executable target with the
    /// tests): beside the test executable on Linux, beside the `.xctest` bundle on macOS.
    private static var childExecutable: URL? {
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
}
