// Our own tests' harness, which drives the loopback server: compiled out where JanuaryTestServer has none (watchOS,
// and the same shape under JANUARY_NO_LOOPBACK_SERVER), since our tests do not run there.
#if !os(watchOS) && !JANUARY_NO_LOOPBACK_SERVER
import Foundation

/// What the test process holds right now: resident memory, open file descriptors and threads, read from
/// `/proc/self` on Linux, and the bytes allocated with `malloc` and not yet freed, from glibc. Elsewhere every
/// reading is `nil`, and the soak test skips its resource checks.
package struct ProcessResources: Sendable, CustomStringConvertible {
    /// Resident set size, in bytes.
    package let residentBytes: Int?
    /// Bytes of the C heap in use: what `malloc` handed out and was not freed, without the freed space the
    /// allocator keeps, so a leak of a few hundred bytes a request shows without the noise of pages and
    /// fragmentation that resident memory has. `nil` where the C library is not glibc.
    package let heapBytesInUse: Int?
    /// Open file descriptors.
    package let openFileDescriptors: Int?
    /// Threads.
    package let threads: Int?

    /// Reads the current figures.
    package static func current() -> ProcessResources {
        #if os(Linux)
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        func field(_ name: String) -> Int? {
            guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name + ":") }) else {
                return nil
            }
            return line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first.flatMap { Int($0) }
        }
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")).map(\.count)
        return ProcessResources(
            residentBytes: field("VmRSS").map { $0 * 1_024 },
            heapBytesInUse: heapBytesInUseFromMallocInfo(),
            openFileDescriptors: descriptors,
            threads: field("Threads")
        )
        #else
        return ProcessResources(residentBytes: nil, heapBytesInUse: nil, openFileDescriptors: nil, threads: nil)
        #endif
    }

    /// Reads ``heapBytesInUse`` alone, cheaply enough to sample every few dozen requests.
    package static func currentHeapBytesInUse() -> Int? {
        #if os(Linux)
        return heapBytesInUseFromMallocInfo()
        #else
        return nil
        #endif
    }

    #if os(Linux)
    /// Reads glibc's `malloc_info` report (the only form of its statistics that Swift can call: `mallinfo2` is
    /// not in the Glibc module, and returns a struct through a function pointer Swift cannot declare), looked up
    /// at run time so that another C library simply reports `nil`.
    ///
    /// The totals for all arenas follow the last `</heap>`: the memory the allocator took from the system, less
    /// its free chunks (fast bins, and the rest with the top chunk), plus the chunks it mapped on their own.
    private static func heapBytesInUseFromMallocInfo() -> Int? {
        typealias MallocInfo = @convention(c) (Int32, UnsafeMutablePointer<FILE>?) -> Int32
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "malloc_info") else {
            return nil
        }
        let mallocInfo = unsafeBitCast(symbol, to: MallocInfo.self)
        var text: UnsafeMutablePointer<CChar>?
        var length = 0
        guard let stream = open_memstream(&text, &length) else {
            return nil
        }
        let status = mallocInfo(0, stream)
        fclose(stream)
        defer { free(text) }
        guard status == 0, let text else {
            return nil
        }
        guard let totals = String(cString: text).components(separatedBy: "</heap>").last else {
            return nil
        }
        func size(_ element: String) -> Int? {
            guard let start = totals.range(of: element),
                let attribute = totals[start.upperBound...].range(of: "size=\"")
            else {
                return nil
            }
            return Int(totals[attribute.upperBound...].prefix(while: \.isNumber))
        }
        guard let system = size(#"<system type="current""#), let fast = size(#"<total type="fast""#),
            let rest = size(#"<total type="rest""#), let mapped = size(#"<total type="mmap""#)
        else {
            return nil
        }
        return system - fast - rest + mapped
    }
    #endif

    /// Such as `RSS 41.2 MiB, heap 3.1 MiB, 23 fds, 9 threads`.
    package var description: String {
        func mebibytes(_ bytes: Int?) -> String {
            bytes.map { String(format: "%.1f MiB", Double($0) / 1_048_576) } ?? "n/a"
        }
        return "RSS \(mebibytes(residentBytes)), heap \(mebibytes(heapBytesInUse)), "
            + "\(openFileDescriptors.map(String.init) ?? "n/a") fds, \(threads.map(String.init) ?? "n/a") threads"
    }
}
#endif
