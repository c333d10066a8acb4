import Foundation

/// The origin of a URL (RFC 6454 §4): scheme, host and port, with the scheme's default port filled in.
///
/// A credential for one origin must not be sent to another, so redirects compare origins.
struct Origin: Hashable, Sendable {
    let scheme: String
    let host: String
    let port: Int

    /// The origin of `url`, or `nil` when it has no scheme or host.
    init?(_ url: URL) {
        guard let scheme = url.scheme.map(HTTPSyntax.asciiLowercased), let host = url.host, !host.isEmpty else {
            return nil
        }
        self.scheme = scheme
        var normalizedHost = HTTPSyntax.asciiLowercased(host)
        if normalizedHost.hasPrefix("[") && normalizedHost.hasSuffix("]") {
            normalizedHost = String(normalizedHost.dropFirst().dropLast())
        }
        self.host = normalizedHost
        switch (url.port, scheme) {
        case (let port?, _): self.port = port
        case (nil, "https"): self.port = 443
        case (nil, "http"): self.port = 80
        default: self.port = -1
        }
    }
}
