/// The microphone and the recogniser, as the driver sees them: it asks for the permissions and runs segments of
/// listening, and reports what happens as the state machine's events. The device's is `SpeechRecorder` (iOS),
/// the stand-in's ``SimulatedSpeech``.
@MainActor
protocol VoiceCaptureSpeechSource: AnyObject {
    /// Where events go; set by the driver before anything starts.
    var report: (@MainActor (VoiceCaptureStateMachine.Event) -> Void)? { get set }

    /// Asks iOS for the microphone; reports `.microphoneAnswered`.
    func requestMicrophonePermission()

    /// Asks iOS for speech recognition; reports `.speechAnswered`.
    func requestSpeechPermission()

    /// Starts listening for `segment`; reports its words and failures with that number.
    func start(segment: Int, recognition: VoiceCaptureStateMachine.Recognition)

    /// Turns the microphone off and lets the recogniser send its final words.
    func finish()

    /// Stops everything at once and reports nothing more for the segment. Safe to repeat.
    func stop()
}
