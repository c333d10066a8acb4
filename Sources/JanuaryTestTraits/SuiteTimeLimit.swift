import Foundation
import Testing

// Every suite's time limit, and the turn each test case waits for before its time starts.
//
// Why not swift-testing's own `.timeLimit`: swift-testing 6.3 starts every test case of the run at once (its
// parallelization width is unbounded; the two-per-core default is commented out in its Serializer.swift), and a
// `.timeLimit` starts counting when the case starts. On a busy two-core machine the whole run needs more than a
// minute of wall time (measured: 94 s beside a CPU hog with other builds running, the test process getting about
// 0.3 of a core), so every case still in flight a minute after the start failed at the same moment, and every
// 45 s test deadline (Deadlines.swift) with it: 276 to 2,817 issues per run, "Time limit was exceeded: 60 s"
// and "Waited 45.0 s", which looked like a global stall. With at most two cases per core running, and the
// limit counted from a case's turn, the same run had none of those (Scripts/busy-suite.sh runs it in CI).
//
// It also compiles for the package's minimums (macOS 12, iOS 15, tvOS 15, watchOS 8), where swift-testing's
// `.timeLimit(_:)` is unavailable (`@available(_clockAPI, *)`). Write `@Suite("…", suiteTimeLimit())`, never
// `.timeLimit(` (Scripts/portability.sh refuses it). This module depends on nothing of ours, so every test target,
// at every layer, links it; each re-exports it from its Support/TestTraits.swift. It is test code: it imports
// Testing, so no library, executable or product depends on it, and the Apple SDK check leaves it out.

/// A suite trait that runs each test case of the suite in its turn, at most two cases per processor core at once
/// across the whole test run, and fails a case still running `minutes` after its turn came.
///
/// - Parameter minutes: The limit for each test case, in whole minutes, counted from its turn.
/// - Returns: The trait; it applies to every test and test case in the suite, nested suites included.
package func suiteTimeLimit(minutes: Int = 1) -> some SuiteTrait {
    SuiteTimeLimit(minutes: minutes)
}

/// What ``suiteTimeLimit(minutes:)`` returns: a scope around each test case that waits for a turn, then races the
/// case against its limit.
package struct SuiteTimeLimit: SuiteTrait, TestTrait, TestScoping {
    /// The limit of each test case, in whole minutes.
    package let minutes: Int

    /// Applies to every test of the suite and of its nested suites.
    package var isRecursive: Bool {
        true
    }

    /// A scope for each test case, none for a suite or a test as a whole: a suite holding a turn while its cases
    /// wait for theirs would deadlock once every turn is held by a suite.
    package func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        testCase == nil ? nil : self
    }

    package func provideScope(
        for test: Test,
        testCase: Test.Case?,
        performing function: @Sendable () async throws -> Void
    ) async throws {
        await TestTurns.shared.wait()
        do {
            try await run(function, at: test.sourceLocation)
        } catch {
            await TestTurns.shared.leave()
            throw error
        }
        await TestTurns.shared.leave()
    }

    /// Runs `function`, recording an issue and cancelling it if it is still running after the limit.
    private func run(_ function: @Sendable () async throws -> Void, at location: SourceLocation) async throws {
        let limit = UInt64(max(minutes, 1)) * 60
        try await withoutActuallyEscaping(function) { function in
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    // Returning instead of throwing CancellationError means the limit passed first.
                    try await Task.sleep(nanoseconds: limit * 1_000_000_000)
                    Issue.record(
                        "Time limit was exceeded: \(minutes) min from the test case's turn (Sources/JanuaryTestTraits).",
                        sourceLocation: location)
                }
                group.addTask { try await function() }
                defer { group.cancelAll() }
                try await group.next()
            }
        }
    }
}

/// Turns to run: at most two test cases per processor core at once in the test process, first come first served.
///
/// Two per core is swift-testing's own intended default width. Cases that wait hold no thread: they are suspended
/// continuations.
actor TestTurns {
    static let shared = TestTurns(width: 2 * max(ProcessInfo.processInfo.activeProcessorCount, 1))

    private let width: Int
    private var running = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(width: Int) {
        self.width = width
    }

    /// Returns when the caller may run: at once while fewer than `width` cases run, otherwise when one ends.
    func wait() async {
        guard running >= width else {
            running += 1
            return
        }
        // The turn is handed over by `leave`, which counts it as running on the waiter's behalf.
        await withCheckedContinuation { waiting.append($0) }
    }

    /// Ends a turn, handing it to the longest waiting case if there is one.
    func leave() {
        if waiting.isEmpty {
            running -= 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}
