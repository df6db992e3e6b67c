import Foundation

/// A file mapped read-only into memory (`mmap(2)`, `PROT_READ`, `MAP_PRIVATE`), for the index
/// pass and for decoding single records later.
///
/// Pages the index pass has finished with are handed back (``release(before:)``,
/// `madvise(MADV_DONTNEED)`): they stay in the page cache but leave the process's resident
/// set, so a 611 MB file does not cost 611 MB of RSS. A record read later faults its pages in
/// again. The mapping sees the file as it was opened: a save renames a new file over the path
/// (``AtomicFile``) and leaves this one's inode intact. Truncating the file in place while it
/// is mapped would make reads of the lost pages fault (`SIGBUS`); Bulletin never does that.
final class MappedFile: @unchecked Sendable {
    /// The path as given.
    let path: String
    /// The mapped bytes (`nil` for an empty file).
    let base: UnsafePointer<UInt8>?
    /// The file's size in bytes.
    let length: Int
    /// The version mapped (`fstat` of the descriptor mapped): a save compares it with the file
    /// on disk before it trusts spans found in this mapping (``RecordSpans/init(index:version:)``).
    let fingerprint: FileFingerprint
    private let mappedLength: Int

    /// Maps the file at `path`.
    /// - Throws: The `errno` of `open`, `fstat` or `mmap` as an `NSError` in the POSIX domain.
    init(path: String) throws {
        self.path = path
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Self.posixError() }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw Self.posixError() }
        guard (status.st_mode & S_IFMT) == S_IFREG else { throw NSError(domain: NSPOSIXErrorDomain, code: Int(EISDIR)) }
        length = Int(status.st_size)
        fingerprint = FileFingerprint(status)
        mappedLength = length
        guard length > 0 else {
            base = nil
            return
        }
        let address = mmap(nil, length, PROT_READ, MAP_PRIVATE, descriptor, 0)
        guard let address, address != MAP_FAILED else { throw Self.posixError() }
        base = UnsafePointer(address.assumingMemoryBound(to: UInt8.self))
    }

    deinit {
        if let base { munmap(UnsafeMutableRawPointer(mutating: base), mappedLength) }
    }

    /// A copy of the bytes in `range` (clamped to the file).
    func data(_ range: Range<Int>) -> Data {
        guard let base else { return Data() }
        let lower = max(0, min(range.lowerBound, length))
        let upper = max(lower, min(range.upperBound, length))
        return Data(bytes: base + lower, count: upper - lower)
    }

    /// The whole file as `Data` without copying (valid while this object lives).
    func wholeData() -> Data {
        guard let base else { return Data() }
        return Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: base), count: length, deallocator: .none)
    }

    /// Drops the pages wholly before byte `offset` from the resident set (they can be read again).
    func release(before offset: Int) { release(0..<offset) }

    /// Drops the pages wholly inside the bytes `range` from the resident set (they can be read
    /// again): behind the index pass, and after Search has scanned those records.
    func release(_ range: Range<Int>) {
        guard let base else { return }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let start = (max(0, range.lowerBound) + page - 1) / page * page
        let end = min(range.upperBound, length) / page * page
        guard end > start else { return }
        madvise(UnsafeMutableRawPointer(mutating: base + start), end - start, MADV_DONTNEED)
    }

    private static func posixError() -> NSError {
        NSError(domain: NSPOSIXErrorDomain, code: Int(errno))
    }
}
