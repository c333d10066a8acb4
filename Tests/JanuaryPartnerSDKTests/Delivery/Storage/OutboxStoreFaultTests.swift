import Foundation
import JanuaryCore
import JanuaryPartnerSDK
import Testing

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Failures a real disk gives (a full disk, an I/O error, a refused rename), made on demand through the store's
/// file-system seam, since a CI runner's disk cannot be filled for a test.
@Suite("Outbox store under storage failures", suiteTimeLimit())
struct OutboxStoreFaultTests {
    typealias Fault = FaultInjectingFileSystem.Fault

    static let isTemporary: @Sendable (String) -> Bool = { $0.hasSuffix(".tmp") }

    @Test(
        "a write that fails before its rename throws a clear error and leaves the old record intact",
        arguments: [
            ("open ENOSPC", Fault(call: .open, code: ENOSPC, path: isTemporary), "outbox_storage_full", "ENOSPC"),
            ("open EDQUOT", Fault(call: .open, code: EDQUOT, path: isTemporary), "outbox_storage_full", "EDQUOT"),
            ("open EACCES", Fault(call: .open, code: EACCES, path: isTemporary), "outbox_storage_failed", "EACCES"),
            ("first write ENOSPC", Fault(call: .write, code: ENOSPC), "outbox_storage_full", "ENOSPC"),
            ("third write ENOSPC", Fault(call: .write, code: ENOSPC, skipping: 2), "outbox_storage_full", "ENOSPC"),
            ("write EIO", Fault(call: .write, code: EIO, skipping: 1), "outbox_storage_failed", "EIO"),
            ("fsync EIO", Fault(call: .synchronize, code: EIO, path: isTemporary), "outbox_storage_failed", "EIO"),
            ("close EIO", Fault(call: .close, code: EIO, path: isTemporary), "outbox_storage_failed", "EIO"),
            ("rename ENOSPC", Fault(call: .rename, code: ENOSPC), "outbox_storage_full", "ENOSPC"),
            ("rename EROFS", Fault(call: .rename, code: EROFS), "outbox_storage_failed", "EROFS"),
        ]
    )
    func writeFailureKeepsOldRecord(name: String, fault: Fault, code: String, errnoName: String) throws {
        let directory = try OutboxTestDirectory()
        defer { directory.remove() }
        let fileSystem = FaultInjectingFileSystem()
        let store = try OutboxStore(directory: directory.store, fileSystem: fileSystem)
        let old = Data("the old record".utf8)
        try store.write(old, forKey: "3F2B9C1E-8D4A-4E6F-9B7A-2C1D0E5F6A7B")
        // Writes of 7 bytes, so that a failing later write hits a half-written file.
        fileSystem.limitWrites(to: 7)
        fileSystem.inject(fault)

        let error = try #require(throws: JanuaryError.self) {
            try store.write(Data(repeating: 0x42, count: 100), forKey: "3F2B9C1E-8D4A-4E6F-9B7A-2C1D0E5F6A7B")
        }
        #expect(error.category == .invalidInput)
        #expect(error.code?.rawValue == code)
        #expect(!error.mayHaveTakenEffect)
        #expect(error.message.contains("3F2B9C1E-8D4A-4E6F-9B7A-2C1D0E5F6A7B"), "the message names the record")
        #expect(error.message.contains(errnoName), "the message names the cause: \(error.message)")
        #expect(!error.message.contains(directory.root.path), "the message names no path: \(error.message)")
        #expect(!error.message.contains("january-outbox-tests"), "the message names no path: \(error.message)")

