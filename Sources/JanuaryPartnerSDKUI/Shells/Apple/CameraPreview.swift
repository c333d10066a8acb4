#if os(iOS) && canImport(UIKit) && canImport(AVFoundation) && canImport(SwiftUI)
import AVFoundation
import SwiftUI
import UIKit

/// The live camera image: a view whose layer is the session's preview layer, rotated with the interface, with
/// barcode mode's frame drawn in it. The frame and the area the camera reads are one rectangle: the drawn one,
/// converted by the preview layer into the metadata output's coordinates.
struct CameraPreview: UIViewRepresentable {
    let session: AVCaptureSession?
    let showsScanArea: Bool
    /// The interface's orientation, for the photo connection.
    let onOrientation: @MainActor (UIInterfaceOrientation) -> Void
    /// The frame in the metadata output's coordinates (the whole picture when no frame is shown).
    let onScanArea: @MainActor (CGRect) -> Void

    final class PreviewView: UIView {
        override class var layerClass: AnyClass {
            AVCaptureVideoPreviewLayer.self
        }

        var previewLayer: AVCaptureVideoPreviewLayer? {
            layer as? AVCaptureVideoPreviewLayer
        }

        var showsScanArea = false
        var onOrientation: @MainActor (UIInterfaceOrientation) -> Void = { _ in }
        var onScanArea: @MainActor (CGRect) -> Void = { _ in }
        private let frameLayer = CAShapeLayer()
        private var reportedArea: CGRect?

        override init(frame: CGRect) {
            super.init(frame: frame)
            frameLayer.fillColor = UIColor.clear.cgColor
            frameLayer.strokeColor = UIColor.white.cgColor
            frameLayer.lineWidth = 3
            layer.addSublayer(frameLayer)
        }

        @available(*, unavailable)
        required init?(coder: NSCoder) {
            nil
        }

        override func layoutSubviews() {
            super.layoutSubviews()
            let orientation = window?.windowScene?.interfaceOrientation ?? .portrait
            if let connection = previewLayer?.connection {
                CaptureController.apply(orientation, to: connection)
            }
            onOrientation(orientation)
            let area = BarcodeScanGeometry.scanArea(in: bounds.size)
            frameLayer.frame = bounds
            frameLayer.path = UIBezierPath(roundedRect: area, cornerRadius: 12).cgPath
            frameLayer.isHidden = !showsScanArea
            // The conversion needs the running session's connection; until then the whole picture is read.
            var rect = CGRect(x: 0, y: 0, width: 1, height: 1)
            if showsScanArea, let previewLayer, previewLayer.connection != nil, !area.isEmpty {
                rect = previewLayer.metadataOutputRectConverted(fromLayerRect: area)
            }
            if rect != reportedArea {
                reportedArea = rect
                onScanArea(rect)
            }
        }
    }

    func makeUIView(context: Context) -> PreviewView {
        let view = PreviewView()
        view.previewLayer?.videoGravity = .resizeAspectFill
        view.previewLayer?.session = session
        update(view)
        return view
    }

    func updateUIView(_ view: PreviewView, context: Context) {
        if view.previewLayer?.session !== session {
            view.previewLayer?.session = session
        }
        update(view)
    }

    /// Called again whenever the scanner's state changes (the session started, the mode changed), so that the frame
    /// is converted once the session's connection exists.
    @MainActor private func update(_ view: PreviewView) {
        view.showsScanArea = showsScanArea
        view.onOrientation = onOrientation
        view.onScanArea = onScanArea
        view.isAccessibilityElement = true
        view.accessibilityLabel =
            (showsScanArea ? MealScannerStringKey.scanAreaLabel : MealScannerStringKey.cameraPreviewLabel).localized
        view.setNeedsLayout()
    }
}
#endif
