import Foundation
import JanuaryAuth

/// The one timer voice capture needs: it calls back once after a delay on a clock, and asking again replaces the
/// pending call, as the state machine's `wake(afterMilliseconds:)` means. The state machine re-reads the clock on
/// each tick, so a tick that comes late or after a replacement only reschedules.
@MainActor
final class VoiceCaptureWakeUp {
    private let clock: any JanuaryClock
    private let onWake: @MainActor () -> Void
    private var task: Task<Void, Never>?
    /// Counts schedules, so that a sleep replaced just as it ended does not call back.
    private var generation = 0

    /// - Parameters:
    ///   - clock: The clock the delays are measured on: the system's, or a manual one in tests.
    ///   - onWake: Called on the main actor when a delay is over.
    init(clock: any JanuaryClock, onWake: @escaping @MainActor () -> Void) {
        self.clock = clock
        self.onWake = onWake
    }

    /// Calls back after `milliseconds`, instead of any call pending.
    func schedule(afterMilliseconds milliseconds: Int64) {
        task?.cancel()
        generation += 1
        let scheduled = generation
        let clock = clock
        let seconds = TimeInterval(max(0, milliseconds)) / 1_000
        task = Task { [weak self] in
            do {
                try await clock.sleep(for: seconds)
            } catch {
                return
            }
            guard let self, self.generation == scheduled else {
                return
            }
            self.task = nil
            self.onWake()
        }
    }

    /// Drops the pending call, if any.
    func cancel() {
        generation += 1
        task?.cancel()
        task = nil
    }

    /// Whether a call is pending.
    var isScheduled: Bool {
        task != nil
    }
}
