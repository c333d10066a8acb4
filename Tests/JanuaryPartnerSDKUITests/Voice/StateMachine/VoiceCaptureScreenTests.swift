import Foundation
import JanuaryCore
import JanuaryPartnerSDK
import Testing

@testable import JanuaryPartnerSDKUI

typealias VoiceButton = VoiceCaptureScreen.Button.Kind

@Suite("Every voice capture state has its own screen, with the buttons that lead out of it", suiteTimeLimit())
struct VoiceCaptureScreenTests {
    @Test(
        "each state shows its title, message and buttons",
        arguments: [
            ([Voice.Event](), VoiceCaptureStringKey.startingTitle, VoiceCaptureStringKey?.none, [VoiceButton.cancel]),
            (
                [.appeared(voiceEnvironment(speechKey: false, .granted, .authorized))], .misconfiguredTitle,
                .misconfiguredMessage, [.typeInstead, .cancel]
            ),
            (
                [.appeared(voiceEnvironment(.granted, .authorized, recogniser: nil))], .unsupportedLanguageTitle,
                .unsupportedLanguageMessage, [.typeInstead, .cancel]
            ),
            (
                [.appeared(voiceEnvironment(.granted, .authorized, recogniser: recogniserServerOnly))],
                .unsupportedOnDeviceTitle, .unsupportedOnDeviceMessage, [.typeInstead, .cancel]
            ),
            (
                [.appeared(voiceEnvironment(.notDetermined, .notDetermined))], .permissionNotAskedTitle,
                .permissionNotAskedOnDeviceMessage, [.continueToPrompts, .typeInstead, .cancel]
            ),
            (
                [.appeared(voiceEnvironment(.notDetermined, .notDetermined)), .continueTapped], .permissionWaitingTitle,
                nil, [.cancel]
            ),
            (
                [.appeared(voiceEnvironment(.denied, .authorized))], .permissionMicrophoneDeniedTitle,
                .permissionMicrophoneDeniedMessage, [.openSettings, .typeInstead, .cancel]
            ),
            (
                [.appeared(voiceEnvironment(.granted, .denied))], .permissionSpeechDeniedTitle,
                .permissionSpeechDeniedMessage, [.openSettings, .typeInstead, .cancel]
            ),
            (
                [.appeared(voiceEnvironment(.granted, .restricted))], .permissionRestrictedTitle,
                .permissionRestrictedMessage, [.typeInstead, .cancel]
            ),
            ([.appeared(voiceAllowed)], .readyTitle, .readyMessage, [.startSpeaking, .typeInstead, .cancel]),
            (VoiceRoute.listening, .listeningTitle, nil, [.stop, .cancel]),
            (VoiceRoute.finishing, .finishingTitle, nil, [.cancel]),
            (
                VoiceRoute.heard + [.audioInterruptionBegan], .interruptedAudioSessionTitle,
                .interruptedAudioSessionMessage, [.reviewText, .cancel]
            ),
            (
                VoiceRoute.heard + [.audioInterruptionBegan, .audioInterruptionEnded], .interruptedAudioSessionTitle,
                .interruptedAudioSessionMessage, [.continueSpeaking, .reviewText, .cancel]
            ),
            (
                VoiceRoute.heard + [.routeChanged(.disconnected)], .interruptedMicrophoneDisconnectedTitle,
                .interruptedMicrophoneDisconnectedMessage, [.continueSpeaking, .reviewText, .cancel]
            ),
            (
                VoiceRoute.heard + [.routeChanged(.changed)], .interruptedMicrophoneChangedTitle,
                .interruptedMicrophoneChangedMessage, [.continueSpeaking, .reviewText, .cancel]
            ),
            (
                VoiceRoute.heard + [.recogniserAvailabilityChanged(false)], .interruptedRecogniserUnavailableTitle,
                .interruptedRecogniserUnavailableMessage, [.reviewText, .cancel]
            ),
            (
                VoiceRoute.heard + [.audioFailed(segment: 1)], .interruptedMicrophoneUnavailableTitle,
                .interruptedMicrophoneUnavailableMessage, [.continueSpeaking, .reviewText, .cancel]
            ),
            (
                VoiceRoute.heard + [.recognitionFailed(segment: 1)], .interruptedRecognitionFailedTitle,
                .interruptedRecognitionFailedMessage, [.continueSpeaking, .reviewText, .cancel]
            ),
            (
                VoiceRoute.heard + [.suspended], .interruptedSuspendedTitle, .interruptedSuspendedMessage,
                [.continueSpeaking, .reviewText, .cancel]
            ),
            // Nothing heard before the interruption: start rather than continue, type rather than review.
            (
                VoiceRoute.listening + [.suspended], .interruptedSuspendedTitle, .interruptedSuspendedMessage,
                [.startSpeaking, .typeInstead, .cancel]
            ),
            (
                VoiceRoute.finishing + [.recognised(" ", isFinal: true, segment: 1)], .nothingHeardTitle,
                .nothingHeardMessage, [.speakAgain, .typeInstead, .cancel]
            ),
            (VoiceRoute.editing, .editingTitle, .editingMessage, [.findFoods, .speakAgain, .cancel]),
            (
                [.appeared(voiceAllowed), .editTapped], .typingTitle, .typingMessage,
                [.findFoods, .speakAgain, .cancel]
            ),
            // Typing after a refusal: no microphone to speak again with.
            (
                [.appeared(voiceEnvironment(.denied, .authorized)), .editTapped], .typingTitle, .typingMessage,
                [.findFoods, .cancel]
            ),
            (VoiceRoute.analysing, .analysingTitle, .analysingMessage, [.cancel]),
            (
                VoiceRoute.analysing + [
                    .workFinished(attempt: 1, .failure(voiceError(.network, .notConnectedToInternet)))
                ],
                .offlineTitle, .offlineMessage, [.retry, .editText, .cancel]
            ),
            (
                VoiceRoute.analysing + [.workFinished(attempt: 1, .success(FoodScan(detections: [])))], .noFoodsTitle,
                .noFoodsMessage, [.editText, .cancel]
            ),
            (
                VoiceRoute.analysing + [
                    .workFinished(attempt: 1, .failure(voiceError(.rateLimited, .creditLimitExceeded)))
                ],
                .failedTitle, nil, [.editText, .cancel]
            ),
            (VoiceRoute.analysing + [.workFinished(attempt: 1, .success(breakfast))], .doneTitle, nil, []),
            ([.appeared(voiceAllowed), .cancelTapped], .cancelledTitle, nil, []),
        ])
    func screens(
        events: [Voice.Event], title: VoiceCaptureStringKey, message: VoiceCaptureStringKey?, buttons: [VoiceButton]
    ) {
        let screen = VoiceCaptureScreen(VoiceHarness(events).machine)
        #expect(screen.title == .key(title))
        if let message {
            #expect(screen.message == .key(message))
        }
        #expect(screen.buttons.map(\.kind) == buttons)
    }

