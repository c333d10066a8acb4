import Foundation

/// What one state shows: a title, a message, the words heard or the text field, the buttons, and what VoiceOver
/// announces. Computed from the state machine, so every screen's text is chosen (and tested) on Linux; the views
/// only draw it.
struct VoiceCaptureScreen: Sendable, Equatable {
    /// A text: a key of the catalogue, a key whose `%lld` takes a number, or a sentence already in the user's words
    /// (January's error sentence).
    enum Text: Sendable, Equatable {
        case key(VoiceCaptureStringKey)
        case number(VoiceCaptureStringKey, Int)
        case verbatim(String)

        var string: String {
            switch self {
            case .key(let key): return key.localized
            case .number(let key, let number): return String(format: key.localized, locale: .current, Int64(number))
            case .verbatim(let text): return text
            }
        }
    }

    /// A button: what it says, what VoiceOver adds, and whether it can be tapped now. Its kind names the event it
    /// sends (`openSettings`: the shell opens Settings).
    struct Button: Sendable, Equatable {
        enum Kind: Sendable, Equatable, CaseIterable {
            case continueToPrompts, openSettings, startSpeaking, continueSpeaking, speakAgain, stop, typeInstead
            case reviewText, editText, findFoods, useText, retry, cancel
        }

        var kind: Kind
        var label: VoiceCaptureStringKey
        var hint: VoiceCaptureStringKey
        var isEnabled = true
    }

    var title: Text
    var message: Text?
    /// Where the words are recognised, said before and while listening.
    var recognitionNote: Text?
    /// The words heard so far, shown read-only; `nil` where there are none to show.
    var transcript: String?
    /// Whether ``transcript`` changes as the user speaks (VoiceOver's "updates frequently").
    var isTranscriptLive: Bool
    /// Whether the text field for checking and correcting the text is shown.
    var showsEditor: Bool
    /// Why the text cannot be sent as it is.
    var editorNote: Text?
    /// Said by VoiceOver when the state is entered, besides the title: why listening ended.
    var announcement: Text?
    var buttons: [Button]
    var showsProgress: Bool

    static func button(_ kind: Button.Kind) -> Button {
        switch kind {
        case .continueToPrompts: return Button(kind: kind, label: .buttonContinue, hint: .hintContinue)
        case .openSettings: return Button(kind: kind, label: .buttonOpenSettings, hint: .hintOpenSettings)
        case .startSpeaking: return Button(kind: kind, label: .buttonStartSpeaking, hint: .hintStartSpeaking)
        case .continueSpeaking:
            return Button(kind: kind, label: .buttonContinueSpeaking, hint: .hintContinueSpeaking)
        case .speakAgain: return Button(kind: kind, label: .buttonSpeakAgain, hint: .hintSpeakAgain)
        case .stop: return Button(kind: kind, label: .buttonStop, hint: .hintStop)
        case .typeInstead: return Button(kind: kind, label: .buttonTypeInstead, hint: .hintTypeInstead)
        case .reviewText: return Button(kind: kind, label: .buttonReviewText, hint: .hintReviewText)
        case .editText: return Button(kind: kind, label: .buttonEditText, hint: .hintEditText)
        case .findFoods: return Button(kind: kind, label: .buttonFindFoods, hint: .hintFindFoods)
        case .useText: return Button(kind: kind, label: .buttonUseText, hint: .hintUseText)
        case .retry: return Button(kind: kind, label: .buttonRetry, hint: .hintRetry)
        case .cancel: return Button(kind: kind, label: .buttonCancel, hint: .hintCancel)
        }
    }

