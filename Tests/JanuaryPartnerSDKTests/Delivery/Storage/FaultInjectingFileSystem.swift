import Foundation
import JanuaryCore
import JanuaryPartnerSDK

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// The real file system, with failures on demand: a call that fails with an `errno`, every call interrupted once
/// (`EINTR`) before it is made, writes cut short, a write that reports no progress. It also counts the descriptors
/// it opened and did not close, so that tests can check that a failure leaks none.
final class FaultInjectingFileSystem: OutboxFileSystem {
    /// A system call of ``OutboxFileSystem``.
    enum Call: String, Sendable, CaseIterable {
        case open, write, read, synchronize, close, status, pathStatus, rename, unlink, makeDirectory, changeMode, lock
        case contentsOfDirectory
    }

    /// One failure to inject: the first `count` calls of `call` on a path `path` accepts, after `skipping` such
    /// calls that succeed, fail with `code` (without being made).
    struct Fault: Sendable {
        var call: Call
        var code: Int32
        var skipping = 0
        var count = 1
        var path: @Sendable (String) -> Bool = { _ in true }
    }

    private struct State: Sendable {
        var faults: [Fault] = []
        var interruptsEveryCall = false
        var interruptedLast: Set<String> = []
        var maximumWriteSize: Int?
        var writesMakeNoProgress = false
        var openPaths: [Int32: String] = [:]
        var calls: [Call: Int] = [:]
        var afterRead: (suffix: String, action: @Sendable () -> Void)?
    }

    private let real = PosixOutboxFileSystem()
    private let state = Locked(State())

    /// Adds `fault`.
    func inject(_ fault: Fault) {
        state.withLock { $0.faults.append(fault) }
    }

    /// Removes every fault and behaviour, so that the test can look at what the failure left.
    func heal() {
        state.withLock { state in
            state.faults = []
            state.interruptsEveryCall = false
            state.maximumWriteSize = nil
            state.writesMakeNoProgress = false
        }
    }

    /// Runs `action` once, after the next `read` of a file whose path ends with `suffix`, as another thread's
    /// call made between the store's read of that file and what it does next.
    func afterNextRead(ofPathEndingWith suffix: String, _ action: @escaping @Sendable () -> Void) {
        state.withLock { $0.afterRead = (suffix, action) }
    }

    /// Makes every call that may be interrupted fail once with `EINTR` before it is made for real.
    func interruptEveryCall() {
        state.withLock { $0.interruptsEveryCall = true }
    }

    /// Makes each `write` write at most `bytes` bytes.
    func limitWrites(to bytes: Int) {
        state.withLock { $0.maximumWriteSize = bytes }
    }

    /// Makes each `write` write nothing and report 0.
    func makeWritesStall() {
        state.withLock { $0.writesMakeNoProgress = true }
    }

    /// The descriptors opened through this file system and not closed.
    var openDescriptors: [Int32] {
        state.withLock { Array($0.openPaths.keys) }
    }

    /// How many times `call` was made, failures included.
    func count(of call: Call) -> Int {
        state.withLock { $0.calls[call, default: 0] }
    }

    /// Throws the fault the call meets, if any. `interruptible` calls first fail once with EINTR when asked.
    private func enter(_ call: Call, path: String, interruptible: Bool = true) throws {
        let code = state.withLock { state -> Int32? in
            state.calls[call, default: 0] += 1
            let identity = "\(call.rawValue) \(path)"
            if state.interruptsEveryCall && interruptible {
                if state.interruptedLast.remove(identity) == nil {
                    state.interruptedLast.insert(identity)
                    return EINTR
                }
            }
            for index in state.faults.indices where state.faults[index].call == call && state.faults[index].path(path) {
                if state.faults[index].skipping > 0 {
                    state.faults[index].skipping -= 1
                    continue
                }
                guard state.faults[index].count > 0 else {
                    continue
                }
                state.faults[index].count -= 1
                return state.faults[index].code
            }
            return nil
        }
        if let code {
            throw OutboxSystemCallError(call: call.rawValue, code: code)
        }
    }

    private func path(of descriptor: Int32) -> String {
        state.withLock { $0.openPaths[descriptor] ?? "?" }
    }

    func open(_ path: String, flags: Int32, mode: mode_t) throws -> Int32 {
        try enter(.open, path: path)
        let descriptor = try real.open(path, flags: flags, mode: mode)
        state.withLock { $0.openPaths[descriptor] = path }
        return descriptor
    }

    func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) throws -> Int {
        try enter(.write, path: path(of: descriptor))
        let (limit, stall) = state.withLock { ($0.maximumWriteSize, $0.writesMakeNoProgress) }
        if stall {
            return 0
        }
        return try real.write(descriptor, UnsafeRawBufferPointer(rebasing: bytes.prefix(limit ?? bytes.count)))
    }

    func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        let path = path(of: descriptor)
        try enter(.read, path: path)
        let count = try real.read(descriptor, into: buffer)
        let action = state.withLock { state -> (@Sendable () -> Void)? in
            guard let afterRead = state.afterRead, path.hasSuffix(afterRead.suffix) else {
                return nil
            }
            state.afterRead = nil
            return afterRead.action
        }
        action?()
        return count
    }

    func synchronize(_ descriptor: Int32) throws {
        try enter(.synchronize, path: path(of: descriptor))
        try real.synchronize(descriptor)
    }

    func close(_ descriptor: Int32) throws {
        let path = path(of: descriptor)
        state.withLock { _ = $0.openPaths.removeValue(forKey: descriptor) }
        do {
            try enter(.close, path: path)
        } catch {
            // As on Linux, a failed close still releases the descriptor.
            try? real.close(descriptor)
            throw error
        }
        try real.close(descriptor)
    }

    func status(_ descriptor: Int32) throws -> OutboxFileStatus {
        try enter(.status, path: path(of: descriptor), interruptible: false)
        return try real.status(descriptor)
    }

    func rename(_ source: String, to destination: String) throws {
        try enter(.rename, path: source)
        try real.rename(source, to: destination)
    }

    func unlink(_ path: String) throws {
        try enter(.unlink, path: path)
        try real.unlink(path)
    }

    func makeDirectory(_ path: String, mode: mode_t) throws {
        try enter(.makeDirectory, path: path)
        try real.makeDirectory(path, mode: mode)
    }

    func changeMode(_ path: String, mode: mode_t) throws {
        try enter(.changeMode, path: path, interruptible: false)
        try real.changeMode(path, mode: mode)
    }

    func status(atPath path: String) throws -> OutboxFileStatus? {
        try enter(.pathStatus, path: path, interruptible: false)
        return try real.status(atPath: path)
    }

    func lock(_ descriptor: Int32, operation: Int32) throws {
        try enter(.lock, path: path(of: descriptor))
        try real.lock(descriptor, operation: operation)
    }

    func contentsOfDirectory(_ path: String) throws -> [String] {
        try enter(.contentsOfDirectory, path: path)
        return try real.contentsOfDirectory(path)
    }
}
