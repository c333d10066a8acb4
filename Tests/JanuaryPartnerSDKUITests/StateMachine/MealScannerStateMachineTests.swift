import Foundation
import JanuaryCore
import JanuaryPartnerSDK
import Testing

@testable import JanuaryPartnerSDKUI

typealias Machine = MealScannerStateMachine

/// Environments by name, for the tables.
let camera = Machine.Environment(hasCameraUsageDescription: true, hasCamera: true, permission: .authorized)
let photo = Data([0xFF, 0xD8, 0xFF, 0x01])
let scan = FoodScan(mealName: "Porridge", detections: [])
let food = Food(id: FoodID(rawValue: "123"), name: "Oat drink")

func environment(key: Bool = true, camera: Bool = true, _ permission: Machine.Permission) -> Machine.Environment {
    Machine.Environment(hasCameraUsageDescription: key, hasCamera: camera, permission: permission)
}

func error(_ category: JanuaryError.Category, _ code: JanuaryError.Code? = nil) -> JanuaryError {
    JanuaryError(category: category, code: code, message: "test")
}

/// Runs events from a fresh machine; returns it and the actions of the last event.
func run(_ events: [Machine.Event], mode: MealScannerMode = .photo) -> (Machine, [Machine.Action]) {
    var machine = Machine(mode: mode)
    var actions: [Machine.Action] = []
    for event in events {
        actions = machine.handle(event)
    }
    return (machine, actions)
}

@Suite("The scanner's state machine: every state, its way in and its way out", suiteTimeLimit())
struct MealScannerStateMachineTests {
    @Test(
        "appearing picks the state the device allows: no camera, then the Info.plist key, then the permission",
        arguments: [
            (environment(.authorized), Machine.Phase.scanning, [Machine.Action.startCamera(.photo)]),
            (environment(.notDetermined), .permissionNotAsked, []),
            (environment(.denied), .permissionDenied, []),
            (environment(.restricted), .permissionRestricted, []),
            (environment(camera: false, .authorized), .noCamera, []),
            // The simulator without the key still gets the photo library: picking a photo needs no key.
            (environment(key: false, camera: false, .notDetermined), .noCamera, []),
            // Without the key the camera is never requested, whatever the permission says.
            (environment(key: false, .notDetermined), .misconfigured, []),
            (environment(key: false, .authorized), .misconfigured, []),
        ])
    func appearing(environment: Machine.Environment, phase: Machine.Phase, actions: [Machine.Action]) {
        let (machine, result) = run([.appeared(environment)])
        #expect(machine.phase == phase)
        #expect(result == actions)
    }

    @Test(
        "asking for the camera: the prompt, then the answer",
        arguments: [
            (true, Machine.Phase.scanning, [Machine.Action.startCamera(.barcode)]), (false, .permissionDenied, []),
        ]
    )
    func permission(granted: Bool, phase: Machine.Phase, actions: [Machine.Action]) {
        var machine = Machine(mode: .barcode)
        _ = machine.handle(.appeared(environment(.notDetermined)))
        #expect(machine.handle(.continueTapped) == [.requestCameraPermission])
        #expect(machine.phase == .permissionPending)
        // A second tap while the prompt shows asks nothing more.
        #expect(machine.handle(.continueTapped) == [])
        #expect(machine.handle(.permissionAnswered(granted: granted)) == actions)
        #expect(machine.phase == phase)
    }

    @Test("a captured photo is analysed with the camera stopped; its result is delivered")
    func photoToMeal() {
        var machine = Machine(mode: .photo)
        _ = machine.handle(.appeared(camera))
        #expect(machine.handle(.photoCaptured(photo)) == [.stopCamera, .analysePhoto(photo, attempt: 1)])
        #expect(machine.phase == .working(.photo(photo)))
        let result = MealScannerResult.meal(image: photo, scan: scan)
        #expect(machine.handle(.workFinished(attempt: 1, .success(result))) == [.deliver(result)])
        #expect(machine.phase == .finished)
        // Done means done: nothing more is delivered.
        #expect(machine.handle(.cancelTapped) == [])
        #expect(machine.handle(.photoCaptured(photo)) == [])
    }

