#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The outbox's storage calls made on the real file system, each exactly once (see ``OutboxFileSystem``).
package struct PosixOutboxFileSystem: OutboxFileSystem {
    /// Creates the real file system.
    package init() {}

    package func open(_ path: String, flags: Int32, mode: mode_t) throws -> Int32 {
        let descriptor = path.withCString { systemOpen($0, flags, mode) }
        guard descriptor >= 0 else {
            throw OutboxSystemCallError.lastError(of: "open")
        }
        return descriptor
    }

    package func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) throws -> Int {
        let written = systemWrite(descriptor, bytes.baseAddress, bytes.count)
        guard written >= 0 else {
            throw OutboxSystemCallError.lastError(of: "write")
        }
        return written
    }

    package func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        let count = systemRead(descriptor, buffer.baseAddress, buffer.count)
        guard count >= 0 else {
            throw OutboxSystemCallError.lastError(of: "read")
        }
        return count
    }

    package func synchronize(_ descriptor: Int32) throws {
        #if canImport(Darwin)
        // Apple's fsync only hands the data to the drive, which may keep it in its cache across a power loss;
        // F_FULLFSYNC asks the drive to write it out. Some file systems (network, FAT) refuse it: fsync is the
        // best they offer.
        if fcntl(descriptor, F_FULLFSYNC) == 0 {
            return
        }
        #endif
        guard systemFsync(descriptor) == 0 else {
            throw OutboxSystemCallError.lastError(of: "fsync")
        }
    }

    package func close(_ descriptor: Int32) throws {
        guard systemClose(descriptor) == 0 else {
            throw OutboxSystemCallError.lastError(of: "close")
        }
    }

    package func status(_ descriptor: Int32) throws -> OutboxFileStatus {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            throw OutboxSystemCallError.lastError(of: "fstat")
        }
        return Self.status(of: info)
    }

    package func rename(_ source: String, to destination: String) throws {
        let result = source.withCString { source in
            destination.withCString { destination in systemRename(source, destination) }
        }
        guard result == 0 else {
            throw OutboxSystemCallError.lastError(of: "rename")
        }
    }

    package func unlink(_ path: String) throws {
        guard path.withCString({ systemUnlink($0) }) == 0 else {
            throw OutboxSystemCallError.lastError(of: "unlink")
        }
    }

    package func makeDirectory(_ path: String, mode: mode_t) throws {
        guard path.withCString({ mkdir($0, mode) }) == 0 else {
            throw OutboxSystemCallError.lastError(of: "mkdir")
        }
    }

    package func changeMode(_ path: String, mode: mode_t) throws {
        guard path.withCString({ chmod($0, mode) }) == 0 else {
            throw OutboxSystemCallError.lastError(of: "chmod")
        }
    }

    package func status(atPath path: String) throws -> OutboxFileStatus? {
        var info = stat()
        guard path.withCString({ lstat($0, &info) }) == 0 else {
            let error = OutboxSystemCallError.lastError(of: "lstat")
            guard error.code == ENOENT else {
                throw error
            }
            return nil
        }
        return Self.status(of: info)
    }

    package func lock(_ descriptor: Int32, operation: Int32) throws {
        guard flock(descriptor, operation) == 0 else {
            throw OutboxSystemCallError.lastError(of: "flock")
        }
    }

    package func contentsOfDirectory(_ path: String) throws -> [String] {
        guard let directory = path.withCString({ opendir($0) }) else {
            throw OutboxSystemCallError.lastError(of: "opendir")
        }
        defer { closedir(directory) }
        var names: [String] = []
        while true {
            // readdir returns nil both at the end and on failure; only errno tells them apart.
            errno = 0
            guard let entry = readdir(directory) else {
                if errno != 0 {
                    throw OutboxSystemCallError.lastError(of: "readdir")
                }
                return names
            }
            let name = withUnsafeBytes(of: &entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." {
                names.append(name)
            }
        }
    }
}

extension PosixOutboxFileSystem {
    private static func status(of info: stat) -> OutboxFileStatus {
        OutboxFileStatus(
            isRegularFile: (info.st_mode & S_IFMT) == S_IFREG,
            size: Int64(info.st_size),
            device: UInt64(truncatingIfNeeded: info.st_dev),
            inode: UInt64(truncatingIfNeeded: info.st_ino)
        )
    }
}

// The C library's calls under names of their own: the methods above share their names, and inside them an
// unqualified `open(…)` would be the method itself.
private func systemOpen(_ path: UnsafePointer<CChar>, _ flags: Int32, _ mode: mode_t) -> Int32 {
    open(path, flags, mode)
}

private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}

private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

private func systemFsync(_ descriptor: Int32) -> Int32 {
    fsync(descriptor)
}

private func systemClose(_ descriptor: Int32) -> Int32 {
    close(descriptor)
}

private func systemRename(_ source: UnsafePointer<CChar>, _ destination: UnsafePointer<CChar>) -> Int32 {
    rename(source, destination)
}

private func systemUnlink(_ path: UnsafePointer<CChar>) -> Int32 {
    unlink(path)
}
