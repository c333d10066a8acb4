import Foundation
import JanuaryAuth
import JanuaryCore
import JanuaryPartnerSDK

/// Runs ``VoiceCaptureStateMachine``: it feeds the machine events and carries out the actions it returns, with the
/// timer, the analysis and the speech source. Platform-independent, so that the whole loop (words arriving, the
/// silence window ending on the clock, the text analysed) is tested on Linux with the stand-in speech; the iOS view
/// adds only the device's speech source, the audio session's notifications and drawing.
///
/// It holds no decision of its own and logs nothing: no word leaves it except to January (the checked text, for
/// analysis) and to the app's callbacks.
@MainActor
final class VoiceCaptureDriver {
    private(set) var machine: VoiceCaptureStateMachine
    private let client: JanuaryPartnerClient
    private let speech: any VoiceCaptureSpeechSource
    private let onResult: @MainActor (VoiceCaptureResult) -> Void
    private let onCancel: @MainActor () -> Void
    private var wakeUp: VoiceCaptureWakeUp?
    private var tasks: [Int: Task<Void, Never>] = [:]
    private var pending: [VoiceCaptureStateMachine.Event] = []
    private var isHandling = false

    /// Called before the machine changes, for `ObservableObject.objectWillChange`.
    var willChange: (@MainActor () -> Void)?

    /// Called once the events sent have been handled, with the phase before them: for VoiceOver's announcements.
    var didChange: (@MainActor (VoiceCaptureStateMachine.Phase) -> Void)?

    /// - Parameters:
    ///   - client: The client whose `foodAnalysis` analyses the text.
    ///   - options: The partner's options.
    ///   - clock: The clock every time limit is measured on.
    ///   - speech: The microphone and recogniser.
    ///   - onResult: Called once with the result.
    ///   - onCancel: Called once when the user cancels.
    init(
        client: JanuaryPartnerClient, options: VoiceCaptureOptions, clock: any JanuaryClock,
        speech: any VoiceCaptureSpeechSource, onResult: @escaping @MainActor (VoiceCaptureResult) -> Void,
        onCancel: @escaping @MainActor () -> Void
    ) {
        self.machine = VoiceCaptureStateMachine(options: options, clock: clock)
        self.client = client
        self.speech = speech
        self.onResult = onResult
        self.onCancel = onCancel
        wakeUp = VoiceCaptureWakeUp(clock: clock) { [weak self] in self?.send(.tick) }
        speech.report = { [weak self] event in self?.send(event) }
    }

    /// Takes one event. An event sent while another is being handled (a callback that answers at once) waits
    /// for it, so that actions run in the order the machine returned them.
    func send(_ event: VoiceCaptureStateMachine.Event) {
        pending.append(event)
        guard !isHandling else {
            return
        }
        isHandling = true
        let before = machine.phase
        defer { isHandling = false }
        while !pending.isEmpty {
            let next = pending.removeFirst()
            willChange?()
            for action in machine.handle(next) {
                perform(action)
            }
        }
        if machine.isDone {
            wakeUp?.cancel()
        }
        didChange?(before)
    }

    /// Stops the microphone and the timer when the screen goes away for good; work in flight is cancelled.
    func tearDown() {
        speech.stop()
        wakeUp?.cancel()
        for task in tasks.values {
            task.cancel()
        }
        tasks = [:]
    }

    private func perform(_ action: VoiceCaptureStateMachine.Action) {
        switch action {
        case .requestMicrophonePermission:
            speech.requestMicrophonePermission()
        case .requestSpeechPermission:
            speech.requestSpeechPermission()
        case .startListening(let segment, let recognition):
            speech.start(segment: segment, recognition: recognition)
        case .finishListening:
            speech.finish()
        case .stopListening:
            speech.stop()
        case .wake(let milliseconds):
            wakeUp?.schedule(afterMilliseconds: milliseconds)
        case .analyse(let text, let attempt):
            let client = client
            tasks[attempt] = Task { [weak self] in
                let result = await VoiceCaptureWork.analyse(text, with: client)
                self?.tasks.removeValue(forKey: attempt)
                self?.send(.workFinished(attempt: attempt, result))
            }
        case .cancelWork(let attempt):
            tasks.removeValue(forKey: attempt)?.cancel()
        case .deliver(let result):
            onResult(result)
        case .deliverCancellation:
            onCancel()
        }
    }
}
