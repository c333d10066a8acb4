import Foundation
import JanuaryCoreTesting
import JanuaryTestServer

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// A response as read byte by byte off a raw socket, so tests can see exactly what the server wrote.
struct RawResponse: Sendable {
    var status: Int
    var headerFields: [HeaderField]
    var body: [UInt8]

    func value(forHeader name: String) -> String? {
        headerFields.first { $0.name.lowercased() == name.lowercased() }?.value
    }
}

/// Why a raw exchange stopped.
enum RawClientError: Error, Equatable {
    case connectFailed(Int32)
    case closedBeforeResponse
    case truncated(expected: Int, received: Int)
    case malformed
}

/// A blocking TCP client for driving the loopback server with hand-written bytes: garbage, pipelining,
/// `Expect: 100-continue`, chunked bodies. Every socket has a receive timeout of `testDeadline`, so a server bug
/// fails the test instead of hanging it.
final class RawHTTPClient {
    private let descriptor: Int32
    private var buffer: [UInt8] = []

    init(port: Int) throws {
        #if canImport(Darwin)
        let type = SOCK_STREAM
        #else
        let type = Int32(SOCK_STREAM.rawValue)
        #endif
        descriptor = socket(AF_INET, type, 0)
        var timeout = timeval(tv_sec: Int(testDeadline), tv_usec: 0)
        _ = setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        #if canImport(Darwin)
        var yes: Int32 = 1
        _ = setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
        #endif
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            let code = errno
            _ = close(descriptor)
            throw RawClientError.connectFailed(code)
        }
    }

    deinit {
        _ = close(descriptor)
    }

    func send(_ text: String) {
        send(Array(text.utf8))
    }

    func send(_ bytes: [UInt8]) {
        #if canImport(Darwin)
        let flags: Int32 = 0
        #else
        let flags = Int32(MSG_NOSIGNAL)
        #endif
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes {
                rawSend(descriptor, $0.baseAddress! + offset, bytes.count - offset, flags)
            }
            guard count > 0 else {
                return
            }
            offset += count
        }
    }

    /// Reads one response, including a `1xx` interim one, framed by `Content-Length` (or none for 1xx/204).
    ///
    /// - Parameter isHead: Whether the request was `HEAD`, whose response has no content despite its length.
    /// - Returns: The response read.
    /// - Throws: `RawClientError` when the connection closes early or the bytes are not a framed response.
    func readResponse(isHead: Bool = false) throws -> RawResponse {
        guard let headEnd = try readUntilHeadEnd() else {
            throw RawClientError.closedBeforeResponse
        }
        let head = String(decoding: buffer[..<headEnd], as: UTF8.self)
        buffer.removeSubrange(..<(headEnd + 4))
        var lines = head.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else {
            throw RawClientError.malformed
        }
        let fields = lines.compactMap { line -> HeaderField? in
            guard let colon = line.firstIndex(of: ":") else {
                return nil
            }
            return HeaderField(
                name: String(line[..<colon]),
                value: line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            )
        }
        var response = RawResponse(status: status, headerFields: fields, body: [])
        guard !isHead, !(100...199).contains(status),
            let length = response.value(forHeader: "Content-Length")
                .flatMap(Int.init)
        else {
            return response
        }
        while buffer.count < length {
            guard try fill() else {
                throw RawClientError.truncated(expected: length, received: buffer.count)
            }
        }
        response.body = Array(buffer[..<length])
        buffer.removeSubrange(..<length)
        return response
    }

    /// Whether the server closed the connection (end of stream with nothing more to read).
    func isClosedByPeer() throws -> Bool {
        if !buffer.isEmpty {
            return false
        }
        return try !fill()
    }

    private func readUntilHeadEnd() throws -> Int? {
        let marker: [UInt8] = [0x0D, 0x0A, 0x0D, 0x0A]
        while true {
            if buffer.count >= 4 {
                for index in 0...(buffer.count - 4) where buffer[index..<(index + 4)].elementsEqual(marker) {
                    return index
                }
            }
            guard try fill() else {
                return nil
            }
        }
    }

    private func fill() throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        if count < 0 {
            if errno == EAGAIN || errno == EWOULDBLOCK {
                throw WaitTimeoutError(awaited: "the server to answer on a raw socket", timeout: testDeadline)
            }
            return false
        }
        buffer += chunk[..<count]
        return count > 0
    }
}

private func rawSend(_ descriptor: Int32, _ pointer: UnsafeRawPointer, _ count: Int, _ flags: Int32) -> Int {
    send(descriptor, pointer, count, flags)
}

/// Runs blocking socket work on a fresh thread, so it never ties up one of the few cooperative threads that
/// the server's handler tasks (and every other test) need.
func onDedicatedThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread {
            continuation.resume(with: Result { try work() })
        }.start()
    }
}
