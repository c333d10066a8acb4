#if os(iOS) && canImport(UIKit) && canImport(AVFoundation) && canImport(Vision)
import AVFoundation
import Combine
import Foundation
import JanuaryCore
import JanuaryPartnerSDK
import UIKit

/// The main-actor shell around ``MealScannerStateMachine``: it feeds the machine what the device reports (the
/// view's appearance, the app becoming active, the capture session's reports, the photo library) and carries out
/// the actions it returns. It holds no decision of its own, and logs nothing (no meal name, photo or barcode leaves
/// it except to January and to the app's callbacks).
@MainActor
final class MealScannerModel: ObservableObject {
    @Published private(set) var machine: MealScannerStateMachine
    @Published var showsPhotoPicker = false

    let camera: MealScannerCamera
    /// The interface's orientation, as the preview last saw it, for the photo connection.
    var orientation: UIInterfaceOrientation = .portrait
    private let client: JanuaryPartnerClient
    private let onResult: @MainActor (MealScannerResult) -> Void
    private let onCancel: @MainActor () -> Void
    private var tasks: [Int: Task<Void, Never>] = [:]
    private var capture: CaptureController?
    private var subscriptions: Set<AnyCancellable> = []

    init(
        client: JanuaryPartnerClient, mode: MealScannerMode, camera: MealScannerCamera,
        onResult: @escaping @MainActor (MealScannerResult) -> Void, onCancel: @escaping @MainActor () -> Void
    ) {
        self.machine = MealScannerStateMachine(mode: mode)
        self.client = client
        self.camera = camera
        self.onResult = onResult
        self.onCancel = onCancel
    }

    var screen: MealScannerScreen {
        MealScannerScreen(machine)
    }

    /// The capture session for the preview layer, once the camera started.
    var session: AVCaptureSession? {
        capture?.session
    }

    func appear() {
        if subscriptions.isEmpty, case .device = camera.source {
            // Back from Settings (or anywhere): the permission may have changed there.
            NotificationCenter.default.publisher(for: UIApplication.didBecomeActiveNotification)
                .sink { [weak self] _ in
                    Task { @MainActor in self?.becameActive() }
                }
                .store(in: &subscriptions)
        }
        send(.appeared(environment()))
    }

    func disappear() {
        send(.disappeared)
    }

    /// The view left for good: dismissed, swiped away or popped.
    func dismissed() {
        send(.dismissed)
    }

    func tap(_ kind: MealScannerScreen.Button.Kind) {
        switch kind {
        case .continueToCamera: send(.continueTapped)
        case .openSettings: break  // The view opens Settings through `openURL`.
        case .choosePhoto, .chooseBarcodePhoto: send(.choosePhotoTapped)
        case .capture: send(.captureTapped)
        case .torchOn, .torchOff: send(.torchTapped)
        case .retry, .retryCamera: send(.retryTapped)
        case .scanAgain: send(.scanAgainTapped)
        case .cancel: send(.cancelTapped)
        }
    }

    func select(_ mode: MealScannerMode) {
        send(.modeSelected(mode))
    }

    func picked(_ outcome: PhotoPicker.Outcome) {
        showsPhotoPicker = false
        switch outcome {
        case .cancelled:
            break
        case .photo(let still):
            send(.photoPicked(still.data, barcode: still.barcode))
        case .failed(let failure):
            send(.photoPickFailed(failure))
        }
    }

    /// The frame's area in the metadata output's coordinates, from the preview.
    func scanAreaChanged(_ rect: CGRect) {
        capture?.setScanArea(rect)
    }

    func send(_ event: MealScannerStateMachine.Event) {
        let actions = machine.handle(event)
        for action in actions {
            perform(action)
        }
    }

    private func environment() -> MealScannerStateMachine.Environment {
        switch camera.source {
        case .device:
            let hasKey =
                (try? MealScannerConfigurationError.checkCameraUsageDescription(in: Bundle.main.infoDictionary))
                != nil
            return .init(
                hasCameraUsageDescription: hasKey, hasCamera: CaptureController.hasCamera, permission: permission())
        case .simulated:
            return .init(hasCameraUsageDescription: true, hasCamera: true, permission: .authorized)
        }
    }

