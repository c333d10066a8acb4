import Foundation
import JanuaryCore

/// Everything the scanner decides, as a value: it takes an event and returns the actions the shell must perform.
/// The SwiftUI and UIKit views, the capture session and the photo picker only render ``phase`` and carry out
/// ``Action``s, so every state and transition is tested on Linux.
///
/// Work in flight (a photo analysis, a barcode lookup) carries an attempt number; a result for an older attempt
/// (the user cancelled, switched mode or scanned again) is dropped.
struct MealScannerStateMachine: Sendable {
    /// The camera permission as iOS reports it (`AVAuthorizationStatus`).
    enum Permission: Sendable, Equatable {
        case notDetermined, authorized, denied, restricted
    }

    /// What the shell knows about the device when the scanner appears.
    struct Environment: Sendable, Equatable {
        /// Whether the app's Info.plist has `NSCameraUsageDescription`.
        var hasCameraUsageDescription: Bool
        /// Whether the device has a camera (the simulator has none).
        var hasCamera: Bool
        /// The camera permission.
        var permission: Permission
    }

    /// The work the scanner waits for.
    enum Work: Sendable, Equatable {
        case photo(Data)
        case barcode(String)
    }

    /// Why work failed, as the screen explains it.
    enum Failure: Sendable, Equatable {
        /// The device is not connected to the internet.
        case offline
        /// January has no food with this barcode.
        case unknownBarcode
        /// Any other error: January's user-facing sentence, and whether trying the same work again can help.
        case january(sentence: String, canRetry: Bool)
    }

    /// One state, one screen.
    enum Phase: Sendable, Equatable {
        /// Not yet appeared.
        case starting
        /// The app never asked for the camera: explain, then ask.
        case permissionNotAsked
        /// iOS's permission prompt is showing.
        case permissionPending
        /// The user said no: Settings link, or the photo library.
        case permissionDenied
        /// Parental controls or device management forbid the camera.
        case permissionRestricted
        /// No camera (the simulator): the photo library instead.
        case noCamera
        /// The Info.plist lacks `NSCameraUsageDescription`: the camera is never requested.
        case misconfigured
        /// The camera is live.
        case scanning
        /// Waiting for January.
        case working(Work)
        /// The work failed.
        case failed(Failure, Work)
        /// A result was delivered; the scanner is done.
        case finished
        /// The user cancelled; the scanner is done.
        case cancelled
    }

    /// What happens.
    enum Event: Sendable {
        case appeared(Environment)
        case allowCameraTapped
        case permissionAnswered(granted: Bool)
        case modeSelected(MealScannerMode)
        case photoCaptured(Data)
        case photoPicked(Data)
        case barcodeRead(String, uptimeMilliseconds: Int64)
        case workFinished(attempt: Int, Result<MealScannerResult, JanuaryError>)
        case retryTapped
        case scanAgainTapped
        case choosePhotoTapped
        case cancelTapped
    }

    /// What the shell must do, in order.
    enum Action: Sendable, Equatable {
        /// Ask iOS for the camera (`AVCaptureDevice.requestAccess`).
        case requestCameraPermission
        /// Configure and start the capture session for the mode, off the main thread.
        case startCamera(MealScannerMode)
        /// Stop the capture session.
        case stopCamera
        /// Present `PHPickerViewController` for one image.
        case presentPhotoPicker
        /// Prepare the photo and analyse it; report `.workFinished(attempt:)`.
        case analysePhoto(Data, attempt: Int)
        /// Look the barcode up and fetch its food; report `.workFinished(attempt:)`.
        case lookUpBarcode(String, attempt: Int)
        /// Cancel the task of an attempt.
        case cancelWork(attempt: Int)
        /// Hand the result to the app.
        case deliver(MealScannerResult)
        /// Tell the app the user cancelled.
        case deliverCancellation
    }

    /// How long the same barcode is ignored after it was last seen, so that a code held in front of the camera is
    /// looked up once, not thirty times a second.
    static let barcodeDebounceMilliseconds: Int64 = 2_000

    private(set) var mode: MealScannerMode
    private(set) var phase: Phase = .starting
    private(set) var attempt = 0
    private var environment: Environment?
    private var lastBarcode: (code: String, seenAt: Int64)?

    init(mode: MealScannerMode) {
        self.mode = mode
    }

    /// Whether the scanner is done (a result or a cancellation was delivered); every later event is ignored.
    var isDone: Bool {
        phase == .finished || phase == .cancelled
    }

