/// CRC-32 as zlib, PNG and Ethernet compute it (reflected polynomial 0xEDB88320, initial value and final XOR
/// 0xFFFFFFFF), so that a record's checksum can be checked with any common tool.
///
/// The outbox uses it to tell a damaged record from a whole one: it detects every error of up to 32 consecutive
/// bits, and so every changed byte (`OutboxRecordFrameTests`), which a plain sum would not.
package enum CRC32 {
    /// The checksum of `bytes`.
    ///
    /// - Parameter bytes: The bytes to check.
    /// - Returns: The CRC-32 of `bytes`; `0` for none.
    package static func checksum<Bytes: Sequence>(_ bytes: Bytes) -> UInt32 where Bytes.Element == UInt8 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
        }
        return crc ^ 0xFFFF_FFFF
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