    @Test("the pre-prompt says where speech goes: kept on the device, or sent to Apple when the app allows it")
    func prePrompt() {
        let device = VoiceHarness([.appeared(voiceEnvironment(.notDetermined, .notDetermined))])
        #expect(VoiceCaptureScreen(device.machine).message == .key(.permissionNotAskedOnDeviceMessage))
        let server = VoiceHarness(
            options: VoiceCaptureOptions(allowsServerRecognition: true),
            [.appeared(voiceEnvironment(.notDetermined, .notDetermined, recogniser: recogniserServerOnly))])
        #expect(VoiceCaptureScreen(server.machine).message == .key(.permissionNotAskedServerMessage))
        #expect(VoiceCaptureStringKey.permissionNotAskedServerMessage.localized.contains("Apple"))
        #expect(!VoiceCaptureStringKey.permissionNotAskedOnDeviceMessage.localized.contains("Apple"))
    }

    @Test("no button says \"Allow\": App Review wants the words before iOS's prompt to be \"Continue\"")
    func noAllow() {
        for kind in VoiceButton.allCases {
            let button = VoiceCaptureScreen.button(kind)
            #expect(!button.label.localized.localizedCaseInsensitiveContains("allow"), "\(kind)")
        }
        #expect(VoiceCaptureStringKey.buttonContinue.localized == "Continue")
    }

    @Test("before and while listening the screen says where the words are recognised", arguments: [false, true])
    func recognitionNote(server: Bool) {
        let recogniser = server ? recogniserServerOnly : recogniserOnDevice
        var harness = VoiceHarness(
            options: VoiceCaptureOptions(allowsServerRecognition: true),
            [.appeared(voiceEnvironment(.granted, .authorized, recogniser: recogniser))])
        let note = VoiceCaptureScreen.Text.key(server ? .recognitionServer : .recognitionOnDevice)
        #expect(VoiceCaptureScreen(harness.machine).recognitionNote == note)
        _ = harness.send(.speakTapped)
        #expect(VoiceCaptureScreen(harness.machine).recognitionNote == note)
    }

    @Test("the words show live while listening, then stay on screen, read-only, until the text field takes them")
    func transcript() {
        var harness = VoiceHarness(VoiceRoute.listening)
        var screen = VoiceCaptureScreen(harness.machine)
        #expect(screen.transcript == "")
        #expect(screen.isTranscriptLive)
        _ = harness.send(.recognised("two eggs", isFinal: false, segment: 1))
        screen = VoiceCaptureScreen(harness.machine)
        #expect(screen.transcript == "two eggs")
        #expect(!screen.showsEditor)
        _ = harness.send(.routeChanged(.disconnected))
        screen = VoiceCaptureScreen(harness.machine)
        #expect(screen.transcript == "two eggs")
        #expect(!screen.isTranscriptLive)
        _ = harness.send(.editTapped)
        screen = VoiceCaptureScreen(harness.machine)
        #expect(screen.transcript == nil)
        #expect(screen.showsEditor)
    }

