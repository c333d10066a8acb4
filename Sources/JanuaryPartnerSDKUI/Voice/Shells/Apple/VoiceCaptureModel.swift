#if os(iOS) && canImport(UIKit) && canImport(AVFoundation) && canImport(Speech)
import Combine
import Foundation
import JanuaryAuth
import JanuaryPartnerSDK
@preconcurrency import UIKit

/// The main-actor shell around ``VoiceCaptureDriver`` for the SwiftUI view: it chooses the speech source, reads
/// what the device allows when the view appears, says when the app leaves the foreground, and posts VoiceOver's
/// announcements. It holds no decision of its own and logs nothing.
@MainActor
final class VoiceCaptureModel: ObservableObject {
    let driver: VoiceCaptureDriver
    private let recorder: SpeechRecorder?
    private var backgroundObserver: (any NSObjectProtocol)?

    init(
        client: JanuaryPartnerClient, options: VoiceCaptureOptions, microphone: VoiceCaptureMicrophone,
        onResult: @escaping @MainActor (VoiceCaptureResult) -> Void, onCancel: @escaping @MainActor () -> Void
    ) {
        // Time limits run on the device's monotonic clock: the partner's client clock may be a manual one in a
        // preview, where listening would then never end.
        let clock = SystemJanuaryClock()
        let speech: any VoiceCaptureSpeechSource
        switch microphone.source {
        case .device:
            let recorder = SpeechRecorder(locale: options.locale)
            self.recorder = recorder
            speech = recorder
        case .simulated(let transcript):
            recorder = nil
            speech = SimulatedSpeech(transcript: transcript, clock: clock)
        }
        driver = VoiceCaptureDriver(
            client: client, options: options, clock: clock, speech: speech, onResult: onResult, onCancel: onCancel)
        driver.willChange = { [weak self] in self?.objectWillChange.send() }
        driver.didChange = { [weak self] before in self?.announce(from: before) }
    }

    var screen: VoiceCaptureScreen {
        VoiceCaptureScreen(driver.machine)
    }

    /// Whether a swipe would lose something: words heard or typed, or an analysis running.
    var holdsWork: Bool {
        let machine = driver.machine
        return !machine.isDone && (!machine.transcript.isEmpty || machine.phase == .analysing)
    }

    func appear() {
        let environment =
            recorder?.environment(infoDictionary: Bundle.main.infoDictionary)
            ?? VoiceCaptureStateMachine.Environment(
                hasMicrophoneUsageDescription: true, hasSpeechRecognitionUsageDescription: true, microphone: .granted,
                speech: .authorized, recogniser: .init(supportsOnDevice: true, isAvailable: true))
        driver.send(.appeared(environment))
        if backgroundObserver == nil {
            backgroundObserver = NotificationCenter.default.addObserver(
                forName: UIApplication.didEnterBackgroundNotification, object: nil, queue: .main
            ) { [weak self] _ in
                Task { @MainActor in self?.driver.send(.suspended) }
            }
        }
    }

    /// Listening stops when the screen goes; once capture is done, everything stops, since nothing more can come.
    func disappear() {
        if driver.machine.isDone {
            driver.tearDown()
        } else {
            driver.send(.suspended)
        }
        if let backgroundObserver {
            NotificationCenter.default.removeObserver(backgroundObserver)
            self.backgroundObserver = nil
        }
    }

    func tap(_ kind: VoiceCaptureScreen.Button.Kind) {
        switch kind {
        case .continueToPrompts: driver.send(.continueTapped)
        case .openSettings: break  // The view opens Settings through `openURL`.
        case .startSpeaking, .continueSpeaking, .speakAgain: driver.send(.speakTapped)
        case .stop: driver.send(.stopTapped)
        case .typeInstead, .reviewText, .editText: driver.send(.editTapped)
        case .findFoods, .useText: driver.send(.submitTapped)
        case .retry: driver.send(.retryTapped)
        case .cancel: driver.send(.cancelTapped)
        }
    }

    func edit(_ text: String) {
        driver.send(.transcriptEdited(text))
    }

    /// Tells VoiceOver about a new state, by its title and why listening ended. Never on entering listening: the
    /// microphone would hear VoiceOver.
    private func announce(from before: VoiceCaptureStateMachine.Phase) {
        let machine = driver.machine
        guard machine.phase != before, machine.phase != .listening, UIAccessibility.isVoiceOverRunning else {
            return
        }
        let screen = VoiceCaptureScreen(machine)
        let words = [screen.announcement?.string, screen.title.string].compactMap { $0 }.joined(separator: " ")
        UIAccessibility.post(notification: .screenChanged, argument: words)
    }
}
#endif
