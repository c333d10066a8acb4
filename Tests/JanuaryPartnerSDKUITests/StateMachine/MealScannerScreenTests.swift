import Foundation
import JanuaryCore
import Testing

@testable import JanuaryPartnerSDKUI

@Suite("Every state has its own screen, with the buttons that lead out of it", suiteTimeLimit())
struct MealScannerScreenTests {
    @Test(
        "each state shows its title, message and buttons",
        arguments: [
            ([Machine.Event](), MealScannerStringKey.startingTitle, [MealScannerScreen.Button.Kind.cancel], false),
            (
                [.appeared(environment(.notDetermined))], .permissionNotAskedTitle,
                [.allowCamera, .choosePhoto, .cancel], false
            ),
            ([.appeared(environment(.notDetermined)), .allowCameraTapped], .permissionWaitingTitle, [.cancel], false),
            ([.appeared(environment(.denied))], .permissionDeniedTitle, [.openSettings, .choosePhoto, .cancel], false),
            (
                [.appeared(environment(.restricted))], .permissionRestrictedTitle,
                [.openSettings, .choosePhoto, .cancel], false
            ),
            ([.appeared(environment(camera: false, .authorized))], .noCameraTitle, [.choosePhoto, .cancel], false),
            ([.appeared(environment(key: false, .authorized))], .misconfiguredTitle, [.choosePhoto, .cancel], false),
            ([.appeared(camera)], .scanningPhotoTitle, [.capture, .choosePhoto, .cancel], true),
            ([.appeared(camera), .photoCaptured(photo)], .analysingPhotoTitle, [.cancel], false),
            (
                [
                    .appeared(camera), .photoCaptured(photo),
                    .workFinished(attempt: 1, .failure(error(.network, .notConnectedToInternet))),
                ],
                .offlineTitle, [.retry, .scanAgain, .cancel], false
            ),
            (
                [.appeared(camera), .photoCaptured(photo), .workFinished(attempt: 1, .failure(error(.server)))],
                .failedTitle, [.retry, .scanAgain, .cancel], false
            ),
            ([.appeared(camera), .cancelTapped], .cancelledTitle, [], false),
        ])
    func screens(
        events: [Machine.Event], title: MealScannerStringKey, buttons: [MealScannerScreen.Button.Kind], camera: Bool
    ) {
        let screen = MealScannerScreen(run(events).0)
        #expect(screen.title == .key(title))
        #expect(screen.buttons.map(\.kind) == buttons)
        #expect(screen.showsCamera == camera)
    }

    @Test("a barcode January does not know offers scanning again, not the same lookup")
    func unknownBarcode() {
        let (machine, _) = run(
            [
                .appeared(camera), .barcodeRead("96385074", uptimeMilliseconds: 0),
                .workFinished(attempt: 1, .failure(error(.notFound, .notFound))),
            ], mode: .barcode)
        let screen = MealScannerScreen(machine)
        #expect(screen.title == .key(.unknownBarcodeTitle))
        #expect(screen.message == .key(.unknownBarcodeMessage))
        #expect(screen.buttons.map(\.kind) == [.scanAgain, .cancel])
    }

    @Test("January's error shows its user-facing sentence, never its developer message")
    func januarySentence() {
        let failure = JanuaryError(category: .server, code: .internalError, message: "stack trace sk-secret")
        let (machine, _) = run([.appeared(camera), .photoCaptured(photo), .workFinished(attempt: 1, .failure(failure))])
        let screen = MealScannerScreen(machine)
        #expect(screen.message == .verbatim("The nutrition service is having trouble. Please try again later."))
    }

    @Test("every button has a label and a VoiceOver hint of its own")
    func buttonHints() {
        let kinds: [MealScannerScreen.Button.Kind] = [
            .allowCamera, .openSettings, .choosePhoto, .capture, .retry, .scanAgain, .cancel,
        ]
        let buttons = kinds.map(MealScannerScreen.button)
        #expect(Set(buttons.map(\.label)).count == kinds.count)
        #expect(Set(buttons.map(\.hint)).count == kinds.count)
    }

    @Test(
        "barcode mode has its own screens: scanning without a shutter, looking up, no camera",
        arguments: [
            (
                [Machine.Event.appeared(camera)], MealScannerStringKey.scanningBarcodeTitle,
                [MealScannerScreen.Button.Kind.cancel]
            ),
            ([.appeared(camera), .barcodeRead("96385074", uptimeMilliseconds: 0)], .analysingBarcodeTitle, [.cancel]),
            ([.appeared(environment(camera: false, .authorized))], .noCameraTitle, [.cancel]),
        ])
    func barcodeScreens(events: [Machine.Event], title: MealScannerStringKey, buttons: [MealScannerScreen.Button.Kind])
    {
        let screen = MealScannerScreen(run(events, mode: .barcode).0)
        #expect(screen.title == .key(title))
        #expect(screen.buttons.map(\.kind) == buttons)
    }

    @Test("once a result is delivered the screen says done, with no button and no mode picker")
    func finished() {
        let (machine, _) = run([
            .appeared(camera), .photoCaptured(photo),
            .workFinished(attempt: 1, .success(.meal(image: photo, scan: scan))),
        ])
        let screen = MealScannerScreen(machine)
        #expect(screen.title == .key(.doneTitle))
        #expect(screen.buttons.isEmpty)
        #expect(!screen.showsModePicker)
    }

    @Test("a text is the catalogue's English for a key, or the sentence itself")
    func texts() {
        #expect(MealScannerScreen.Text.key(.buttonCancel).string == "Cancel")
        #expect(MealScannerScreen.Text.verbatim("Try later.").string == "Try later.")
    }

    @Test("a simulated camera keeps its photo and barcode, and differs from the device")
    func simulatedCamera() {
        let simulated = MealScannerCamera.simulated(photo: photo, barcode: "96385074")
        #expect(simulated.source == .simulated(photo: photo, barcode: "96385074"))
        #expect(simulated != .device)
        #expect(MealScannerCamera.simulated(photo: photo).source == .simulated(photo: photo, barcode: nil))
    }
}