    /// Takes one event.
    ///
    /// - Returns: The actions to perform, in order; empty when the event changes nothing.
    mutating func handle(_ event: Event) -> [Action] {
        guard !isDone else {
            return []
        }
        switch event {
        case .appeared(let environment):
            guard phase == .starting else {
                return []
            }
            self.environment = environment
            return enterCamera()
        case .allowCameraTapped:
            guard phase == .permissionNotAsked else {
                return []
            }
            phase = .permissionPending
            return [.requestCameraPermission]
        case .permissionAnswered(let granted):
            guard phase == .permissionPending else {
                return []
            }
            environment?.permission = granted ? .authorized : .denied
            return enterCamera()
        case .modeSelected(let newMode):
            guard newMode != mode else {
                return []
            }
            mode = newMode
            switch phase {
            case .scanning:
                return [.startCamera(mode)]
            case .working, .failed:
                return abandonWork()
            default:
                return []
            }
        case .photoCaptured(let data):
            guard phase == .scanning, mode == .photo else {
                return []
            }
            return start(.photo(data))
        case .photoPicked(let data):
            switch phase {
            case .permissionNotAsked, .noCamera, .permissionDenied, .permissionRestricted, .misconfigured, .scanning,
                .failed:
                mode = .photo
                return start(.photo(data))
            default:
                return []
            }
        case .barcodeRead(let code, let now):
            return read(code, at: now)
        case .workFinished(let finished, let result):
            guard finished == attempt, case .working(let work) = phase else {
                return []
            }
            switch result {
            case .success(let value):
                phase = .finished
                return [.stopCamera, .deliver(value)]
            case .failure(let error):
                phase = .failed(Self.failure(for: error, during: work), work)
                return []
            }
        case .retryTapped:
            guard case .failed(let failure, let work) = phase, Self.canRetry(failure) else {
                return []
            }
            return start(work)
        case .scanAgainTapped:
            guard case .failed = phase else {
                return []
            }
            return enterCamera()
        case .choosePhotoTapped:
            switch phase {
            case .permissionNotAsked, .noCamera, .permissionDenied, .permissionRestricted, .misconfigured, .scanning,
                .failed:
                return [.presentPhotoPicker]
            default:
                return []
            }
        case .cancelTapped:
            var actions: [Action] = []
            if case .working = phase {
                actions.append(.cancelWork(attempt: attempt))
            }
            phase = .cancelled
            return actions + [.stopCamera, .deliverCancellation]
        }
    }

    /// The camera state the environment allows: no camera first (the photo library needs no key), then the
    /// Info.plist key, then the permission.
    private mutating func enterCamera() -> [Action] {
        guard let environment else {
            return []
        }
        guard environment.hasCamera else {
            phase = .noCamera
            return []
        }
        guard environment.hasCameraUsageDescription else {
            phase = .misconfigured
            return []
        }
        switch environment.permission {
        case .authorized:
            phase = .scanning
            return [.startCamera(mode)]
        case .notDetermined:
            phase = .permissionNotAsked
        case .denied:
            phase = .permissionDenied
        case .restricted:
            phase = .permissionRestricted
        }
        return []
    }

    private mutating func read(_ code: String, at now: Int64) -> [Action] {
        guard mode == .barcode, Self.isBarcode(code) else {
            return []
        }
        let repeated = lastBarcode.map { $0.code == code && now - $0.seenAt < Self.barcodeDebounceMilliseconds }
        // A code in view keeps being seen: every sighting extends the quiet period, working or not.
        lastBarcode = (code, now)
        guard phase == .scanning, repeated != true else {
            return []
        }
        return start(.barcode(code))
    }

    /// Starts work; only from a state with none in flight, so nothing needs cancelling.
    private mutating func start(_ work: Work) -> [Action] {
        attempt += 1
        phase = .working(work)
        switch work {
        case .photo(let data):
            return [.analysePhoto(data, attempt: attempt)]
        case .barcode(let code):
            return [.lookUpBarcode(code, attempt: attempt)]
        }
    }

    /// Drops the work in flight or the failure shown, back to the camera (or what stands in for it).
    private mutating func abandonWork() -> [Action] {
        var actions: [Action] = []
        if case .working = phase {
            actions.append(.cancelWork(attempt: attempt))
            attempt += 1
        }
        return actions + enterCamera()
    }

    /// EAN-8, UPC-E, UPC-A and EAN-13 are 8, 6 to 8, 12 and 13 ASCII digits; anything else is a misread.
    static func isBarcode(_ code: String) -> Bool {
        (6...14).contains(code.utf8.count) && code.utf8.allSatisfy { (0x30...0x39).contains($0) }
    }

    static func failure(for error: JanuaryError, during work: Work) -> Failure {
        let recovery = error.recovery.kind
        if recovery == .retryWhenOnline {
            return .offline
        }
        if case .barcode = work, error.category == .notFound {
            return .unknownBarcode
        }
        // "Try again" only where the same work may pass later: never for a spent monthly allowance, the same bytes
        // or digits, a setup fault, a session that needs signing in, or a kind added later.
        let canRetry = recovery == .retryLater
        return .january(sentence: error.errorDescription ?? error.localizedDescription, canRetry: canRetry)
    }

    static func canRetry(_ failure: Failure) -> Bool {
        switch failure {
        case .offline: return true
        case .unknownBarcode: return false
        case .january(_, let canRetry): return canRetry
        }
    }
}