    private func permission() -> MealScannerStateMachine.Permission {
        switch AVCaptureDevice.authorizationStatus(for: .video) {
        case .authorized: return .authorized
        case .denied: return .denied
        case .restricted: return .restricted
        default: return .notDetermined
        }
    }

    private func becameActive() {
        send(.permissionChecked(permission()))
    }

    private func perform(_ action: MealScannerStateMachine.Action) {
        switch action {
        case .requestCameraPermission:
            AVCaptureDevice.requestAccess(for: .video) { [weak self] granted in
                Task { @MainActor in self?.send(.permissionAnswered(granted: granted)) }
            }
        case .startCamera(let mode):
            startCamera(mode)
        case .stopCamera:
            capture?.stop()
        case .setTorch(let on):
            capture?.setTorch(on)
        case .capturePhoto:
            switch camera.source {
            case .device:
                capture?.capturePhoto(orientation: orientation)
            case .simulated(let photo, _):
                readCapturedPhoto(photo)
            }
        case .presentPhotoPicker:
            showsPhotoPicker = true
        case .analysePhoto(let data, let attempt):
            run(attempt) { client in await MealScannerWork.analyse(data, with: client) }
        case .lookUpBarcode(let code, let attempt):
            // The read is felt as well as seen.
            UINotificationFeedbackGenerator().notificationOccurred(.success)
            run(attempt) { client in await MealScannerWork.lookUp(code, with: client) }
        case .cancelWork(let attempt):
            tasks.removeValue(forKey: attempt)?.cancel()
        case .deliver(let result):
            onResult(result)
        case .deliverCancellation:
            onCancel()
        }
    }

    private func startCamera(_ mode: MealScannerMode) {
        switch camera.source {
        case .device:
            let controller = capture ?? CaptureController { [weak self] report in self?.received(report) }
            capture = controller
            controller.start(mode)
        case .simulated(_, let barcode):
            // As a device would: the session reports it runs, then barcode mode reads the code in view.
            Task { @MainActor [weak self] in
                self?.send(.cameraStarted(torch: false))
                if mode == .barcode, let barcode {
                    self?.read(barcode)
                }
            }
        }
    }

    private func received(_ report: CaptureController.Report) {
        switch report {
        case .started(let torch): send(.cameraStarted(torch: torch))
        case .setUpFailed: send(.cameraSetUpFailed)
        case .interrupted(let reason): send(.cameraInterrupted(reason))
        case .interruptionEnded: send(.cameraInterruptionEnded)
        case .runtimeError(let reset): send(.cameraRuntimeError(mediaServicesReset: reset))
        case .barcode(let code): read(code)
        case .photo(let data?): readCapturedPhoto(data)
        case .photo(nil): send(.photoCaptureFailed)
        }
    }

    /// Prepares a photo from the camera and reads its barcode off the main thread, then hands it to the machine.
    /// (The photo library's are read where the picker loads them.)
    private func readCapturedPhoto(_ data: Data) {
        Task { @MainActor [weak self] in
            let result = await Task.detached(priority: .userInitiated) { StillPhotoReader.read(data) }.value
            switch result {
            case .success(let still): self?.send(.photoCaptured(still.data, barcode: still.barcode))
            case .failure: self?.send(.photoCaptureFailed)
            }
        }
    }

    private func read(_ code: String) {
        let milliseconds = Int64(DispatchTime.now().uptimeNanoseconds / 1_000_000)
        send(.barcodeRead(code, uptimeMilliseconds: milliseconds))
    }

    private func run(
        _ attempt: Int,
        _ work: @escaping @Sendable (JanuaryPartnerClient) async -> Result<MealScannerResult, JanuaryError>
    ) {
        let client = client
        tasks[attempt] = Task { [weak self] in
            let result = await work(client)
            self?.tasks.removeValue(forKey: attempt)
            self?.send(.workFinished(attempt: attempt, result))
        }
    }
}
#endif
