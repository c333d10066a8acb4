/// What `fstat(2)` or `lstat(2)` says of a file that the outbox's storage needs: its kind, its size, and its
/// identity (device and inode), which tells a file read earlier from one that has since replaced it under the
/// same name.
package struct OutboxFileStatus: Sendable, Equatable {
    /// Whether it is a regular file (not a folder, link, device or pipe).
    package let isRegularFile: Bool

    /// Its size in bytes.
    package let size: Int64

    /// The device that holds it.
    package let device: UInt64

    /// Its inode number on that device.
    package let inode: UInt64

    /// Creates a status.
    ///
    /// - Parameters:
    ///   - isRegularFile: Whether it is a regular file.
    ///   - size: Its size in bytes.
    ///   - device: The device that holds it.
    ///   - inode: Its inode number.
    package init(isRegularFile: Bool, size: Int64, device: UInt64, inode: UInt64) {
        self.isRegularFile = isRegularFile
        self.size = size
        self.device = device
        self.inode = inode
    }

    /// Whether both name the same file: the same inode on the same device.
    ///
    /// - Parameter other: Another status.
    /// - Returns: Whether the files are one.
    package func isSameFile(as other: OutboxFileStatus) -> Bool {
        device == other.device && inode == other.inode
    }
}
