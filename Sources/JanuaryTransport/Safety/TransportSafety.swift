import Foundation
import JanuaryCore

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The checks that keep a credential from leaving the device in a form or to a place it must not: shared by the
/// transport and the facade, so a base URL and a request are judged by the same rules.
package enum TransportSafety {
    /// Whether `host` certainly names this machine: `localhost`, an IPv4 address in 127.0.0.0/8 in plain
    /// dotted-decimal form, or the IPv6 loopback address `::1` (bracketed or not, in any valid spelling).
    ///
    /// Deliberately narrow: forms some resolvers also read as loopback (`127.1`, `0177.0.0.1`, names under
    /// `.localhost`, IPv4-mapped IPv6) count as remote, so a credential is refused rather than risked.
    ///
    /// - Parameter host: A URL's host, as `URL.host` returns it.
    /// - Returns: `true` for a loopback host.
    package static func isLoopbackHost(_ host: String) -> Bool {
        if HTTPSyntax.asciiCaseInsensitiveEquals(host, "localhost") {
            return true
        }
        if isIPv4Loopback(host) {
            return true
        }
        var address = host
        if address.hasPrefix("[") && address.hasSuffix("]") {
            address = String(address.dropFirst().dropLast())
        }
        return isIPv6Loopback(address)
    }

    /// Checks that `url` is one the SDK may send a credential to: an absolute `https` URL, or `http` to a
    /// loopback host, with a host and no user or password.
    ///
    /// - Parameter url: A base URL or request URL.
    /// - Throws: ``/JanuaryCore/JanuaryError/Category/invalidInput`` saying which rule the URL breaks.
    package static func validateCredentialURL(_ url: URL) throws {
        try validateURL(url)
        if try isCleartextToRemoteHost(url) {
            throw JanuaryError.invalidInput(
                "Refusing to send a credential over plain http to a host that is not loopback; use https."
            )
        }
    }

    /// Checks a request before any I/O: the URL (see ``validateURL(_:)``), the method and header fields, a
    /// body on GET or HEAD, and a credential field on cleartext http to a non-loopback host.
    ///
    /// - Parameter request: The request about to be sent.
    /// - Throws: ``/JanuaryCore/JanuaryError/Category/invalidInput`` saying which rule the request breaks; the message
    ///   never quotes a field value.
    package static func validate(_ request: JanuaryHTTPRequest) throws {
        try validateURL(request.url)
        try validateMessage(request)
        if carriesCredential(request.headerFields), try isCleartextToRemoteHost(request.url) {
            throw JanuaryError.invalidInput(
                "Refusing to send Authorization over plain http to a host that is not loopback; use https."
            )
        }
    }

    /// Checks what ``validate(_:)`` checks besides the URL: the method and header fields, and a body on GET or
    /// HEAD. For a caller that built the URL on a base it judged with ``validateCredentialURL(_:)`` once.
    ///
    /// - Parameter request: The request about to be sent.
    /// - Throws: ``/JanuaryCore/JanuaryError/Category/invalidInput`` saying which rule the request breaks; the message
    ///   never quotes a field value.
    package static func validateMessage(_ request: JanuaryHTTPRequest) throws {
        guard HTTPSyntax.isToken(request.method.rawValue) else {
            throw JanuaryError.invalidInput("The request method is not a valid HTTP token.")
        }
        for field in request.headerFields {
            guard HTTPSyntax.isToken(field.name) else {
                throw JanuaryError.invalidInput("A request header field name is not a valid HTTP token.")
            }
            guard HTTPSyntax.isSafeFieldValue(field.value) else {
                throw JanuaryError.invalidInput(
                    "The value of the request header field \(field.name) contains CR, LF or another control "
                        + "character."
                )
            }
        }
        if !request.method.allowsBody, !request.body.isEmpty {
            throw JanuaryError.invalidInput("A \(request.method) request cannot carry a body on every platform.")
        }
    }

    /// Checks that `url` is absolute `http` or `https` with a host and without a user or password, which would
    /// be sent (and logged by servers and proxies) as a credential of its own.
    ///
    /// - Parameter url: The URL to check.
    /// - Throws: ``/JanuaryCore/JanuaryError/Category/invalidInput`` saying which rule the URL breaks.
    package static func validateURL(_ url: URL) throws {
        guard let scheme = url.scheme.map(HTTPSyntax.asciiLowercased), scheme == "http" || scheme == "https" else {
            throw JanuaryError.invalidInput("Only absolute http and https URLs can be sent.")
        }
        guard let host = url.host, !host.isEmpty else {
            throw JanuaryError.invalidInput("The URL has no host.")
        }
        let components = URLComponents(url: url, resolvingAgainstBaseURL: true)
        if url.user != nil || url.password != nil || components?.percentEncodedUser != nil
            || components?.percentEncodedPassword != nil
        {
            throw JanuaryError.invalidInput("Refusing a URL with a user name or password in it.")
        }
    }

    /// Whether any credential field is present.
    static func carriesCredential(_ fields: JanuaryHTTPHeaderFields) -> Bool {
        JanuaryHTTPHeaderFields.credentialFieldNames.contains { fields.contains($0) }
    }

    /// Whether `url` is plain `http` to a host that is not loopback.
    static func isCleartextToRemoteHost(_ url: URL) throws -> Bool {
        guard let scheme = url.scheme.map(HTTPSyntax.asciiLowercased) else {
            throw JanuaryError.invalidInput("Only absolute http and https URLs can be sent.")
        }
        return scheme == "http" && !isLoopbackHost(url.host ?? "")
    }

    private static func isIPv4Loopback(_ host: String) -> Bool {
        let parts = HTTPSyntax.pieces(of: host, omittingEmpty: false) { $0 == "." }
        guard parts.count == 4 else {
            return false
        }
        for part in parts {
            // Plain decimal only: a leading zero could be read as octal by some resolvers.
            guard let octet = HTTPSyntax.decimalNumber(part, digits: 1...3), octet <= 255,
                part == "0" || !part.hasPrefix("0")
            else {
                return false
            }
        }
        return parts[0] == "127"
    }

    private static func isIPv6Loopback(_ address: String) -> Bool {
        guard address.contains(":"), !address.contains("%") else {
            return false
        }
        var parsed = in6_addr()
        guard inet_pton(AF_INET6, address, &parsed) == 1 else {
            return false
        }
        let bytes = withUnsafeBytes(of: &parsed) { Array($0) }
        return bytes.dropLast().allSatisfy { $0 == 0 } && bytes.last == 1
    }
}
