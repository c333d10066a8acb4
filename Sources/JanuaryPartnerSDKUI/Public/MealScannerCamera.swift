import Foundation

/// Where the scanner's pictures come from: the device's camera, or a still photo standing in for it (previews,
/// the simulator, UI tests), so that the whole flow runs without a camera.
public struct MealScannerCamera: Sendable, Hashable {
    enum Source: Sendable, Hashable {
        case device
        case simulated(photo: Data, barcode: String?)
    }

    let source: Source

    /// The back camera, through AVFoundation. Needs `NSCameraUsageDescription` in the app's Info.plist.
    public static let device = MealScannerCamera(source: .device)

    /// A still photo instead of the camera: "Take photo" captures it and, in barcode mode, `barcode` is read as
    /// if the camera had seen it. No permission is asked and no Info.plist key is needed.
    ///
    /// - Parameters:
    ///   - photo: An encoded image (JPEG, HEIC, PNG, …), such as one bundled with the app.
    ///   - barcode: The digits barcode mode reads, or `nil` to read none.
    /// - Returns: The stand-in camera.
    public static func simulated(photo: Data, barcode: String? = nil) -> MealScannerCamera {
        MealScannerCamera(source: .simulated(photo: photo, barcode: barcode))
    }
}
