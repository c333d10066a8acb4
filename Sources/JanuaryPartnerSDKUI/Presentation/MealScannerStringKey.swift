import Foundation
import JanuaryCore

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

    case buttonContinue = "scanner.button.continue"
    case buttonOpenSettings = "scanner.button.openSettings"
    case buttonChoosePhoto = "scanner.button.choosePhoto"
    case buttonCapture = "scanner.button.capture"
    case buttonRetry = "scanner.button.retry"
    case buttonScanAgain = "scanner.button.scanAgain"
    case buttonCancel = "scanner.button.cancel"

    case hintContinue = "scanner.hint.continue"
    case hintOpenSettings = "scanner.hint.openSettings"
    case hintChoosePhoto = "scanner.hint.choosePhoto"
    case hintCapture = "scanner.hint.capture"
    case hintRetry = "scanner.hint.retry"
    case hintScanAgain = "scanner.hint.scanAgain"
    case hintCancel = "scanner.hint.cancel"

    case scanAreaLabel = "scanner.scanArea.accessibility"
    case buttonTorchOn = "scanner.button.torchOn"
    case buttonTorchOff = "scanner.button.torchOff"
    case hintTorchOn = "scanner.hint.torchOn"
    case hintTorchOff = "scanner.hint.torchOff"
    case hintChooseBarcodePhoto = "scanner.hint.chooseBarcodePhoto"
    case cameraStartingMessage = "scanner.camera.starting.accessibility"

    case interruptedTitle = "scanner.interrupted.title"
    case interruptedMultitaskingMessage = "scanner.interrupted.multitasking.message"
    case interruptedOtherAppMessage = "scanner.interrupted.otherApp.message"
    case interruptedPressureMessage = "scanner.interrupted.pressure.message"
    case interruptedOtherMessage = "scanner.interrupted.other.message"

    case cameraSetUpFailedTitle = "scanner.cameraFailed.setUp.title"
    case cameraSetUpFailedMessage = "scanner.cameraFailed.setUp.message"
    case cameraStoppedTitle = "scanner.cameraFailed.stopped.title"
    case cameraStoppedMessage = "scanner.cameraFailed.stopped.message"
    case captureFailedTitle = "scanner.cameraFailed.capture.title"
    case captureFailedMessage = "scanner.cameraFailed.capture.message"
    case hintRetryCamera = "scanner.hint.retryCamera"

    case photoNotLoadedTitle = "scanner.photoFailed.notLoaded.title"
    case photoNotLoadedMessage = "scanner.photoFailed.notLoaded.message"
    case photoUnreadableTitle = "scanner.photoFailed.unreadable.title"
    case photoUnreadableMessage = "scanner.photoFailed.unreadable.message"
    case noBarcodeTitle = "scanner.photoFailed.noBarcode.title"
    case noBarcodeMessage = "scanner.photoFailed.noBarcode.message"

    // January's errors, one sentence each (JanuaryUserSentence: the same English as `localizedDescription`).
    case errorMonthlyLimit = "scanner.error.monthlyLimit"
    case errorOffline = "scanner.error.offline"
    case errorSignedOut = "scanner.error.signedOut"
    case errorAuthentication = "scanner.error.authentication"
    case errorAuthorization = "scanner.error.authorization"
    case errorTokenProvider = "scanner.error.tokenProvider"
    case errorNetwork = "scanner.error.network"
    case errorTimeout = "scanner.error.timeout"
    case errorServer = "scanner.error.server"
    case errorInvalidInput = "scanner.error.invalidInput"
    case errorNotFound = "scanner.error.notFound"
    case errorRateLimited = "scanner.error.rateLimited"
    case errorCancelled = "scanner.error.cancelled"
    case errorDecoding = "scanner.error.decoding"
    case errorOther = "scanner.error.other"

    /// The prefix of the keys of January's error sentences, before ``JanuaryUserSentence/key``.
    static let errorPrefix = "scanner.error."

    /// The catalogue's sentence for a January error: the key of the error's ``JanuaryUserSentence``, so that a
    /// translation of this catalogue covers January's errors too. A sentence this list lacks (added to JanuaryCore
    /// later) reads as the general one until it is added; a test holds the two lists together.
    static func sentence(for error: JanuaryError) -> MealScannerStringKey {
        MealScannerStringKey(rawValue: errorPrefix + error.userSentence.key) ?? .errorOther
    }

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
