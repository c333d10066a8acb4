import Foundation
import JanuaryPartnerSDK
import JanuaryPartnerSDKTestSupport

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The child process of the crash tests, which start it and kill it with SIGKILL at random moments:
///
///     JanuaryCrashChild outbox-store <directory> <seed> <acknowledgement file>
///     JanuaryCrashChild outbox-deliver <directory> <simulator base URL> <progress file> <meals>
///
/// `outbox-deliver` is ``OutboxDeliveryChild``: a partner app that logs meals through the outbox and delivers them.
///
/// opens an outbox store in `directory` and makes the operations of `OutboxCrashScript(seed:)` in order, appending
/// each finished step's number and a newline to the acknowledgement file, until it is killed (or, so that a test
/// that forgot it cannot leave it running, after 100,000 steps). Exit status 2 for wrong arguments, 1 for an error
/// (on stderr).
@main
struct JanuaryCrashChild {
    static let usage = """
        usage: JanuaryCrashChild outbox-store <directory> <seed> <acknowledgement file>
               JanuaryCrashChild outbox-deliver <directory> <simulator base URL> <progress file> <meals>
        """

    static func main() async {
        let arguments = Array(ProcessInfo.processInfo.arguments.dropFirst())
        if arguments.count == 5, arguments[0] == "outbox-deliver", let base = URL(string: arguments[2]),
            let meals = Int(arguments[4])
        {
            do {
                try await OutboxDeliveryChild(
                    directory: URL(fileURLWithPath: arguments[1]), baseURL: base, progress: arguments[3], meals: meals
                ).run()
                exit(0)
            } catch {
                FileHandle.standardError.write(Data("JanuaryCrashChild: \(error)\n".utf8))
                exit(1)
            }
        }
        guard arguments.count == 4, arguments[0] == "outbox-store", let seed = UInt64(arguments[2]) else {
            FileHandle.standardError.write(Data((usage + "\n").utf8))
            exit(2)
        }
        do {
            try writeOutbox(directory: URL(fileURLWithPath: arguments[1]), seed: seed, acknowledgements: arguments[3])
        } catch {
            FileHandle.standardError.write(Data("JanuaryCrashChild: \(error)\n".utf8))
            exit(1)
        }
    }

    static func writeOutbox(directory: URL, seed: UInt64, acknowledgements: String) throws {
        let store = try OutboxStore(directory: directory)
        let acknowledgement = open(acknowledgements, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        guard acknowledgement >= 0 else {
            throw OutboxSystemCallError.lastError(of: "open")
        }
        let script = OutboxCrashScript(seed: seed)
        for step in 0..<100_000 {
            switch script.operation(at: step) {
            case .write(let key, let payload):
                try store.write(payload, forKey: key)
            case .remove(let key):
                try store.remove(key: key)
            }
            // The test counts complete lines only, so a kill during this write loses at most this step's number.
            let line = Array("\(step)\n".utf8)
            guard line.withUnsafeBytes({ write(acknowledgement, $0.baseAddress, $0.count) }) == line.count else {
                throw OutboxSystemCallError.lastError(of: "write")
            }
        }
        store.close()
    }
}