        fileSystem.heal()
        #expect(try directory.temporaryFiles() == [])
        #expect(try store.recordsByKey() == ["3F2B9C1E-8D4A-4E6F-9B7A-2C1D0E5F6A7B": old])
        // Only the store's own two descriptors (the directory and its lock) stay open.
        #expect(fileSystem.openDescriptors.count == 2)
        store.close()
        #expect(fileSystem.openDescriptors.isEmpty)
    }

    /// A real full disk, where one can be made: `JANUARY_OUTBOX_TMPFS` names an empty folder on a small file system,
    /// such as `mount -t tmpfs -o size=64k tmpfs <folder>` as root. Not run in CI, which cannot mount.
    @Test(
        "on a real full disk a write throws outbox_storage_full and every record stays whole",
        .enabled(if: ProcessInfo.processInfo.environment["JANUARY_OUTBOX_TMPFS"] != nil)
    )
    func realFullDisk() throws {
        let folder = try #require(ProcessInfo.processInfo.environment["JANUARY_OUTBOX_TMPFS"])
        let directory = URL(fileURLWithPath: folder).appendingPathComponent("outbox-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try OutboxStore(directory: directory)
        var written: [String: Data] = [:]
        var failure: JanuaryError?
        for index in 0..<10_000 where failure == nil {
            let key = "meal-\(index)"
            let payload = Data(repeating: UInt8(truncatingIfNeeded: index), count: 3_000)
            do {
                try store.write(payload, forKey: key)
                written[key] = payload
            } catch let error as JanuaryError {
                failure = error
            }
        }
        let error = try #require(failure, "the file system never filled up")
        #expect(error.code == .outboxStorageFull)
        #expect(error.message.contains("ENOSPC"))
        // Replacing a record on the full disk fails too, and leaves the old one whole.
        let replaced = try #require(written.keys.first)
        #expect(throws: JanuaryError.self) { try store.write(Data(repeating: 0xEE, count: 30_000), forKey: replaced) }
        #expect(try store.recordsByKey() == written)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".tmp") } == [])
    }

    @Test("a new record whose write fails is absent, not half there")
    func failedFirstWriteLeavesNothing() throws {
        let directory = try OutboxTestDirectory()
        defer { directory.remove() }
        let fileSystem = FaultInjectingFileSystem()
        let store = try OutboxStore(directory: directory.store, fileSystem: fileSystem)
        fileSystem.limitWrites(to: 3)
        fileSystem.inject(Fault(call: .write, code: ENOSPC, skipping: 4))
        #expect(throws: JanuaryError.self) { try store.write(Data(count: 64), forKey: "meal") }
        fileSystem.heal()
        #expect(try store.recordsByKey() == [:])
        #expect(try directory.names() == [".lock"])
    }

    @Test("when the directory cannot be synchronised after the rename, the error says the write may have happened")
    func directorySyncFailure() throws {
        let directory = try OutboxTestDirectory()
        defer { directory.remove() }
        let fileSystem = FaultInjectingFileSystem()
        let store = try OutboxStore(directory: directory.store, fileSystem: fileSystem)
        try store.write(Data("old".utf8), forKey: "meal")
        let storePath = directory.store.path
        fileSystem.inject(Fault(call: .synchronize, code: EIO, path: { $0 == storePath }))
        let error = try #require(throws: JanuaryError.self) { try store.write(Data("new".utf8), forKey: "meal") }
        #expect(error.code == .outboxStorageFailed)
        #expect(error.mayHaveTakenEffect)
        fileSystem.heal()
        // Whole either way; here the rename was made.
        #expect(try store.recordsByKey() == ["meal": Data("new".utf8)])
    }

    @Test("interrupted calls (EINTR) are made again, and short writes completed")
    func interruptionsAndShortWrites() throws {
        let directory = try OutboxTestDirectory()
        defer { directory.remove() }
        let fileSystem = FaultInjectingFileSystem()
        fileSystem.interruptEveryCall()
        fileSystem.limitWrites(to: 1)
        let store = try OutboxStore(directory: directory.store, fileSystem: fileSystem)
        let payload = Data((0..<300).map { UInt8(truncatingIfNeeded: $0) })
        try store.write(payload, forKey: "meal")
        try store.write(payload + payload, forKey: "meal")
        try store.write(payload, forKey: "other")
        try store.remove(key: "other")
        #expect(try store.recordsByKey() == ["meal": payload + payload])
        // 320 + 620 + 320 one-byte writes, each interrupted once first.
        #expect(fileSystem.count(of: .write) == 2 * (320 + 620 + 320))
        #expect(try directory.temporaryFiles() == [])
    }

    @Test("a write(2) that reports no progress fails as EIO instead of looping")
    func stalledWrite() throws {
        let directory = try OutboxTestDirectory()
        defer { directory.remove() }
        let fileSystem = FaultInjectingFileSystem()
        let store = try OutboxStore(directory: directory.store, fileSystem: fileSystem)
        try store.write(Data("old".utf8), forKey: "meal")
        fileSystem.makeWritesStall()
        let error = try #require(throws: JanuaryError.self) { try store.write(Data("new".utf8), forKey: "meal") }
        #expect(error.message.contains("EIO"))
        fileSystem.heal()
        #expect(try store.recordsByKey() == ["meal": Data("old".utf8)])
        #expect(try directory.temporaryFiles() == [])
    }

    @Test(
        "a removal that fails throws; one whose directory sync fails says it may have happened",
        arguments: [(FaultInjectingFileSystem.Call.unlink, false), (.synchronize, true)]
            as [(FaultInjectingFileSystem.Call, Bool)]
    )
    func removalFailure(call: FaultInjectingFileSystem.Call, mayHaveTakenEffect: Bool) throws {
        let directory = try OutboxTestDirectory()
        defer { directory.remove() }
        let fileSystem = FaultInjectingFileSystem()
        let store = try OutboxStore(directory: directory.store, fileSystem: fileSystem)
        try store.write(Data("x".utf8), forKey: "meal")
        fileSystem.inject(Fault(call: call, code: EIO))
        let error = try #require(throws: JanuaryError.self) { try store.remove(key: "meal") }
        #expect(error.code == .outboxStorageFailed)
        #expect(error.message.contains("meal") && error.message.contains("EIO"))
        #expect(error.mayHaveTakenEffect == mayHaveTakenEffect)
        fileSystem.heal()
        #expect(try store.recordsByKey() == (mayHaveTakenEffect ? [:] : ["meal": Data("x".utf8)]))
    }

    @Test(
        "a record file that cannot be read makes readAll throw and is never quarantined",
        arguments: [
            Fault(call: .open, code: EPERM, path: { $0.hasSuffix("meal.record") }),
            Fault(call: .read, code: EIO),
            Fault(call: .status, code: EIO),
            Fault(call: .contentsOfDirectory, code: EACCES),
        ]
    )
    func unreadableRecord(fault: Fault) throws {
        let directory = try OutboxTestDirectory()
        defer { directory.remove() }
        let fileSystem = FaultInjectingFileSystem()
        let store = try OutboxStore(directory: directory.store, fileSystem: fileSystem)
        try store.write(Data("x".utf8), forKey: "meal")
        fileSystem.inject(fault)
        let error = try #require(throws: JanuaryError.self) { try store.readAll() }
        #expect(error.code == .outboxStorageFailed)
        fileSystem.heal()
        #expect(!FileManager.default.fileExists(atPath: directory.quarantine.path))
        #expect(try store.recordsByKey() == ["meal": Data("x".utf8)])
    }

    @Test("a file that cannot be quarantined makes readAll throw and stays where it is")
    func quarantineFailure() throws {
        let directory = try OutboxTestDirectory()
        defer { directory.remove() }
        let fileSystem = FaultInjectingFileSystem()
        let store = try OutboxStore(directory: directory.store, fileSystem: fileSystem)
        try Data("junk".utf8).write(to: directory.recordFile("broken"))
        fileSystem.inject(Fault(call: .rename, code: EIO))
        let error = try #require(throws: JanuaryError.self) { try store.readAll() }
        #expect(error.message.contains("quarantine record broken"))
        #expect(FileManager.default.fileExists(atPath: directory.recordFile("broken").path))
        fileSystem.heal()
        #expect(try store.readAll().quarantined == [.init(key: "broken", reason: .corrupt(.notARecord))])
    }

    @Test(
        "opening fails with a clear error and leaks no descriptor when a call fails",
        arguments: [
            (Fault(call: .makeDirectory, code: EACCES), "outbox_storage_failed"),
            (Fault(call: .changeMode, code: EPERM), "outbox_storage_failed"),
            (Fault(call: .open, code: EMFILE), "outbox_storage_failed"),
            (Fault(call: .open, code: ENOSPC, skipping: 1), "outbox_storage_full"),
            (Fault(call: .lock, code: ENOLCK), "outbox_storage_failed"),
            (Fault(call: .lock, code: EWOULDBLOCK), "outbox_in_use"),
            (Fault(call: .contentsOfDirectory, code: EIO), "outbox_storage_failed"),
        ]
    )
    func openingFailure(fault: Fault, code: String) throws {
        let directory = try OutboxTestDirectory()
        defer { directory.remove() }
        let fileSystem = FaultInjectingFileSystem()
        fileSystem.inject(fault)
        let error = try #require(throws: JanuaryError.self) {
            try OutboxStore(directory: directory.store, fileSystem: fileSystem)
        }
        #expect(error.code?.rawValue == code)
        #expect(!error.message.contains("january-outbox-tests"), "the message names no path: \(error.message)")
        #expect(fileSystem.openDescriptors.isEmpty)
        fileSystem.heal()
        // Nothing was held: the directory opens now.
        _ = try OutboxStore(directory: directory.store, fileSystem: fileSystem)
    }

    @Test("a temporary file that cannot be removed at opening fails the opening")
    func leftoverNotRemovable() throws {
        let directory = try OutboxTestDirectory()
        defer { directory.remove() }
        try FileManager.default.createDirectory(at: directory.store, withIntermediateDirectories: true)
        try Data("half".utf8).write(to: directory.store.appendingPathComponent(".meal.X.tmp"))
        let fileSystem = FaultInjectingFileSystem()
        fileSystem.inject(Fault(call: .unlink, code: EROFS))
        let error = try #require(throws: JanuaryError.self) {
            try OutboxStore(directory: directory.store, fileSystem: fileSystem)
        }
        #expect(error.message.contains("EROFS"))
        #expect(fileSystem.openDescriptors.isEmpty)
    }
}
