#if os(iOS) && canImport(UIKit) && canImport(AVFoundation)
@preconcurrency import AVFoundation
import Foundation

/// The capture session: configured, started and stopped on its own serial queue (never the main thread, where
/// `startRunning` would stall the UI), reading EAN-8, EAN-13 (and so UPC-A) and UPC-E with
/// `AVCaptureMetadataOutput`, which iOS 15 has, and taking photos with `AVCapturePhotoOutput`.
///
/// It decides nothing: it reports what the camera saw to the main actor, where the state machine decides.
/// `@unchecked Sendable` because its AVFoundation objects are touched only on `queue` (the session, the outputs'
/// configuration) or are immutable references handed to the preview layer, which AVFoundation allows from the
/// main thread; the callbacks are `@Sendable` closures hopping to the main actor.
final class CaptureController: NSObject, @unchecked Sendable {
    let session = AVCaptureSession()
    private let queue = DispatchQueue(label: "com.january.partner-sdk.scanner.capture")
    private let photoOutput = AVCapturePhotoOutput()
    private let metadataOutput = AVCaptureMetadataOutput()
    private var configured = false
    private let onBarcode: @Sendable (String) -> Void
    private let onPhoto: @Sendable (Data?) -> Void

    /// - Parameters:
    ///   - onBarcode: Called on the main actor with each barcode's digits as read.
    ///   - onPhoto: Called on the main actor with a captured photo's encoded bytes, or `nil` when capture failed.
    init(
        onBarcode: @escaping @MainActor @Sendable (String) -> Void,
        onPhoto: @escaping @MainActor @Sendable (Data?) -> Void
    ) {
        self.onBarcode = { code in Task { @MainActor in onBarcode(code) } }
        self.onPhoto = { data in Task { @MainActor in onPhoto(data) } }
        super.init()
    }

    /// Whether the device has a camera the scanner can use (the simulator has none).
    static var hasCamera: Bool {
        AVCaptureDevice.default(for: .video) != nil
    }

    /// Configures the session once, sets which outputs read, and starts it; off the main thread.
    func start(_ mode: MealScannerMode) {
        queue.async { [self] in
            if !configured {
                configure()
            }
            let types: [AVMetadataObject.ObjectType] = [.ean8, .ean13, .upce]
            metadataOutput.metadataObjectTypes =
                mode == .barcode ? types.filter(metadataOutput.availableMetadataObjectTypes.contains) : []
            if !session.isRunning {
                session.startRunning()
            }
        }
    }

    /// Stops the session, off the main thread.
    func stop() {
        queue.async { [self] in
            if session.isRunning {
                session.stopRunning()
            }
        }
    }

    /// Takes one photo.
    func capturePhoto() {
        queue.async { [self] in
            guard session.isRunning else {
                onPhoto(nil)
                return
            }
            photoOutput.capturePhoto(with: AVCapturePhotoSettings(), delegate: self)
        }
    }

    private func configure() {
        configured = true
        session.beginConfiguration()
        defer { session.commitConfiguration() }
        session.sessionPreset = .photo
        guard let device = AVCaptureDevice.default(for: .video),
            let input = try? AVCaptureDeviceInput(device: device), session.canAddInput(input)
        else {
            return
        }
        session.addInput(input)
        if session.canAddOutput(photoOutput) {
            session.addOutput(photoOutput)
        }
        if session.canAddOutput(metadataOutput) {
            session.addOutput(metadataOutput)
            metadataOutput.setMetadataObjectsDelegate(self, queue: queue)
        }
    }
}

extension CaptureController: AVCaptureMetadataOutputObjectsDelegate {
    func metadataOutput(
        _ output: AVCaptureMetadataOutput, didOutput metadataObjects: [AVMetadataObject],
        from connection: AVCaptureConnection
    ) {
        // The digits only, never logged: the state machine debounces repeats.
        for object in metadataObjects {
            if let code = (object as? AVMetadataMachineReadableCodeObject)?.stringValue {
                onBarcode(code)
            }
        }
    }
}

extension CaptureController: AVCapturePhotoCaptureDelegate {
    func photoOutput(
        _ output: AVCapturePhotoOutput, didFinishProcessingPhoto photo: AVCapturePhoto, error: (any Error)?
    ) {
        onPhoto(error == nil ? photo.fileDataRepresentation() : nil)
    }
}
#endif
