import Foundation
import JanuaryCore

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A directory of records, each an opaque payload under a string key, written so that a crash (`kill -9`) at any
/// instant leaves every record either whole and readable or absent (`OutboxStoreCrashTests`).
///
/// The directory holds:
/// - `<key>.record`: one record each, framed by ``OutboxRecordFrame`` (magic, format version, length, CRC-32);
/// - `.lock`: the lock that keeps a second store, in this process or another, out;
/// - `.<key>.<UUID>.tmp`: a write under way; one left by a crash is removed when a store opens;
/// - `quarantine/`: record files that could not be read, kept for support, never deleted.
///
/// Folders are mode 0700 and files 0600; on Apple platforms they also get Data Protection
/// `completeUntilFirstUserAuthentication` and are excluded from backup (``OutboxFileProtection``). The store never
/// looks inside a payload.
///
/// Every method makes a few short system calls on the calling thread (a write: open, write, two `fsync`s, rename).
/// No lock is held while data is written or synchronised, so that calls on different keys proceed together: one
/// `Locked` guards whether the store is open, another is held for a single rename or removal at a time.
package final class OutboxStore: Sendable {
    /// The longest key, in characters.
    package static let maximumKeyLength = 128

    /// The name of the folder, inside the store's directory, where unreadable record files are moved.
    package static let quarantineFolderName = "quarantine"

    /// The store's directory.
    package let directory: URL

    private let path: String
    private let fileSystem: any OutboxFileSystem
    private let state: Locked<State>
    /// Held while a name in the directory changes (a rename or removal of a record, the move of a file to the
    /// quarantine, with its check that the file is still the one read), so that the check and the move see no
    /// other call's change in between. Each hold is one or two metadata calls, never an fsync.
    private let nameChanges = Locked(())

    /// Whether the store is open, and the descriptors it holds until it is closed and no call is under way.
    fileprivate struct State: Sendable {
        var isClosed = false
        var operationsInFlight = 0
        var descriptors: Descriptors?
    }

    /// The lock file's descriptor, whose `flock` keeps other stores out until it is closed, and the directory's,
    /// to synchronise renames and removals.
    fileprivate struct Descriptors: Sendable {
        let lock: Int32
        let directory: Int32
    }

    /// Opens the store in `directory`, creating it (mode 0700) if needed, takes its lock and removes the
    /// temporary files of writes a crash interrupted.
    ///
    /// - Parameter directory: A file URL of the store's own directory; its parents are created if needed.
    /// - Throws: `JanuaryError` with code `outbox_in_use` when another store, in this process or another, has
    ///   the directory open (until its ``close()`` or deinit, or its process ends); `outbox_storage_failed` or
    ///   `outbox_storage_full` when the directory cannot be made, protected, locked or cleaned.
    package convenience init(directory: URL) throws {
        try self.init(directory: directory, fileSystem: PosixOutboxFileSystem())
    }

    /// Opens the store in `directory` through `fileSystem`; tests pass one that fails on demand.
    ///
    /// - Parameters:
    ///   - directory: A file URL of the store's own directory.
    ///   - fileSystem: The system calls to make.
    /// - Throws: As ``init(directory:)``.
    package init(directory: URL, fileSystem: any OutboxFileSystem) throws {
        guard directory.isFileURL else {
            throw JanuaryError.invalidInput("The outbox directory must be a file URL.")
        }
        self.directory = directory
        self.path = directory.path
        self.fileSystem = fileSystem
        let descriptors = try Self.open(directory: directory, path: path, fileSystem: fileSystem)
        self.state = Locked(State(descriptors: descriptors))
    }

    deinit {
        close()
    }

    // MARK: Records

    /// Writes or replaces the record `key` atomically: the frame goes to a new temporary file (mode 0600) in the
    /// directory, which is synchronised, renamed over the record and the directory synchronised. A crash at any
    /// instant leaves the old record or the new one, whole.
    ///
    /// - Parameters:
    ///   - payload: At most ``OutboxRecordFrame/maximumPayloadSize`` bytes; never interpreted.
    ///   - key: 1 to ``maximumKeyLength`` characters of `A-Z a-z 0-9 . _ -`, starting with a letter or digit.
    /// - Throws: `JanuaryError`: `invalid_request` for a key or payload refused; `outbox_closed`;
    ///   `outbox_storage_full` (a full disk) or `outbox_storage_failed` naming the failed call and its `errno`.
    ///   Nothing is half-written then: the old record, if any, is intact and the temporary file removed
    ///   (`OutboxStoreFaultTests`). The one exception has ``JanuaryError/mayHaveTakenEffect`` set: the rename was
    ///   done but the directory could not be synchronised, so the new record is in place but may not survive a
    ///   power loss.
    package func write(_ payload: Data, forKey key: String) throws {
        try Self.check(key)
        guard payload.count <= OutboxRecordFrame.maximumPayloadSize else {
            throw JanuaryError.invalidInput(
                "The outbox refused a record of \(payload.count) bytes: at most "
                    + "\(OutboxRecordFrame.maximumPayloadSize) are stored."
            )
        }
        let frame = OutboxRecordFrame.encode(payload)
        try withOperation { directoryDescriptor in
            let temporary = path + "/." + key + "." + UUID().uuidString + ".tmp"
            do {
                try writeNewFile(frame, at: temporary)
                let record = path + "/" + Self.fileName(of: key)
                try nameChanges.withLock { _ in
                    try retryingInterruptions { try fileSystem.rename(temporary, to: record) }
                }
            } catch {
                // The record was not touched; the temporary file, if made, goes. Removal failing too leaves it to the
                // next open, which removes every temporary file.
                try? fileSystem.unlink(temporary)
                throw Self.storageError("write record \(key)", error)
            }
            do {
                try retryingInterruptions { try fileSystem.synchronize(directoryDescriptor) }
            } catch {
                throw Self.storageError("make record \(key) durable", error, mayHaveTakenEffect: true)
            }
        }
    }

    /// Removes the record `key` (a missing one is fine), then synchronises the directory.
    ///
    /// - Parameter key: The record's key.
    /// - Throws: `JanuaryError`: `invalid_request` for a key refused; `outbox_closed`; `outbox_storage_failed`.
    package func remove(key: String) throws {
        try Self.check(key)
        try withOperation { directoryDescriptor in
            do {
                let record = path + "/" + Self.fileName(of: key)
                try nameChanges.withLock { _ in
                    try retryingInterruptions { try fileSystem.unlink(record) }
                }
            } catch let error where systemCallCode(of: error) == ENOENT {
                // Already gone, maybe by a removal whose synchronisation failed: synchronise again below.
            } catch {
                throw Self.storageError("remove record \(key)", error)
            }
            do {
                try retryingInterruptions { try fileSystem.synchronize(directoryDescriptor) }
            } catch {
                throw Self.storageError("make the removal of record \(key) durable", error, mayHaveTakenEffect: true)
            }
        }
    }

    /// Reads every record, in the order of their keys. A record file that is not a whole record of a format this
    /// code reads (truncated, corrupt, or of a newer format) is moved to `quarantine/` and reported, and every
    /// other record is still returned.
    ///
    /// Files that are not records (no `.record` suffix, a name that is not a key, not a regular file) are left
    /// alone and not reported. A file written or removed by another call after this one read it is not
    /// quarantined: it is no longer the file that was read (`OutboxStoreTests`).
    ///
    /// - Returns: The records, and the files quarantined by this call.
    /// - Throws: `JanuaryError` with code `outbox_closed`, or `outbox_storage_failed` when the directory cannot be
    ///   listed, a record file cannot be opened or read, or a file cannot be quarantined. A file that cannot be
    ///   read is never quarantined: on Apple platforms that is how a device that was restarted and not yet
    ///   unlocked answers, and the record is whole.
    package func readAll() throws -> (records: [(key: String, payload: Data)], quarantined: [Quarantined]) {
        try withOperation { directoryDescriptor in
            let listed: [String]
            do {
                listed = try retryingInterruptions { try fileSystem.contentsOfDirectory(path) }
            } catch {
                throw Self.storageError("list its records", error)
            }
            var names: [String] = []
            var keys: [String] = []
            for name in listed {
                if let key = Self.key(ofFileName: name) {
                    names.append(name)
                    keys.append(key)
                }
            }
            // Read in the order of their keys, so that records and quarantined files come out in it: one sort of
            // positions rather than one of each result (Docs/Benchmarks.md, "Size in an app").
            var records: [(key: String, payload: Data)] = []
            var quarantined: [Quarantined] = []
            for index in stableOrder(count: keys.count, by: { keys[$0] < keys[$1] }) {
                let name = names[index]
                let key = keys[index]
                guard let file = try readRecordFile(name, key: key) else {
                    continue
                }
                switch OutboxRecordFrame.decode(file.bytes) {
                case .record(let payload):
                    records.append((key, payload))
                case .unreadable(let reason):
                    if try quarantine(name, key: key, read: file.status, directoryDescriptor: directoryDescriptor) {
                        quarantined.append(Quarantined(key: key, reason: reason))
                    }
                }
            }
            return (records, quarantined)
        }
    }

    /// Closes the store: later calls throw `outbox_closed`, and the lock is released (letting another store
    /// open the directory) as soon as no call is under way; a call under way finishes first. Calling it again
    /// does nothing.
    package func close() {
        let descriptors = state.withLock { state -> Descriptors? in
            state.isClosed = true
            return state.descriptorsToClose()
        }
        if let descriptors {
            Self.close(descriptors, fileSystem: fileSystem)
        }
    }

    // MARK: Keys and names

    /// Whether `key` may name a record: 1 to ``maximumKeyLength`` characters of `A-Z a-z 0-9 . _ -`, the first a
    /// letter or digit. So a key is never a path (no `/`), never `.` or `..`, and never the name of the store's
    /// own files (`.lock`, temporary files), which start with a dot.
    ///
    /// - Parameter key: The key.
    /// - Returns: Whether the store accepts it.
    package static func isValidKey(_ key: String) -> Bool {
        let bytes = key.utf8
        guard (1...maximumKeyLength).contains(bytes.count), let first = bytes.first, isAlphanumeric(first) else {
            return false
        }
        return bytes.allSatisfy {
            isAlphanumeric($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "_")
                || $0 == UInt8(ascii: "-")
        }
    }

    /// The name of the record file of `key` in the store's directory: `<key>.record`.
    ///
    /// - Parameter key: A valid key.
    /// - Returns: The file name.
    package static func fileName(of key: String) -> String {
        key + recordSuffix
    }

    private static let recordSuffix = ".record"
    private static let lockFileName = ".lock"
    private static let temporarySuffix = ".tmp"

    private static func key(ofFileName name: String) -> String? {
        guard name.hasSuffix(recordSuffix) else {
            return nil
        }
        let key = String(name.dropLast(recordSuffix.count))
        return isValidKey(key) ? key : nil
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static func check(_ key: String) throws {
        guard isValidKey(key) else {
            // The key is not echoed: it failed the check, so it may be anything.
            throw JanuaryError.invalidInput(
                "The outbox refused a record key: keys are 1 to \(maximumKeyLength) characters of A-Z, a-z, 0-9, '.', "
                    + "'_' and '-', starting with a letter or digit."
            )
        }
    }
}

// MARK: - Opening and closing

extension OutboxStore {
    /// Makes the directory (0700, protected), opens it and its lock file, takes the lock, and removes temporary
    /// files left by interrupted writes. Closes what it opened when it fails.
    private static func open(directory: URL, path: String, fileSystem: any OutboxFileSystem) throws -> Descriptors {
        do {
            if try fileSystem.status(atPath: path) == nil {
                try FileManager.default.createDirectory(
                    at: directory.deletingLastPathComponent(),
                    withIntermediateDirectories: true
                )
                try makeDirectoryIfAbsent(path, fileSystem: fileSystem)
            }
            // A directory made earlier by someone else, or by an older SDK, gets the store's mode too.
            try fileSystem.changeMode(path, mode: 0o700)
        } catch {
            throw storageError("create its folder", error)
        }
        try OutboxFileProtection.protectDirectory(directory)

        var opened: [Int32] = []
        do {
            let directoryDescriptor = try retryingInterruptions {
                try fileSystem.open(path, flags: O_RDONLY | O_DIRECTORY | O_CLOEXEC, mode: 0)
            }
            opened.append(directoryDescriptor)
            let lockPath = path + "/" + lockFileName
            let lockDescriptor = try retryingInterruptions {
                // O_CLOEXEC: a child process (the app may spawn none on iOS, but tests do) must not inherit the lock.
                try fileSystem.open(lockPath, flags: O_RDWR | O_CREAT | O_CLOEXEC, mode: 0o600)
            }
            opened.append(lockDescriptor)
            try OutboxFileProtection.protectFile(atPath: lockPath)
            do {
                // flock locks belong to the open file description, so a second store in this very process, with
                // its own descriptor, is refused as one in another process is.
                try retryingInterruptions {
                    try fileSystem.lock(lockDescriptor, operation: LOCK_EX | LOCK_NB)
                }
            } catch let error where systemCallCode(of: error) == EWOULDBLOCK {
                throw JanuaryError(
                    category: .invalidInput,
                    code: .outboxInUse,
                    message: "Another outbox store, in this process or another, has this directory open: two clients "
                        + "never share one outbox. Close the other client first.",
                    underlyingError: error
                )
            }
            try removeTemporaryFiles(path: path, directoryDescriptor: directoryDescriptor, fileSystem: fileSystem)
            return Descriptors(lock: lockDescriptor, directory: directoryDescriptor)
        } catch {
            for descriptor in opened.reversed() {
                try? fileSystem.close(descriptor)
            }
            throw storageError("open its folder", error)
        }
    }

    private static func makeDirectoryIfAbsent(_ path: String, fileSystem: any OutboxFileSystem) throws {
        do {
            try retryingInterruptions { try fileSystem.makeDirectory(path, mode: 0o700) }
        } catch let error where systemCallCode(of: error) == EEXIST {
            // Made by someone else meanwhile; the mode is set next either way.
        }
    }

    /// Removes the temporary files of writes a crash interrupted (the lock is held, so no write is under way).
    private static func removeTemporaryFiles(
        path: String,
        directoryDescriptor: Int32,
        fileSystem: any OutboxFileSystem
    ) throws {
        let names = try retryingInterruptions { try fileSystem.contentsOfDirectory(path) }
        var removed = false
        for name in names where name.hasPrefix(".") && name.hasSuffix(temporarySuffix) {
            do {
                try retryingInterruptions { try fileSystem.unlink(path + "/" + name) }
                removed = true
            } catch let error where systemCallCode(of: error) == ENOENT {
                continue
            }
        }
        if removed {
            try retryingInterruptions { try fileSystem.synchronize(directoryDescriptor) }
        }
    }

    /// Closing the lock file's descriptor releases the lock.
    private static func close(_ descriptors: Descriptors, fileSystem: any OutboxFileSystem) {
        try? fileSystem.close(descriptors.directory)
        try? fileSystem.close(descriptors.lock)
    }
}

extension OutboxStore.State {
    /// The descriptors, once, when the store is closed and no call is under way.
    fileprivate mutating func descriptorsToClose() -> OutboxStore.Descriptors? {
        guard isClosed, operationsInFlight == 0 else {
            return nil
        }
        defer { descriptors = nil }
        return descriptors
    }
}

// MARK: - Calls

extension OutboxStore {
    /// Runs `body` with the directory's descriptor, counted as a call under way so that ``close()`` keeps the lock
    /// until it returns.
    private func withOperation<Value>(_ body: (Int32) throws -> Value) throws -> Value {
        let descriptor = state.withLock { state -> Int32? in
            guard !state.isClosed, let descriptors = state.descriptors else {
                return nil
            }
            state.operationsInFlight += 1
            return descriptors.directory
        }
        guard let descriptor else {
            throw JanuaryError(category: .invalidInput, code: .outboxClosed, message: "The outbox store is closed.")
        }
        defer {
            let descriptors = state.withLock { state -> Descriptors? in
                state.operationsInFlight -= 1
                return state.descriptorsToClose()
            }
            if let descriptors {
                Self.close(descriptors, fileSystem: fileSystem)
            }
        }
        return try body(descriptor)
    }

    /// Creates `path` (which must not exist), writes all of `bytes` to it and makes them durable.
    private func writeNewFile(_ bytes: [UInt8], at path: String) throws {
        let descriptor = try retryingInterruptions {
            try fileSystem.open(path, flags: O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode: 0o600)
        }
        var isOpen = true
        defer {
            if isOpen {
                try? fileSystem.close(descriptor)
            }
        }
        try OutboxFileProtection.protectFile(atPath: path)
        try bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let remaining = UnsafeRawBufferPointer(rebasing: buffer[offset...])
                let written = try retryingInterruptions { try fileSystem.write(descriptor, remaining) }
                // A write that reports no progress, or more than it was given, would loop forever or skip bytes.
                guard written > 0, written <= remaining.count else {
                    throw OutboxSystemCallError(call: "write", code: EIO)
                }
                offset += written
            }
        }
        try retryingInterruptions { try fileSystem.synchronize(descriptor) }
        isOpen = false
        do {
            try fileSystem.close(descriptor)
        } catch let error where systemCallCode(of: error) == EINTR {
            // Not retried: after an interrupted close the descriptor is released (Linux) or its state unknown, and
            // the data was already synchronised.
        }
    }

    /// The bytes of a record file, at most one more than the largest frame; `nil` when it vanished meanwhile or is
    /// not a regular file (a folder or link someone put there).
    private func readRecordFile(_ name: String, key: String) throws -> (bytes: [UInt8], status: OutboxFileStatus)? {
        let descriptor: Int32
        do {
            descriptor = try retryingInterruptions {
                try fileSystem.open(path + "/" + name, flags: O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, mode: 0)
            }
        } catch let error where systemCallCode(of: error) == ENOENT || systemCallCode(of: error) == ELOOP {
            return nil
        } catch {
            throw Self.storageError("open record \(key)", error)
        }
        defer { try? fileSystem.close(descriptor) }
        do {
            let status = try fileSystem.status(descriptor)
            guard status.isRegularFile else {
                return nil
            }
            // A larger file is no record; one byte more than the largest frame is enough to say so.
            let limit = OutboxRecordFrame.overhead + OutboxRecordFrame.maximumPayloadSize + 1
            var bytes = [UInt8](repeating: 0, count: Int(min(max(status.size, 0), Int64(limit))))
            var count = 0
            while count < bytes.count {
                let read = try bytes.withUnsafeMutableBytes { buffer in
                    try retryingInterruptions {
                        try fileSystem.read(descriptor, into: UnsafeMutableRawBufferPointer(rebasing: buffer[count...]))
                    }
                }
                guard read > 0 else {
                    break
                }
                count += min(read, bytes.count - count)
            }
            return (Array(bytes.prefix(count)), status)
        } catch {
            throw Self.storageError("read record \(key)", error)
        }
    }

    /// Moves the record file `name` into the quarantine folder, under a name no earlier quarantined file has,
    /// unless it is no longer the file that was read (`read`): another call replaced or removed it meanwhile, or
    /// another `readAll` quarantined it.
    ///
    /// - Returns: Whether this call moved it.
    private func quarantine(
        _ name: String,
        key: String,
        read: OutboxFileStatus,
        directoryDescriptor: Int32
    ) throws -> Bool {
        let folder = path + "/" + Self.quarantineFolderName
        do {
            if try fileSystem.status(atPath: folder) == nil {
                try Self.makeDirectoryIfAbsent(folder, fileSystem: fileSystem)
                try OutboxFileProtection.protectDirectory(directory.appendingPathComponent(Self.quarantineFolderName))
            }
            let source = path + "/" + name
            let moved = try nameChanges.withLock { _ -> Bool in
                guard let current = try fileSystem.status(atPath: source), current.isSameFile(as: read) else {
                    return false
                }
                var target = folder + "/" + name
                var suffix = 1
                while try fileSystem.status(atPath: target) != nil {
                    target = folder + "/" + name + ".\(suffix)"
                    suffix += 1
                }
                try retryingInterruptions { try fileSystem.rename(source, to: target) }
                return true
            }
            guard moved else {
                return false
            }
            let folderDescriptor = try retryingInterruptions {
                try fileSystem.open(folder, flags: O_RDONLY | O_DIRECTORY | O_CLOEXEC, mode: 0)
            }
            defer { try? fileSystem.close(folderDescriptor) }
            try retryingInterruptions { try fileSystem.synchronize(folderDescriptor) }
            try retryingInterruptions { try fileSystem.synchronize(directoryDescriptor) }
            return true
        } catch {
            throw Self.storageError("quarantine record \(key)", error)
        }
    }

    /// `error` as the `JanuaryError` the store throws: a failed call is worded by what was being done; a
    /// `JanuaryError` (a protection refused) is passed on as it is.
    private static func storageError(
        _ action: String,
        _ error: any Error,
        mayHaveTakenEffect: Bool = false
    ) -> JanuaryError {
        switch error {
        case let error as JanuaryError:
            return error
        case let error as OutboxSystemCallError:
            return .outboxStorage(action, failure: error, mayHaveTakenEffect: mayHaveTakenEffect)
        default:
            // FileManager's errors, when the parent folders cannot be made; the code says why, the path is left out.
            return JanuaryError(
                category: .invalidInput,
                code: .outboxStorageFailed,
                message: "The outbox could not \(action) (\(String(reflecting: type(of: error))) "
                    + "\((error as NSError).code)).",
                underlyingError: error
            )
        }
    }
}

/// Makes `call` again for as long as a signal interrupts it (`EINTR`), which says it did nothing.
private func retryingInterruptions<Value>(_ call: () throws -> Value) throws -> Value {
    while true {
        do {
            return try call()
        } catch let error where systemCallCode(of: error) == EINTR {
            continue
        }
    }
}

/// The `errno` of a failed system call, or `nil` for any other error: a function of its own, so that each place
/// that tells one `errno` from another (the loop above, inlined at each call) calls it rather than repeating the
/// cast (Docs/Benchmarks.md, "Size in an app").
@inline(never)
private func systemCallCode(of error: any Error) -> Int32? {
    (error as? OutboxSystemCallError)?.code
}
