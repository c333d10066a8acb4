import Foundation
import JanuaryCoreTesting

/// The operations the outbox store's crash test has a child process make, derived from a seed alone, so that the
/// test can tell what the store must hold after the child is killed: the child (`january-crash-child
/// outbox-store`) makes them in order and appends each finished step to an acknowledgement file; the test
/// recomputes them here.
///
/// Each payload names its seed, step and key and carries up to 16 KiB of pseudo-random bytes, so that a write
/// spans several pages and a record that is not byte-identical to one written can never pass.
package struct OutboxCrashScript: Sendable {
    /// One operation on the store.
    package enum Operation: Sendable, Equatable {
        /// `write(_:forKey:)`.
        case write(key: String, payload: Data)
        /// `remove(key:)`.
        case remove(key: String)
    }

    /// The keys the operations use: few, so that most writes replace a record.
    package static let keys = (0..<6).map { "record-\($0)" }

    /// The seed every operation derives from.
    package let seed: UInt64

    /// The script of `seed`.
    ///
    /// - Parameter seed: Any value; the same one in the child and the test.
    package init(seed: UInt64) {
        self.seed = seed
    }

    /// The operation of `step`: a write of 0 to 16 KiB (with the header) most of the time, a removal otherwise.
    ///
    /// - Parameter step: From 0.
    /// - Returns: The operation.
    package func operation(at step: Int) -> Operation {
        var generator = SplitMix64(seed: seed ^ (UInt64(step) &* 0x9E37_79B9_7F4A_7C15))
        let key = Self.keys[Int(generator.next() % UInt64(Self.keys.count))]
        if generator.next() % 100 < 15 {
            return .remove(key: key)
        }
        var payload = Data("seed \(seed) step \(step) key \(key)\n".utf8)
        let words = Int(generator.next() % 2_048)
        payload.reserveCapacity(payload.count + words * 8)
        for _ in 0..<words {
            withUnsafeBytes(of: generator.next().littleEndian) { payload.append(contentsOf: $0) }
        }
        return .write(key: key, payload: payload)
    }

    /// The records after the first `count` operations, made on top of `records`.
    ///
    /// - Parameters:
    ///   - count: How many operations, from step 0.
    ///   - records: The records before the first, by key.
    /// - Returns: The records after them, by key.
    package func records(after count: Int, from records: [String: Data]) -> [String: Data] {
        var records = records
        for step in 0..<count {
            switch operation(at: step) {
            case .write(let key, let payload):
                records[key] = payload
            case .remove(let key):
                records[key] = nil
            }
        }
        return records
    }
}
