import Foundation

/// Every string voice capture shows or speaks, by its key in the target's `Localizable.strings` (English shipped).
/// A test holds this list and the catalogue to each other, so no screen shows a bare key.
enum VoiceCaptureStringKey: String, Sendable, Hashable, CaseIterable {
    case startingTitle = "voice.starting.title"

    case misconfiguredTitle = "voice.misconfigured.title"
    case misconfiguredMessage = "voice.misconfigured.message"
    case unsupportedLanguageTitle = "voice.unsupported.language.title"
    case unsupportedLanguageMessage = "voice.unsupported.language.message"
    case unsupportedOnDeviceTitle = "voice.unsupported.onDevice.title"
    case unsupportedOnDeviceMessage = "voice.unsupported.onDevice.message"

    case permissionNotAskedTitle = "voice.permission.notAsked.title"
    case permissionNotAskedOnDeviceMessage = "voice.permission.notAsked.onDevice.message"
    case permissionNotAskedServerMessage = "voice.permission.notAsked.server.message"
    case permissionWaitingTitle = "voice.permission.waiting.title"
    case permissionMicrophoneDeniedTitle = "voice.permission.microphoneDenied.title"
    case permissionMicrophoneDeniedMessage = "voice.permission.microphoneDenied.message"
    case permissionSpeechDeniedTitle = "voice.permission.speechDenied.title"
    case permissionSpeechDeniedMessage = "voice.permission.speechDenied.message"
    case permissionRestrictedTitle = "voice.permission.restricted.title"
    case permissionRestrictedMessage = "voice.permission.restricted.message"

    case readyTitle = "voice.ready.title"
    case readyMessage = "voice.ready.message"
    case recognitionOnDevice = "voice.recognition.onDevice"
    case recognitionServer = "voice.recognition.server"

    case listeningTitle = "voice.listening.title"
    case listeningPlaceholder = "voice.listening.placeholder"
    case transcriptLabel = "voice.transcript.accessibility"
    case finishingTitle = "voice.finishing.title"

    case interruptedAudioSessionTitle = "voice.interrupted.audioSession.title"
    case interruptedAudioSessionMessage = "voice.interrupted.audioSession.message"
    case interruptedMicrophoneDisconnectedTitle = "voice.interrupted.microphoneDisconnected.title"
    case interruptedMicrophoneDisconnectedMessage = "voice.interrupted.microphoneDisconnected.message"
    case interruptedMicrophoneChangedTitle = "voice.interrupted.microphoneChanged.title"
    case interruptedMicrophoneChangedMessage = "voice.interrupted.microphoneChanged.message"
    case interruptedRecogniserUnavailableTitle = "voice.interrupted.recogniserUnavailable.title"
    case interruptedRecogniserUnavailableMessage = "voice.interrupted.recogniserUnavailable.message"
    case interruptedMicrophoneUnavailableTitle = "voice.interrupted.microphoneUnavailable.title"
    case interruptedMicrophoneUnavailableMessage = "voice.interrupted.microphoneUnavailable.message"
    case interruptedRecognitionFailedTitle = "voice.interrupted.recognitionFailed.title"
    case interruptedRecognitionFailedMessage = "voice.interrupted.recognitionFailed.message"
    case interruptedSuspendedTitle = "voice.interrupted.suspended.title"
    case interruptedSuspendedMessage = "voice.interrupted.suspended.message"

    case nothingHeardTitle = "voice.nothingHeard.title"
    case nothingHeardMessage = "voice.nothingHeard.message"

    case editingTitle = "voice.editing.title"
    case editingMessage = "voice.editing.message"
    case typingTitle = "voice.typing.title"
    case typingMessage = "voice.typing.message"
    case editorLabel = "voice.editor.accessibility"
    case editorTooLong = "voice.editor.tooLong"
    case endedSilence = "voice.ended.silence"
    case endedMaximumDuration = "voice.ended.maximumDuration"
    case endedRecogniser = "voice.ended.recogniser"
    case endedStopped = "voice.ended.stopped"

    case analysingTitle = "voice.analysing.title"
    case analysingMessage = "voice.analysing.message"
    case failedTitle = "voice.failed.title"
    case offlineTitle = "voice.offline.title"
    case offlineMessage = "voice.offline.message"
    case noFoodsTitle = "voice.noFoods.title"
    case noFoodsMessage = "voice.noFoods.message"

    case doneTitle = "voice.done.title"
    case cancelledTitle = "voice.cancelled.title"

    case buttonContinue = "voice.button.continue"
    case buttonOpenSettings = "voice.button.openSettings"
    case buttonStartSpeaking = "voice.button.startSpeaking"
    case buttonContinueSpeaking = "voice.button.continueSpeaking"
    case buttonSpeakAgain = "voice.button.speakAgain"
    case buttonStop = "voice.button.stop"
    case buttonTypeInstead = "voice.button.typeInstead"
    case buttonReviewText = "voice.button.reviewText"
    case buttonEditText = "voice.button.editText"
    case buttonFindFoods = "voice.button.findFoods"
    case buttonUseText = "voice.button.useText"
    case buttonRetry = "voice.button.retry"
    case buttonCancel = "voice.button.cancel"

    case hintContinue = "voice.hint.continue"
    case hintOpenSettings = "voice.hint.openSettings"
    case hintStartSpeaking = "voice.hint.startSpeaking"
    case hintContinueSpeaking = "voice.hint.continueSpeaking"
    case hintSpeakAgain = "voice.hint.speakAgain"
    case hintStop = "voice.hint.stop"
    case hintTypeInstead = "voice.hint.typeInstead"
    case hintReviewText = "voice.hint.reviewText"
    case hintEditText = "voice.hint.editText"
    case hintFindFoods = "voice.hint.findFoods"
    case hintUseText = "voice.hint.useText"
    case hintRetry = "voice.hint.retry"
    case hintCancel = "voice.hint.cancel"

    /// The bundle holding the catalogue (`Bundle.module` of this target, which its tests cannot name directly).
    static var bundle: Bundle {
        Bundle.module
    }

    /// The text in the user's language, from the catalogue in this module's bundle (English when the app's
    /// language has none).
    var localized: String {
        Self.bundle.localizedString(forKey: rawValue, value: nil, table: nil)
    }
}
