// The loopback server is compiled out on watchOS, which does not let apps open BSD sockets (Apple TN3135): tests
// there use the in-process simulator. JANUARY_NO_LOOPBACK_SERVER builds the same shape elsewhere, so that
// Scripts/apple-typecheck.sh can check it without a watchOS SDK.
#if !os(watchOS) && !JANUARY_NO_LOOPBACK_SERVER
/// A receive buffer over a blocking socket that hands out lines and fixed-size runs of bytes.
///
/// Bytes stay in one array from `start` on; consumed bytes are dropped in bulk now and then, and a line search
/// resumes where the last one stopped, so reading is linear in the bytes received.
struct ByteReader {
    enum Line {
        case line([UInt8])
        case closed
        case tooLong
    }

    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private var start = 0
    private var scratch = [UInt8](repeating: 0, count: 64 * 1024)

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Whether bytes beyond those consumed have already arrived.
    var hasBufferedBytes: Bool {
        start < buffer.count
    }

    /// Reads one line ended by LF, without the LF or a CR before it (RFC 9112 §2.2 lets a recipient accept a
    /// bare LF).
    ///
    /// - Parameter limit: The longest line accepted, terminator excluded.
    /// - Returns: The line, or `.closed` or `.tooLong` when none could be read.
    mutating func readLine(limit: Int) -> Line {
        // Counted from `start`, because `fill` may move the unread bytes to the front of the buffer.
        var searched = 0
        while true {
            if let newline = buffer[(start + searched)...].firstIndex(of: 0x0A) {
                var end = newline
                if end > start && buffer[end - 1] == 0x0D {
                    end -= 1
                }
                guard end - start <= limit else {
                    return .tooLong
                }
                let line = Array(buffer[start..<end])
                start = newline + 1
                return .line(line)
            }
            searched = buffer.count - start
            guard buffer.count - start <= limit + 1 else {
                return .tooLong
            }
            guard fill() else {
                return .closed
            }
        }
    }

    /// Reads exactly `count` bytes.
    ///
    /// - Returns: The bytes, or `nil` if the connection ended first.
    mutating func read(count: Int) -> [UInt8]? {
        while buffer.count - start < count {
            guard fill() else {
                return nil
            }
        }
        let bytes = Array(buffer[start..<(start + count)])
        start += count
        return bytes
    }

    private mutating func fill() -> Bool {
        if start > 0 && start >= buffer.count / 2 {
            buffer.removeSubrange(0..<start)
            start = 0
        }
        let descriptor = self.descriptor
        let count = scratch.withUnsafeMutableBytes { Socket.receive(descriptor, into: $0) }
        guard count > 0 else {
            return false
        }
        buffer.append(contentsOf: scratch[0..<count])
        return true
    }
}
#endif
