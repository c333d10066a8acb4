import Foundation
import JanuaryPartnerSDK
import JanuaryPartnerSDKTesting
import JanuaryTestServer

/// What the scanner screen runs on without a camera or a network: a bundled still photo of a breakfast plate and
/// a client answered by January's simulator in process.
public enum ScannerExample {
    /// The still photo the simulated camera "takes": a PNG bundled with this target.
    public static var stillPhoto: Data {
        guard let url = Bundle.module.url(forResource: "breakfast-plate", withExtension: "png"),
            let data = try? Data(contentsOf: url)
        else {
            return Data()
        }
        return data
    }

    /// A barcode the simulator's catalogue knows (its oat rings), which the simulated camera reads in barcode mode.
    public static let knownBarcode = "012345678905"

    /// A client answered in process by the simulator, for the example screen and its preview.
    public static func simulatedClient() throws -> JanuaryPartnerClient {
        try .simulated(JanuaryAPISimulator.inProcess())
    }
}
