#if os(iOS) && canImport(UIKit) && canImport(AVFoundation)
import AVFoundation
import Combine
import Foundation
import JanuaryCore
import JanuaryPartnerSDK

/// The main-actor shell around ``MealScannerStateMachine``: it feeds the machine what the device reports and
/// carries out the actions it returns. It holds no decision of its own, and logs nothing (no meal name, photo or
/// barcode leaves it except to January and to the app's callbacks).
@MainActor
final class MealScannerModel: ObservableObject {
    @Published private(set) var machine: MealScannerStateMachine
    @Published var showsPhotoPicker = false

    let camera: MealScannerCamera
    private let client: JanuaryPartnerClient
    private let onResult: @MainActor (MealScannerResult) -> Void
    private let onCancel: @MainActor () -> Void
    private var tasks: [Int: Task<Void, Never>] = [:]
    private var capture: CaptureController?

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
        switch camera.source {
        case .device:
            let status = AVCaptureDevice.authorizationStatus(for: .video)
            let permission: MealScannerStateMachine.Permission
            switch status {
            case .authorized: permission = .authorized
            case .denied: permission = .denied
            case .restricted: permission = .restricted
            default: permission = .notDetermined
            }
            let hasKey =
                (try? MealScannerConfigurationError.checkCameraUsageDescription(in: Bundle.main.infoDictionary))
                != nil
            send(
                .appeared(
                    .init(
                        hasCameraUsageDescription: hasKey, hasCamera: CaptureController.hasCamera,
                        permission: permission)
                ))
        case .simulated:
            send(.appeared(.init(hasCameraUsageDescription: true, hasCamera: true, permission: .authorized)))
        }
    }

    func disappear() {
        capture?.stop()
    }

    func tap(_ kind: MealScannerScreen.Button.Kind) {
        switch kind {
        case .allowCamera: send(.allowCameraTapped)
        case .openSettings: break  // The view opens Settings through `openURL`.
        case .choosePhoto: send(.choosePhotoTapped)
        case .capture: capturePhoto()
        case .retry: send(.retryTapped)
        case .scanAgain: send(.scanAgainTapped)
        case .cancel: send(.cancelTapped)
        }
    }

    func select(_ mode: MealScannerMode) {
        send(.modeSelected(mode))
    }

    func picked(_ data: Data?) {
        showsPhotoPicker = false
        if let data {
            send(.photoPicked(data))
        }
    }

    func send(_ event: MealScannerStateMachine.Event) {
        let actions = machine.handle(event)
        for action in actions {
            perform(action)
        }
    }

    private func capturePhoto() {
        switch camera.source {
        case .device:
            capture?.capturePhoto()
        case .simulated(let photo, _):
            send(.photoCaptured(photo))
        }
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
        case .presentPhotoPicker:
            showsPhotoPicker = true
        case .analysePhoto(let data, let attempt):
            run(attempt) { client in await MealScannerWork.analyse(data, with: client) }
        case .lookUpBarcode(let code, let attempt):
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
            let controller =
                capture
                ?? CaptureController(
                    onBarcode: { [weak self] code in self?.read(code) },
                    onPhoto: { [weak self] data in
                        if let data { self?.send(.photoCaptured(data)) }
                    })
            capture = controller
            controller.start(mode)
        case .simulated(_, let barcode):
            if mode == .barcode, let barcode {
                read(barcode)
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
