import Foundation
import JanuaryPartnerSDK
import JanuaryPartnerSDKTesting
import JanuaryTestServer
import JanuaryTestSupport
import Testing

/// Many thousands of requests through the client, over the real URLSession to the simulator, with January
/// rejecting tokens, rate-limiting, failing and dropping connections, while requests are cancelled and the
/// user signs out: every request ends, nothing waits on, the provider is called once per rejected generation,
/// and memory, file descriptors and threads do not grow.
///
/// Opt-in, like the fuzz test: `JANUARY_SOAK=<requests> swift test --filter SoakTests` (Scripts/soak.sh runs a
/// small count in CI; Docs/Benchmarks.md has the figures of a 20,000-request run). The resource checks read
/// `/proc/self` and run on Linux only.
@Suite("Soak", suiteTimeLimit(minutes: 20))
struct SoakTests {
    static let requestCount = ProcessInfo.processInfo.environment["JANUARY_SOAK"].flatMap { Int($0) }

    /// Loopback HTTP through URLSession by default; `JANUARY_SOAK_PATH=in-process` leaves URLSession and the
    /// sockets out, so that what grows there can be told from what grows in the client.
    static let path: SimulatorPath =
        ProcessInfo.processInfo.environment["JANUARY_SOAK_PATH"] == "in-process" ? .inProcess : .loopback

    /// The resident-memory growth allowed per 1,000 requests, in MiB. In process only the client and the
    /// simulator's engine run: runs grew 0.011 to 0.047 MiB per 1,000, and keeping each request (about 130 bytes)
    /// showed as 0.129. Over loopback, URLSession and the test server add about 0.3 MiB per 1,000 that the
    /// in-process run shows are not the client's.
    static let growthLimit = path == .inProcess ? 0.1 : 0.5

    /// Requests in flight at once.
    static let concurrency = 50

    /// Counts events by kind without keeping them, so that the count itself does not grow memory.
    final class EventCounter: Sendable {
        private let counts = Locked<[JanuaryEvent.Kind: Int]>([:])

        var handler: @Sendable (JanuaryEvent) -> Void {
            { [counts] event in counts.withLock { $0[event.kind, default: 0] += 1 } }
        }

        func count(of kind: JanuaryEvent.Kind) -> Int {
            counts.withLock { $0[kind, default: 0] }
        }
    }

    /// What one run saw.
    struct Outcome {
        var sent = 0
        var succeeded = 0
        var failuresByCode: [String: Int] = [:]
        var cancelled = 0
        var signOuts = 0
        var providerCalls = 0
        var invalidations = 0
        var droppedEvents = 0
        var waitingAtEnd = 0
        var sleepersAtEnd = 0
        var elapsed: TimeInterval = 0
    }

    /// Sends `total` requests in batches of ``concurrency``, scripting failures for each batch.
    private static func run(total: Int, onBatch: (Int) -> Void = { _ in }) async throws -> Outcome {
        let counter = EventCounter()
        let harness = try ClientHarness(
            configure: { configuration in
                configuration.onEvent = counter.handler
                // Waits of 0 s: the manual clock never has to be driven, yet every retry goes through the wait.
                configuration.retryPolicy = JanuaryRetryPolicy(maximumRetries: 2, baseDelay: 0, maximumDelay: 0)
            },
            path: Self.path
        )
        let simulator = harness.simulator
        // The records are bounded (1,000 entries by default, tested on their own); kept small here so that
        // what is measured is the client, not the records filling up to their bound.
        simulator.requestLogLimit = 50
        simulator.server.receivedRequestLimit = 50
        var outcome = Outcome()
        var generator = SystemRandomNumberGenerator()
        let batches = (total + concurrency - 1) / concurrency
        for batch in 0..<batches {
            onBatch(batch * concurrency)
            simulator.failNext(with: .tokenExpired)
            simulator.failNext(2, with: .rateLimited())
            simulator.failNext(2, with: .serviceUnavailable)
            simulator.failNext(with: .closeConnection)
            let count = min(concurrency, total - batch * concurrency)
            let signOutAt = batch % 10 == 9 ? Int.random(in: 0..<count, using: &generator) : nil
            var tasks: [Task<Result<JanuaryResponse, any Error>, Never>] = []
            for index in 0..<count {
                if index == signOutAt {
                    harness.client.signOut()
                    outcome.signOuts += 1
                }
                let task = Task { () -> Result<JanuaryResponse, any Error> in
                    do {
                        return .success(try await harness.client.send(.autocomplete))
                    } catch {
                        return .failure(error)
                    }
                }
                if Int.random(in: 0..<25, using: &generator) == 0 {
                    task.cancel()
                }
                tasks.append(task)
            }
            for task in tasks {
                switch await task.value {
                case .success:
                    outcome.succeeded += 1
                case .failure(let error as JanuaryError):
                    outcome.failuresByCode[error.code?.rawValue ?? "\(error.category)", default: 0] += 1
                case .failure:
                    outcome.cancelled += 1
                }
            }
            outcome.sent += count
            // Past the breaker's window, so that rejections of earlier batches do not add up with these.
            harness.clock.advance(by: 61)
            outcome.elapsed += 61
        }
        simulator.clearScriptedFailures()
        outcome.providerCalls = harness.provider.callCount
        outcome.invalidations = counter.count(of: .tokenInvalidated)
        outcome.droppedEvents = counter.count(of: .eventsDropped)
        outcome.sleepersAtEnd = harness.clock.sleeperCount
        return outcome
    }

