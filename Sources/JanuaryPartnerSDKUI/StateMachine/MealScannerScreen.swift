import Foundation

/// What one state shows: a title, a message, the buttons and whether the camera or a progress indicator is visible.
/// Computed from the state machine, so every screen's text is chosen (and tested) on Linux; the views only draw it.
struct MealScannerScreen: Sendable, Equatable {
    /// A text: a key of the catalogue, or a sentence already in the user's words (January's error sentence).
    enum Text: Sendable, Equatable {
        case key(MealScannerStringKey)
        case verbatim(String)

        var string: String {
            switch self {
            case .key(let key): return key.localized
            case .verbatim(let text): return text
            }
        }
    }

    /// A button: what it says, what VoiceOver adds, and the event it sends (`nil`: the shell opens Settings).
    struct Button: Sendable, Equatable {
        enum Kind: Sendable, Equatable {
            case allowCamera, openSettings, choosePhoto, capture, retry, scanAgain, cancel
        }

        var kind: Kind
        var label: MealScannerStringKey
        var hint: MealScannerStringKey
    }

    var title: Text
    var message: Text?
    var buttons: [Button]
    var showsCamera: Bool
    var showsProgress: Bool
    /// Whether the photo / barcode picker is shown.
    var showsModePicker: Bool

    static func button(_ kind: Button.Kind) -> Button {
        switch kind {
        case .allowCamera: return Button(kind: kind, label: .buttonAllowCamera, hint: .hintAllowCamera)
        case .openSettings: return Button(kind: kind, label: .buttonOpenSettings, hint: .hintOpenSettings)
        case .choosePhoto: return Button(kind: kind, label: .buttonChoosePhoto, hint: .hintChoosePhoto)
        case .capture: return Button(kind: kind, label: .buttonCapture, hint: .hintCapture)
        case .retry: return Button(kind: kind, label: .buttonRetry, hint: .hintRetry)
        case .scanAgain: return Button(kind: kind, label: .buttonScanAgain, hint: .hintScanAgain)
        case .cancel: return Button(kind: kind, label: .buttonCancel, hint: .hintCancel)
        }
    }

    /// The screen of a state.
    init(_ machine: MealScannerStateMachine) {
        let mode = machine.mode
        var buttons: [Button.Kind] = []
        showsCamera = false
        showsProgress = false
        showsModePicker = true
        message = nil
        switch machine.phase {
        case .starting:
            title = .key(.startingTitle)
            showsProgress = true
        case .permissionNotAsked:
            title = .key(.permissionNotAskedTitle)
            message = .key(.permissionNotAskedMessage)
            buttons = [.allowCamera, .choosePhoto]
        case .permissionPending:
            title = .key(.permissionWaitingTitle)
            showsProgress = true
        case .permissionDenied:
            title = .key(.permissionDeniedTitle)
            message = .key(.permissionDeniedMessage)
            buttons = [.openSettings, .choosePhoto]
        case .permissionRestricted:
            title = .key(.permissionRestrictedTitle)
            message = .key(.permissionRestrictedMessage)
            buttons = [.openSettings, .choosePhoto]
        case .noCamera:
            title = .key(.noCameraTitle)
            message = .key(mode == .photo ? .noCameraPhotoMessage : .noCameraBarcodeMessage)
            buttons = mode == .photo ? [.choosePhoto] : []
        case .misconfigured:
            title = .key(.misconfiguredTitle)
            message = .key(.misconfiguredMessage)
            buttons = [.choosePhoto]
        case .scanning:
            title = .key(mode == .photo ? .scanningPhotoTitle : .scanningBarcodeTitle)
            message = .key(mode == .photo ? .scanningPhotoMessage : .scanningBarcodeMessage)
            showsCamera = true
            buttons = mode == .photo ? [.capture, .choosePhoto] : []
        case .working(let work):
            if case .photo = work {
                title = .key(.analysingPhotoTitle)
            } else {
                title = .key(.analysingBarcodeTitle)
            }
            message = .key(.analysingMessage)
            showsProgress = true
        case .failed(let failure, _):
            switch failure {
            case .offline:
                title = .key(.offlineTitle)
                message = .key(.offlineMessage)
            case .unknownBarcode:
                title = .key(.unknownBarcodeTitle)
                message = .key(.unknownBarcodeMessage)
            case .january(let sentence, _):
                title = .key(.failedTitle)
                message = .verbatim(sentence)
            }
            buttons = (MealScannerStateMachine.canRetry(failure) ? [.retry] : []) + [.scanAgain]
        case .finished:
            title = .key(.doneTitle)
            showsModePicker = false
        case .cancelled:
            title = .key(.cancelledTitle)
            showsModePicker = false
        }
        if !machine.isDone {
            buttons.append(.cancel)
        }
        self.buttons = buttons.map(Self.button)
    }
}