    @Test("a barcode is looked up with the camera stopped; its food is delivered")
    func barcodeToFood() {
        var machine = Machine(mode: .barcode)
        _ = machine.handle(.appeared(camera))
        #expect(
            machine.handle(.barcodeRead("5000112637922", uptimeMilliseconds: 0)) == [
                .stopCamera, .lookUpBarcode("5000112637922", attempt: 1),
            ])
        let result = MealScannerResult.food(food, barcode: "5000112637922")
        #expect(machine.handle(.workFinished(attempt: 1, .success(result))) == [.deliver(result)])
    }

    @Test(
        "a repeated barcode is ignored until it has been out of view for two seconds",
        arguments: [
            // (reads as (code, ms), how many lookups)
            ([("5000112637922", 0), ("5000112637922", 100)], 1),
            // Held in view: each sighting extends the quiet period.
            ([("5000112637922", 0), ("5000112637922", 1_500), ("5000112637922", 3_000)], 1),
            // Gone for two seconds: read again.
            ([("5000112637922", 0), ("5000112637922", 2_000)], 2),
            // A different code is read at once.
            ([("5000112637922", 0), ("96385074", 10)], 2),
            // Misreads are never looked up.
            ([("12345", 0), ("50001126379220000", 1), ("50001l2637922", 2)], 0),
        ] as [([(String, Int64)], Int)])
    func debounce(reads: [(String, Int64)], lookups: Int) {
        var machine = Machine(mode: .barcode)
        _ = machine.handle(.appeared(camera))
        var count = 0
        for (code, time) in reads {
            let actions = machine.handle(.barcodeRead(code, uptimeMilliseconds: time))
            count += actions.filter { if case .lookUpBarcode = $0 { true } else { false } }.count
            // Back to scanning after each lookup, as if the user dismissed a "not found".
            if case .working = machine.phase {
                _ = machine.handle(.workFinished(attempt: machine.attempt, .failure(error(.notFound))))
                _ = machine.handle(.scanAgainTapped)
            }
        }
        #expect(count == lookups)
    }

    @Test("barcodes are ignored in photo mode and while a lookup runs")
    func barcodeIgnored() {
        var photoMode = Machine(mode: .photo)
        _ = photoMode.handle(.appeared(camera))
        #expect(photoMode.handle(.barcodeRead("96385074", uptimeMilliseconds: 0)) == [])
        var working = Machine(mode: .barcode)
        _ = working.handle(.appeared(camera))
        _ = working.handle(.barcodeRead("96385074", uptimeMilliseconds: 0))
        #expect(working.handle(.barcodeRead("5000112637922", uptimeMilliseconds: 5_000)) == [])
        #expect(working.attempt == 1)
    }

    @Test(
        "a failure becomes the screen for it",
        arguments: [
            (MealScannerMode.photo, error(.network, .notConnectedToInternet), Machine.Failure.offline),
            (.barcode, error(.network, .notConnectedToInternet), .offline),
            (.barcode, error(.notFound, .notFound), .unknownBarcode),
            (.photo, error(.rateLimited, .rateLimited), .january(sentence: .errorRateLimited, canRetry: true)),
            (.photo, error(.invalidInput, .imageCorrupt), .january(sentence: .errorInvalidInput, canRetry: false)),
            (.photo, error(.server, .upstreamTimeout), .january(sentence: .errorServer, canRetry: true)),
            (
                .barcode, error(.authorization, .scopeInsufficient),
                .january(sentence: .errorAuthorization, canRetry: false)
            ),
            // "Not found" means an unknown product only for a barcode; a photo's is January's own sentence.
            (.photo, error(.notFound, .notFound), .january(sentence: .errorNotFound, canRetry: false)),
            (
                .photo, error(.rateLimited, .creditLimitExceeded),
                .january(sentence: .errorMonthlyLimit, canRetry: false)
            ),
        ])
    func failures(mode: MealScannerMode, error: JanuaryError, failure: Machine.Failure) {
        var machine = Machine(mode: mode)
        _ = machine.handle(.appeared(camera))
        _ =
            mode == .photo
            ? machine.handle(.photoCaptured(photo)) : machine.handle(.barcodeRead("96385074", uptimeMilliseconds: 0))
        #expect(machine.handle(.workFinished(attempt: 1, .failure(error))) == [])
        guard case .failed(let shown, _) = machine.phase else {
            Issue.record("not failed: \(machine.phase)")
            return
        }
        #expect(shown == failure)
    }

    @Test("retry sends the same work again as a new attempt; scan again returns to the camera")
    func retry() {
        var machine = Machine(mode: .photo)
        _ = machine.handle(.appeared(camera))
        _ = machine.handle(.photoCaptured(photo))
        _ = machine.handle(.workFinished(attempt: 1, .failure(error(.network, .notConnectedToInternet))))
        #expect(machine.handle(.retryTapped) == [.analysePhoto(photo, attempt: 2)])
        // The first attempt's late answer is dropped.
        #expect(machine.handle(.workFinished(attempt: 1, .success(.meal(image: photo, scan: scan)))) == [])
        _ = machine.handle(.workFinished(attempt: 2, .failure(error(.invalidInput))))
        // Retrying the same bad photo cannot help: no retry, only scan again.
        #expect(machine.handle(.retryTapped) == [])
        #expect(machine.handle(.scanAgainTapped) == [.startCamera(.photo)])
        #expect(machine.phase == .scanning)
    }

    @Test(
        "cancel works from every state, cancels work in flight, stops a camera that may run and is delivered once",
        arguments: [
            ([Machine.Event](), [Machine.Action.deliverCancellation]),
            ([.appeared(environment(.notDetermined))], [.deliverCancellation]),
            ([.appeared(environment(.denied))], [.deliverCancellation]),
            ([.appeared(environment(.restricted))], [.deliverCancellation]),
            ([.appeared(environment(camera: false, .authorized))], [.deliverCancellation]),
            ([.appeared(environment(key: false, .authorized))], [.deliverCancellation]),
            ([.appeared(camera)], [.stopCamera, .deliverCancellation]),
            ([.appeared(camera), .cameraStarted(torch: false)], [.stopCamera, .deliverCancellation]),
            ([.appeared(camera), .photoCaptured(photo)], [.cancelWork(attempt: 1), .deliverCancellation]),
            (
                [.appeared(camera), .photoCaptured(photo), .workFinished(attempt: 1, .failure(error(.server)))],
                [.deliverCancellation]
            ),
        ])
    func cancel(events: [Machine.Event], expected: [Machine.Action]) {
        var (machine, _) = run(events, mode: .photo)
        #expect(machine.handle(.cancelTapped) == expected)
        #expect(machine.phase == .cancelled)
        #expect(machine.handle(.cancelTapped) == [])
        #expect(machine.handle(.dismissed) == [])
        #expect(machine.handle(.workFinished(attempt: 1, .success(.meal(image: photo, scan: scan)))) == [])
    }

    @Test("switching mode reconfigures the camera, and abandons work in flight")
    func modes() {
        var machine = Machine(mode: .photo)
        _ = machine.handle(.appeared(camera))
        #expect(machine.handle(.modeSelected(.photo)) == [])
        #expect(machine.handle(.modeSelected(.barcode)) == [.startCamera(.barcode)])
        #expect(
            machine.handle(.barcodeRead("96385074", uptimeMilliseconds: 0)) == [
                .stopCamera, .lookUpBarcode("96385074", attempt: 1),
            ])
        #expect(machine.handle(.modeSelected(.photo)) == [.cancelWork(attempt: 1), .startCamera(.photo)])
        #expect(machine.phase == .scanning)
        #expect(machine.handle(.workFinished(attempt: 1, .success(.food(food, barcode: "96385074")))) == [])
    }

    @Test(
        "the photo library stands in where the camera cannot be used",
        arguments: [
            environment(camera: false, .authorized), environment(.denied), environment(.restricted),
            environment(key: false, .authorized), environment(.notDetermined),
        ])
    func photoLibrary(environment: Machine.Environment) {
        var machine = Machine(mode: .photo)
        _ = machine.handle(.appeared(environment))
        #expect(machine.handle(.choosePhotoTapped) == [.presentPhotoPicker])
        #expect(machine.handle(.photoPicked(photo)) == [.analysePhoto(photo, attempt: 1)])
        // A photo-library photo is analysed whatever mode was selected.
        #expect(machine.mode == .photo)
    }

    @Test("the Info.plist key is checked: missing, not text or blank is a configuration error")
    func usageDescription() throws {
        try MealScannerConfigurationError.checkCameraUsageDescription(in: [
            "NSCameraUsageDescription": "To photograph meals."
        ])
        for info in [nil, [:], ["NSCameraUsageDescription": 1], ["NSCameraUsageDescription": "  \n"]]
            as [[String: Any]?]
        {
            #expect(throws: MealScannerConfigurationError(missingInfoPlistKey: "NSCameraUsageDescription")) {
                try MealScannerConfigurationError.checkCameraUsageDescription(in: info)
            }
        }
    }

    @Test(
        "an event the state does not expect changes nothing",
        arguments: [
            // Appearing twice.
            ([Machine.Event.appeared(camera)], Machine.Event.appeared(environment(.denied))),
            // Nothing happens before appearing.
            ([], .continueTapped), ([], .permissionAnswered(granted: true)), ([], .photoCaptured(photo)),
            ([], .photoPicked(photo)), ([], .choosePhotoTapped), ([], .retryTapped), ([], .scanAgainTapped),
            ([], .workFinished(attempt: 0, .success(.meal(image: photo, scan: scan)))),
            // An answer nobody asked for, and a tap on a button the screen does not show.
            ([.appeared(environment(.denied))], .permissionAnswered(granted: true)),
            ([.appeared(camera)], .continueTapped), ([.appeared(camera)], .retryTapped),
            ([.appeared(camera)], .scanAgainTapped),
            // No photo, picked or taken, while work runs or the prompt shows.
            ([.appeared(camera), .photoCaptured(photo)], .photoPicked(photo)),
            ([.appeared(camera), .photoCaptured(photo)], .choosePhotoTapped),
            ([.appeared(environment(.notDetermined)), .continueTapped], .photoPicked(photo)),
            // A mode change where there is no camera to reconfigure.
            ([.appeared(environment(.denied))], .modeSelected(.barcode)),
        ])
    func ignored(before: [Machine.Event], event: Machine.Event) {
        var (machine, _) = run(before)
        let phase = machine.phase
        let attempt = machine.attempt
        #expect(machine.handle(event) == [])
        #expect(machine.phase == phase)
        #expect(machine.attempt == attempt)
    }

    @Test("a photo taken in barcode mode is ignored: the shutter is not shown there")
    func photoInBarcodeMode() {
        let (machine, actions) = run([.appeared(camera), .photoCaptured(photo)], mode: .barcode)
        #expect(actions == [])
        #expect(machine.phase == .scanning)
    }

    @Test("a failure shown is left for the new mode's camera")
    func modeFromFailure() {
        var machine = Machine(mode: .photo)
        _ = machine.handle(.appeared(camera))
        _ = machine.handle(.photoCaptured(photo))
        _ = machine.handle(.workFinished(attempt: 1, .failure(error(.server))))
        #expect(machine.handle(.modeSelected(.barcode)) == [.startCamera(.barcode)])
        #expect(machine.phase == .scanning)
    }

    @Test("an error that is not January's, such as the task's cancellation, reaches the machine as cancelled")
    func cancellationMapping() async throws {
        let failure = Machine.failure(
            for: JanuaryError(category: .cancelled, code: .cancelled, message: "x"), during: .photo(photo))
        // Stopped on purpose (its recovery is to ignore it): scanning again, not the same request.
        #expect(failure == .january(sentence: .errorCancelled, canRetry: false))
    }

    @Test(
        "a product's code is 6 to 14 digits: UPC-E to ITF-14; anything else is a misread",
        arguments: [
            ("123456", true), ("01234565", true), ("96385074", true), ("012345678905", true),
            ("5000112637922", true), ("15000112637929", true),
            ("12345", false), ("150001126379290", false), ("", false), ("50001l2637922", false),
            ("５０００１１２６３７９２２", false), ("-1234567", false),
        ])
    func barcodeLengths(code: String, accepted: Bool) {
        #expect(Machine.isBarcode(code) == accepted)
    }

    @Test("abandoning work retires its attempt at once: the next work is a new attempt, the old answer is dropped")
    func abandonedAttempt() {
        var machine = Machine(mode: .barcode)
        _ = machine.handle(.appeared(camera))
        _ = machine.handle(.barcodeRead("96385074", uptimeMilliseconds: 0))
        #expect(machine.handle(.modeSelected(.photo)) == [.cancelWork(attempt: 1), .startCamera(.photo)])
        #expect(machine.attempt == 2)
        #expect(machine.handle(.photoCaptured(photo)) == [.stopCamera, .analysePhoto(photo, attempt: 3)])
        #expect(machine.handle(.workFinished(attempt: 1, .success(.food(food, barcode: "96385074")))) == [])
        #expect(machine.handle(.workFinished(attempt: 2, .success(.food(food, barcode: "96385074")))) == [])
        #expect(machine.phase == .working(.photo(photo)))
    }
}
