import Foundation

/// What one state shows: a title, a message, the buttons and whether the camera or a progress indicator is visible.
/// Computed from the state machine, so every screen's text is chosen (and tested) on Linux; the views only draw it.
struct MealScannerScreen: Sendable, Equatable {
    /// A text: a key of the catalogue. January's error sentences are keys too, so that a translation of the
    /// catalogue covers every word the scanner shows.
    enum Text: Sendable, Equatable {
        case key(MealScannerStringKey)

        var string: String {
            switch self {
            case .key(let key): return key.localized
            }
        }
    }

    /// A button: what it says and what VoiceOver adds; the shell maps its kind to an event (and opens Settings).
    struct Button: Sendable, Equatable {
        enum Kind: Sendable, Equatable, CaseIterable {
            case continueToCamera, openSettings, choosePhoto, chooseBarcodePhoto, capture, torchOn, torchOff, retry,
                retryCamera, scanAgain, cancel
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
    /// Whether the barcode frame is drawn over the camera: the area the camera reads (`rectOfInterest`).
    var showsScanArea: Bool

    /// What VoiceOver announces when this screen replaces another: its title, then its message.
    var announcement: [Text] {
        [title] + (message.map { [$0] } ?? [])
    }

    static func button(_ kind: Button.Kind) -> Button {
        switch kind {
        case .continueToCamera: return Button(kind: kind, label: .buttonContinue, hint: .hintContinue)
        case .openSettings: return Button(kind: kind, label: .buttonOpenSettings, hint: .hintOpenSettings)
        case .choosePhoto: return Button(kind: kind, label: .buttonChoosePhoto, hint: .hintChoosePhoto)
        case .chooseBarcodePhoto: return Button(kind: kind, label: .buttonChoosePhoto, hint: .hintChooseBarcodePhoto)
        case .capture: return Button(kind: kind, label: .buttonCapture, hint: .hintCapture)
        case .torchOn: return Button(kind: kind, label: .buttonTorchOn, hint: .hintTorchOn)
        case .torchOff: return Button(kind: kind, label: .buttonTorchOff, hint: .hintTorchOff)
        case .retry: return Button(kind: kind, label: .buttonRetry, hint: .hintRetry)
        case .retryCamera: return Button(kind: kind, label: .buttonRetry, hint: .hintRetryCamera)
        case .scanAgain: return Button(kind: kind, label: .buttonScanAgain, hint: .hintScanAgain)
        case .cancel: return Button(kind: kind, label: .buttonCancel, hint: .hintCancel)
        }
    }

    /// The screen of a state.
    init(_ machine: MealScannerStateMachine) {
        let mode = machine.mode
        // The library in the words of the mode: a meal's photo, or a photo of a barcode that Vision reads.
        let library: Button.Kind = mode == .photo ? .choosePhoto : .chooseBarcodePhoto
        var buttons: [Button.Kind] = []
        showsCamera = false
        showsProgress = false
        showsModePicker = true
        showsScanArea = false
        message = nil
        switch machine.phase {
        case .starting:
            title = .key(.startingTitle)
            showsProgress = true
        case .permissionNotAsked:
            title = .key(.permissionNotAskedTitle)
            message = .key(.permissionNotAskedMessage)
            buttons = [.continueToCamera, library]
        case .permissionPending:
            title = .key(.permissionWaitingTitle)
            showsProgress = true
        case .permissionDenied:
            title = .key(.permissionDeniedTitle)
            message = .key(.permissionDeniedMessage)
            buttons = [.openSettings, library]
        case .permissionRestricted:
            // Settings cannot lift a restriction set by Screen Time or device management: no link there.
            title = .key(.permissionRestrictedTitle)
            message = .key(.permissionRestrictedMessage)
            buttons = [library]
        case .noCamera:
            title = .key(.noCameraTitle)
            message = .key(mode == .photo ? .noCameraPhotoMessage : .noCameraBarcodeMessage)
            buttons = [library]
        case .misconfigured:
            title = .key(.misconfiguredTitle)
            message = .key(.misconfiguredMessage)
            buttons = [library]
        case .scanning:
            title = .key(mode == .photo ? .scanningPhotoTitle : .scanningBarcodeTitle)
            message = .key(mode == .photo ? .scanningPhotoMessage : .scanningBarcodeMessage)
            showsCamera = true
            showsScanArea = mode == .barcode
            let running = machine.camera == .running
            showsProgress = !running
            if running && mode == .photo {
                buttons.append(.capture)
            }
            if running && machine.torchAvailable {
                buttons.append(machine.torchOn ? .torchOff : .torchOn)
            }
            if mode == .photo {
                buttons.append(.choosePhoto)
            }
        case .interrupted(let reason):
            title = .key(.interruptedTitle)
            switch reason {
            case .multitasking: message = .key(.interruptedMultitaskingMessage)
            case .otherApp: message = .key(.interruptedOtherAppMessage)
            case .systemPressure: message = .key(.interruptedPressureMessage)
            case .other: message = .key(.interruptedOtherMessage)
            }
            buttons = [library]
        case .cameraFailed(let failure):
            switch failure {
            case .setUp:
                title = .key(.cameraSetUpFailedTitle)
                message = .key(.cameraSetUpFailedMessage)
            case .stopped:
                title = .key(.cameraStoppedTitle)
                message = .key(.cameraStoppedMessage)
            case .capture:
                title = .key(.captureFailedTitle)
                message = .key(.captureFailedMessage)
            }
            buttons = [.retryCamera, library]
        case .photoFailed(let failure):
            switch failure {
            case .notLoaded:
                title = .key(.photoNotLoadedTitle)
                message = .key(.photoNotLoadedMessage)
            case .unreadable:
                title = .key(.photoUnreadableTitle)
                message = .key(.photoUnreadableMessage)
            case .noBarcode:
                title = .key(.noBarcodeTitle)
                message = .key(.noBarcodeMessage)
            }
            buttons = [library, .scanAgain]
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
                message = .key(sentence)
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
