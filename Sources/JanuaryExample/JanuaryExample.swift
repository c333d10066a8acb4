import Foundation
import JanuaryPartnerSDK

/// `swift run january-example`: a whole partner session, offline, against a local January simulator and a
/// stand-in partner backend that mints client tokens.
///
/// `JANUARY_API_KEY=sk-… swift run january-example --base-url https://partners.dev.january.ai [--user ID]` runs
/// the same session against a real January environment with a development key instead (no partner backend, and
/// no scripted revocation or rate limit, which need the simulator).
@main
struct JanuaryExample {
    static let usage = """
        usage: january-example                      a partner session against a local simulator (offline)
               january-example --base-url URL [--user ID]
                                                    the same session against a real January environment,
                                                    with the development key in JANUARY_API_KEY
        """

    static func main() async {
        let arguments = Array(ProcessInfo.processInfo.arguments.dropFirst())
        let succeeded: Bool
        do {
            if arguments.isEmpty {
                succeeded = try await LocalSession().run()
            } else if let baseURL = value(of: "--base-url", in: arguments), arguments.count == 2 || arguments.count == 4
            {
                guard let url = URL(string: baseURL), url.scheme != nil, url.host != nil else {
                    print("--base-url is not an absolute URL.\n\(usage)")
                    exit(2)
                }
                guard let key = ProcessInfo.processInfo.environment["JANUARY_API_KEY"], !key.isEmpty else {
                    print("Set JANUARY_API_KEY to a development API key to run against a real January environment.")
                    exit(2)
                }
                let user = value(of: "--user", in: arguments) ?? PartnerSession.exampleUserID
                succeeded = try await RemoteSession(baseURL: url, developmentKey: key, userID: user).run()
            } else {
                print(usage)
                exit(2)
            }
        } catch {
            // JanuaryError's description never holds a token or key, and names only the type of anything it wraps.
            print("The session stopped: \(error)")
            exit(1)
        }
        exit(succeeded ? 0 : 1)
    }

    private static func value(of option: String, in arguments: [String]) -> String? {
        guard let index = arguments.firstIndex(of: option), arguments.indices.contains(index + 1) else {
            return nil
        }
        return arguments[index + 1]
    }
}
