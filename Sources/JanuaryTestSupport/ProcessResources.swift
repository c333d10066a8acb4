import Foundation

/// What the test process holds right now: resident memory, open file descriptors and threads, read from
/// `/proc/self` on Linux. Elsewhere every reading is `nil`, and the soak test skips its resource checks.
package struct ProcessResources: Sendable, CustomStringConvertible {
    /// Resident set size, in bytes.
    package let residentBytes: Int?
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
            openFileDescriptors: descriptors,
            threads: field("Threads")
        )
        #else
        return ProcessResources(residentBytes: nil, openFileDescriptors: nil, threads: nil)
        #endif
    }

    /// Such as `RSS 41.2 MiB, 23 fds, 9 threads`.
    package var description: String {
        let rss = residentBytes.map { String(format: "%.1f MiB", Double($0) / 1_048_576) } ?? "n/a"
        return
            "RSS \(rss), \(openFileDescriptors.map(String.init) ?? "n/a") fds, \(threads.map(String.init) ?? "n/a") threads"
    }
}