    /// The screen of a state.
    init(_ machine: VoiceCaptureStateMachine) {
        let words = machine.transcript
        let heard: String? = words.isEmpty ? nil : words
        let note: Text = .key(machine.recognition == .onDevice ? .recognitionOnDevice : .recognitionServer)
        var buttons: [Button.Kind] = []
        message = nil
        recognitionNote = nil
        transcript = nil
        isTranscriptLive = false
        showsEditor = false
        editorNote = nil
        announcement = nil
        showsProgress = false
        switch machine.phase {
        case .starting:
            title = .key(.startingTitle)
            showsProgress = true
        case .misconfigured:
            title = .key(.misconfiguredTitle)
            message = .key(.misconfiguredMessage)
            buttons = [.typeInstead]
        case .unsupported(.language):
            title = .key(.unsupportedLanguageTitle)
            message = .key(.unsupportedLanguageMessage)
            buttons = [.typeInstead]
        case .unsupported(.onDeviceRecognition):
            title = .key(.unsupportedOnDeviceTitle)
            message = .key(.unsupportedOnDeviceMessage)
            buttons = [.typeInstead]
        case .permissionNotAsked:
            title = .key(.permissionNotAskedTitle)
            message = .key(
                machine.recognition == .onDevice ? .permissionNotAskedOnDeviceMessage : .permissionNotAskedServerMessage
            )
            buttons = [.continueToPrompts, .typeInstead]
        case .permissionPending:
            title = .key(.permissionWaitingTitle)
            showsProgress = true
        case .permissionDenied(.microphone):
            title = .key(.permissionMicrophoneDeniedTitle)
            message = .key(.permissionMicrophoneDeniedMessage)
            buttons = [.openSettings, .typeInstead]
        case .permissionDenied(.speechRecognition):
            title = .key(.permissionSpeechDeniedTitle)
            message = .key(.permissionSpeechDeniedMessage)
            buttons = [.openSettings, .typeInstead]
        case .permissionRestricted:
            title = .key(.permissionRestrictedTitle)
            message = .key(.permissionRestrictedMessage)
            buttons = [.typeInstead]
        case .ready:
            title = .key(.readyTitle)
            message = .key(.readyMessage)
            recognitionNote = note
            buttons = [.startSpeaking, .typeInstead]
        case .listening:
            title = .key(.listeningTitle)
            recognitionNote = note
            transcript = words
            isTranscriptLive = true
            buttons = [.stop]
        case .finishing:
            title = .key(.finishingTitle)
            transcript = heard
            showsProgress = true
        case .interrupted(let interruption):
            (title, message) = Self.texts(for: interruption)
            transcript = heard
            if machine.canResume {
                buttons.append(heard == nil ? .startSpeaking : .continueSpeaking)
            }
            buttons.append(heard == nil ? .typeInstead : .reviewText)
        case .nothingHeard:
            title = .key(.nothingHeardTitle)
            message = .key(.nothingHeardMessage)
            buttons = [.speakAgain, .typeInstead]
        case .editing(let ending):
            title = .key(ending == nil ? .typingTitle : .editingTitle)
            message = .key(ending == nil ? .typingMessage : .editingMessage)
            showsEditor = true
            announcement = ending.map { .key(Self.key(for: $0)) }
            if machine.submission.unicodeScalars.count > VoiceCaptureStateMachine.maximumTextLength {
                editorNote = .number(.editorTooLong, VoiceCaptureStateMachine.maximumTextLength)
            }
            buttons = [machine.options.analyzesTranscript ? .findFoods : .useText]
            if machine.canListen {
                buttons.append(.speakAgain)
            }
        case .analysing:
            title = .key(.analysingTitle)
            message = .key(.analysingMessage)
            transcript = machine.submission
            showsProgress = true
        case .failed(let failure):
            switch failure {
            case .offline:
                title = .key(.offlineTitle)
                message = .key(.offlineMessage)
            case .noFoods:
                title = .key(.noFoodsTitle)
                message = .key(.noFoodsMessage)
            case .january(let sentence, _):
                title = .key(.failedTitle)
                message = .verbatim(sentence)
            }
            transcript = machine.submission
            buttons = (VoiceCaptureStateMachine.canRetry(failure) ? [.retry] : []) + [.editText]
        case .finished:
            title = .key(.doneTitle)
        case .cancelled:
            title = .key(.cancelledTitle)
        }
        if !machine.isDone {
            buttons.append(.cancel)
        }
        self.buttons = buttons.map { kind in
            var button = Self.button(kind)
            if kind == .findFoods || kind == .useText {
                button.isEnabled = machine.canSubmit
            }
            return button
        }
    }

    private static func texts(
        for interruption: VoiceCaptureStateMachine.Interruption
    ) -> (Text, Text) {
        switch interruption {
        case .audioSession:
            return (.key(.interruptedAudioSessionTitle), .key(.interruptedAudioSessionMessage))
        case .microphoneDisconnected:
            return (
                .key(.interruptedMicrophoneDisconnectedTitle), .key(.interruptedMicrophoneDisconnectedMessage)
            )
        case .microphoneChanged:
            return (.key(.interruptedMicrophoneChangedTitle), .key(.interruptedMicrophoneChangedMessage))
        case .recogniserUnavailable:
            return (
                .key(.interruptedRecogniserUnavailableTitle), .key(.interruptedRecogniserUnavailableMessage)
            )
        case .microphoneUnavailable:
            return (
                .key(.interruptedMicrophoneUnavailableTitle), .key(.interruptedMicrophoneUnavailableMessage)
            )
        case .recognitionFailed:
            return (.key(.interruptedRecognitionFailedTitle), .key(.interruptedRecognitionFailedMessage))
        case .suspended:
            return (.key(.interruptedSuspendedTitle), .key(.interruptedSuspendedMessage))
        }
    }

    private static func key(for ending: VoiceCaptureStateMachine.Ending) -> VoiceCaptureStringKey {
        switch ending {
        case .stopped: return .endedStopped
        case .silence: return .endedSilence
        case .maximumDuration: return .endedMaximumDuration
        case .recogniserFinished: return .endedRecogniser
        }
    }
}