    @Test(
        "checking the text, VoiceOver hears why listening ended",
        arguments: [
            (VoiceRoute.editing, VoiceCaptureStringKey.endedStopped),
            (VoiceRoute.heard + [.recognised("two eggs", isFinal: true, segment: 1)], .endedRecogniser),
        ])
    func announcements(events: [Voice.Event], announcement: VoiceCaptureStringKey) {
        #expect(VoiceCaptureScreen(VoiceHarness(events).machine).announcement == .key(announcement))
    }

    @Test(
        "the silence window and the time limit are announced as such",
        arguments: [(Int64(2_000), VoiceCaptureStringKey.endedSilence), (30_000, .endedMaximumDuration)])
    func timedAnnouncements(tick: Int64, announcement: VoiceCaptureStringKey) {
        var harness = VoiceHarness([.appeared(voiceAllowed)])
        _ = harness.send(.speakTapped, at: 0)
        // Words every second until the tick, so only the limit under test can end listening.
        if tick > 2_000 {
            for second in stride(from: Int64(1_000), to: tick, by: 1_000) {
                _ = harness.send(
                    .recognised(String(repeating: "a ", count: Int(second / 1_000)), isFinal: false, segment: 1),
                    at: second)
            }
        } else {
            _ = harness.send(.recognised("tea", isFinal: false, segment: 1), at: 0)
        }
        _ = harness.send(.tick, at: tick)
        _ = harness.send(.tick, at: tick + 1_500)
        #expect(VoiceCaptureScreen(harness.machine).announcement == .key(announcement))
        // Typing was chosen: nothing ended, nothing to announce.
        #expect(VoiceCaptureScreen(VoiceHarness([.appeared(voiceAllowed), .editTapped]).machine).announcement == nil)
    }

    @Test("a text too long for January says so, and its send button is off until it is shorter")
    func tooLong() {
        var harness = VoiceHarness(VoiceRoute.editing + [.transcriptEdited(String(repeating: "a", count: 513))])
        var screen = VoiceCaptureScreen(harness.machine)
        #expect(screen.editorNote == .number(.editorTooLong, 512))
        #expect(screen.editorNote?.string == "That's too long. Shorten it to 512 characters or fewer.")
        #expect(screen.buttons.first { $0.kind == .findFoods }?.isEnabled == false)
        _ = harness.send(.transcriptEdited(String(repeating: "a", count: 512)))
        screen = VoiceCaptureScreen(harness.machine)
        #expect(screen.editorNote == nil)
        #expect(screen.buttons.first { $0.kind == .findFoods }?.isEnabled == true)
        _ = harness.send(.transcriptEdited("  "))
        #expect(VoiceCaptureScreen(harness.machine).buttons.first { $0.kind == .findFoods }?.isEnabled == false)
    }

    @Test("without analysis the send button says the text is used as it is")
    func useText() {
        let harness = VoiceHarness(options: VoiceCaptureOptions(analyzesTranscript: false), VoiceRoute.editing)
        #expect(VoiceCaptureScreen(harness.machine).buttons.map(\.kind) == [.useText, .speakAgain, .cancel])
    }

    @Test("January's error shows its user-facing sentence, never its developer message")
    func januarySentence() {
        let failure = JanuaryError(category: .server, code: .internalError, message: "stack trace sk-secret")
        let harness = VoiceHarness(VoiceRoute.analysing + [.workFinished(attempt: 1, .failure(failure))])
        #expect(
            VoiceCaptureScreen(harness.machine).message
                == .verbatim("The nutrition service is having trouble. Please try again later."))
    }

    @Test("every button has a label and a VoiceOver hint of its own")
    func buttonHints() {
        let buttons = VoiceButton.allCases.map(VoiceCaptureScreen.button)
        #expect(Set(buttons.map(\.label)).count == VoiceButton.allCases.count)
        #expect(Set(buttons.map(\.hint)).count == VoiceButton.allCases.count)
    }

    @Test("progress shows exactly while waiting for iOS, the recogniser or January", arguments: VoiceRoute.everyState)
    func progress(events: [Voice.Event], phase: Voice.Phase) {
        let screen = VoiceCaptureScreen(VoiceHarness(events).machine)
        let waits: Bool
        switch phase {
        case .starting, .permissionPending, .finishing, .analysing: waits = true
        default: waits = false
        }
        #expect(screen.showsProgress == waits)
    }

    @Test("a text is the catalogue's English for a key, a number put into it, or the sentence itself")
    func texts() {
        #expect(VoiceCaptureScreen.Text.key(.buttonCancel).string == "Cancel")
        #expect(VoiceCaptureScreen.Text.verbatim("Try later.").string == "Try later.")
        #expect(VoiceCaptureScreen.Text.number(.editorTooLong, 7).string.contains("7 characters"))
    }
}
