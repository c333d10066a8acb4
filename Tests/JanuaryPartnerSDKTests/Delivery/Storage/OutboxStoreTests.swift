import Foundation
import JanuaryCore
import JanuaryPartnerSDK
import Testing

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

@Suite("Outbox store", suiteTimeLimit())
struct OutboxStoreTests {
    // MARK: Records

    @Test("a record reads back byte for byte", arguments: [0, 1, 4_095, 4_096, 100_000])
    func roundTrip(size: Int) throws {
        let directory = try OutboxTestDirectory()
        defer { directory.remove() }
        let payload = Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) })
        let store = try OutboxStore(directory: directory.store)
        try store.write(payload, forKey: "meal-1")
        #expect(try store.recordsByKey() == ["meal-1": payload])
        store.close()
        // And from a new store, as after a restart.
        let reopened = try OutboxStore(directory: directory.store)
        #expect(try reopened.recordsByKey() == ["meal-1": payload])
    }

    @Test("a write replaces the record of its key and leaves no other file")
    func replace() throws {
        let directory = try OutboxTestDirectory()
        defer { directory.remove() }
        let store = try OutboxStore(directory: directory.store)
        try store.write(Data("first, a longer payload".utf8), forKey: "meal")
        try store.write(Data("second".utf8), forKey: "meal")
        #expect(try store.recordsByKey() == ["meal": Data("second".utf8)])
        #expect(try directory.names() == [".lock", "meal.record"])
    }

    @Test("remove deletes the record; removing a missing one is fine")
    func remove() throws {
        let directory = try OutboxTestDirectory()
        defer { directory.remove() }
        let store = try OutboxStore(directory: directory.store)
        try store.write(Data("a".utf8), forKey: "a")
        try store.write(Data("b".utf8), forKey: "b")
        try store.remove(key: "a")
        try store.remove(key: "a")
        try store.remove(key: "never-written")
        #expect(try store.recordsByKey() == ["b": Data("b".utf8)])
        #expect(try directory.names() == [".lock", "b.record"])
    }

    @Test("many records, written from many threads at once, all read back in key order")
    func manyRecords() async throws {
        let directory = try OutboxTestDirectory()
        defer { directory.remove() }
        let store = try OutboxStore(directory: directory.store)
        let keys = (0..<300).map { String(format: "%05d-%@", $0, UUID().uuidString) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for key in keys {
                group.addTask { try store.write(Data(key.utf8), forKey: key) }
            }
            try await group.waitForAll()
        }
        let read = try store.readAll()
        #expect(read.quarantined.isEmpty)
        #expect(read.records.map(\.key) == keys)
        #expect(read.records.allSatisfy { $0.payload == Data($0.key.utf8) })
    }

    // MARK: Keys and payloads

    @Test(
        "keys outside [A-Za-z0-9._-], longer than 128 or not starting with a letter or digit are refused",
        arguments: [
            "", ".", "..", "../escape", "a/b", "/abs", ".hidden", "-dash", "_under", "a b", "a\u{0}b", "é", "a\nb",
            "quarantine/x", "x.record/", String(repeating: "k", count: 129), "a\\b", "a:b", "ａ",
        ]
    )
    func refusedKeys(key: String) throws {
        let directory = try OutboxTestDirectory()
        defer { directory.remove() }
        let store = try OutboxStore(directory: directory.store)
        #expect(!OutboxStore.isValidKey(key))
        for operation in ["write", "remove"] {
            let error = try #require(throws: JanuaryError.self) {
                if operation == "write" {
                    try store.write(Data("x".utf8), forKey: key)
                } else {
                    try store.remove(key: key)
                }
            }
            #expect(error.category == .invalidInput)
            #expect(error.code == .invalidRequest)
            // (A one-character key is in the message's list of allowed characters anyway.)
            #expect(key.count < 2 || !error.message.contains(key), "the refused key is not echoed")
        }
        #expect(try directory.names() == [".lock"])
        #expect(!FileManager.default.fileExists(atPath: directory.root.appendingPathComponent("escape").path))
    }

    @Test(
        "keys the SDK makes are accepted",
        arguments: [
            "a", "Z", "0", "3F2B9C1E-8D4A-4E6F-9B7A-2C1D0E5F6A7B", "00042-create.v1", "a..b", "x.tmp", "x.record",
            "quarantine", "lock", String(repeating: "k", count: 128),
        ]
    )
    func acceptedKeys(key: String) throws {
        let directory = try OutboxTestDirectory()
        defer { directory.remove() }
        let store = try OutboxStore(directory: directory.store)
        #expect(OutboxStore.isValidKey(key))
        try store.write(Data(key.utf8), forKey: key)
        #expect(try store.recordsByKey() == [key: Data(key.utf8)])
    }

    @Test("a payload above the maximum is refused; one at the maximum is stored")
    func payloadLimit() throws {
        let directory = try OutboxTestDirectory()
        defer { directory.remove() }
        let store = try OutboxStore(directory: directory.store)
        let error = try #require(throws: JanuaryError.self) {
            try store.write(Data(count: OutboxRecordFrame.maximumPayloadSize + 1), forKey: "big")
        }
        #expect(error.code == .invalidRequest)
        try store.write(Data(count: OutboxRecordFrame.maximumPayloadSize), forKey: "big")
        #expect(try store.recordsByKey()["big"]?.count == OutboxRecordFrame.maximumPayloadSize)
    }

    // MARK: The lock

    @Test("a second store on the directory is refused while the first is open, and allowed after close or deinit")
    func oneStorePerDirectory() throws {
        let directory = try OutboxTestDirectory()
        defer { directory.remove() }
        var first: OutboxStore? = try OutboxStore(directory: directory.store)
        try first?.write(Data("kept".utf8), forKey: "meal")
        for _ in 0..<3 {
            let error = try #require(throws: JanuaryError.self) { try OutboxStore(directory: directory.store) }
            #expect(error.category == .invalidInput)
            #expect(error.code == .outboxInUse)
            #expect(error.code?.rawValue == "outbox_in_use")
        }
        // The refused store touched nothing.
        #expect(try first?.recordsByKey() == ["meal": Data("kept".utf8)])

        first?.close()
        first?.close()
        let second = try OutboxStore(directory: directory.store)
        #expect(try second.recordsByKey() == ["meal": Data("kept".utf8)])
        #expect(throws: JanuaryError.self) { try OutboxStore(directory: directory.store) }
        first = nil

        var third: OutboxStore? = try {
            second.close()
            return try OutboxStore(directory: directory.store)
        }()
        #expect(third != nil)
        third = nil
        // Released by deinit alone.
        _ = try OutboxStore(directory: directory.store)
    }

    @Test("close during a call keeps the lock until the call has finished, and the call completes")
    func closeDuringCall() throws {
        let directory = try OutboxTestDirectory()
        defer { directory.remove() }
        let fileSystem = FaultInjectingFileSystem()
        let store = try OutboxStore(directory: directory.store, fileSystem: fileSystem)
        try store.write(Data("x".utf8), forKey: "meal")
        let refusedWhileBusy = Locked<JanuaryError.Code?>(nil)
        fileSystem.afterNextRead(ofPathEndingWith: "meal.record") {
            store.close()
            do {
                _ = try OutboxStore(directory: directory.store)
            } catch let error as JanuaryError {
                refusedWhileBusy.withLock { $0 = error.code }
            } catch {}
        }
        #expect(try store.recordsByKey() == ["meal": Data("x".utf8)])
        #expect(refusedWhileBusy.withLock { $0 } == .outboxInUse)
        #expect(fileSystem.openDescriptors.isEmpty)
        #expect(try OutboxStore(directory: directory.store).recordsByKey() == ["meal": Data("x".utf8)])
    }

    @Test("after close, every call throws outbox_closed")
    func closed() throws {
        let directory = try OutboxTestDirectory()
        defer { directory.remove() }
        let store = try OutboxStore(directory: directory.store)
        try store.write(Data("x".utf8), forKey: "meal")
        store.close()
        let calls: [() throws -> Void] = [
            { try store.write(Data("y".utf8), forKey: "meal") },
            { try store.remove(key: "meal") },
            { _ = try store.readAll() },
        ]
        for call in calls {
            let error = try #require(throws: JanuaryError.self) { try call() }
            #expect(error.code == .outboxClosed)
        }
        let reopened = try OutboxStore(directory: directory.store)
        #expect(try reopened.recordsByKey() == ["meal": Data("x".utf8)])
    }

    // MARK: Opening

    @Test("opening removes the temporary files of interrupted writes and nothing else")
    func leftoversRemoved() throws {
        let directory = try OutboxTestDirectory()
        defer { directory.remove() }
        try OutboxStore(directory: directory.store).write(Data("whole".utf8), forKey: "meal")
        let leftovers = [".meal.1B4E28BA-2FA1-11D2-883F-0016D3CCA427.tmp", ".other.X.tmp", ".tmp"]
        let kept = ["notes.txt", "meal.tmp", ".hidden"]
        for name in leftovers + kept {
            try Data("half a fra".utf8).write(to: directory.store.appendingPathComponent(name))
        }
        let store = try OutboxStore(directory: directory.store)
        #expect(try directory.temporaryFiles() == [])
        #expect(try directory.names() == ([".lock", "meal.record"] + kept).sorted())
        // Files that are not records are neither read nor quarantined.
        let read = try store.readAll()
        #expect(read.records.map(\.key) == ["meal"])
        #expect(read.quarantined.isEmpty)
    }

    @Test("the store makes its directory and missing parents; a directory URL that is not a file URL is refused")
    func makesDirectories() throws {
        let directory = try OutboxTestDirectory()
        defer { directory.remove() }
        let nested = directory.root.appendingPathComponent("a/b/outbox", isDirectory: true)
        try OutboxStore(directory: nested).write(Data("x".utf8), forKey: "k")
        #expect(FileManager.default.fileExists(atPath: nested.appendingPathComponent("k.record").path))

        let web = try #require(throws: JanuaryError.self) {
            try OutboxStore(directory: URL(string: "https://example.com/outbox")!)
        }
        #expect(web.category == .invalidInput)
    }

    @Test("a directory that cannot be made fails with outbox_storage_failed, naming no path")
    func unusableDirectory() throws {
        let directory = try OutboxTestDirectory()
        defer { directory.remove() }
        // A file where the directory should be.
        try Data("not a folder".utf8).write(to: directory.store)
        let error = try #require(throws: JanuaryError.self) { try OutboxStore(directory: directory.store) }
        #expect(error.code == .outboxStorageFailed)
        #expect(!error.message.contains(directory.root.path))
        #expect(!error.message.contains("january-outbox-tests"))
    }

    #if os(Linux)
    @Test("files are mode 0600 and folders 0700, even a folder made earlier with a wider mode")
    func modes() throws {
        let directory = try OutboxTestDirectory()
        defer { directory.remove() }
        try FileManager.default.createDirectory(
            at: directory.store,
            withIntermediateDirectories: false,
            attributes: [.posixPermissions: 0o755]
        )
        let store = try OutboxStore(directory: directory.store)
        try store.write(Data("x".utf8), forKey: "meal")
        try Data("junk".utf8).write(to: directory.recordFile("broken"))
        _ = try store.readAll()
        func mode(_ url: URL) throws -> Int {
            try #require(FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int)
        }
        #expect(try mode(directory.store) == 0o700)
        #expect(try mode(directory.quarantine) == 0o700)
        #expect(try mode(directory.recordFile("meal")) == 0o600)
        #expect(try mode(directory.store.appendingPathComponent(".lock")) == 0o600)
    }
    #endif

    // MARK: Quarantine

    @Test("every truncation of a record is quarantined, kept byte for byte, and the other records are read")
    func truncatedAtEveryOffset() throws {
        let directory = try OutboxTestDirectory()
        defer { directory.remove() }
        let store = try OutboxStore(directory: directory.store)
        let payload = Data(#"{"name":"Breakfast","eaten_at":"2025-01-01T08:00:00.000Z"}"#.utf8)
        try store.write(Data("intact".utf8), forKey: "other")
        try store.write(payload, forKey: "meal")
        let whole = try Data(contentsOf: directory.recordFile("meal"))
        for length in 0..<whole.count {
            try whole.prefix(length).write(to: directory.recordFile("meal"))
            let read = try store.readAll()
            #expect(read.records.map(\.key) == ["other"], "length \(length)")
            #expect(read.records.first?.payload == Data("intact".utf8))
            #expect(read.quarantined == [OutboxStore.Quarantined(key: "meal", reason: .truncated)], "length \(length)")
            #expect(!FileManager.default.fileExists(atPath: directory.recordFile("meal").path))
        }
        // Each truncated file is kept, none overwritten: the first under the record's name, then numbered.
        let kept = try FileManager.default.contentsOfDirectory(atPath: directory.quarantine.path)
        #expect(kept.count == whole.count)
        #expect(try Data(contentsOf: directory.quarantine.appendingPathComponent("meal.record")) == Data())
        let last = directory.quarantine.appendingPathComponent("meal.record.\(whole.count - 1)")
        #expect(try Data(contentsOf: last) == whole.prefix(whole.count - 1))
        // Nothing quarantined is read again.
        #expect(try store.recordsByKey() == ["other": Data("intact".utf8)])
    }

    @Test(
        "a corrupt or newer record is quarantined with its reason while the others are read",
        arguments: [
            ("junk", Array("hello".utf8), Reason.corrupt(.notARecord)),
            ("flipped", nil, .corrupt(.checksumMismatch)),
            ("newer", [0x89, 0x4A, 0x4F, 0x42, 0x00, 0x02, 0xAB, 0xCD], .newerFormat(version: 2)),
            ("longer", nil, .corrupt(.wrongLength)),
        ] as [(String, [UInt8]?, Reason)]
    )
    func quarantinedWithReason(key: String, content: [UInt8]?, reason: Reason) throws {
        let directory = try OutboxTestDirectory()
        defer { directory.remove() }
        let store = try OutboxStore(directory: directory.store)
        try store.write(Data("first".utf8), forKey: "a-first")
        try store.write(Data("last".utf8), forKey: "z-last")
        try store.write(Data("victim".utf8), forKey: key)
        var bytes = try [UInt8](Data(contentsOf: directory.recordFile(key)))
        if let content {
            bytes = content
        } else if reason == .corrupt(.checksumMismatch) {
            bytes[17] ^= 0x01
        } else {
            bytes.append(0)
        }
        try Data(bytes).write(to: directory.recordFile(key))

        let read = try store.readAll()
        #expect(read.records.map(\.key) == ["a-first", "z-last"])
        #expect(read.records.map(\.payload) == [Data("first".utf8), Data("last".utf8)])
        #expect(read.quarantined == [OutboxStore.Quarantined(key: key, reason: reason)])
        #expect(read.quarantined.first?.description.contains(key) == true)
        #expect(try Data(contentsOf: directory.quarantine.appendingPathComponent("\(key).record")) == Data(bytes))
        // The key may be written again, and reads normally.
        try store.write(Data("again".utf8), forKey: key)
        #expect(try store.recordsByKey()[key] == Data("again".utf8))
    }

    @Test("a damaged file replaced or removed by another call after readAll read it is not quarantined")
    func changedAfterRead() throws {
        for change in ["replaced", "removed"] {
            let directory = try OutboxTestDirectory()
            defer { directory.remove() }
            let fileSystem = FaultInjectingFileSystem()
            let store = try OutboxStore(directory: directory.store, fileSystem: fileSystem)
            try Data("junk".utf8).write(to: directory.recordFile("meal"))
            // Another thread's call, made between readAll's read of the file and its move to the quarantine.
            fileSystem.afterNextRead(ofPathEndingWith: "meal.record") {
                if change == "replaced" {
                    try? store.write(Data("new".utf8), forKey: "meal")
                } else {
                    try? store.remove(key: "meal")
                }
            }
            let read = try store.readAll()
            #expect(read.records.isEmpty, "\(change)")
            #expect(read.quarantined.isEmpty, "\(change)")
            #expect(
                !FileManager.default.fileExists(atPath: directory.quarantine.appendingPathComponent("meal.record").path)
            )
            #expect(try store.recordsByKey() == (change == "replaced" ? ["meal": Data("new".utf8)] : [:]), "\(change)")
        }
    }

    @Test("two readAll calls at once quarantine a damaged file once, and neither fails")
    func concurrentReads() throws {
        let directory = try OutboxTestDirectory()
        defer { directory.remove() }
        let fileSystem = FaultInjectingFileSystem()
        let store = try OutboxStore(directory: directory.store, fileSystem: fileSystem)
        try store.write(Data("kept".utf8), forKey: "a-kept")
        try Data("junk".utf8).write(to: directory.recordFile("meal"))
        let inner = Locked<[OutboxStore.Quarantined]?>(nil)
        // The second call runs whole between the first one's read of meal.record and its move to the quarantine.
        fileSystem.afterNextRead(ofPathEndingWith: "meal.record") {
            let quarantined = try? store.readAll().quarantined
            inner.withLock { $0 = quarantined }
        }
        let outer = try store.readAll()
        #expect(inner.withLock { $0 } == [OutboxStore.Quarantined(key: "meal", reason: .corrupt(.notARecord))])
        #expect(outer.quarantined.isEmpty)
        #expect(outer.records.map(\.key) == ["a-kept"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.quarantine.path) == ["meal.record"])
    }

    @Test("entries that are not regular files are left alone")
    func notRegularFiles() throws {
        let directory = try OutboxTestDirectory()
        defer { directory.remove() }
        let store = try OutboxStore(directory: directory.store)
        try store.write(Data("x".utf8), forKey: "meal")
        try FileManager.default.createDirectory(at: directory.recordFile("folder"), withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(
            at: directory.recordFile("link"), withDestinationURL: directory.recordFile("meal"))
        let read = try store.readAll()
        #expect(read.records.map(\.key) == ["meal"])
        #expect(read.quarantined.isEmpty)
    }

    typealias Reason = OutboxStore.Quarantined.Reason
}
