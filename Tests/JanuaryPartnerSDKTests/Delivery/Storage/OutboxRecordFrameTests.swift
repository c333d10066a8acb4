import Foundation
import JanuaryPartnerSDK
import Testing

@Suite("Outbox record frames", suiteTimeLimit())
struct OutboxRecordFrameTests {
    @Test(
        "CRC-32 matches the published check values",
        arguments: [
            ("", 0x0000_0000 as UInt32), ("a", 0xE8B7_BE43), ("123456789", 0xCBF4_3926),
            ("The quick brown fox jumps over the lazy dog", 0x414F_A339),
        ]
    )
    func checksum(input: String, expected: UInt32) {
        #expect(CRC32.checksum(Array(input.utf8)) == expected)
    }

    @Test("a frame is the format the documentation gives, and reads back", arguments: [0, 1, 100, 70_000])
    func layout(size: Int) throws {
        let payload = Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        let frame = OutboxRecordFrame.encode(payload)
        #expect(frame.count == size + 20)
        #expect(Array(frame[0..<4]) == [0x89, 0x4A, 0x4F, 0x42])
        #expect(Array(frame[4..<8]) == [0, 1, 0, 0])
        #expect(frame[8..<16].reduce(0) { ($0 << 8) | UInt64($1) } == UInt64(size))
        #expect(Data(frame[16..<16 + size]) == payload)
        let checksum = frame[(16 + size)...].reduce(0) { ($0 << 8) | UInt32($1) }
        #expect(checksum == CRC32.checksum(frame[..<(16 + size)]))
        #expect(OutboxRecordFrame.decode(frame) == .record(payload))
    }

    @Test("every proper prefix of a frame reads as truncated, never as a payload")
    func everyPrefixIsTruncated() {
        let frame = OutboxRecordFrame.encode(Data("a small meal".utf8))
        for length in 0..<frame.count {
            let decoded = OutboxRecordFrame.decode(Array(frame.prefix(length)))
            #expect(decoded == .unreadable(.truncated), "prefix of \(length) bytes")
        }
    }

    @Test("every byte changed in every way is refused, never read as a payload")
    func everyChangedByteIsRefused() {
        let payload = Data("two coffees at 08:00".utf8)
        let frame = OutboxRecordFrame.encode(payload)
        var refused = 0
        for offset in frame.indices {
            for mask in 1...255 {
                var damaged = frame
                damaged[offset] ^= UInt8(mask)
                if case .record(let read) = OutboxRecordFrame.decode(damaged) {
                    Issue.record("byte \(offset) ^ \(mask) read as \(read.count) bytes")
                } else {
                    refused += 1
                }
            }
        }
        #expect(refused == frame.count * 255)
    }

    /// A way to damage a frame of `a banana`, and the reason the damaged file must read as.
    enum Defect: String, CaseIterable, Sendable {
        case notARecord, newerVersion, muchNewerVersion, versionZero, reservedBits, lengthAboveMaximum, hugeLength
        case lengthLargerThanFile, bytesAfterChecksum, payloadChanged, checksumChanged, newerLayoutShorterThanHeader

        func damage(_ frame: [UInt8]) -> [UInt8] {
            switch self {
            case .notARecord: return Array("{\"json\": true}".utf8)
            case .newerVersion: return frame.replacing(4, with: [0, 2])
            case .muchNewerVersion: return frame.replacing(4, with: [0xFF, 0xFF])
            case .versionZero: return frame.replacing(4, with: [0, 0])
            case .reservedBits: return frame.replacing(6, with: [0, 1])
            case .lengthAboveMaximum: return frame.replacing(8, with: [0, 0, 0, 0, 0, 0x80, 0, 1])
            case .hugeLength: return frame.replacing(8, with: Array(repeating: 0xFF, count: 8))
            case .lengthLargerThanFile: return frame.replacing(15, with: [0xF0])
            case .bytesAfterChecksum: return frame + [0]
            case .payloadChanged: return frame.flipping(16)
            case .checksumChanged: return frame.flipping(frame.count - 1)
            // A later format may change all that follows the version, even make it shorter than this header.
            case .newerLayoutShorterThanHeader: return [0x89, 0x4A, 0x4F, 0x42, 0, 7]
            }
        }

        var reason: Reason {
            switch self {
            case .notARecord: return .corrupt(.notARecord)
            case .newerVersion: return .newerFormat(version: 2)
            case .muchNewerVersion: return .newerFormat(version: 65_535)
            case .versionZero, .reservedBits, .lengthAboveMaximum, .hugeLength: return .corrupt(.malformedHeader)
            case .lengthLargerThanFile: return .truncated
            case .bytesAfterChecksum: return .corrupt(.wrongLength)
            case .payloadChanged, .checksumChanged: return .corrupt(.checksumMismatch)
            case .newerLayoutShorterThanHeader: return .newerFormat(version: 7)
            }
        }
    }

    @Test("each defect reads as its reason", arguments: Defect.allCases)
    func defects(defect: Defect) {
        let frame = OutboxRecordFrame.encode(Data("a banana".utf8))
        #expect(OutboxRecordFrame.decode(defect.damage(frame)) == .unreadable(defect.reason))
    }

    typealias Reason = OutboxStore.Quarantined.Reason
}

extension [UInt8] {
    /// The bytes with those from `offset` on replaced by `bytes`.
    fileprivate func replacing(_ offset: Int, with bytes: [UInt8]) -> [UInt8] {
        var copy = self
        copy.replaceSubrange(offset..<offset + bytes.count, with: bytes)
        return copy
    }

    /// The bytes with every bit of the one at `offset` inverted.
    fileprivate func flipping(_ offset: Int) -> [UInt8] {
        var copy = self
        copy[offset] ^= 0xFF
        return copy
    }
}