    @Test(
        "every request ends; provider calls, memory, descriptors and threads stay bounded (set JANUARY_SOAK=n)",
        .enabled(if: requestCount != nil)
    )
    func soak() async throws {
        let total = max(Self.concurrency * 20, Self.requestCount ?? 0)
        // A first run warms up URLSession, the concurrency pool and the allocator, whose one-time growth is not
        // what is measured; the counts to return to are taken after it.
        _ = try await Self.run(total: 1_000)
        try await Task.sleep(nanoseconds: 500_000_000)
        let start = ProcessResources.current()
        let warmUp = min(2_000, total / 4)
        var afterWarmUp: ProcessResources?
        let began = Date()
        let outcome = try await Self.run(total: total) { sent in
            if sent >= warmUp, afterWarmUp == nil {
                afterWarmUp = ProcessResources.current()
            }
        }
        let seconds = Date().timeIntervalSince(began)
        let end = ProcessResources.current()

        #expect(outcome.sent == total)
        #expect(outcome.succeeded + outcome.cancelled + outcome.failuresByCode.values.reduce(0, +) == total)
        #expect(outcome.sleepersAtEnd == 0, "a request is still waiting")
        #expect(outcome.droppedEvents == 0)
        // One call for the first token, one per rejected generation, one per new session, and one per
        // expiry of a token (an hour, less the leeway) on the manual clock.
        let expiries = Int(outcome.elapsed / (3_600 - 60)) + 1
        #expect(outcome.providerCalls <= 1 + outcome.invalidations + outcome.signOuts + expiries)

        var growthPerThousand: Double?
        if let before = afterWarmUp?.residentBytes, let after = end.residentBytes {
            let requests = Double(total - warmUp)
            growthPerThousand = Double(after - before) / 1_048_576 / (requests / 1_000)
            #expect(
                growthPerThousand! < Self.growthLimit,
                "resident memory grew by \(growthPerThousand!) MiB per 1,000 requests \(Self.path)"
            )
        }
        // Releasing the client closes its connections; the counts must come back to where they started.
        var settled = ProcessResources.current()
        if let fds = start.openFileDescriptors, let threads = start.threads {
            try? await eventually("descriptors and threads back to \(start)", timeout: 20) {
                settled = ProcessResources.current()
                return (settled.openFileDescriptors ?? .max) <= fds && (settled.threads ?? .max) <= threads
            }
            #expect((settled.openFileDescriptors ?? .max) <= fds, "descriptors: \(start) → \(settled)")
            #expect((settled.threads ?? .max) <= threads, "threads: \(start) → \(settled)")
        }
        print(
            """
            soak (\(Self.path)): \(total) requests in \(String(format: "%.1f", seconds)) s \
            (\(String(format: "%.0f", Double(total) / seconds)) requests/s); \
            succeeded \(outcome.succeeded), cancelled \(outcome.cancelled), failed \(outcome.failuresByCode.sorted { $0.key < $1.key }); \
            sign-outs \(outcome.signOuts), provider calls \(outcome.providerCalls), invalidations \(outcome.invalidations); \
            start \(start), after warm-up \(afterWarmUp.map(\.description) ?? "n/a"), end \(end), settled \(settled); \
            RSS growth \(growthPerThousand.map { String(format: "%.3f", $0) } ?? "n/a") MiB per 1,000 requests
            """
        )
    }
}
