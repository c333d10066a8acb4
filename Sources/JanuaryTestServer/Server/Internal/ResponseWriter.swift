// The loopback server is compiled out on watchOS, which does not let apps open BSD sockets (Apple TN3135): tests
// there use the in-process simulator. JANUARY_NO_LOOPBACK_SERVER builds the same shape elsewhere, so that
// Scripts/apple-typecheck.sh can check it without a watchOS SDK.
#if !os(watchOS) && !JANUARY_NO_LOOPBACK_SERVER
import Foundation

/// Serializes a ``ScriptedResponse`` as an HTTP/1.1 response (RFC 9112 §4, §6) and carries out its behavior.
enum ResponseWriter {
    /// Writes `response` to the connection.
    ///
    /// - Returns: Whether the connection may carry another request.
    static func write(
        _ response: ScriptedResponse,
        to descriptor: Int32,
        for request: RecordedRequest,
        keepAlive: Bool
    ) -> Bool {
        switch response.behavior {
        case .closeWithoutResponse:
            return false
        case .closeMidResponse:
            let announced = max(response.body.count, 1)
            let head = head(of: response, contentLength: announced, closing: true)
            Socket.sendAll(descriptor, head + [UInt8](response.body.prefix(response.body.count / 2)))
            return false
        default:
            let closing =
                !keepAlive
                || RequestHead.tokens(of: "Connection", in: response.headerFields)
                    .contains("close")
            let hasContent =
                !(100...199).contains(response.status) && response.status != 204
                && response.status != 304
            var bytes = head(of: response, contentLength: hasContent ? response.body.count : nil, closing: closing)
            if hasContent && request.method != "HEAD" {
                bytes += response.body
            }
            return Socket.sendAll(descriptor, bytes) && !closing
        }
    }

    /// The status line and field lines, ending with the empty line.
    ///
    /// - Parameters:
    ///   - response: The scripted response whose status and fields to write.
    ///   - contentLength: The `Content-Length` to announce, or `nil` to send none.
    ///   - closing: Whether to add `Connection: close` (unless the response names its own `Connection`).
    /// - Returns: The head's bytes, ready to send.
    static func head(of response: ScriptedResponse, contentLength: Int?, closing: Bool) -> [UInt8] {
        var text = "HTTP/1.1 \(response.status) \(reasonPhrase(response.status))\r\n"
        var namesConnection = false
        for field in response.headerFields {
            if RecordedRequest.namesMatch(field.name, "Content-Length")
                || RecordedRequest.namesMatch(field.name, "Transfer-Encoding")
            {
                continue
            }
            namesConnection = namesConnection || RecordedRequest.namesMatch(field.name, "Connection")
            text += "\(field.name): \(field.value)\r\n"
        }
        if let contentLength {
            text += "Content-Length: \(contentLength)\r\n"
        }
        if closing && !namesConnection {
            text += "Connection: close\r\n"
        }
        text += "\r\n"
        return Array(text.utf8)
    }

    private static func reasonPhrase(_ status: Int) -> String {
        switch status {
        case 100: "Continue"
        case 200: "OK"
        case 201: "Created"
        case 204: "No Content"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 303: "See Other"
        case 304: "Not Modified"
        case 307: "Temporary Redirect"
        case 308: "Permanent Redirect"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 413: "Content Too Large"
        case 429: "Too Many Requests"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        case 505: "HTTP Version Not Supported"
        default: "Status \(status)"
        }
    }
}
#endif
