#if os(iOS) && canImport(UIKit) && canImport(AVFoundation) && canImport(SwiftUI)
import AVFoundation
import SwiftUI
import UIKit

/// The live camera image: a view whose layer is the session's preview layer.
struct CameraPreview: UIViewRepresentable {
    let session: AVCaptureSession?

    final class PreviewView: UIView {
        override class var layerClass: AnyClass {
            AVCaptureVideoPreviewLayer.self
        }

        var previewLayer: AVCaptureVideoPreviewLayer? {
            layer as? AVCaptureVideoPreviewLayer
        }
    }

    func makeUIView(context: Context) -> PreviewView {
        let view = PreviewView()
        view.previewLayer?.videoGravity = .resizeAspectFill
        view.previewLayer?.session = session
        return view
    }

    func updateUIView(_ view: PreviewView, context: Context) {
        if view.previewLayer?.session !== session {
            view.previewLayer?.session = session
        }
    }
}
#endif
