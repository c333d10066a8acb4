#if os(iOS) && canImport(UIKit) && canImport(AVFoundation)
@preconcurrency import AVFoundation
import CoreMedia
import Foundation
import UIKit

/// The capture session: configured, started and stopped on its own serial queue (never the main thread, where
/// `startRunning` would stall the UI). It reads EAN-8, EAN-13 (and so UPC-A), UPC-E, ITF-14 and Code 128 with
/// `AVCaptureMetadataOutput`, only inside the frame drawn over the preview (`rectOfInterest`), focuses near and
/// zooms from the device's minimum focus distance in barcode mode, takes photos with `AVCapturePhotoOutput`
/// (flash `.auto`, in the interface's orientation), and reports interruptions and runtime errors.
///
/// It decides nothing: it reports what the session did to the main actor, where the state machine decides.
/// `@unchecked Sendable` because its AVFoundation objects and its own state are touched only on `queue` (the
/// session's configuration, the outputs, the device, `configured`, `mode`, `frameShare`), except `session`, an
/// immutable reference handed to the preview layer, which AVFoundation allows from the main thread; the
/// notification observers are added once in `init` and removed in `deinit`, and `report` is a `@Sendable`
/// closure hopping to the main actor.
final class CaptureController: NSObject, @unchecked Sendable {
    /// What the session did.
    enum Report: Sendable {
        case started(torch: Bool)
        case setUpFailed
        case interrupted(MealScannerStateMachine.Interruption)
        case interruptionEnded
        case runtimeError(mediaServicesReset: Bool)
        case barcode(String)
        /// A photo's encoded bytes, or `nil` when capture failed.
        case photo(Data?)
    }

    /// The symbologies barcode mode asks for, each only where the output offers it.
    static let symbologies: [AVMetadataObject.ObjectType] = [.ean8, .ean13, .upce, .itf14, .code128]

    let session = AVCaptureSession()
    private let queue = DispatchQueue(label: "com.january.partner-sdk.scanner.capture")
    private let photoOutput = AVCapturePhotoOutput()
    private let metadataOutput = AVCaptureMetadataOutput()
    private var device: AVCaptureDevice?
    /// Set only once a set-up succeeded, so that a failed one is tried again on the next start.
    private var configured = false
    private var mode: MealScannerMode = .photo
    /// The frame's share of what the camera sees across the code, and whether that is the sensor's short side.
    private var frameShare = (share: 0.5, acrossShortSide: true)
    private var observers: [any NSObjectProtocol] = []
    private let report: @Sendable (Report) -> Void

    /// - Parameter report: Called on the main actor with each thing the session did.
    init(report: @escaping @MainActor @Sendable (Report) -> Void) {
        self.report = { value in Task { @MainActor in report(value) } }
        super.init()
        let center = NotificationCenter.default
        let send = self.report
        observers = [
            center.addObserver(forName: .AVCaptureSessionWasInterrupted, object: session, queue: nil) {
                note in
                let raw = (note.userInfo?[AVCaptureSessionInterruptionReasonKey] as? NSNumber)?.intValue
                send(.interrupted(Self.interruption(raw.flatMap(AVCaptureSession.InterruptionReason.init(rawValue:)))))
            },
            center.addObserver(
                forName: .AVCaptureSessionInterruptionEnded, object: session, queue: nil
            ) { _ in send(.interruptionEnded) },
            center.addObserver(forName: .AVCaptureSessionRuntimeError, object: session, queue: nil) {
                note in
                let error = note.userInfo?[AVCaptureSessionErrorKey] as? AVError
                send(.runtimeError(mediaServicesReset: error?.code == .mediaServicesWereReset))
            },
        ]
    }

    deinit {
        for observer in observers {
            NotificationCenter.default.removeObserver(observer)
        }
    }

    /// Whether the device has a camera the scanner can use (the simulator has none).
    static var hasCamera: Bool {
        AVCaptureDevice.default(for: .video) != nil
    }

    static func interruption(_ reason: AVCaptureSession.InterruptionReason?) -> MealScannerStateMachine.Interruption {
        switch reason {
        case .videoDeviceNotAvailableWithMultipleForegroundApps?: return .multitasking
        case .videoDeviceInUseByAnotherClient?, .audioDeviceInUseByAnotherClient?: return .otherApp
        case .videoDeviceNotAvailableDueToSystemPressure?: return .systemPressure
        default: return .other
        }
    }

    /// Configures the session (again, after a failed set-up), sets what the outputs read and how the camera
    /// focuses for the mode, and starts it; off the main thread. Reports `started`, or `setUpFailed` when there is
    /// no usable camera or the session does not run (an interruption is reported by its own notification).
    func start(_ mode: MealScannerMode) {
        queue.async { [self] in
            self.mode = mode
            if !configured {
                configured = configure()
            }
            guard configured else {
                report(.setUpFailed)
                return
            }
            session.beginConfiguration()
            metadataOutput.metadataObjectTypes =
                mode == .barcode ? Self.symbologies.filter(metadataOutput.availableMetadataObjectTypes.contains) : []
            session.commitConfiguration()
            focus()
            if !session.isRunning && !session.isInterrupted {
                session.startRunning()
            }
            if session.isRunning {
                report(.started(torch: device?.hasTorch == true))
            } else if !session.isInterrupted {
                report(.setUpFailed)
            }
        }
    }

    /// Stops the session, with the torch, off the main thread.
    func stop() {
        queue.async { [self] in
            torch(false)
            if session.isRunning {
                session.stopRunning()
            }
        }
    }

    /// Turns the torch on or off, where the device has one and it is available (not while the device is hot).
    func setTorch(_ on: Bool) {
        queue.async { [self] in torch(on) }
    }

