// The loopback server is compiled out on watchOS, which does not let apps open BSD sockets (Apple TN3135): tests
// there use the in-process simulator. JANUARY_NO_LOOPBACK_SERVER builds the same shape elsewhere, so that
// Scripts/apple-typecheck.sh can check it without a watchOS SDK.
#if !os(watchOS) && !JANUARY_NO_LOOPBACK_SERVER
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Thin wrappers over the BSD socket calls the server needs, hiding the Darwin/Glibc spelling differences.
enum Socket {
    #if canImport(Darwin)
    private static let streamType = SOCK_STREAM
    private static let sendFlags: Int32 = 0
    #else
    private static let streamType = Int32(SOCK_STREAM.rawValue)
    // Without this flag, writing to a connection the client already closed raises SIGPIPE and kills the
    // test process. Darwin gets the same effect from SO_NOSIGPIPE on each socket.
    private static let sendFlags = Int32(MSG_NOSIGNAL)
    #endif

    /// Opens a non-blocking listening socket on 127.0.0.1 with an ephemeral port.
    ///
    /// - Returns: The descriptor and the port the kernel chose.
    /// - Throws: ``LoopbackHTTPServerError`` naming the call that failed.
    static func listenOnLoopback() throws -> (descriptor: Int32, port: Int) {
        let descriptor = socket(AF_INET, streamType, 0)
        guard descriptor >= 0 else {
            throw LoopbackHTTPServerError(operation: "socket", code: errno)
        }
        do {
            setCloseOnExec(descriptor)
            var yes: Int32 = 1
            _ = setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
            var address = sockaddr_in()
            #if canImport(Darwin)
            address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
            #endif
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = 0
            address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            guard bound == 0 else {
                throw LoopbackHTTPServerError(operation: "bind", code: errno)
            }
            // Tests open 100+ connections at once; the backlog must hold them while the accept thread catches up.
            guard listen(descriptor, 1024) == 0 else {
                throw LoopbackHTTPServerError(operation: "listen", code: errno)
            }
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let named = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
            }
            guard named == 0 else {
                throw LoopbackHTTPServerError(operation: "getsockname", code: errno)
            }
            setNonBlocking(descriptor, true)
            return (descriptor, Int(UInt16(bigEndian: address.sin_port)))
        } catch {
            systemClose(descriptor)
            throw error
        }
    }

    /// Accepts one pending connection as a blocking socket with Nagle's algorithm off.
    ///
    /// - Returns: The connection's descriptor, or `nil` if none was pending or it vanished before accept.
    static func accept(from listener: Int32) -> Int32? {
        let connection = systemAccept(listener)
        guard connection >= 0 else {
            if errno == EMFILE || errno == ENFILE {
                // Out of descriptors: the listener stays readable, so back off instead of spinning on poll.
                usleep(10_000)
            }
            return nil
        }
        setCloseOnExec(connection)
        // Darwin hands out accepted sockets with the listener's O_NONBLOCK; connection threads want blocking I/O.
        setNonBlocking(connection, false)
        var yes: Int32 = 1
        // Small keep-alive responses would otherwise wait for the client's delayed ACK (tens of milliseconds).
        _ = setsockopt(connection, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
        #if canImport(Darwin)
        _ = setsockopt(connection, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
        #endif
        return connection
    }

    /// Reads what is available, blocking until at least one byte arrives.
    ///
    /// - Returns: The number of bytes read; `0` at end of stream or on any error.
    static func receive(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        while true {
            let count = recv(descriptor, buffer.baseAddress, buffer.count, 0)
            if count < 0 && errno == EINTR {
                continue
            }
            return max(count, 0)
        }
    }

    /// Writes all of `bytes`.
    ///
    /// - Returns: `false` if the peer went away or the socket failed.
    @discardableResult
    static func sendAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let count = send(descriptor, raw.baseAddress! + offset, raw.count - offset, sendFlags)
                if count < 0 {
                    if errno == EINTR {
                        continue
                    }
                    return false
                }
                offset += count
            }
            return true
        }
    }

    /// Waits until the listener has a connection or the wake-up descriptor becomes readable.
    ///
    /// - Returns: `true` when the listener is readable, `false` when woken up or on a poll failure.
    static func waitForConnection(listener: Int32, wakeUp: Int32) -> Bool {
        var descriptors = [
            pollfd(fd: listener, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wakeUp, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            let ready = poll(&descriptors, nfds_t(descriptors.count), -1)
            if ready < 0 && errno == EINTR {
                continue
            }
            guard ready > 0, descriptors[1].revents == 0 else {
                return false
            }
            return descriptors[0].revents & Int16(POLLIN) != 0
        }
    }

    /// Makes a pipe whose read end wakes the accept loop.
    static func makeWakeUpPipe() throws -> (read: Int32, write: Int32) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            throw LoopbackHTTPServerError(operation: "pipe", code: errno)
        }
        setCloseOnExec(ends[0])
        setCloseOnExec(ends[1])
        return (ends[0], ends[1])
    }

    /// Wakes the accept loop.
    static func signal(_ descriptor: Int32) {
        var byte: UInt8 = 1
        _ = write(descriptor, &byte, 1)
    }

    /// Ends both directions, which wakes a thread blocked in `recv` on this socket. The owner still closes it.
    static func shutdownBoth(_ descriptor: Int32) {
        _ = systemShutdown(descriptor)
    }

    /// Makes a listening socket refuse new connections at once, and wakes a thread polling it, without closing
    /// the descriptor, which its owner still does.
    ///
    /// - Returns: `false` where the system cannot do that: Linux can (a listening socket shut down stops
    ///   listening), Darwin answers `ENOTCONN` and keeps listening until the descriptor is closed.
    static func stopListening(_ listener: Int32) -> Bool {
        systemShutdown(listener) == 0
    }

    /// Half-closes the connection and reads what the client still sends, so that closing it does not reset
    /// the connection and throw away the error response the client has not read yet (RFC 9112 §9.6).
    ///
    /// Gives up after about a megabyte or a second of silence.
    static func lingerBeforeClose(_ descriptor: Int32) {
        systemShutdownWrite(descriptor)
        var timeout = timeval(tv_sec: 1, tv_usec: 0)
        _ = setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var scratch = [UInt8](repeating: 0, count: 16 * 1024)
        var total = 0
        while total < 1 << 20 {
            let count = scratch.withUnsafeMutableBytes { receive(descriptor, into: $0) }
            guard count > 0 else {
                return
            }
            total += count
        }
    }

    /// Closes a descriptor.
    static func close(_ descriptor: Int32) {
        systemClose(descriptor)
    }

    private static func setCloseOnExec(_ descriptor: Int32) {
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    }

    private static func setNonBlocking(_ descriptor: Int32, _ nonBlocking: Bool) {
        let flags = fcntl(descriptor, F_GETFL, 0)
        guard flags >= 0 else {
            return
        }
        _ = fcntl(descriptor, F_SETFL, nonBlocking ? flags | O_NONBLOCK : flags & ~O_NONBLOCK)
    }
}

// At file scope these names reach the C library directly, whichever C module provides it, instead of the
// `Socket` members of the same name.
private func systemAccept(_ listener: Int32) -> Int32 {
    accept(listener, nil, nil)
}

private func systemShutdown(_ descriptor: Int32) -> Int32 {
    #if canImport(Darwin)
    shutdown(descriptor, SHUT_RDWR)
    #else
    shutdown(descriptor, Int32(SHUT_RDWR))
    #endif
}

private func systemShutdownWrite(_ descriptor: Int32) {
    #if canImport(Darwin)
    _ = shutdown(descriptor, SHUT_WR)
    #else
    _ = shutdown(descriptor, Int32(SHUT_WR))
    #endif
}

private func systemClose(_ descriptor: Int32) {
    _ = close(descriptor)
}
#endif
