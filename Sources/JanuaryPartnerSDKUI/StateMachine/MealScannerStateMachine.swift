import Foundation
import JanuaryCore

/// Everything the scanner decides, as a value: it takes an event and returns the actions the shell must perform.
/// The SwiftUI and UIKit views, the capture session and the photo picker only render ``phase`` and carry out
/// ``Action``s, so every state and transition is tested on Linux, including what the device does to the camera:
/// the screen going away and coming back, interruptions, runtime errors, a set-up or capture that fails.
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
        /// A prepared photo (a JPEG, on Apple platforms) to analyse.
        case photo(Data)
        case barcode(String)
    }

    /// A barcode read in a still photo (Vision, on Apple platforms): its digits and how much of the photo its
    /// bounding box covers, from 0 to 1.
    struct StillBarcode: Sendable, Equatable {
        var code: String
        var coverage: Double
    }

    /// Why work failed, as the screen explains it.
    enum Failure: Sendable, Equatable {
        /// The device is not connected to the internet.
        case offline
        /// January has no food with this barcode.
        case unknownBarcode
        /// Any other error: the catalogue's sentence for it, and whether trying the same work again can help.
        case january(sentence: MealScannerStringKey, canRetry: Bool)
    }

    /// Why the camera is paused: `AVCaptureSession.InterruptionReason`, as the screen explains it.
    enum Interruption: Sendable, Equatable {
        /// Split View, Slide Over or Stage Manager: iPadOS gives the camera to a single app on screen.
        case multitasking
        /// Another app, or a call, uses the camera.
        case otherApp
        /// The device is too hot or too busy.
        case systemPressure
        /// Any other reason iOS gives.
        case other
    }

    /// Why the camera cannot be used although it is allowed.
    enum CameraFailure: Sendable, Equatable {
        /// Configuring or starting the session failed (no input, an output refused).
        case setUp
        /// The session stopped with a runtime error.
        case stopped
        /// Taking the photo failed.
        case capture
    }

    /// Why a still photo cannot be used (an `Error` so that the shell's reading can return it as a failure).
    enum PhotoFailure: Error, Sendable, Equatable {
        /// The photo library could not hand the photo over (an iCloud download failed, the item vanished).
        case notLoaded
        /// The bytes are not an image the device reads, are truncated, or have too many pixels to decode safely.
        case unreadable
        /// Barcode mode: no barcode could be read in the photo.
        case noBarcode
    }

    /// What the scanner knows of the capture session: off, asked to start (or to switch mode), or running.
    enum Camera: Sendable, Equatable {
        case off, starting, running
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
        /// Parental controls or device management forbid the camera; Settings cannot change that.
        case permissionRestricted
        /// No camera (the simulator): the photo library instead.
        case noCamera
        /// The Info.plist lacks `NSCameraUsageDescription`: the camera is never requested.
        case misconfigured
        /// The camera is live (or starting: see ``MealScannerStateMachine/camera``).
        case scanning
        /// The camera is paused by the system; it resumes by itself.
        case interrupted(Interruption)
        /// The camera failed; the user may try again.
        case cameraFailed(CameraFailure)
        /// A still photo could not be used.
        case photoFailed(PhotoFailure)
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
        /// The view appeared: the first time, or again after ``disappeared`` (a navigation pop back to it, a tab
        /// switch, a cover dismissed), with the device's environment read again.
        case appeared(Environment)
        /// The view left the screen, perhaps to come back.
        case disappeared
        /// The view was dismissed or popped for good (a sheet swiped away): a cancel.
        case dismissed
        /// The app became active again (back from Settings, say), with the camera permission read again.
        case permissionChecked(Permission)
        case continueTapped
        case permissionAnswered(granted: Bool)
        /// The session is running, and whether its device has a torch.
        case cameraStarted(torch: Bool)
        case cameraSetUpFailed
        case cameraInterrupted(Interruption)
        case cameraInterruptionEnded
        /// A runtime error; `mediaServicesReset` when iOS reset its media services, after which the session can
        /// simply be started again.
        case cameraRuntimeError(mediaServicesReset: Bool)
        case modeSelected(MealScannerMode)
        case torchTapped
        case captureTapped
        /// A photo from the camera, prepared, and the barcode read in it if any.
        case photoCaptured(Data, barcode: StillBarcode? = nil)
        case photoCaptureFailed
        /// A photo from the library, prepared, and the barcode read in it if any.
        case photoPicked(Data, barcode: StillBarcode? = nil)
        case photoPickFailed(PhotoFailure)
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
        /// Configure (again, if an earlier set-up failed) and start the capture session for the mode, off the main
        /// thread; report ``Event/cameraStarted(torch:)`` or ``Event/cameraSetUpFailed``.
        case startCamera(MealScannerMode)
        /// Stop the capture session (the torch goes off with it).
        case stopCamera
        /// Turn the torch on or off.
        case setTorch(Bool)
        /// Take one photo; report ``Event/photoCaptured(_:barcode:)`` or ``Event/photoCaptureFailed``.
        case capturePhoto
        /// Present `PHPickerViewController` for one image.
        case presentPhotoPicker
        /// Analyse the prepared photo; report `.workFinished(attempt:)`.
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

    /// How much of a meal photo a barcode must cover for the photo to count as a photo of the barcode, and go to
    /// the barcode lookup instead of the analysis (January refuses a photo of only a barcode). A product in the
    /// background of a meal covers far less; a photo taken of a barcode, most of the frame.
    static let stillBarcodeMinimumCoverage = 0.1

    private(set) var mode: MealScannerMode
    private(set) var phase: Phase = .starting
    private(set) var attempt = 0
    /// The capture session as the scanner last asked or heard.
    private(set) var camera: Camera = .off
    /// Whether the running camera's device has a torch, and whether it is on.
    private(set) var torchAvailable = false
    private(set) var torchOn = false
    /// Whether a photo was asked for and has not arrived: a second tap takes no second photo.
    private(set) var capturing = false
    /// Whether the view is on screen.
    private(set) var isVisible = false
    private var environment: Environment?
    private var lastBarcode: (code: String, seenAt: Int64)?
    /// The mode the session was last started for, so that a mode picked while the camera was paused is applied
    /// when it resumes.
    private var cameraMode: MealScannerMode?
    /// Whether the session was already started again after a media-services reset, without having run since: a
    /// second reset in a row is shown instead of restarting forever.
    private var restartedAfterReset = false

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
            return appear(environment)
        case .disappeared:
            guard isVisible else {
                return []
            }
            isVisible = false
            capturing = false
            return stopCamera()
        case .dismissed, .cancelTapped:
            var actions: [Action] = []
            if case .working = phase {
                actions.append(.cancelWork(attempt: attempt))
            }
            actions += stopCamera()
            phase = .cancelled
            return actions + [.deliverCancellation]
        case .permissionChecked(let permission):
            return recheck(permission)
        case .continueTapped:
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
        case .cameraStarted(let torch):
            guard camera == .starting else {
                return []
            }
            camera = .running
            torchAvailable = torch
            restartedAfterReset = false
            return []
        case .cameraSetUpFailed:
            guard camera == .starting, phase == .scanning else {
                return []
            }
            camera = .off
            phase = .cameraFailed(.setUp)
            return []
        case .cameraInterrupted(let reason):
            guard phase == .scanning, camera != .off else {
                return []
            }
            phase = .interrupted(reason)
            capturing = false
            torchOn = false
            return []
        case .cameraInterruptionEnded:
            guard case .interrupted = phase else {
                return []
            }
            phase = .scanning
            // AVFoundation resumes the session by itself; only a mode picked meanwhile needs the outputs changed.
            guard cameraMode != mode else {
                camera = .running
                return []
            }
            return startCamera()
        case .cameraRuntimeError(let mediaServicesReset):
            return runtimeError(mediaServicesReset: mediaServicesReset)
        case .modeSelected(let newMode):
            guard newMode != mode else {
                return []
            }
            mode = newMode
            switch phase {
            case .scanning:
                return startCamera()
            case .working, .failed, .photoFailed:
                return abandonWork()
            default:
                // Paused or failed: applied when the camera resumes or is started again.
                return []
            }
        case .torchTapped:
            guard phase == .scanning, camera == .running, torchAvailable else {
                return []
            }
            torchOn.toggle()
            return [.setTorch(torchOn)]
        case .captureTapped:
            guard phase == .scanning, mode == .photo, camera == .running, !capturing else {
                return []
            }
            capturing = true
            return [.capturePhoto]
        case .photoCaptured(let data, let barcode):
            guard phase == .scanning, mode == .photo, isVisible else {
                return []
            }
            capturing = false
            return still(data, barcode: barcode)
        case .photoCaptureFailed:
            guard capturing, phase == .scanning else {
                return []
            }
            capturing = false
            phase = .cameraFailed(.capture)
            return stopCamera()
        case .photoPicked(let data, let barcode):
            guard canUsePhotoLibrary else {
                return []
            }
            return still(data, barcode: barcode)
        case .photoPickFailed(let failure):
            guard canUsePhotoLibrary else {
                return []
            }
            phase = .photoFailed(failure)
            return stopCamera()
        case .barcodeRead(let code, let now):
            return read(code, at: now)
        case .workFinished(let finished, let result):
            guard finished == attempt, case .working(let work) = phase else {
                return []
            }
            switch result {
            case .success(let value):
                phase = .finished
                return stopCamera() + [.deliver(value)]
            case .failure(let error):
                phase = .failed(Self.failure(for: error, during: work), work)
                return []
            }
        case .retryTapped:
            switch phase {
            case .failed(let failure, let work) where Self.canRetry(failure):
                return start(work)
            case .cameraFailed:
                return enterCamera()
            default:
                return []
            }
        case .scanAgainTapped:
            switch phase {
            case .failed, .photoFailed:
                return enterCamera()
            default:
                return []
            }
        case .choosePhotoTapped:
            return canUsePhotoLibrary ? [.presentPhotoPicker] : []
        }
    }

    /// The first appearance, or a return after ``Event/disappeared``: the camera comes back, with the permission and
    /// the device read again; work in flight or a failure shown stays as it is.
    private mutating func appear(_ environment: Environment) -> [Action] {
        if phase == .starting {
            self.environment = environment
            isVisible = true
            return enterCamera()
        }
        guard !isVisible else {
            return []
        }
        isVisible = true
        self.environment = environment
        switch phase {
        case .permissionNotAsked, .permissionDenied, .permissionRestricted, .noCamera, .misconfigured, .scanning,
            .interrupted, .cameraFailed:
            return enterCamera()
        default:
            return []
        }
    }

    /// The app is active again: a permission changed in Settings takes effect on the screens that depend on it.
    private mutating func recheck(_ permission: Permission) -> [Action] {
        guard var environment, environment.permission != permission else {
            return []
        }
        environment.permission = permission
        self.environment = environment
        switch phase {
        case .permissionNotAsked, .permissionDenied, .permissionRestricted, .scanning, .interrupted, .cameraFailed:
            // Not while iOS's prompt shows: the app goes inactive and active around it, and the answer arrives
            // on its own.
            return isVisible ? enterCamera() : []
        default:
            return []
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
            return stopCamera()
        }
        guard environment.hasCameraUsageDescription else {
            phase = .misconfigured
            return stopCamera()
        }
        switch environment.permission {
        case .authorized:
            phase = .scanning
            return startCamera()
        case .notDetermined:
            phase = .permissionNotAsked
        case .denied:
            phase = .permissionDenied
        case .restricted:
            phase = .permissionRestricted
        }
        return stopCamera()
    }

    private mutating func startCamera() -> [Action] {
        camera = .starting
        cameraMode = mode
        capturing = false
        torchOn = false
        return [.startCamera(mode)]
    }

    /// Stops the camera if it is (or may be) running; nothing when it is already off.
    private mutating func stopCamera() -> [Action] {
        guard camera != .off else {
            return []
        }
        camera = .off
        torchOn = false
        capturing = false
        return [.stopCamera]
    }

    private mutating func runtimeError(mediaServicesReset: Bool) -> [Action] {
        switch phase {
        case .scanning, .interrupted:
            break
        default:
            return []
        }
        if mediaServicesReset && !restartedAfterReset {
            restartedAfterReset = true
            phase = .scanning
            return startCamera()
        }
        phase = .cameraFailed(.stopped)
        return stopCamera()
    }

    /// Where the photo library can be opened and its photo taken: wherever no prompt shows and no work runs.
    private var canUsePhotoLibrary: Bool {
        switch phase {
        case .permissionNotAsked, .noCamera, .permissionDenied, .permissionRestricted, .misconfigured, .scanning,
            .interrupted, .cameraFailed, .photoFailed, .failed:
            return true
        default:
            return false
        }
    }

    /// A still photo, from the camera or the library: a barcode that fills it goes to the lookup (in barcode mode,
    /// any barcode read), anything else to the analysis; in barcode mode a photo without one is refused.
    private mutating func still(_ data: Data, barcode: StillBarcode?) -> [Action] {
        if let barcode, Self.isBarcode(barcode.code),
            mode == .barcode || barcode.coverage >= Self.stillBarcodeMinimumCoverage
        {
            return start(.barcode(barcode.code))
        }
        guard mode == .photo else {
            phase = .photoFailed(.noBarcode)
            return stopCamera()
        }
        return start(.photo(data))
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

    /// Starts work; only from a state with none in flight, so nothing needs cancelling. The camera stops while
    /// January works: an analysis takes tens of seconds, and a running camera spends battery and keeps the
    /// green indicator on.
    private mutating func start(_ work: Work) -> [Action] {
        attempt += 1
        let stop = stopCamera()
        phase = .working(work)
        switch work {
        case .photo(let data):
            return stop + [.analysePhoto(data, attempt: attempt)]
        case .barcode(let code):
            return stop + [.lookUpBarcode(code, attempt: attempt)]
        }
    }

    /// Drops the work in flight or the failure shown, back to the camera (or what stands in for it). The cancelled
    /// attempt's number is retired at once, so that ``attempt`` never names work nobody waits for.
    private mutating func abandonWork() -> [Action] {
        var actions: [Action] = []
        if case .working = phase {
            actions.append(.cancelWork(attempt: attempt))
            attempt += 1
        }
        return actions + enterCamera()
    }

    /// EAN-8, UPC-E, UPC-A, EAN-13 and ITF-14 are 8, 6 to 8, 12, 13 and 14 ASCII digits; a Code 128 that carries
    /// one of them reads the same. Anything else (letters, other lengths) is a misread or not a product's code.
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
        return .january(sentence: MealScannerStringKey.sentence(for: error), canRetry: canRetry)
    }

    static func canRetry(_ failure: Failure) -> Bool {
        switch failure {
        case .offline: return true
        case .unknownBarcode: return false
        case .january(_, let canRetry): return canRetry
        }
    }
}
