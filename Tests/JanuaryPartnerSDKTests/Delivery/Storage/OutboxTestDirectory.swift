import Foundation
import JanuaryPartnerSDK

/// A fresh folder under the system's temporary directory for one test, holding the store's directory (not yet
/// made, so that the store makes it); `remove()` deletes it all.
struct OutboxTestDirectory {
    /// The test's own folder.
    let root: URL

    /// Where the test's store lives, inside ``root``.
    var store: URL {
        root.appendingPathComponent("outbox", isDirectory: true)
    }

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "january-outbox-tests-\(UUID().uuidString)",
            isDirectory: true
        )
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    /// The record file of `key` in the store's directory.
    func recordFile(_ key: String) -> URL {
        store.appendingPathComponent(OutboxStore.fileName(of: key))
    }

    /// The quarantine folder of the store.
    var quarantine: URL {
        store.appendingPathComponent(OutboxStore.quarantineFolderName, isDirectory: true)
    }

    /// The names in the store's directory, sorted.
    func names() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: store.path).sorted()
    }

    /// The names of temporary files (of writes under way or interrupted) in the store's directory.
    func temporaryFiles() throws -> [String] {
        try names().filter { $0.hasPrefix(".") && $0.hasSuffix(".tmp") }
    }

    func remove() {
        try? FileManager.default.removeItem(at: root)
    }
}

extension OutboxStore {
    /// The records as a dictionary, for comparisons; fails the caller if anything was quarantined.
    func recordsByKey() throws -> [String: Data] {
        let read = try readAll()
        guard read.quarantined.isEmpty else {
            throw UnexpectedQuarantine(quarantined: read.quarantined)
        }
        return Dictionary(uniqueKeysWithValues: read.records.map { ($0.key, $0.payload) })
    }
}

/// Thrown by ``OutboxStore/recordsByKey()`` when a record was quarantined.
struct UnexpectedQuarantine: Error, CustomStringConvertible {
    let quarantined: [OutboxStore.Quarantined]

    var description: String {
        "unexpected quarantine: \(quarantined)"
    }
}
