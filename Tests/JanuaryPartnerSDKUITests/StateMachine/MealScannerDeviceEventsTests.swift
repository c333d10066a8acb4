import Foundation
import JanuaryCore
import JanuaryPartnerSDK
import Testing

@testable import JanuaryPartnerSDKUI

/// A machine whose camera is running, in the mode given.
func running(_ mode: MealScannerMode = .photo, torch: Bool = false) -> Machine {
    var machine = Machine(mode: mode)
    _ = machine.handle(.appeared(camera))
    _ = machine.handle(.cameraStarted(torch: torch))
    return machine
}

@Suite("What a device does to the scanner: leaving and coming back, interruptions, failures", suiteTimeLimit())
struct MealScannerDeviceEventsTests {
    // MARK: Leaving and coming back

    @Test(
        "the camera starts again when the scanner comes back (a pop back to it, a tab switch, a cover dismissed)",
        arguments: MealScannerMode.allCases)
    func cameraRestarts(mode: MealScannerMode) {
        var machine = running(mode)
        #expect(machine.handle(.disappeared) == [.stopCamera])
        #expect(machine.camera == .off)
        #expect(machine.handle(.appeared(camera)) == [.startCamera(mode)])
        #expect(machine.phase == .scanning)
        #expect(machine.handle(.cameraStarted(torch: false)) == [])
        if mode == .photo {
            #expect(machine.handle(.captureTapped) == [.capturePhoto])
        } else {
            #expect(
                machine.handle(.barcodeRead("96385074", uptimeMilliseconds: 0)).contains(
                    .lookUpBarcode("96385074", attempt: 1)))
        }
    }

    @Test("work in flight goes on while the scanner is away, and its result is delivered; the camera stays off")
    func workWhileAway() {
        var machine = running()
        _ = machine.handle(.photoCaptured(photo))
        #expect(machine.handle(.disappeared) == [])
        #expect(machine.handle(.appeared(camera)) == [])
        #expect(machine.phase == .working(.photo(photo)))
        let result = MealScannerResult.meal(image: photo, scan: scan)
        #expect(machine.handle(.workFinished(attempt: 1, .success(result))) == [.deliver(result)])
    }

    @Test("a photo the camera delivers while the scanner is away is not analysed")
    func photoWhileAway() {
        var machine = running()
        _ = machine.handle(.captureTapped)
        _ = machine.handle(.disappeared)
        #expect(machine.handle(.photoCaptured(photo)) == [])
        #expect(machine.attempt == 0)
    }

    @Test(
        "coming back reads the permission again",
        arguments: [
            (Machine.Permission.notDetermined, Machine.Permission.authorized, Machine.Phase.scanning),
            (.denied, .authorized, .scanning),
            (.authorized, .denied, .permissionDenied),
            (.restricted, .authorized, .scanning),
            (.denied, .restricted, .permissionRestricted),
        ])
    func permissionOnReturn(before: Machine.Permission, after: Machine.Permission, phase: Machine.Phase) {
        var machine = Machine(mode: .photo)
        _ = machine.handle(.appeared(environment(before)))
        _ = machine.handle(.disappeared)
        let actions = machine.handle(.appeared(environment(after)))
        #expect(machine.phase == phase)
        #expect(actions == (phase == .scanning ? [.startCamera(.photo)] : []))
    }

    @Test(
        "a permission changed in Settings takes effect when the app is active again",
        arguments: [
            (
                Machine.Permission.denied, Machine.Permission.authorized, Machine.Phase.scanning,
                [Machine.Action.startCamera(.photo)]
            ),
            (.notDetermined, .authorized, .scanning, [.startCamera(.photo)]),
            (.restricted, .authorized, .scanning, [.startCamera(.photo)]),
            (.authorized, .denied, .permissionDenied, [.stopCamera]),
            (.denied, .denied, .permissionDenied, []),
        ])
    func permissionInSettings(
        before: Machine.Permission, after: Machine.Permission, phase: Machine.Phase, actions: [Machine.Action]
    ) {
        var machine = Machine(mode: .photo)
        _ = machine.handle(.appeared(environment(before)))
        #expect(machine.handle(.permissionChecked(after)) == actions)
        #expect(machine.phase == phase)
    }

    @Test("the app going inactive and active around iOS's own prompt changes nothing: the answer decides")
    func permissionCheckedDuringPrompt() {
        var machine = Machine(mode: .photo)
        _ = machine.handle(.appeared(environment(.notDetermined)))
        _ = machine.handle(.continueTapped)
        #expect(machine.handle(.permissionChecked(.notDetermined)) == [])
        #expect(machine.handle(.permissionChecked(.authorized)) == [])
        #expect(machine.phase == .permissionPending)
        #expect(machine.handle(.permissionAnswered(granted: true)) == [.startCamera(.photo)])
    }

    @Test("a permission read while the scanner is away is used when it comes back, not before")
    func permissionWhileAway() {
        var machine = Machine(mode: .barcode)
        _ = machine.handle(.appeared(environment(.denied)))
        _ = machine.handle(.disappeared)
        #expect(machine.handle(.permissionChecked(.authorized)) == [])
        #expect(machine.phase == .permissionDenied)
        #expect(machine.handle(.appeared(camera)) == [.startCamera(.barcode)])
    }

    @Test(
        "dismissing the scanner (a sheet swiped away) is a cancel: work in flight stops and the app hears once",
        arguments: [
            (
                [Machine.Event.appeared(camera), .photoCaptured(photo)],
                [Machine.Action.cancelWork(attempt: 1), .deliverCancellation]
            ),
            ([.appeared(camera), .cameraStarted(torch: false)], [.stopCamera, .deliverCancellation]),
            ([.appeared(environment(.denied))], [.deliverCancellation]),
        ])
    func dismissed(events: [Machine.Event], actions: [Machine.Action]) {
        var (machine, _) = run(events)
        #expect(machine.handle(.dismissed) == actions)
        #expect(machine.phase == .cancelled)
        #expect(machine.handle(.dismissed) == [])
        #expect(machine.handle(.cancelTapped) == [])
    }

    // MARK: Interruptions and runtime errors

    @Test(
        "an interruption pauses the camera with its reason on screen; the camera resumes when it ends",
        arguments: [
            (Machine.Interruption.multitasking, MealScannerStringKey.interruptedMultitaskingMessage),
            (.otherApp, .interruptedOtherAppMessage), (.systemPressure, .interruptedPressureMessage),
            (.other, .interruptedOtherMessage),
        ])
    func interruption(reason: Machine.Interruption, message: MealScannerStringKey) {
        var machine = running(.photo, torch: true)
        _ = machine.handle(.torchTapped)
        #expect(machine.handle(.cameraInterrupted(reason)) == [])
        #expect(machine.phase == .interrupted(reason))
        #expect(!machine.torchOn)
        let screen = MealScannerScreen(machine)
        #expect(screen.title == .key(.interruptedTitle))
        #expect(screen.message == .key(message))
        #expect(!screen.showsCamera)
        #expect(screen.buttons.map(\.kind) == [.choosePhoto, .cancel])
        // No photo while paused.
        #expect(machine.handle(.captureTapped) == [])
        // AVFoundation resumes the session itself: nothing to start.
        #expect(machine.handle(.cameraInterruptionEnded) == [])
        #expect(machine.phase == .scanning)
        #expect(machine.handle(.captureTapped) == [.capturePhoto])
    }

    @Test("a mode picked while the camera is paused is applied when it resumes")
    func modeWhileInterrupted() {
        var machine = running(.photo)
        _ = machine.handle(.cameraInterrupted(.multitasking))
        #expect(machine.handle(.modeSelected(.barcode)) == [])
        #expect(machine.handle(.cameraInterruptionEnded) == [.startCamera(.barcode)])
        #expect(machine.camera == .starting)
    }

    @Test("an interruption or runtime error the camera reports when it is not in use changes nothing")
    func cameraEventsOutOfPlace() {
        var machine = Machine(mode: .photo)
        _ = machine.handle(.appeared(environment(.denied)))
        #expect(machine.handle(.cameraInterrupted(.otherApp)) == [])
        #expect(machine.handle(.cameraRuntimeError(mediaServicesReset: false)) == [])
        #expect(machine.handle(.cameraInterruptionEnded) == [])
        #expect(machine.handle(.cameraStarted(torch: true)) == [])
        #expect(machine.handle(.cameraSetUpFailed) == [])
        #expect(machine.phase == .permissionDenied)
    }

    @Test("after a media-services reset the camera is started again once; a second reset in a row is shown")
    func mediaServicesReset() {
        var machine = running(.barcode)
        #expect(machine.handle(.cameraRuntimeError(mediaServicesReset: true)) == [.startCamera(.barcode)])
        #expect(machine.phase == .scanning)
        #expect(machine.handle(.cameraRuntimeError(mediaServicesReset: true)) == [.stopCamera])
        #expect(machine.phase == .cameraFailed(.stopped))
        #expect(machine.handle(.retryTapped) == [.startCamera(.barcode)])
        // Once it ran again, a later reset restarts it again.
        _ = machine.handle(.cameraStarted(torch: false))
        #expect(machine.handle(.cameraRuntimeError(mediaServicesReset: true)) == [.startCamera(.barcode)])
    }

    @Test("any other runtime error stops the camera with a screen and a way to start it again")
    func runtimeError() {
        var machine = running(.photo)
        #expect(machine.handle(.cameraRuntimeError(mediaServicesReset: false)) == [.stopCamera])
        let screen = MealScannerScreen(machine)
        #expect(screen.title == .key(.cameraStoppedTitle))
        #expect(screen.buttons.map(\.kind) == [.retryCamera, .choosePhoto, .cancel])
        #expect(machine.handle(.retryTapped) == [.startCamera(.photo)])
        #expect(machine.phase == .scanning)
    }

    // MARK: Failures shown

    @Test("a camera that fails to set up says so and is set up again on retry")
    func setUpFails() {
        var machine = Machine(mode: .photo)
        _ = machine.handle(.appeared(camera))
        #expect(machine.handle(.cameraSetUpFailed) == [])
        #expect(machine.phase == .cameraFailed(.setUp))
        #expect(machine.camera == .off)
        let screen = MealScannerScreen(machine)
        #expect(screen.title == .key(.cameraSetUpFailedTitle))
        #expect(screen.buttons.map(\.kind) == [.retryCamera, .choosePhoto, .cancel])
        #expect(machine.handle(.retryTapped) == [.startCamera(.photo)])
        _ = machine.handle(.cameraStarted(torch: false))
        #expect(machine.handle(.captureTapped) == [.capturePhoto])
    }

    @Test("a photo the camera fails to take says so, and the camera starts again on retry")
    func captureFails() {
        var machine = running(.photo)
        #expect(machine.handle(.captureTapped) == [.capturePhoto])
        #expect(machine.handle(.photoCaptureFailed) == [.stopCamera])
        #expect(machine.phase == .cameraFailed(.capture))
        #expect(MealScannerScreen(machine).title == .key(.captureFailedTitle))
        #expect(machine.handle(.retryTapped) == [.startCamera(.photo)])
    }

    @Test(
        "a photo the library cannot hand over, or that cannot be read, says so; another can be chosen",
        arguments: [
            (Machine.PhotoFailure.notLoaded, MealScannerStringKey.photoNotLoadedTitle),
            (.unreadable, .photoUnreadableTitle),
        ])
    func pickFails(failure: Machine.PhotoFailure, title: MealScannerStringKey) {
        var machine = Machine(mode: .photo)
        _ = machine.handle(.appeared(environment(.denied)))
        #expect(machine.handle(.choosePhotoTapped) == [.presentPhotoPicker])
        #expect(machine.handle(.photoPickFailed(failure)) == [])
        #expect(machine.phase == .photoFailed(failure))
        let screen = MealScannerScreen(machine)
        #expect(screen.title == .key(title))
        #expect(screen.buttons.map(\.kind) == [.choosePhoto, .scanAgain, .cancel])
        #expect(machine.handle(.choosePhotoTapped) == [.presentPhotoPicker])
        #expect(machine.handle(.photoPicked(photo)) == [.analysePhoto(photo, attempt: 1)])
    }

    @Test("a failed pick from the live camera stops it; scan again starts it")
    func pickFailsFromCamera() {
        var machine = running(.photo)
        #expect(machine.handle(.photoPickFailed(.notLoaded)) == [.stopCamera])
        #expect(machine.handle(.scanAgainTapped) == [.startCamera(.photo)])
    }

    @Test("taps on the shutter take one photo at a time")
    func oneCaptureAtATime() {
        var machine = running(.photo)
        let actions = (0..<5).flatMap { _ in machine.handle(.captureTapped) }
        #expect(actions == [.capturePhoto])
        #expect(machine.handle(.photoCaptured(photo)) == [.stopCamera, .analysePhoto(photo, attempt: 1)])
    }

    @Test("no photo is asked for before the session runs")
    func captureBeforeRunning() {
        var machine = Machine(mode: .photo)
        _ = machine.handle(.appeared(camera))
        #expect(machine.handle(.captureTapped) == [])
        #expect(MealScannerScreen(machine).showsProgress)
    }

    // MARK: The pre-permission screen

    @Test("the button before iOS's prompt says Continue: App Review refuses an Allow there (guideline 5.1.1)")
    func continueBeforePrompt() throws {
        let (machine, _) = run([.appeared(environment(.notDetermined))])
        let button = try #require(MealScannerScreen(machine).buttons.first)
        #expect(button.label.localized == "Continue")
        for kind in MealScannerScreen.Button.Kind.allCases {
            #expect(!MealScannerScreen.button(kind).label.localized.localizedCaseInsensitiveContains("allow"))
        }
    }

    // MARK: Torch, scan area, camera during work

    @Test("the torch is offered only where the device has one, and goes off with the camera")
    func torch() {
        var machine = running(.barcode, torch: true)
        #expect(MealScannerScreen(machine).buttons.map(\.kind) == [.torchOn, .cancel])
        #expect(machine.handle(.torchTapped) == [.setTorch(true)])
        #expect(MealScannerScreen(machine).buttons.map(\.kind) == [.torchOff, .cancel])
        #expect(machine.handle(.torchTapped) == [.setTorch(false)])
        _ = machine.handle(.torchTapped)
        _ = machine.handle(.barcodeRead("96385074", uptimeMilliseconds: 0))
        #expect(!machine.torchOn)

        var without = running(.barcode, torch: false)
        #expect(without.handle(.torchTapped) == [])
        #expect(MealScannerScreen(without).buttons.map(\.kind) == [.cancel])
    }

    @Test("the barcode frame is drawn over the live camera in barcode mode only")
    func scanArea() {
        #expect(MealScannerScreen(running(.barcode)).showsScanArea)
        #expect(!MealScannerScreen(running(.photo)).showsScanArea)
        var working = running(.barcode)
        _ = working.handle(.barcodeRead("96385074", uptimeMilliseconds: 0))
        #expect(!MealScannerScreen(working).showsScanArea)
    }

    // MARK: Barcodes in still photos

    @Test(
        "a still photo goes to the barcode lookup when its barcode fills it (any barcode, in barcode mode)",
        arguments: [
            // (mode, barcode read in the photo, what happens)
            (MealScannerMode.photo, Machine.StillBarcode(code: "5000112637922", coverage: 0.4), "lookUp"),
            (.photo, Machine.StillBarcode(code: "5000112637922", coverage: 0.1), "lookUp"),
            // A product in the background of a meal.
            (.photo, Machine.StillBarcode(code: "5000112637922", coverage: 0.02), "analyse"),
            // Not a product's code.
            (.photo, Machine.StillBarcode(code: "HELLO", coverage: 0.9), "analyse"),
            (.barcode, Machine.StillBarcode(code: "5000112637922", coverage: 0.02), "lookUp"),
            (.barcode, nil, "noBarcode"),
            (.barcode, Machine.StillBarcode(code: "HELLO", coverage: 0.9), "noBarcode"),
        ] as [(MealScannerMode, Machine.StillBarcode?, String)])
    func stillBarcode(mode: MealScannerMode, barcode: Machine.StillBarcode?, outcome: String) {
        var machine = Machine(mode: mode)
        _ = machine.handle(.appeared(environment(camera: false, .authorized)))
        let actions = machine.handle(.photoPicked(photo, barcode: barcode))
        switch outcome {
        case "lookUp": #expect(actions == [.lookUpBarcode("5000112637922", attempt: 1)])
        case "analyse": #expect(actions == [.analysePhoto(photo, attempt: 1)])
        default:
            #expect(actions == [])
            #expect(machine.phase == .photoFailed(.noBarcode))
            #expect(MealScannerScreen(machine).title == .key(.noBarcodeTitle))
        }
    }

    @Test("a photo taken of a barcode in photo mode is looked up, not sent to the analysis")
    func capturedBarcode() {
        var machine = running(.photo)
        _ = machine.handle(.captureTapped)
        let barcode = Machine.StillBarcode(code: "96385074", coverage: 0.5)
        #expect(
            machine.handle(.photoCaptured(photo, barcode: barcode)) == [
                .stopCamera, .lookUpBarcode("96385074", attempt: 1),
            ])
    }

    // MARK: VoiceOver

    @Test(
        "every screen announces its title, then its message",
        arguments: [
            [Machine.Event](), [.appeared(environment(.notDetermined))], [.appeared(camera)],
            [.appeared(camera), .cameraInterrupted(.multitasking)], [.appeared(camera), .cameraSetUpFailed],
            [.appeared(camera), .photoCaptured(photo)],
            [.appeared(camera), .photoCaptured(photo), .workFinished(attempt: 1, .failure(error(.server)))],
        ])
    func announcements(events: [Machine.Event]) {
        let screen = MealScannerScreen(run(events).0)
        #expect(screen.announcement == [screen.title] + (screen.message.map { [$0] } ?? []))
        #expect(screen.announcement.allSatisfy { !$0.string.isEmpty })
    }
}
