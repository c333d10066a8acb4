import Foundation
import JanuaryPartnerSDK
import JanuaryTestServer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `swift run january-example`: a whole token session against a local January simulator, no network needed.
///
/// `swift run january-example --base-url https://… [--path /v1/…]` instead sends one request to a real
/// endpoint with the development key in the `JANUARY_API_KEY` environment variable.
@main
struct JanuaryExample {
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        do {
            if let baseURL = value(of: "--base-url", in: arguments) {
                try await runAgainstRealEndpoint(
                    baseURL: baseURL, path: value(of: "--path", in: arguments) ?? "/v1/ping")
            } else if arguments.isEmpty {
                let succeeded = try await LocalSession().run()
                exit(succeeded ? 0 : 1)
            } else {
                print("usage: january-example [--base-url URL [--path /v1/...]]")
                exit(2)
            }
        } catch {
            print("failed: \(error)")
            exit(1)
        }
    }

    private static func value(of option: String, in arguments: [String]) -> String? {
        guard let index = arguments.firstIndex(of: option), arguments.indices.contains(index + 1) else {
            return nil
        }
        return arguments[index + 1]
    }

    private static func runAgainstRealEndpoint(baseURL: String, path: String) async throws {
        guard let url = URL(string: baseURL) else {
            print("--base-url is not a URL")
            exit(2)
        }
        guard let key = ProcessInfo.processInfo.environment["JANUARY_API_KEY"] else {
            print("Set JANUARY_API_KEY to a development API key to call a real endpoint.")
            exit(2)
        }
        let january = try JanuaryPartnerClient(developmentAPIKey: key, configuration: .init(baseURL: url))
        let response = try await january.send(JanuaryRequest(path: path))
        print(
            "\(path): HTTP \(response.statusCode), request ID \(response.requestID ?? "none"), \(response.body.count) bytes"
        )
    }
}
