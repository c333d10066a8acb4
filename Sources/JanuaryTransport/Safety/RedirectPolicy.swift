import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Decides, hop by hop, whether a redirect is followed and whether it still carries the credential; see
/// ``URLSessionHTTPTransport`` for the rules and why.
package enum RedirectPolicy {
    /// The request to send for the next hop of a redirect chain, or `nil` to stop and return the 3xx response.
    ///
    /// - Stops at a target that is not `http`/`https`, has a user or password, or downgrades from `https` to
    ///   `http` (credential or not).
    /// - Removes `Authorization` and `Proxy-Authorization` when the target's origin differs from the original
    ///   request's, when the target is cleartext `http` to a host that is not loopback, or when an earlier hop
    ///   already removed them (`credentialWithdrawn`), which it then sets.
    ///
    /// - Parameters:
    ///   - proposed: The request URLSession proposes, which carries the previous hop's fields.
    ///   - previousURL: The URL that answered with the redirect.
    ///   - originalURL: The URL of the request the caller sent.
    ///   - credentialWithdrawn: Whether an earlier hop removed the credential; updated.
    ///   - scope: Whether a hop to another origin is followed without the credential or ends the chain.
    /// - Returns: The request to follow, or `nil`.
    package static func nextRequest(
        proposed: URLRequest,
        after previousURL: URL?,
        originalURL: URL,
        credentialWithdrawn: inout Bool,
        scope: RedirectScope = .anyOriginWithoutCredential
    ) -> URLRequest? {
        guard let url = proposed.url, (try? TransportSafety.validateURL(url)) != nil else {
            return nil
        }
        if scope.isSameOriginOnly && Origin(url) != Origin(originalURL) {
            return nil
        }
        let previousScheme = previousURL?.scheme.map(HTTPSyntax.asciiLowercased)
        if previousScheme == "https" && HTTPSyntax.asciiLowercased(url.scheme ?? "") != "https" {
            return nil
        }
        let leavesOrigin =
            Origin(url) != Origin(originalURL)
            || (try? TransportSafety.isCleartextToRemoteHost(url)) != false
        credentialWithdrawn = credentialWithdrawn || leavesOrigin
        guard credentialWithdrawn else {
            return proposed
        }
        var request = proposed
        for name in JanuaryHTTPHeaderFields.credentialFieldNames {
            request.setValue(nil, forHTTPHeaderField: name)
        }
        return request
    }
}

// Only the redirect rule compares origins, so the type lives with it.

/// The origin of a URL (RFC 6454 §4): scheme, host and port, with the scheme's default port filled in.
///
/// A credential for one origin must not be sent to another, so redirects compare origins.
package struct Origin: Equatable, Sendable {
    let scheme: String
    let host: String
    let port: Int

    /// The origin of `url`, or `nil` when it has no scheme or host.
    package init?(_ url: URL) {
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
