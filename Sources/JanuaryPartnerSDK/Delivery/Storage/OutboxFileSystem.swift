#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The system calls the outbox's storage makes, one method each and nothing more, so that tests can make any of
/// them fail, be interrupted or write short (a full disk cannot be made on demand on a CI runner).
///
/// Each method makes its call once and throws ``OutboxSystemCallError`` with the call's `errno` when it fails,
/// `EINTR` included: retrying and completing short writes is ``OutboxStore``'s work, so that tests reach it.
/// ``PosixOutboxFileSystem`` is the real one.
package protocol OutboxFileSystem: Sendable {
    /// `open(2)`.
    ///
    /// - Returns: The new descriptor.
    func open(_ path: String, flags: Int32, mode: mode_t) throws -> Int32

    /// `write(2)`: writes at most `bytes.count` bytes.
    ///
    /// - Returns: How many bytes were written, possibly fewer than asked.
    func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) throws -> Int

    /// `read(2)`: reads at most `buffer.count` bytes.
    ///
    /// - Returns: How many bytes were read; `0` at the end of the file.
    func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) throws -> Int

    /// Makes what was written to the descriptor durable: `fsync(2)`, or `F_FULLFSYNC` on Apple platforms, whose
    /// `fsync` leaves data in the drive's cache.
    func synchronize(_ descriptor: Int32) throws

    /// `close(2)`.
    func close(_ descriptor: Int32) throws

    /// `fstat(2)`.
    func status(_ descriptor: Int32) throws -> OutboxFileStatus

    /// `rename(2)`: replaces `destination` atomically.
    func rename(_ source: String, to destination: String) throws

    /// `unlink(2)`.
    func unlink(_ path: String) throws

    /// `mkdir(2)`.
    func makeDirectory(_ path: String, mode: mode_t) throws

    /// `chmod(2)`.
    func changeMode(_ path: String, mode: mode_t) throws

    /// `lstat(2)`: the file with this name (a link itself, not what it points to), or `nil` when nothing has it.
    func status(atPath path: String) throws -> OutboxFileStatus?

    /// `flock(2)`.
    func lock(_ descriptor: Int32, operation: Int32) throws

    /// The names in a directory (`opendir(3)`, `readdir(3)`), without `.` and `..`.
    func contentsOfDirectory(_ path: String) throws -> [String]
}
