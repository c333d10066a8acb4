import Foundation
import JanuaryCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Words a URLSession failure as a ``/JanuaryCore/JanuaryError`` of category
/// ``/JanuaryCore/JanuaryError/Category/network`` (``/JanuaryCore/JanuaryError/Category/timeout`` for a timeout),
/// keeping the original error as the underlying error. Messages never include the URL or any request content.
package enum URLErrorMapping {
    package static func networkError(for error: any Error) -> JanuaryError {
        guard let urlError = error as? URLError else {
            return .network("The request failed without an HTTP response.", underlyingError: error)
        }
        if urlError.code == .appTransportSecurityRequiresSecureConnection {
            // -1022: on Apple platforms ATS refuses plain http, loopback included, unless the app's Info.plist allows
            // it; the message names the key, since this only ever happens while testing against a local server.
            return .network(
                "App Transport Security refused a plain-http connection (URLError -1022); to reach a local server "
                    + "such as the simulator, set NSAppTransportSecurity > NSAllowsLocalNetworking in the app's "
                    + "Info.plist.",
                underlyingError: urlError
            )
        }
        let message: String
        switch urlError.code {
        case .timedOut:
            return JanuaryError(
                category: .timeout,
                code: JanuaryError.Code.requestTimeout,
                message: "The request timed out before January answered.",
                underlyingError: urlError
            )
        case .networkConnectionLost:
            message = "The connection was lost before the response was complete."
        case .notConnectedToInternet, .dataNotAllowed, .internationalRoamingOff:
            message = "The device is not connected to the internet."
        case .cannotFindHost, .dnsLookupFailed:
            message = "The server's host name could not be resolved."
        case .cannotConnectToHost:
            message = "Could not connect to the server."
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
            .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot, .clientCertificateRejected,
            .clientCertificateRequired:
            message = "A secure connection to the server could not be established."
        case .httpTooManyRedirects, .redirectToNonExistentLocation:
            message = "The server redirected too many times or to nowhere."
        case .badServerResponse, .cannotParseResponse, .cannotDecodeRawData, .cannotDecodeContentData:
            message = "The server's response could not be read."
        case .cancelled:
            message = "The request was stopped because the transport was shut down."
        case .userAuthenticationRequired, .userCancelledAuthentication:
            message = "The server asked for authentication that the transport does not perform."
        default:
            message = "The request failed without an HTTP response (URLError \(urlError.code.rawValue))."
        }
        return .network(message, underlyingError: urlError)
    }
}
