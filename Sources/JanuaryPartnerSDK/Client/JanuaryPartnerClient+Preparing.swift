import Foundation
import JanuaryAuth
import JanuaryCore
import JanuaryTransport

/// A request checked and turned into what the transport sends, minus the credential.
struct PreparedRequest: Sendable {
    var transportRequest: HTTPTransportRequest

    var isReplayable: Bool {
        transportRequest.isReplayable
    }

    func authorized(with credential: Credential) -> HTTPTransportRequest {
        var request = transportRequest
        request.headerFields["Authorization"] = "Bearer " + credential.value
        return request
    }
}

extension JanuaryPartnerClient {
    /// Header fields the client owns: a partner value for them would be overwritten or would break framing.
    private static let reservedHeaderNames: Set<String> = [
        "authorization", "proxy-authorization", partnerUserIDHeaderName.lowercased(), "host", "content-length",
        "transfer-encoding", "connection",
    ]

    /// Checks everything that can be checked before a byte is sent, so that a refused request costs no
    /// token and reaches no server.
    func prepare(_ request: JanuaryRequest) throws -> PreparedRequest {
        var headers = HTTPHeaderFields()
        for (name, value) in request.headers.sorted(by: { $0.key < $1.key }) {
            guard !Self.reservedHeaderNames.contains(name.lowercased()) else {
                throw JanuaryError.invalidInput(
                    "The header field \(name) is set by the client and cannot be overridden.")
            }
            headers.append(value, for: name)
        }
        if let partnerUserID = request.partnerUserID {
            try partnerUserID.validate()
            headers[Self.partnerUserIDHeaderName] = PartnerUserIDEncoding.headerValue(for: partnerUserID)
        }
        if !headers.contains("Accept") {
            headers["Accept"] = "application/json"
        }
        let body: HTTPTransportRequest.Body
        switch request.body.storage {
        case .empty:
            body = .empty
        case .data(let data, let contentType):
            body = .data(data)
            if let contentType, !headers.contains("Content-Type") {
                headers["Content-Type"] = contentType
            }
        case .stream(let stream, let contentType):
            guard !stream.isTaken else {
                throw JanuaryError.invalidInput("The request's one-shot stream body was already sent.")
            }
            body = .stream {
                guard let inputStream = stream.take() else {
                    throw JanuaryError.invalidInput("The request's one-shot stream body was already sent.")
                }
                return inputStream
            }
            if let contentType, !headers.contains("Content-Type") {
                headers["Content-Type"] = contentType
            }
        }
        var transportRequest = HTTPTransportRequest(
            method: request.method.rawValue,
            url: try resolve(path: request.path, queryItems: request.queryItems),
            headerFields: headers,
            body: body
        )
        transportRequest.allowsReplay = request.isReplayable
        transportRequest.timeout = request.timeout ?? configuration.requestTimeout
        // The transport's own rules (token method and field names, no CR/LF in values, no body on GET), checked
        // here too so that a request they refuse is refused before a token is fetched for it.
        try TransportSafety.validate(transportRequest)
        return PreparedRequest(transportRequest: transportRequest)
    }

    /// Resolves a path against the base URL so that the result can only ever be on the base URL's origin.
    private func resolve(path: String, queryItems: [URLQueryItem]) throws -> URL {
        guard path.hasPrefix("/"), !path.hasPrefix("//") else {
            throw JanuaryError.invalidInput("A request path must start with a single \"/\", such as \"/v1/meals\".")
        }
        guard !path.contains(where: { $0 == "?" || $0 == "#" || $0.isNewline || $0 == "\\" }),
            !path.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else {
            throw JanuaryError.invalidInput("A request path must not contain a query, fragment or control character.")
        }
        guard !path.split(separator: "/").contains(where: { $0 == ".." || $0 == "." }) else {
            throw JanuaryError.invalidInput("A request path must not contain \".\" or \"..\" segments.")
        }
        let base = configuration.baseURL
        guard var components = URLComponents(url: base, resolvingAgainstBaseURL: false) else {
            throw JanuaryError.invalidInput("The base URL cannot be parsed.")
        }
        let basePath = components.path.hasSuffix("/") ? String(components.path.dropLast()) : components.path
        components.path = basePath + path
        if !queryItems.isEmpty {
            components.queryItems = queryItems
            // URLComponents leaves "+" alone, which servers read as a space; a literal plus must be encoded.
            components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        }
        guard let url = components.url,
            url.scheme?.lowercased() == base.scheme?.lowercased(),
            url.host?.lowercased() == base.host?.lowercased(),
            url.port == base.port
        else {
            throw JanuaryError.invalidInput("The request path does not resolve to a URL on the base URL.")
        }
        return url
    }
}
