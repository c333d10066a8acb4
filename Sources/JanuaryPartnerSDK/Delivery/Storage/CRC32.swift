/// CRC-32 as zlib, PNG and Ethernet compute it (reflected polynomial 0xEDB88320, initial value and final XOR
/// 0xFFFFFFFF), so that a record's checksum can be checked with any common tool.
///
/// The outbox uses it to tell a damaged record from a whole one: it detects every error of up to 32 consecutive
/// bits, and so every changed byte (`OutboxRecordFrameTests`), which a plain sum would not.
package enum CRC32 {
    /// The checksum of `bytes`.
    ///
    /// Of a slice rather than any sequence of bytes: a generic function was in an app three times, as itself and
    /// specialised for each of the two types the frame passes (Docs/Benchmarks.md, "Size in an app").
    ///
    /// - Parameter bytes: The bytes to check.
    /// - Returns: The CRC-32 of `bytes`; `0` for none.
    package static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
        }
        return crc ^ 0xFFFF_FFFF
    }

    /// The checksum of all of `bytes`.
    ///
    /// - Parameter bytes: The bytes to check.
    /// - Returns: The CRC-32 of `bytes`; `0` for none.
    package static func checksum(_ bytes: [UInt8]) -> UInt32 {
        checksum(bytes[...])
    }

    /// The remainder of each byte value, computed once: one lookup a byte instead of eight shifts.
    private static let table: [UInt32] = (0..<256).map { value in
        var remainder = UInt32(value)
        for _ in 0..<8 {
            remainder = remainder & 1 == 1 ? (remainder >> 1) ^ 0xEDB8_8320 : remainder >> 1
        }
        return remainder
    }
}
