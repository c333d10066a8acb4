import Foundation
import JanuaryAuth
import JanuaryCoreTesting
import Testing

@Suite("SystemJanuaryClock: waits that need no sleep", suiteTimeLimit())
struct SystemJanuaryClockTests {
    @Test(
        "a wait of no time, negative time or NaN returns at once",
        arguments: [0, -1, -TimeInterval.infinity, TimeInterval.nan])
    func nothingToWait(seconds: TimeInterval) async throws {
        try await withDeadline("a wait of \(seconds) s") {
            try await SystemJanuaryClock().sleep(for: seconds)
        }
    }

    @Test("a wait of no time in a cancelled task throws CancellationError", arguments: [0, -1, TimeInterval.nan])
    func cancelledWaitOfNoTime(seconds: TimeInterval) async throws {
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await SystemJanuaryClock().sleep(for: seconds)
        }
        await #expect(throws: CancellationError.self) {
            try await withDeadline("the cancelled wait") { try await task.value }
        }
    }
}