    /// Reads only inside the frame drawn over the preview, and chooses the zoom for the frame's size.
    ///
    /// - Parameter rect: The frame in the metadata output's coordinates, from the preview layer's conversion.
    func setScanArea(_ rect: CGRect) {
        queue.async { [self] in
            guard rect.width > 0, rect.height > 0 else {
                return
            }
            metadataOutput.rectOfInterest = rect
            // In portrait the frame runs across the sensor's short side (the metadata output's y axis).
            frameShare = rect.height >= rect.width ? (Double(rect.height), true) : (Double(rect.width), false)
            focus()
        }
    }

    /// Takes one photo in the interface's orientation, flash `.auto` where the device has one.
    func capturePhoto(orientation: UIInterfaceOrientation) {
        queue.async { [self] in
            guard session.isRunning else {
                report(.photo(nil))
                return
            }
            if let connection = photoOutput.connection(with: .video) {
                Self.apply(orientation, to: connection)
            }
            let settings = AVCapturePhotoSettings()
            if photoOutput.supportedFlashModes.contains(.auto) {
                settings.flashMode = .auto
            }
            photoOutput.capturePhoto(with: settings, delegate: self)
        }
    }

    /// Rotates a connection's images to the interface's orientation.
    static func apply(_ orientation: UIInterfaceOrientation, to connection: AVCaptureConnection) {
        if #available(iOS 17, *) {
            let angle: CGFloat
            switch orientation {
            case .landscapeRight: angle = 0
            case .landscapeLeft: angle = 180
            case .portraitUpsideDown: angle = 270
            default: angle = 90
            }
            if connection.isVideoRotationAngleSupported(angle) {
                connection.videoRotationAngle = angle
            }
        } else if connection.isVideoOrientationSupported {
            switch orientation {
            case .landscapeRight: connection.videoOrientation = .landscapeRight
            case .landscapeLeft: connection.videoOrientation = .landscapeLeft
            case .portraitUpsideDown: connection.videoOrientation = .portraitUpsideDown
            default: connection.videoOrientation = .portrait
            }
        }
    }

    /// Adds the back camera and both outputs; `false`, with the session emptied, when any of it fails.
    private func configure() -> Bool {
        session.beginConfiguration()
        defer { session.commitConfiguration() }
        for input in session.inputs {
            session.removeInput(input)
        }
        for output in session.outputs {
            session.removeOutput(output)
        }
        if session.canSetSessionPreset(.photo) {
            session.sessionPreset = .photo
        }
        guard
            let device = AVCaptureDevice.default(.builtInWideAngleCamera, for: .video, position: .back)
                ?? AVCaptureDevice.default(for: .video),
            let input = try? AVCaptureDeviceInput(device: device), session.canAddInput(input)
        else {
            return false
        }
        session.addInput(input)
        guard session.canAddOutput(photoOutput), session.canAddOutput(metadataOutput) else {
            session.removeInput(input)
            return false
        }
        session.addOutput(photoOutput)
        session.addOutput(metadataOutput)
        metadataOutput.setMetadataObjectsDelegate(self, queue: queue)
        self.device = device
        return true
    }

    /// Barcode mode focuses near and zooms so that a code filling the frame is sharp; photo mode sees it all.
    private func focus() {
        guard let device, (try? device.lockForConfiguration()) != nil else {
            return
        }
        defer { device.unlockForConfiguration() }
        if device.isAutoFocusRangeRestrictionSupported {
            device.autoFocusRangeRestriction = mode == .barcode ? .near : .none
        }
        if device.isFocusModeSupported(.continuousAutoFocus) {
            device.focusMode = .continuousAutoFocus
        }
        var zoom = 1.0
        if mode == .barcode {
            let dimensions = CMVideoFormatDescriptionGetDimensions(device.activeFormat.formatDescription)
            let long = Double(max(dimensions.width, dimensions.height))
            let aspect = long > 0 ? Double(min(dimensions.width, dimensions.height)) / long : 0
            zoom = BarcodeScanGeometry.zoomFactor(
                minimumFocusDistance: device.minimumFocusDistance,
                fieldOfView: Double(device.activeFormat.videoFieldOfView),
                sensorAspect: frameShare.acrossShortSide ? aspect : 1, frameShare: frameShare.share,
                deviceMaximum: Double(device.activeFormat.videoMaxZoomFactor))
        }
        device.videoZoomFactor = CGFloat(
            min(max(zoom, Double(device.minAvailableVideoZoomFactor)), Double(device.maxAvailableVideoZoomFactor)))
    }

    private func torch(_ on: Bool) {
        guard let device, device.hasTorch, device.isTorchAvailable || !on,
            (try? device.lockForConfiguration()) != nil
        else {
            return
        }
        defer { device.unlockForConfiguration() }
        let mode: AVCaptureDevice.TorchMode = on ? .on : .off
        if device.isTorchModeSupported(mode) {
            device.torchMode = mode
        }
    }
}

extension CaptureController: AVCaptureMetadataOutputObjectsDelegate {
    func metadataOutput(
        _ output: AVCaptureMetadataOutput, didOutput metadataObjects: [AVMetadataObject],
        from connection: AVCaptureConnection
    ) {
        // The digits only, never logged: the state machine debounces repeats and drops misreads.
        for object in metadataObjects {
            if let code = (object as? AVMetadataMachineReadableCodeObject)?.stringValue {
                report(.barcode(code))
            }
        }
    }
}

extension CaptureController: AVCapturePhotoCaptureDelegate {
    func photoOutput(
        _ output: AVCapturePhotoOutput, didFinishProcessingPhoto photo: AVCapturePhoto, error: (any Error)?
    ) {
        report(.photo(error == nil ? photo.fileDataRepresentation() : nil))
    }
}
#endif
