import Foundation
import JanuaryAuth
import JanuaryCore
import JanuaryTransport

extension CheckedHTTPRequest {
    /// Sends the request with `credential` over `transport`.
    func send(with credential: Credential, over transport: any JanuaryHTTPTransport) async throws -> JanuaryHTTPResponse
    {
        try await transport.send(checked: authorized(bearer: credential.value))
    }
}

extension JanuaryPartnerClient {
    /// Header fields the client owns: a partner value for them would be overwritten, break framing, or
    /// impersonate the SDK.
    private static let reservedHeaderNames: Set<String> = Set(
        (JanuaryHTTPHeaderFields.credentialFieldNames + [
            partnerUserIDHeaderName, "x-end-user-id", "User-Agent", "Host", "Content-Length", "Transfer-Encoding",
            "Connection",
        ]).map { $0.lowercased() }
    )

    /// Checks everything that can be checked before a byte is sent, so that a refused request costs no
    /// token and reaches no server.
    func prepare(_ request: JanuaryRequest) throws -> CheckedHTTPRequest {
        try prepare(actingFor: request.partnerUserID) { request }
    }

    /// Checks the user an operation acts for, then has `build` check the operation's own input and make its
    /// request, then checks the request.
    ///
    /// This is the one place a ``PartnerUserID`` is validated. It comes first so that an unusable user ID, a
    /// mistake in the app's setup rather than in one call's input, is the error reported whatever else is wrong.
    func prepare(actingFor user: PartnerUserID?, _ build: () throws -> JanuaryRequest) throws -> CheckedHTTPRequest {
        try user?.validate()
        let request = try build()
        var headers = JanuaryHTTPHeaderFields()
        for (name, value) in request.headers.sorted(by: { $0.key < $1.key }) {
            guard !Self.reservedHeaderNames.contains(name.lowercased()) else {
                throw JanuaryError.invalidInput(
                    "The header field \(name) is set by the client and cannot be overridden."
                )
            }
            headers.append(value, for: name)
        }
        if let user {
            headers[Self.partnerUserIDHeaderName] = user.rawValue
        }
        if !headers.contains("Accept") {
            headers["Accept"] = "application/json"
        }
        headers["User-Agent"] = UserAgent.current
        let body: JanuaryHTTPRequest.Body
        switch request.body.storage {
        case .empty:
            body = .empty
        case .data(let data, let contentType):
            body = .data(data)
            if let contentType, !headers.contains("Content-Type") {
                headers["Content-Type"] = contentType
            }
        case .stream(let stream, let contentType):
            guard !stream.isSpentStream else {
                throw JanuaryError.invalidInput("The request's one-shot stream body was already sent.")
            }
            body = stream
            if let contentType, !headers.contains("Content-Type") {
                headers["Content-Type"] = contentType
            }
        }
        if let timeout = request.timeout {
            try Configuration.validateTimeout(timeout, named: "The request's timeout")
        }
        let path = try request.encodedPath ?? RequestPath(request.path)
        if path.isServerOnly(under: baseURLPathSegments) {
            throw JanuaryError.invalidInput(
                "\(request.path) is one of January's server-only endpoints (token issuance and revocation, "
                    + "credits). They are for your backend, which holds the API key; an API key must never "
                    + "enter the app.",
                code: JanuaryError.Code.serverOnlyEndpoint
            )
        }
        let transportRequest = JanuaryHTTPRequest(
            method: request.method,
            url: try url(for: path, queryItems: request.queryItems),
            headerFields: headers,
            body: body,
            allowsReplay: request.isReplayable,
            timeout: request.timeout ?? configuration.requestTimeout
        )
        // The transport's own rules (token method and field names, no CR/LF in values, no body on GET), checked
        // once, here, so that a request they refuse is refused before a token is fetched for it. The URL needs no
        // second look: it is the validated base URL followed by a checked path.
        return try CheckedHTTPRequest(checking: transportRequest, isIdempotent: request.isIdempotent)
    }

    /// The request URL: the base URL's text, the encoded path, and the encoded query. The path is checked to start
    /// with `/` and to hold only path characters and escapes, so the result stays on the base URL's origin.
    private func url(for path: RequestPath, queryItems: [URLQueryItem]) throws -> URL {
        var text = baseURLPrefix + path.percentEncoded
        if !queryItems.isEmpty {
            text += "?" + PercentEncoding.query(queryItems.map { ($0.name, $0.value) })
        }
        guard let url = URL(string: text) else {
            throw JanuaryError.invalidInput("The request path does not make a valid URL on the base URL.")
        }
        return url
    }
}
