#if canImport(Glibc)
import Glibc
#endif

/// The system calls an ``AtomicFile`` save makes, as values: `.system` calls the C library;
/// a test passes one whose call fails as the system's would (returning -1 with `errno` set),
/// so the save's handling of every failure is checked without a test parameter in the save's
/// own API. This is the fault seam swift-system uses at its syscall door, cut to the calls a
/// save makes (POSIX.1-2017; `open(2)`, `pread(2)`, `write(2)`, `fsync(2)`, `link(2)`,
/// `rename(2)`; Linux's `copy_file_range(2)`, `sync_file_range(2)`); a test can also count what
/// a save reads of the old file.
///
/// Each closure has the C call's shape and result: a descriptor or -1, a byte count or -1, 0 or -1.
struct FileOperations: Sendable {
    /// `open(path, flags, mode)`: a new descriptor, or -1.
    var open: @Sendable (_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32
    /// `pread(fd, buffer, count, offset)`: bytes read of the old file (0 at its end), or -1.
    var pread: @Sendable (_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int, _ offset: off_t) -> Int
    /// `write(fd, bytes, count)`: bytes written (maybe fewer than `count`), or -1.
    var write: @Sendable (_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int
    /// `fsync(fd)`: 0, or -1.
    var fsync: @Sendable (_ fd: Int32) -> Int32
    /// `link(existing, new)`: 0, or -1 (`EEXIST` when `new` exists).
    var link: @Sendable (_ existing: String, _ new: String) -> Int32
    /// `rename(old, new)`: 0, or -1.
    var rename: @Sendable (_ old: String, _ new: String) -> Int32
    /// `copy_file_range(input, &offset, output, NULL, count, 0)` (Linux ≥ 4.5): bytes copied in
    /// the kernel from `input` at `offset` (advanced) to `output` at its position, 0 at the end,
    /// or -1 (`EXDEV`, `ENOSYS`, `EINVAL`, `EOPNOTSUPP`: not between these files; copy by hand).
    var copyFileRange: @Sendable (_ input: Int32, _ offset: UnsafeMutablePointer<Int64>, _ output: Int32, _ count: Int) -> Int
    /// `sync_file_range(fd, offset, count, flags)` (Linux): starts (and with the wait flags,
    /// waits for) the writeback of a range; 0, or -1. A hint: a failure changes nothing but speed.
    var syncFileRange: @Sendable (_ fd: Int32, _ offset: Int64, _ count: Int64, _ flags: UInt32) -> Int32

    /// The C library's calls.
    static let system = FileOperations(
        open: { path, flags, mode in Glibc.open(path, flags, mode) },
        pread: { fd, buffer, count, offset in Glibc.pread(fd, buffer, count, offset) },
        write: { fd, bytes, count in Glibc.write(fd, bytes, count) },
        fsync: { fd in Glibc.fsync(fd) },
        link: { existing, new in Glibc.link(existing, new) },
        rename: { old, new in Glibc.rename(old, new) },
        copyFileRange: { input, offset, output, count in
            guard let call = LinuxCalls.copyFileRange else { errno = ENOSYS; return -1 }
            return call(input, offset, output, nil, count, 0)
        },
        syncFileRange: { fd, offset, count, flags in
            guard let call = LinuxCalls.syncFileRange else { errno = ENOSYS; return -1 }
            return call(fd, offset, count, flags)
        }
    )
}

/// glibc's Linux-only calls a save makes, looked up at run time: the Swift Glibc module leaves
/// out declarations that need `_GNU_SOURCE`.
private enum LinuxCalls {
    typealias CopyFileRange = @convention(c) (
        Int32, UnsafeMutablePointer<Int64>?, Int32, UnsafeMutablePointer<Int64>?, Int, UInt32
    ) -> Int
    typealias SyncFileRange = @convention(c) (Int32, Int64, Int64, UInt32) -> Int32

    static let copyFileRange: CopyFileRange? = symbol("copy_file_range")
    static let syncFileRange: SyncFileRange? = symbol("sync_file_range")

    private static func symbol<T>(_ name: String) -> T? {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { return nil }
        return unsafeBitCast(symbol, to: T.self)
    }
}
