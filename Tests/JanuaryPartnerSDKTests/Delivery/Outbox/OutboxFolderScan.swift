import Foundation
import Testing

/// Reads every byte of every file under an outbox folder (records, the lock, temporary files, the quarantine) and
/// records an issue for any that holds a secret or a long piece of one.
enum OutboxFolderScan {
    /// How long a piece of a secret counts: long enough that no record's own text holds one by chance.
    static let pieceLength = 12

    static func expectNoSecrets(_ secrets: [String], in folder: URL, sourceLocation: SourceLocation = #_sourceLocation)
        throws
    {
        let pieces = Set(
            secrets.flatMap { secret -> [Data] in
                let bytes = Array(secret.utf8)
                guard bytes.count > pieceLength else {
                    return [Data(bytes)]
                }
                return stride(from: 0, to: bytes.count - pieceLength + 1, by: pieceLength / 2).map {
                    Data(bytes[$0..<($0 + pieceLength)])
                }
            })
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        var files = 0
        while let url = enumerator?.nextObject() as? URL {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue
            else {
                continue
            }
            files += 1
            let contents = try Data(contentsOf: url)
            for piece in pieces where contents.range(of: piece) != nil {
                Issue.record("\(url.lastPathComponent) holds part of a credential", sourceLocation: sourceLocation)
            }
        }
        #expect(files > 0, "the scan read no file", sourceLocation: sourceLocation)
    }
}
