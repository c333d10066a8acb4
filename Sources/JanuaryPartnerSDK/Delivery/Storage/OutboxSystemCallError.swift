#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A system call of the outbox's storage that failed: which call, and the `errno` it set.
///
/// It names no path, so that it may be logged and carried as a `JanuaryError`'s underlying error.
package struct OutboxSystemCallError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The call, such as `write` or `rename`.
    package let call: String

    /// The `errno` value the call set.
    package let code: Int32

    /// Creates the error of a failed call.
    ///
    /// - Parameters:
    ///   - call: The call, such as `fsync`.
    ///   - code: The `errno` it set.
    package init(call: String, code: Int32) {
        self.call = call
        self.code = code
    }

    /// The error of `call` with the `errno` the calling thread holds now; read it right after the failing call.
    ///
    /// - Parameter call: The call that just failed.
    /// - Returns: The error.
    package static func lastError(of call: String) -> OutboxSystemCallError {
        OutboxSystemCallError(call: call, code: errno)
    }

    /// Whether the call was interrupted by a signal before it did anything, and may simply be made again.
    package var isInterrupted: Bool {
        code == EINTR
    }

    /// Whether the call failed because the device (or the user's quota) is full.
    package var isOutOfSpace: Bool {
        code == ENOSPC || code == EDQUOT
    }

    /// The symbolic name of the error for the codes storage meets, such as `ENOSPC`; `errno N` for others.
    package var codeName: String {
        switch code {
        case ENOSPC: return "ENOSPC"
        case EDQUOT: return "EDQUOT"
        case EACCES: return "EACCES"
        case EPERM: return "EPERM"
        case EROFS: return "EROFS"
        case EIO: return "EIO"
        case ENOENT: return "ENOENT"
        case EEXIST: return "EEXIST"
        case ENOTDIR: return "ENOTDIR"
        case EISDIR: return "EISDIR"
        case EMFILE: return "EMFILE"
        case ENFILE: return "ENFILE"
        case ENAMETOOLONG: return "ENAMETOOLONG"
        case EWOULDBLOCK: return "EWOULDBLOCK"
        case EINTR: return "EINTR"
        case EBADF: return "EBADF"
        case EINVAL: return "EINVAL"
        case ELOOP: return "ELOOP"
        case EFBIG: return "EFBIG"
        default: return "errno \(code)"
        }
    }

    /// A summary such as `write failed: ENOSPC (No space left on device)`.
    package var description: String {
        "\(call) failed: \(codeName) (\(String(cString: strerror(code))))"
    }
}
