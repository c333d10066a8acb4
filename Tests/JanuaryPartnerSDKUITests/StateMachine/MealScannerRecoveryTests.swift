import Foundation
import JanuaryCore
import Testing

@testable import JanuaryPartnerSDKUI

/// The scanner's "Try again" follows `JanuaryError.recovery`: offered only where the same work may pass later.
@Suite("The scanner offers \"Try again\" only when the error's recovery allows it", suiteTimeLimit())
struct MealScannerRecoveryTests {
    /// The failure screen after `failure` ends the first attempt in `mode`.
    static func failed(with failure: JanuaryError, mode: MealScannerMode) -> Machine {
        let work: Machine.Event =
            mode == .photo ? .photoCaptured(photo) : .barcodeRead("96385074", uptimeMilliseconds: 0)
        return run([.appeared(camera), work, .workFinished(attempt: 1, .failure(failure))], mode: mode).0
    }

    @Test(
        "a spent monthly allowance never offers Try again, and a tap on it does nothing",
        arguments: [JanuaryError.Code.creditLimitExceeded, .requestLimitExceeded], [MealScannerMode.photo, .barcode])
    func monthlyLimit(code: JanuaryError.Code, mode: MealScannerMode) {
        let limit = JanuaryError(category: .rateLimited, code: code, message: "m", statusCode: 429)
        var machine = Self.failed(with: limit, mode: mode)
        let screen = MealScannerScreen(machine)
        #expect(screen.buttons.map(\.kind) == [.scanAgain, .cancel])
        #expect(screen.message == .key(.errorMonthlyLimit))
        #expect(machine.handle(.retryTapped) == [])
        #expect(machine.attempt == 1)
    }

    @Test(
        "every known code offers Try again exactly when its recovery is to retry", arguments: JanuaryError.Code.allKnown
    )
    func everyCode(code: JanuaryError.Code) {
        // `server` is the category that offered Try again for every code before the scanner read the recovery.
        let failure = JanuaryError(category: .server, code: code, message: "m")
        let retries = [.retryLater, .retryWhenOnline].contains(failure.recovery.kind)
        var machine = Self.failed(with: failure, mode: .photo)
        #expect(MealScannerScreen(machine).buttons.map(\.kind).contains(.retry) == retries, "\(code)")
        #expect(machine.handle(.retryTapped) == (retries ? [.analysePhoto(photo, attempt: 2)] : []), "\(code)")
    }

    @Test("a write that may have taken effect is not offered again")
    func mayHaveTakenEffect() {
        let failure = JanuaryError(category: .server, code: .internalError, message: "m", mayHaveTakenEffect: true)
        let machine = Self.failed(with: failure, mode: .photo)
        #expect(MealScannerScreen(machine).buttons.map(\.kind) == [.scanAgain, .cancel])
    }
}
