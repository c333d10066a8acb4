import Foundation
import JanuaryAuth

/// The stand-in for the microphone and recogniser behind ``VoiceCaptureMicrophone/simulated(transcript:)``: once
/// started, it reports the sentence's words one more at a time as partial results, then falls silent, so that the
/// state machine's silence window ends listening; finishing reports the words so far as final, as the recogniser
/// does after its audio ends. Every permission is granted.
@MainActor
final class SimulatedSpeech: VoiceCaptureSpeechSource {
    /// The time between two words, about a slow speaker's pace.
    static let wordInterval: TimeInterval = 0.4

    var report: (@MainActor (VoiceCaptureStateMachine.Event) -> Void)?
    private let words: [Substring]
    private let clock: any JanuaryClock
    private var task: Task<Void, Never>?
    private var segment: Int?
    private var spoken = 0

    /// - Parameters:
    ///   - transcript: What the stand-in user says.
    ///   - clock: The clock the pace is measured on.
    init(transcript: String, clock: any JanuaryClock) {
        self.words = transcript.split(whereSeparator: \.isWhitespace)
        self.clock = clock
    }

    func requestMicrophonePermission() {
        later(.microphoneAnswered(granted: true))
    }

    func requestSpeechPermission() {
        later(.speechAnswered(.authorized))
    }

    func start(segment: Int, recognition: VoiceCaptureStateMachine.Recognition) {
        stop()
        self.segment = segment
        spoken = 0
        let clock = clock
        task = Task { [weak self] in
            while true {
                do {
                    try await clock.sleep(for: Self.wordInterval)
                } catch {
                    return
                }
                guard let self, !Task.isCancelled, self.segment == segment, self.spoken < self.words.count else {
                    return
                }
                self.spoken += 1
                self.report?(.recognised(self.heard, isFinal: false, segment: segment))
            }
        }
    }

    func finish() {
        guard let segment else {
            return
        }
        task?.cancel()
        task = nil
        later(.recognised(heard, isFinal: true, segment: segment))
    }

    func stop() {
        task?.cancel()
        task = nil
        segment = nil
    }

    private var heard: String {
        words.prefix(spoken).joined(separator: " ")
    }

    /// Reports after the event being handled, as iOS's callbacks do.
    private func later(_ event: VoiceCaptureStateMachine.Event) {
        Task { [weak self] in
            self?.report?(event)
        }
    }
}
