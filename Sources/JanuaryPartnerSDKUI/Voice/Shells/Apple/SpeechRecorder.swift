#if os(iOS) && canImport(AVFoundation) && canImport(Speech)
@preconcurrency import AVFoundation
import Foundation
@preconcurrency import Speech

/// The device's microphone and speech recogniser: the shared audio session, an `AVAudioEngine` tap feeding an
/// `SFSpeechAudioBufferRecognitionRequest`, and the recogniser's task, one segment at a time. It decides nothing:
/// it reports what the device says as the state machine's events, and the state machine decides.
///
/// The audio goes from the tap to the request and nowhere else: no buffer is kept, copied or written, and the
/// request is dropped when the segment ends (`VoiceCapturePrivacyTests` reads this file for it). With on-device
/// recognition it sets `requiresOnDeviceRecognition`, which Apple documents as keeping the audio off the network.
///
/// The tap's block and the recogniser's handler are made in `nonisolated` functions, so that they carry no
/// main-actor isolation: the tap runs on an audio thread, where Swift 6's check of a main-actor closure would stop
/// the app.
@MainActor
final class SpeechRecorder: NSObject, VoiceCaptureSpeechSource {
    var report: (@MainActor (VoiceCaptureStateMachine.Event) -> Void)?
    private let locale: Locale?
    private var recognizer: SFSpeechRecognizer?
    private let engine = AVAudioEngine()
    private var request: SFSpeechAudioBufferRecognitionRequest?
    private var task: SFSpeechRecognitionTask?
    private var segment: Int?
    private var isTapInstalled = false
    /// The app's audio session setting before listening, restored after it.
    private var savedSession:
        (category: AVAudioSession.Category, mode: AVAudioSession.Mode, options: AVAudioSession.CategoryOptions)?
    private let observers = NotificationObservers()

    /// - Parameter locale: The language to recognise, or `nil` for the user's.
    init(locale: Locale?) {
        self.locale = locale
        super.init()
        observeAudioSession()
    }

    /// What the device allows, read without asking anything. The recogniser is made only when both Info.plist keys
    /// are there, so that nothing of speech recognition is touched without them.
    func environment(infoDictionary: [String: Any]?) -> VoiceCaptureStateMachine.Environment {
        let missing = VoiceCaptureConfigurationError.missingKeys(in: infoDictionary)
        let hasMicrophoneKey = !missing.contains(VoiceCaptureConfigurationError.microphoneUsageDescriptionKey)
        let hasSpeechKey = !missing.contains(VoiceCaptureConfigurationError.speechRecognitionUsageDescriptionKey)
        var recogniser: VoiceCaptureStateMachine.Recogniser?
        if missing.isEmpty {
            let made = recognizer ?? (locale.map { SFSpeechRecognizer(locale: $0) } ?? SFSpeechRecognizer())
            made?.delegate = self
            recognizer = made
            recogniser = made.map {
                .init(supportsOnDevice: $0.supportsOnDeviceRecognition, isAvailable: $0.isAvailable)
            }
        }
        return VoiceCaptureStateMachine.Environment(
            hasMicrophoneUsageDescription: hasMicrophoneKey, hasSpeechRecognitionUsageDescription: hasSpeechKey,
            microphone: Self.microphonePermission(),
            speech: Self.speechPermission(SFSpeechRecognizer.authorizationStatus()),
            recogniser: recogniser)
    }

