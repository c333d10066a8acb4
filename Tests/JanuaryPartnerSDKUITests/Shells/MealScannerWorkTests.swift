import Foundation
import JanuaryCore
import JanuaryCoreTesting
import JanuaryPartnerSDK
import JanuaryPartnerSDKTesting
import JanuaryTestServer
import Testing

@testable import JanuaryPartnerSDKUI

@Suite("The scanner's work goes through the facade to the simulator", suiteTimeLimit())
struct MealScannerWorkTests {
    /// A whole 1 x 1 PNG.
    static let png = Data(
        base64Encoded:
            "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==")!

    @Test("a photo comes back as a meal with the bytes that were sent")
    func meal() async throws {
        let january = try JanuaryPartnerClient.simulated(JanuaryAPISimulator.inProcess())
        let result = try await withDeadline("the analysis") { await MealScannerWork.analyse(Self.png, with: january) }
        guard case .success(.meal(let image, let scan)) = result else {
            Issue.record("not a meal: \(result)")
            return
        }
        // Sent as given: the shell prepared it before the state machine saw it.
        #expect(image == Self.png)
        #expect(!scan.detections.isEmpty)
    }

    @Test(
        "a barcode is looked up, then the food is fetched with all its servings",
        arguments: ["012345678905", "0894700010045"])
    func food(barcode: String) async throws {
        let january = try JanuaryPartnerClient.simulated(JanuaryAPISimulator.inProcess())
        let result = try await withDeadline("the lookup") { await MealScannerWork.lookUp(barcode, with: january) }
        guard case .success(.food(let food, let read)) = result else {
            Issue.record("not a food: \(result)")
            return
        }
        #expect(read == barcode)
        let direct = try await withDeadline("the food") { try await january.foods.get(id: food.id) }
        #expect(food == direct)
    }

    @Test("an unknown barcode and an offline device reach the machine as their own screens")
    func failures() async throws {
        let simulator = JanuaryAPISimulator.inProcess()
        // No retries: the offline answer reaches the scanner at once rather than after the client's back-off.
        let january = try JanuaryPartnerClient.simulated(simulator) { $0.retryPolicy = .none }
        var machine = MealScannerStateMachine(mode: .barcode)
        _ = machine.handle(.appeared(camera))
        _ = machine.handle(.barcodeRead("99999999", uptimeMilliseconds: 0))
        let unknown = try await withDeadline("the lookup") { await MealScannerWork.lookUp("99999999", with: january) }
        _ = machine.handle(.workFinished(attempt: 1, unknown))
        #expect(machine.phase == .failed(.unknownBarcode, .barcode("99999999")))

        simulator.failNext(with: .transportError(.notConnectedToInternet))
        _ = machine.handle(.scanAgainTapped)
        _ = machine.handle(.barcodeRead("012345678905", uptimeMilliseconds: 10_000))
        let offline = try await withDeadline("the lookup") {
            await MealScannerWork.lookUp("012345678905", with: january)
        }
        _ = machine.handle(.workFinished(attempt: 2, offline))
        #expect(machine.phase == .failed(.offline, .barcode("012345678905")))
    }

    @Test("bytes that are no image are refused before anything is sent")
    func notAnImage() async throws {
        let simulator = JanuaryAPISimulator.inProcess()
        let january = try JanuaryPartnerClient.simulated(simulator)
        let result = try await withDeadline("the analysis") {
            await MealScannerWork.analyse(Data("not an image".utf8), with: january)
        }
        guard case .failure(let error) = result else {
            Issue.record("analysed: \(result)")
            return
        }
        #expect(error.category == .invalidInput)
    }

    @Test("an error that is not January's, such as the task's cancellation, is a cancellation, not a failure to retry")
    func cancellation() async throws {
        let result = await MealScannerWork.capture { throw CancellationError() }
        guard case .failure(let error) = result else {
            Issue.record("succeeded: \(result)")
            return
        }
        #expect(error.category == .cancelled)
        #expect(error.code == .cancelled)
        #expect(error.underlyingError is CancellationError)
    }

    @Test("a task cancelled during a lookup ends as cancelled")
    func cancelledLookup() async throws {
        let january = try JanuaryPartnerClient.simulated(JanuaryAPISimulator.inProcess())
        let task = Task { await MealScannerWork.lookUp("012345678905", with: january) }
        task.cancel()
        let result = try await withDeadline("the lookup") { await task.value }
        guard case .failure(let error) = result else {
            Issue.record("succeeded: \(result)")
            return
        }
        #expect(error.category == .cancelled)
    }
}
