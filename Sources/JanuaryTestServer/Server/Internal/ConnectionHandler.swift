// The loopback server is compiled out on watchOS, which does not let apps open BSD sockets (Apple TN3135): tests
// there use the in-process simulator. JANUARY_NO_LOOPBACK_SERVER builds the same shape elsewhere, so that
// Scripts/apple-typecheck.sh can check it without a watchOS SDK.
#if !os(watchOS) && !JANUARY_NO_LOOPBACK_SERVER
import Foundation

/// Serves one accepted connection on its own thread: reads requests one after another (HTTP/1.1 keep-alive,
/// RFC 9112 §9.3), records each, and writes the scripted answer.
struct ConnectionHandler {
    /// Limits that keep garbage from exhausting memory; real test traffic is far below them.
    private enum Limit {
        static let headSize = 64 * 1024
        static let headerFieldCount = 500
        static let bodySize = 64 * 1024 * 1024
        static let chunkLineSize = 4 * 1024
    }

    /// The outcome of reading one request.
    private enum ReadResult {
        case request(RecordedRequest, keepAlive: Bool)
        /// The peer closed the connection or the socket failed: nothing to answer.
        case closed
        /// Not a request we can read: answer with this status and close (RFC 9112 §2.2, §6).
        case malformed(status: Int)
    }

    private let descriptor: Int32
    private let core: ServerCore
    private var reader: ByteReader

    init(descriptor: Int32, core: ServerCore) {
        self.descriptor = descriptor
        self.core = core
        self.reader = ByteReader(descriptor: descriptor)
    }

    mutating func run() {
        while !core.isStopped {
            switch readRequest() {
            case .closed:
                return
            case .malformed(let status):
                let response = ScriptedResponse.text("LoopbackHTTPServer: malformed request.", status: status)
                Socket.sendAll(
                    descriptor,
                    ResponseWriter.head(
                        of: response, contentLength: response.body.count,
                        closing: true) + [UInt8](response.body))
                Socket.lingerBeforeClose(descriptor)
                return
            case .request(let request, let keepAlive):
                let response = core.respond(to: request)
                if response.delay > 0, !core.waitOut(response.delay) {
                    return
                }
                guard ResponseWriter.write(response, to: descriptor, for: request, keepAlive: keepAlive) else {
                    return
                }
            }
        }
    }

    // MARK: Reading

    private mutating func readRequest() -> ReadResult {
        // RFC 9112 §2.2: a server SHOULD ignore at least one empty line received before the request-line.
        var requestLine: [UInt8] = []
        var headBudget = Limit.headSize
        repeat {
            switch reader.readLine(limit: headBudget) {
            case .line(let line):
                requestLine = line
                headBudget -= line.count + 2
            case .closed:
                return .closed
            case .tooLong:
                return .malformed(status: 431)
            }
        } while requestLine.isEmpty && headBudget > 0
        guard let (method, target, version) = RequestHead.parseRequestLine(requestLine) else {
            return .malformed(status: 400)
        }
        guard version == "HTTP/1.1" || version == "HTTP/1.0" else {
            return .malformed(status: 505)
        }

        var fields: [HeaderField] = []
        while true {
            switch reader.readLine(limit: headBudget) {
            case .line(let line):
                headBudget -= line.count + 2
                if line.isEmpty {
                    return readBody(method: method, target: target, version: version, fields: fields)
                }
                guard fields.count < Limit.headerFieldCount, let field = RequestHead.parseField(line) else {
                    return .malformed(status: 400)
                }
                fields.append(field)
            case .closed:
                return .closed
            case .tooLong:
                return .malformed(status: 431)
            }
        }
    }

    private mutating func readBody(
        method: String,
        target: String,
        version: String,
        fields: [HeaderField]
    ) -> ReadResult {
        let framing: RequestHead.Framing
        switch RequestHead.framing(of: fields) {
        case .some(let value):
            framing = value
        case .none:
            return .malformed(status: 400)
        }
        let connectionTokens = RequestHead.tokens(of: "Connection", in: fields)
        var keepAlive =
            version == "HTTP/1.1"
            ? !connectionTokens.contains("close")
            : connectionTokens.contains(
                "keep-alive"
            )

        let expectsContinue = RequestHead.tokens(of: "Expect", in: fields).contains("100-continue")
        if expectsContinue, framing != .empty, !reader.hasBufferedBytes {
            // RFC 9110 §10.1.1: the client may wait for this before sending the content.
            guard Socket.sendAll(descriptor, Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)) else {
                return .closed
            }
        }

        var body: [UInt8] = []
        switch framing {
        case .empty:
            break
        case .length(let length):
            guard length <= Limit.bodySize else {
                return .malformed(status: 413)
            }
            guard let bytes = reader.read(count: length) else {
                return .closed
            }
            body = bytes
        case .chunked:
            switch readChunkedBody() {
            case .success(let bytes):
                body = bytes
            case .failure(let failure):
                guard let status = failure.status else {
                    return .closed
                }
                return .malformed(status: status)
            }
            // A request that used both framings is suspicious (RFC 9112 §6.3, item 3): answer, then close.
            if fields.contains(where: { RecordedRequest.namesMatch($0.name, "Content-Length") }) {
                keepAlive = false
            }
        }
        let request = RecordedRequest(method: method, target: target, headerFields: fields, body: Data(body))
        return .request(request, keepAlive: keepAlive)
    }

    /// Decodes the chunked transfer coding (RFC 9112 §7.1), ignoring chunk extensions and trailer fields.
    private mutating func readChunkedBody() -> Result<[UInt8], ChunkFailureStatus> {
        var body: [UInt8] = []
        while true {
            let sizeLine: [UInt8]
            switch reader.readLine(limit: Limit.chunkLineSize) {
            case .line(let line):
                sizeLine = line
            case .closed:
                return .failure(ChunkFailureStatus(nil))
            case .tooLong:
                return .failure(ChunkFailureStatus(400))
            }
            guard let size = RequestHead.chunkSize(sizeLine) else {
                return .failure(ChunkFailureStatus(400))
            }
            if size == 0 {
                return readTrailers().map { body }
            }
            guard body.count + size <= Limit.bodySize else {
                return .failure(ChunkFailureStatus(413))
            }
            guard let chunk = reader.read(count: size) else {
                return .failure(ChunkFailureStatus(nil))
            }
            body.append(contentsOf: chunk)
            switch reader.readLine(limit: 2) {
            case .line(let line) where line.isEmpty:
                continue
            case .closed:
                return .failure(ChunkFailureStatus(nil))
            default:
                return .failure(ChunkFailureStatus(400))
            }
        }
    }

    private mutating func readTrailers() -> Result<Void, ChunkFailureStatus> {
        var budget = Limit.headSize
        while true {
            switch reader.readLine(limit: budget) {
            case .line(let line):
                if line.isEmpty {
                    return .success(())
                }
                budget -= line.count + 2
            case .closed:
                return .failure(ChunkFailureStatus(nil))
            case .tooLong:
                return .failure(ChunkFailureStatus(431))
            }
        }
    }
}

/// Why a chunked body could not be read: the status to answer, or `nil` when the connection is gone.
struct ChunkFailureStatus: Error {
    let status: Int?

    init(_ status: Int?) {
        self.status = status
    }
}
#endif
