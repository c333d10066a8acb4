import Foundation

/// The bytes of one outbox record file: a frame around the payload, so that a file that is not whole, not ours,
/// damaged or written by a newer SDK is recognised instead of being read as a payload.
///
/// Format version 1, integers big-endian:
///
/// | offset | size | field |
/// |---|---|---|
/// | 0 | 4 | magic `89 4A 4F 42` (`\x89JOB`: never text, so a text file is never taken for a record) |
/// | 4 | 2 | format version, `1` |
/// | 6 | 2 | reserved, `0` |
/// | 8 | 8 | payload length *n*, at most ``maximumPayloadSize`` |
/// | 16 | *n* | payload |
/// | 16 + *n* | 4 | CRC-32 of bytes 0 ..< 16 + *n* |
///
/// The version comes right after the magic and is read before anything else, so that a later format may change
/// all that follows and still be recognised as newer, not as damaged. Every prefix of a whole frame reads as
/// ``OutboxStore/Quarantined/Reason/truncated`` (`OutboxRecordFrameTests`).
package enum OutboxRecordFrame {
    /// The format version this code writes, and the newest it reads.
    package static let currentVersion: UInt16 = 1

    /// The largest payload a record carries: 8 MiB, above January's 5 MB request bodies, so that a length
    /// field damaged into a huge number is refused before anything that size is read.
    package static let maximumPayloadSize = 8 << 20

    /// The bytes a frame adds to its payload: the 16-byte header and the 4-byte checksum.
    package static let overhead = headerSize + checksumSize

    static let magic: [UInt8] = [0x89, 0x4A, 0x4F, 0x42]
    static let headerSize = 16
    static let checksumSize = 4

    /// What a record file holds.
    package enum Decoded: Sendable, Equatable {
        /// A whole record of this format: its payload.
        case record(Data)
        /// Not a readable record, for this reason.
        case unreadable(OutboxStore.Quarantined.Reason)
    }

    /// The frame of `payload`.
    ///
    /// - Parameter payload: At most ``maximumPayloadSize`` bytes; the caller checks.
    /// - Returns: The bytes of the record file.
    package static func encode(_ payload: Data) -> [UInt8] {
        precondition(payload.count <= maximumPayloadSize, "the caller refuses larger payloads")
        var bytes: [UInt8] = []
        bytes.reserveCapacity(overhead + payload.count)
        bytes += magic
        append(UInt64(currentVersion), width: 2, to: &bytes)
        append(0, width: 2, to: &bytes)
        append(UInt64(payload.count), width: 8, to: &bytes)
        bytes += payload
        append(UInt64(CRC32.checksum(bytes)), width: 4, to: &bytes)
        return bytes
    }

    /// The payload in `bytes`, or why there is none.
    ///
    /// - Parameter bytes: The whole content of a record file.
    /// - Returns: The payload, or the reason the file is to be quarantined.
    package static func decode(_ bytes: [UInt8]) -> Decoded {
        guard bytes.count >= magic.count else {
            return .unreadable(bytes[...] == magic.prefix(bytes.count) ? .truncated : .corrupt(.notARecord))
        }
        guard bytes.prefix(magic.count).elementsEqual(magic) else {
            return .unreadable(.corrupt(.notARecord))
        }
        guard bytes.count >= 6 else {
            return .unreadable(.truncated)
        }
        let version = UInt16(integer(in: bytes, at: 4, width: 2))
        guard version <= currentVersion else {
            return .unreadable(.newerFormat(version: Int(version)))
        }
        guard version == currentVersion else {
            return .unreadable(.corrupt(.malformedHeader))
        }
        guard bytes.count >= headerSize else {
            return .unreadable(.truncated)
        }
        guard integer(in: bytes, at: 6, width: 2) == 0 else {
            return .unreadable(.corrupt(.malformedHeader))
        }
        let length = integer(in: bytes, at: 8, width: 8)
        guard length <= UInt64(maximumPayloadSize) else {
            return .unreadable(.corrupt(.malformedHeader))
        }
        let expectedSize = overhead + Int(length)
        guard bytes.count >= expectedSize else {
            return .unreadable(.truncated)
        }
        guard bytes.count == expectedSize else {
            return .unreadable(.corrupt(.wrongLength))
        }
        let checksumOffset = headerSize + Int(length)
        let stored = UInt32(integer(in: bytes, at: checksumOffset, width: 4))
        guard CRC32.checksum(bytes[..<checksumOffset]) == stored else {
            return .unreadable(.corrupt(.checksumMismatch))
        }
        return .record(Data(bytes[headerSize..<checksumOffset]))
    }

    private static func append(_ value: UInt64, width: Int, to bytes: inout [UInt8]) {
        for index in stride(from: width - 1, through: 0, by: -1) {
            bytes.append(UInt8(truncatingIfNeeded: value >> (8 * UInt64(index))))
        }
    }

    private static func integer(in bytes: [UInt8], at offset: Int, width: Int) -> UInt64 {
        bytes[offset..<offset + width].reduce(0) { ($0 << 8) | UInt64($1) }
    }
}
