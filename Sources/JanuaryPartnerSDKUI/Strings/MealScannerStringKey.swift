import Foundation

/// Every string the scanner shows or speaks, by its key in the target's `Localizable.strings` (English shipped).
/// A test holds this list and the catalogue to each other, so no screen shows a bare key.
enum MealScannerStringKey: String, Sendable, Hashable, CaseIterable {
    case modePhoto = "scanner.mode.photo"
    case modeBarcode = "scanner.mode.barcode"
    case modePickerLabel = "scanner.mode.picker.accessibility"

    case scanningPhotoTitle = "scanner.scanning.photo.title"
    case scanningPhotoMessage = "scanner.scanning.photo.message"
    case scanningBarcodeTitle = "scanner.scanning.barcode.title"
    case scanningBarcodeMessage = "scanner.scanning.barcode.message"
    case cameraPreviewLabel = "scanner.camera.preview.accessibility"

    case startingTitle = "scanner.starting.title"

    case permissionNotAskedTitle = "scanner.permission.notAsked.title"
    case permissionNotAskedMessage = "scanner.permission.notAsked.message"
    case permissionWaitingTitle = "scanner.permission.waiting.title"
    case permissionDeniedTitle = "scanner.permission.denied.title"
    case permissionDeniedMessage = "scanner.permission.denied.message"
    case permissionRestrictedTitle = "scanner.permission.restricted.title"
    case permissionRestrictedMessage = "scanner.permission.restricted.message"

    case noCameraTitle = "scanner.noCamera.title"
    case noCameraPhotoMessage = "scanner.noCamera.photo.message"
    case noCameraBarcodeMessage = "scanner.noCamera.barcode.message"

    case misconfiguredTitle = "scanner.misconfigured.title"
    case misconfiguredMessage = "scanner.misconfigured.message"

    case analysingPhotoTitle = "scanner.analysing.photo.title"
    case analysingBarcodeTitle = "scanner.analysing.barcode.title"
    case analysingMessage = "scanner.analysing.message"

    case failedTitle = "scanner.failed.title"
    case offlineTitle = "scanner.offline.title"
    case offlineMessage = "scanner.offline.message"
    case unknownBarcodeTitle = "scanner.unknownBarcode.title"
    case unknownBarcodeMessage = "scanner.unknownBarcode.message"

    case doneTitle = "scanner.done.title"
    case cancelledTitle = "scanner.cancelled.title"

    case buttonAllowCamera = "scanner.button.allowCamera"
    case buttonOpenSettings = "scanner.button.openSettings"
    case buttonChoosePhoto = "scanner.button.choosePhoto"
    case buttonCapture = "scanner.button.capture"
    case buttonRetry = "scanner.button.retry"
    case buttonScanAgain = "scanner.button.scanAgain"
    case buttonCancel = "scanner.button.cancel"

    case hintAllowCamera = "scanner.hint.allowCamera"
    case hintOpenSettings = "scanner.hint.openSettings"
    case hintChoosePhoto = "scanner.hint.choosePhoto"
    case hintCapture = "scanner.hint.capture"
    case hintRetry = "scanner.hint.retry"
    case hintScanAgain = "scanner.hint.scanAgain"
    case hintCancel = "scanner.hint.cancel"

    /// The bundle holding the catalogue (`Bundle.module` of this target, which its tests cannot name directly).
    static var bundle: Bundle {
        Bundle.module
    }

    /// The text in the user's language, from the catalogue in this module's bundle (English when the app's
    /// language has none).
    var localized: String {
        Self.bundle.localizedString(forKey: rawValue, value: nil, table: nil)
    }
}