    func requestMicrophonePermission() {
        let deliver = deliverer()
        let answer: @Sendable (Bool) -> Void = { granted in deliver(.microphoneAnswered(granted: granted)) }
        if #available(iOS 17, *) {
            AVAudioApplication.requestRecordPermission(completionHandler: answer)
        } else {
            AVAudioSession.sharedInstance().requestRecordPermission(answer)
        }
    }

    func requestSpeechPermission() {
        let deliver = deliverer()
        SFSpeechRecognizer.requestAuthorization { @Sendable status in
            deliver(.speechAnswered(Self.speechPermission(status)))
        }
    }

    func start(segment: Int, recognition: VoiceCaptureStateMachine.Recognition) {
        stop()
        self.segment = segment
        guard let recognizer else {
            report?(.audioFailed(segment: segment))
            return
        }
        let session = AVAudioSession.sharedInstance()
        savedSession = (session.category, session.mode, session.categoryOptions)
        do {
            try session.setCategory(.record, mode: .measurement, options: [.duckOthers])
            try session.setActive(true)
            let request = SFSpeechAudioBufferRecognitionRequest()
            request.shouldReportPartialResults = true
            request.requiresOnDeviceRecognition = recognition == .onDevice
            request.taskHint = .dictation
            if #available(iOS 16, *) {
                request.addsPunctuation = true
            }
            let input = engine.inputNode
            let format = input.outputFormat(forBus: 0)
            // No input (another app holds the microphone, or there is none): a tap in this format would raise.
            guard format.sampleRate > 0, format.channelCount > 0 else {
                throw CocoaError(.featureUnsupported)
            }
            input.installTap(onBus: 0, bufferSize: 1_024, format: format, block: Self.tap(into: request))
            isTapInstalled = true
            engine.prepare()
            try engine.start()
            self.request = request
            task = recognizer.recognitionTask(
                with: request, resultHandler: Self.handler(segment: segment, deliver: deliverer()))
        } catch {
            stop()
            report?(.audioFailed(segment: segment))
        }
    }

    func finish() {
        stopMicrophone()
        request?.endAudio()
    }

    func stop() {
        task?.cancel()
        task = nil
        stopMicrophone()
        request?.endAudio()
        request = nil
        segment = nil
        if let saved = savedSession {
            savedSession = nil
            let session = AVAudioSession.sharedInstance()
            try? session.setActive(false, options: .notifyOthersOnDeactivation)
            try? session.setCategory(saved.category, mode: saved.mode, options: saved.options)
        }
    }

    private func stopMicrophone() {
        if engine.isRunning {
            engine.stop()
        }
        if isTapInstalled {
            engine.inputNode.removeTap(onBus: 0)
            isTapInstalled = false
        }
    }

    /// A closure that hands an event to the main actor, from whatever thread iOS calls back on.
    private func deliverer() -> @Sendable (VoiceCaptureStateMachine.Event) -> Void {
        { [weak self] event in
            Task { @MainActor in self?.report?(event) }
        }
    }

    /// Each buffer goes into the request and nowhere else.
    nonisolated private static func tap(into request: SFSpeechAudioBufferRecognitionRequest) -> AVAudioNodeTapBlock {
        { buffer, _ in request.append(buffer) }
    }

    /// The recogniser's words as they come, then its final words or its error; the words only, never logged.
    nonisolated private static func handler(
        segment: Int, deliver: @escaping @Sendable (VoiceCaptureStateMachine.Event) -> Void
    ) -> (SFSpeechRecognitionResult?, (any Error)?) -> Void {
        { result, error in
            if let result {
                deliver(
                    .recognised(result.bestTranscription.formattedString, isFinal: result.isFinal, segment: segment))
            } else if error != nil {
                deliver(.recognitionFailed(segment: segment))
            }
        }
    }

    private static func microphonePermission() -> VoiceCaptureStateMachine.MicrophonePermission {
        if #available(iOS 17, *) {
            switch AVAudioApplication.shared.recordPermission {
            case .granted: return .granted
            case .denied: return .denied
            default: return .notDetermined
            }
        }
        switch AVAudioSession.sharedInstance().recordPermission {
        case .granted: return .granted
        case .denied: return .denied
        default: return .notDetermined
        }
    }

    nonisolated private static func speechPermission(
        _ status: SFSpeechRecognizerAuthorizationStatus
    ) -> VoiceCaptureStateMachine.SpeechPermission {
        switch status {
        case .authorized: return .authorized
        case .denied: return .denied
        case .restricted: return .restricted
        default: return .notDetermined
        }
    }

    /// Interruptions (a call, Siri), route changes (headphones), the engine reconfiguring itself and the media
    /// services restarting, as the state machine's events. Read on the posting thread, handed over as values.
    private func observeAudioSession() {
        let deliver = deliverer()
        let center = NotificationCenter.default
        observers.add(
            center.addObserver(forName: AVAudioSession.interruptionNotification, object: nil, queue: nil) { note in
                let raw = note.userInfo?[AVAudioSessionInterruptionTypeKey] as? UInt
                switch raw.flatMap(AVAudioSession.InterruptionType.init(rawValue:)) {
                case .began: deliver(.audioInterruptionBegan)
                case .ended: deliver(.audioInterruptionEnded)
                default: break
                }
            })
        observers.add(
            center.addObserver(forName: AVAudioSession.routeChangeNotification, object: nil, queue: nil) { note in
                let raw = note.userInfo?[AVAudioSessionRouteChangeReasonKey] as? UInt
                switch raw.flatMap(AVAudioSession.RouteChangeReason.init(rawValue:)) {
                case .oldDeviceUnavailable: deliver(.routeChanged(.disconnected))
                case .newDeviceAvailable: deliver(.routeChanged(.changed))
                default: break
                }
            })
        observers.add(
            center.addObserver(forName: .AVAudioEngineConfigurationChange, object: engine, queue: nil) { _ in
                deliver(.routeChanged(.changed))
            })
        observers.add(
            center.addObserver(forName: AVAudioSession.mediaServicesWereResetNotification, object: nil, queue: nil) {
                [weak self] _ in
                Task { @MainActor in
                    guard let self, let segment = self.segment else {
                        return
                    }
                    self.report?(.audioFailed(segment: segment))
                }
            })
    }
}

extension SpeechRecorder: SFSpeechRecognizerDelegate {
    nonisolated func speechRecognizer(_ speechRecognizer: SFSpeechRecognizer, availabilityDidChange available: Bool) {
        Task { @MainActor [weak self] in
            self?.report?(.recogniserAvailabilityChanged(available))
        }
    }
}

/// The notification observers of one recorder, removed when it goes away; a class of its own so that its deinit,
/// which needs no actor, does the removing.
private final class NotificationObservers {
    private var tokens: [any NSObjectProtocol] = []

    func add(_ token: any NSObjectProtocol) {
        tokens.append(token)
    }

    deinit {
        for token in tokens {
            NotificationCenter.default.removeObserver(token)
        }
    }
}
#endif
