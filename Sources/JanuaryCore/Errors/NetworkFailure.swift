import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What a `URLError` says about why no HTTP response arrived, worded once for every layer: the transport's
/// requests to January and the calls to a partner's token endpoint name the same failure the same way.
///
/// Apps are told *which* failure it was (offline, DNS, refused, TLS, timeout), because each calls for a
/// different fix: a backend that refuses connections is not an offline device.
package struct NetworkFailure: Sendable {
    /// The SDK's code for the failure, if it is one of the kinds it names.
    package let code: JanuaryError.Code?

    /// A clause without a leading capital or a final stop, such as `the device is offline`, to follow a colon.
    package let reason: String

    /// Whether the request certainly never reached a server, so that sending it again cannot apply it twice: the
    /// device was offline, the host name did not resolve, nothing accepted the connection, the TLS handshake
    /// failed (a request's bytes go out only after it), or App Transport Security refused the connection. A
    /// timeout, a dropped connection or an unreadable answer proves nothing.
    package let provesNotSent: Bool

    /// Whether the failure is a timeout, which a request to January reports with category `timeout`.
    package var isTimeout: Bool {
        code == .requestTimeout
    }

    /// Reads `urlError`. Never includes the URL or anything of the request.
    ///
    /// - Parameter urlError: The platform's error.
    package init(_ urlError: URLError) {
        switch urlError.code {
        case .notConnectedToInternet, .dataNotAllowed, .internationalRoamingOff:
            self.init(.notConnectedToInternet, "the device is offline (not connected to the internet)", notSent: true)
        case .cannotFindHost, .dnsLookupFailed:
            self.init(
                .cannotFindHost, "the server's host name could not be resolved (DNS lookup failed)", notSent: true)
        case .cannotConnectToHost:
            self.init(
                .cannotConnectToHost,
                "the server refused the connection or did not answer it (the host was found, but nothing accepted "
                    + "a connection at its address and port)",
                notSent: true
            )
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
            .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot, .clientCertificateRejected,
            .clientCertificateRequired:
            self.init(
                .secureConnectionFailed,
                "a secure (TLS) connection could not be established, for example because the server's certificate "
                    + "is not trusted",
                notSent: true
            )
        case .timedOut:
            self.init(.requestTimeout, "the request timed out before the server answered")
        case .networkConnectionLost:
            self.init(.networkConnectionLost, "the connection was lost before the response was complete")
        case .appTransportSecurityRequiresSecureConnection:
            // -1022: on Apple platforms ATS refuses plain http, loopback included, unless the app's Info.plist
            // allows it; the reason names the key, since this only happens while testing against a local server.
            self.init(
                nil,
                "App Transport Security refused a plain-http connection (URLError -1022); to reach a local server "
                    + "such as the simulator, set NSAppTransportSecurity > NSAllowsLocalNetworking in the app's "
                    + "Info.plist",
                notSent: true
            )
        case .httpTooManyRedirects, .redirectToNonExistentLocation:
            self.init(nil, "the server redirected too many times or to nowhere")
        case .badServerResponse, .cannotParseResponse, .cannotDecodeRawData, .cannotDecodeContentData:
            self.init(nil, "the server's response could not be read")
        case .cancelled:
            self.init(nil, "the request was stopped because the transport was shut down")
        case .userAuthenticationRequired, .userCancelledAuthentication:
            self.init(nil, "the server asked for authentication that the transport does not perform")
        default:
            self.init(nil, "the request failed without an HTTP response (URLError \(urlError.code.rawValue))")
        }
    }

    private init(_ code: JanuaryError.Code?, _ reason: String, notSent: Bool = false) {
        self.code = code
        self.reason = reason
        self.provesNotSent = notSent
    }

    /// The reason as a sentence of its own: capitalised, with a full stop.
    package var sentence: String {
        reason.prefix(1).uppercased() + reason.dropFirst() + "."
    }
}

extension JanuaryError {
    /// The `network` error for a token provider that could not reach the partner's backend, saying which
    /// failure it was; `nil` when the `URLError` is not about reaching it (such as an unreadable response),
    /// which stays a provider failure.
    ///
    /// - Parameter urlError: The platform's error.
    /// - Returns: The error for the requests waiting for a token, or `nil`.
    package static func backendUnreachable(_ urlError: URLError) -> JanuaryError? {
        let failure = NetworkFailure(urlError)
        guard failure.code != nil else {
            return nil
        }
        return .network(
            "The token provider could not reach your backend: \(failure.reason).",
            code: failure.code,
            underlyingError: urlError
        )
    }
}

extension JanuaryError {
    /// Whether the request certainly never reached a server, so that sending it again cannot apply it twice: a
    /// `network` error whose `URLError` is one that ``NetworkFailure/provesNotSent`` names.
    package var provesNotSent: Bool {
        guard category == .network, let urlError = underlyingError as? URLError else {
            return false
        }
        return NetworkFailure(urlError).provesNotSent
    }
}
