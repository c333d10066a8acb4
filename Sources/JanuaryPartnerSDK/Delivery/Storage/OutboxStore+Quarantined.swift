extension OutboxStore {
    /// A record file ``OutboxStore/readAll()`` could not read as a whole record and moved to the `quarantine/`
    /// folder of the store, where it is kept, never deleted, for support to look at.
    package struct Quarantined: Sendable, Equatable, CustomStringConvertible {
        /// The key of the record, from its file name.
        package let key: String

        /// Why the file is not a readable record.
        package let reason: Reason

        /// Creates a report.
        ///
        /// - Parameters:
        ///   - key: The record's key.
        ///   - reason: Why it was quarantined.
        package init(key: String, reason: Reason) {
            self.key = key
            self.reason = reason
        }

        /// A summary such as `record 1F3C… quarantined: truncated`, safe to log: keys are made by the SDK and
        /// payloads are never shown.
        package var description: String {
            "record \(key) quarantined: \(reason)"
        }

        /// Why a record file was quarantined.
        package enum Reason: Sendable, Equatable, CustomStringConvertible {
            /// The file ends before its frame does: a prefix of a record, such as a file cut short by a copy.
            case truncated
            /// The file is whole but wrong.
            case corrupt(Corruption)
            /// The file is a record of a later format than this SDK reads, written by a newer version of the app
            /// before a downgrade; a newer SDK can still read it from the quarantine folder.
            case newerFormat(version: Int)

            /// How a whole file is wrong. No raw values: a `String` one made the derived `==` compare the strings,
            /// and brought a hash of them an app never uses (Docs/Benchmarks.md, "Size in an app").
            package enum Corruption: Sendable, Equatable {
                /// It does not start with the record magic: not a record at all.
                case notARecord
                /// The header holds values no record of its format has (version 0, reserved bits, a length above
                /// the maximum).
                case malformedHeader
                /// The file is longer than its header says.
                case wrongLength
                /// The checksum does not match the content: bytes were changed.
                case checksumMismatch
            }

            /// The reason in words, such as `corrupt (checksum mismatch)`.
            package var description: String {
                switch self {
                case .truncated: return "truncated"
                case .corrupt(.notARecord): return "corrupt (not a record)"
                case .corrupt(.malformedHeader): return "corrupt (malformed header)"
                case .corrupt(.wrongLength): return "corrupt (wrong length)"
                case .corrupt(.checksumMismatch): return "corrupt (checksum mismatch)"
                case .newerFormat(let version): return "newer format (version \(version))"
                }
            }
        }
    }
}
