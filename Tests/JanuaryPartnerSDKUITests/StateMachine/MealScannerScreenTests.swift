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
                [.continueToCamera, .choosePhoto, .cancel], false
            ),
            ([.appeared(environment(.notDetermined)), .continueTapped], .permissionWaitingTitle, [.cancel], false),
            ([.appeared(environment(.denied))], .permissionDeniedTitle, [.openSettings, .choosePhoto, .cancel], false),
            // Settings cannot lift a restriction: no link there.
            ([.appeared(environment(.restricted))], .permissionRestrictedTitle, [.choosePhoto, .cancel], false),
            ([.appeared(environment(camera: false, .authorized))], .noCameraTitle, [.choosePhoto, .cancel], false),
            ([.appeared(environment(key: false, .authorized))], .misconfiguredTitle, [.choosePhoto, .cancel], false),
            // The shutter shows once the session runs: a tap before would take nothing.
            ([.appeared(camera)], .scanningPhotoTitle, [.choosePhoto, .cancel], true),
            (
                [.appeared(camera), .cameraStarted(torch: false)], .scanningPhotoTitle,
                [.capture, .choosePhoto, .cancel], true
            ),
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

    @Test("January's error shows its user-facing sentence from the catalogue, never its developer message")
    func januarySentence() {
        let failure = JanuaryError(category: .server, code: .internalError, message: "stack trace sk-secret")
        let (machine, _) = run([.appeared(camera), .photoCaptured(photo), .workFinished(attempt: 1, .failure(failure))])
        let screen = MealScannerScreen(machine)
        #expect(screen.message == .key(.errorServer))
        #expect(screen.message?.string == failure.localizedDescription)
    }

    @Test("every button has a label and a VoiceOver hint of its own")
    func buttonHints() {
        let kinds = MealScannerScreen.Button.Kind.allCases
        let buttons = kinds.map(MealScannerScreen.button)
        #expect(Set(buttons.map(\.hint)).count == kinds.count)
        for button in buttons {
            #expect(!button.label.localized.isEmpty)
        }
    }

    @Test(
        "barcode mode has its own screens: scanning without a shutter, looking up, no camera",
        arguments: [
            (
                [Machine.Event.appeared(camera)], MealScannerStringKey.scanningBarcodeTitle,
                [MealScannerScreen.Button.Kind.cancel]
            ),
            ([.appeared(camera), .barcodeRead("96385074", uptimeMilliseconds: 0)], .analysingBarcodeTitle, [.cancel]),
            // Without a camera, a photo of the barcode from the library.
            ([.appeared(environment(camera: false, .authorized))], .noCameraTitle, [.chooseBarcodePhoto, .cancel]),
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

    @Test("a text is the catalogue's English for a key")
    func texts() {
        #expect(MealScannerScreen.Text.key(.buttonCancel).string == "Cancel")
    }

    @Test("a simulated camera keeps its photo and barcode, and differs from the device")
    func simulatedCamera() {
        let simulated = MealScannerCamera.simulated(photo: photo, barcode: "96385074")
        #expect(simulated.source == .simulated(photo: photo, barcode: "96385074"))
        #expect(simulated != .device)
        #expect(MealScannerCamera.simulated(photo: photo).source == .simulated(photo: photo, barcode: nil))
    }
}
