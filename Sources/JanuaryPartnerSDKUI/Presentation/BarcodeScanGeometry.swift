import Foundation

#if canImport(CoreGraphics)
import CoreGraphics
#endif

/// Where barcode mode reads and how far it zooms: the frame drawn over the preview (which the capture session's
/// `rectOfInterest` is converted from, so that the camera reads exactly inside what the user sees), and the zoom
/// that lets a camera with a long minimum focus distance read a small code. Pure arithmetic, tested on Linux.
enum BarcodeScanGeometry {
    /// The frame's width as a share of the preview's width, and its height as a share of its own width: a wide
    /// band, since product barcodes are wider than tall.
    static let widthShare = 0.8
    static let heightToWidth = 0.45
    /// The frame's widest, in points: on an iPad a frame across the whole screen would ask for a huge code.
    static let maximumWidth = 480.0
    /// Where the frame's centre sits, as a share of the preview's height: above the middle, clear of the panel of
    /// buttons at the bottom.
    static let centreHeightShare = 0.4

    /// The frame in a preview of `size` points.
    ///
    /// - Parameter size: The preview's size; an empty size gives an empty frame.
    /// - Returns: The frame, inside the preview.
    static func scanArea(in size: CGSize) -> CGRect {
        guard size.width > 0, size.height > 0 else {
            return .zero
        }
        let width = min(size.width * widthShare, maximumWidth)
        let height = min(width * heightToWidth, size.height)
        let centreY = min(max(size.height * centreHeightShare, height / 2), size.height - height / 2)
        return CGRect(x: (size.width - width) / 2, y: centreY - height / 2, width: width, height: height)
    }

    /// The width of the code the zoom is chosen for: an EAN-13's bars at their nominal size (95 modules of
    /// 0.33 mm), the code most groceries carry.
    static let codeWidthMillimetres = 31.35
    /// The most the scanner zooms, a cap we chose: the preview stays easy to aim.
    static let maximumZoom = 2.0

    /// The zoom at which a nominal EAN-13 fills the frame when held at the camera's minimum focus distance, so that
    /// a camera that cannot focus close (the iPhone 13 Pro's and later's main camera) still reads it from where it
    /// is sharp; 1 when the camera focuses close enough or the figures are unknown.
    ///
    /// - Parameters:
    ///   - minimumFocusDistance: `AVCaptureDevice.minimumFocusDistance` in millimetres; -1 when unknown.
    ///   - fieldOfView: `activeFormat.videoFieldOfView`, in degrees, across the sensor's long side.
    ///   - sensorAspect: The sensor's short side over its long side (0.75 for 4:3).
    ///   - frameShare: The frame's width as a share of what the camera sees across its short side (portrait:
    ///     `rectOfInterest.height` in the metadata output's coordinates).
    ///   - deviceMaximum: `activeFormat.videoMaxZoomFactor`.
    /// - Returns: The zoom factor, from 1 to ``maximumZoom`` and at most `deviceMaximum`.
    static func zoomFactor(
        minimumFocusDistance: Int, fieldOfView: Double, sensorAspect: Double, frameShare: Double,
        deviceMaximum: Double
    ) -> Double {
        guard minimumFocusDistance > 0, fieldOfView > 0, fieldOfView < 180, sensorAspect > 0, frameShare > 0,
            deviceMaximum >= 1
        else {
            return 1
        }
        // What the camera sees across its short side at distance d is 2·d·tan(half angle), the half angle's tangent
        // scaled by the aspect. The code fills the frame where codeWidth = frameShare · 2·d·tan: that distance, d,
        // is where it must be held; zooming by z lets it be held z times farther.
        let halfAngleTangent = tan(fieldOfView * .pi / 360) * sensorAspect
        let fillingDistance = codeWidthMillimetres / (2 * frameShare * halfAngleTangent)
        let zoom = Double(minimumFocusDistance) / fillingDistance
        return min(max(zoom, 1), maximumZoom, deviceMaximum)
    }
}
