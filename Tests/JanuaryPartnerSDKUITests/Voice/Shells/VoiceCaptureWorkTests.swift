import Foundation
import JanuaryCore
import JanuaryCoreTesting
import JanuaryPartnerSDK
import JanuaryPartnerSDKTesting
import JanuaryTestServer
import Testing

@testable import JanuaryPartnerSDKUI

@Suite("Voice capture's text goes to analyzeDescription through the facade", suiteTimeLimit())
struct VoiceCaptureWorkTests {
    @Test("the checked text is analysed into foods")
    func analysed() async throws {
        let january = try JanuaryPartnerClient.simulated(JanuaryAPISimulator.inProcess())
        let result = try await withDeadline("the analysis") {
            await VoiceCaptureWork.analyse("two eggs and a slice of toast", with: january)
        }
        let scan = try result.get()
        #expect(scan.detections.count == 2)
        // The same text sent directly gives the same analysis: nothing is added or changed on the way.
        let direct = try await withDeadline("the direct analysis") {
            try await january.foodAnalysis.analyzeDescription("two eggs and a slice of toast")
        }
        #expect(scan == direct)
    }

    @Test("an offline device and a spent monthly allowance reach the machine as their own screens")
    func failures() async throws {
        let simulator = JanuaryAPISimulator.inProcess()
        let january = try JanuaryPartnerClient.simulated(simulator) { $0.retryPolicy = .none }
        var harness = VoiceHarness(VoiceRoute.analysing)
        simulator.failNext(with: .transportError(.notConnectedToInternet))
        let offline = try await withDeadline("the analysis") {
            await VoiceCaptureWork.analyse("two eggs", with: january)
        }
        _ = harness.send(.workFinished(attempt: 1, offline))
        #expect(harness.phase == .failed(.offline))

        simulator.failNext(with: .error(status: 429, code: "credit_limit_exceeded"))
        #expect(harness.send(.retryTapped) == [.analyse("two eggs", attempt: 2)])
        let spent = try await withDeadline("the analysis") { await VoiceCaptureWork.analyse("two eggs", with: january) }
        _ = harness.send(.workFinished(attempt: 2, spent))
        guard case .failed(.january(_, let canRetry)) = harness.phase else {
            Issue.record("not a January failure: \(harness.phase)")
            return
        }
        #expect(!canRetry)
    }

    @Test("a cancelled analysis comes back as a cancelled error, never a crash")
    func cancelled() async throws {
        let january = try JanuaryPartnerClient.simulated(JanuaryAPISimulator.inProcess())
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await VoiceCaptureWork.analyse("two eggs", with: january)
        }
        let result = try await withDeadline("the analysis") { await task.value }
        guard case .failure(let error) = result else {
            Issue.record("analysed despite the cancellation: \(result)")
            return
        }
        #expect(error.category == .cancelled)
    }
}
