import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A file open for reading during a save: its version (``fingerprint``), its mode, small
/// reads at any offset, a chunked scan for ``RecordSpans``, and copies of byte ranges into
/// another file done by the kernel (`copy_file_range`), so unchanged bytes never pass
/// through Bulletin's memory.
final class OpenFile {
    /// The path opened (with symbolic links resolved), for errors.
    let path: String
    let descriptor: Int32
    /// The system calls its reads make (``FileOperations/system``; tests count them).
    let operations: FileOperations
    /// `fstat` of the open file: the version the save reads, whatever happens to the path.
    let info: stat

    /// Opens `path` for reading.
    /// - Parameters:
    ///   - location: The file as the person named it, for errors.
    ///   - operations: The system calls its reads make.
    /// - Throws: ``DataError/unreadableFile(path:reason:)`` with the system's words.
    init(path: String, location: String, operations: FileOperations = .system) throws(DataError) {
        self.path = path
        self.operations = operations
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .unreadableFile(path: location, reason: Self.systemWords()) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let reason = Self.systemWords()
            close(fd)
            throw .unreadableFile(path: location, reason: reason)
        }
        descriptor = fd
        self.info = info
    }

    deinit { close(descriptor) }

    /// The version open.
    var fingerprint: FileFingerprint { FileFingerprint(info) }
    /// Size in bytes.
    var size: Int { Int(info.st_size) }
    /// Whether nobody may write it (`chmod a-w`, mode 0444).
    var isReadOnly: Bool { info.st_mode & 0o222 == 0 }

    /// The bytes in `range` (clamped to the file).
    /// - Throws: ``DataError/unreadableFile(path:reason:)`` when `pread` fails.
    func read(_ range: Range<Int>) throws(DataError) -> [UInt8] {
        let range = range.clamped(to: 0..<size)
        var bytes = [UInt8](repeating: 0, count: range.count)
        var done = 0
        while done < range.count {
            let count = bytes.withUnsafeMutableBytes { buffer in
                operations.pread(descriptor, buffer.baseAddress! + done, range.count - done, off_t(range.lowerBound + done))
            }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw .unreadableFile(path: path, reason: count == 0 ? "the file got shorter" : Self.systemWords()) }
            done += count
        }
        return bytes
    }

    /// Scans the whole file, 1 MiB at a time, for where its records are.
    /// - Throws: ``DataError/malformedJSON(path:location:reason:)`` when it is not a db.json
    ///   the scanner can map; ``DataError/unreadableFile(path:reason:)`` when a read fails.
    func spans(fileName: String, location: String) throws(DataError) -> RecordSpans {
        var scanner = RecordSpanScanner(fileName: fileName)
        let chunk = 1 << 20
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunk, alignment: 16)
        defer { buffer.deallocate() }
        var offset = 0
        while true {
            let count = operations.pread(descriptor, buffer.baseAddress!, chunk, off_t(offset))
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw .unreadableFile(path: location, reason: Self.systemWords()) }
            if count == 0 { break }
            scanner.feed(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
            offset += count
        }
        do throws(RecordSpanScanner.Failure) {
            return try scanner.finish()
        } catch {
            throw .malformedJSON(path: "$", location: location, reason: "\(error.reason) at byte \(error.offset)")
        }
    }

    /// Writes to `output` the old bytes before `splice.range`, its replacement, and the old
    /// bytes after it: what a save by splicing writes.
    /// - Returns: `false` when a write failed (`errno` set).
    func writeSpliced(_ splice: RecordSplice, to output: Int32) -> Bool {
        copy(0..<splice.range.lowerBound, to: output)
            && splice.replacement.withUnsafeBytes { AtomicFile.writeAll(output, $0) }
            && copy(splice.range.upperBound..<size, to: output)
    }

    /// Appends the bytes in `range` of this file to `output`: by `copy_file_range` (in the
    /// kernel) where the system has it, else `pread`/`write` through a 1 MiB buffer.
    ///
    /// The kernel copies ``copyChunk`` bytes at a time, and each chunk's writeback is started
    /// as soon as it is copied (`sync_file_range`, `SYNC_FILE_RANGE_WRITE`) after waiting for
    /// the chunk before it: the dirty pages of a save stay under two chunks, where a 1.8 GB
    /// copy would otherwise reach the kernel's dirty limit and be throttled (issue 23: a save at
    /// 3M posts took 4.6x `cp`+`sync`), and the fsync after it has little left to write.
    /// - Parameter chunk: The bytes copied between two writebacks (tests pass small ones).
    func copy(_ range: Range<Int>, to output: Int32, chunk copyChunk: Int = OpenFile.copyChunk) -> Bool {
        var offset = Int64(range.lowerBound)
        let end = Int64(range.upperBound)
        var outputStart = Int64(lseek(output, 0, SEEK_CUR))
        var kernel = outputStart >= 0
        var previous: (start: Int64, count: Int64)?
        while kernel, offset < end {
            let chunkEnd = min(end, offset + Int64(copyChunk))
            let chunkStart = offset
            while offset < chunkEnd {
                let count = operations.copyFileRange(descriptor, &offset, output, Int(chunkEnd - offset))
                if count > 0 { continue }
                if count < 0, errno == EINTR { continue }
                if count == 0 { errno = EIO; return false }
                // Not supported between these files (EXDEV, EINVAL, ENOSYS…): copy by hand.
                guard errno == EXDEV || errno == EINVAL || errno == ENOSYS || errno == EOPNOTSUPP else { return false }
                kernel = false
                break
            }
            let copied = offset - chunkStart
            if copied > 0 { writeBack(output, after: &previous, start: outputStart, count: copied) }
            outputStart += copied
        }
        if offset >= end { return true }
        let chunk = 1 << 20
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunk, alignment: 16)
        defer { buffer.deallocate() }
        while offset < end {
            let count = operations.pread(descriptor, buffer.baseAddress!, min(chunk, Int(end - offset)), off_t(offset))
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { if count == 0 { errno = EIO }; return false }
            guard AtomicFile.writeAll(output, UnsafeRawBufferPointer(rebasing: buffer[0..<count]), operations: operations) else {
                return false
            }
            offset += Int64(count)
        }
        return true
    }

    /// Bytes the kernel copies between two writebacks.
    static let copyChunk = 64 << 20

    // MARK: - Private

    /// Waits for the writeback of `previous` (if any) and starts that of the `count` bytes at
    /// `start` of `output`, which becomes `previous`. Hints only: errors are left to `fsync`.
    private func writeBack(_ output: Int32, after previous: inout (start: Int64, count: Int64)?, start: Int64, count: Int64) {
        let wait: UInt32 = 1 | 2 | 4 // SYNC_FILE_RANGE_WAIT_BEFORE | _WRITE | _WAIT_AFTER
        if let previous { _ = operations.syncFileRange(output, previous.start, previous.count, wait) }
        _ = operations.syncFileRange(output, start, count, 2) // SYNC_FILE_RANGE_WRITE
        previous = (start, count)
    }

    /// `errno`'s words in lower case (`permission denied`); `no such file` for `ENOENT`.
    private static func systemWords() -> String {
        if errno == ENOENT { return "no such file" }
        let words = String(cString: strerror(errno))
        return words.prefix(1).lowercased() + words.dropFirst()
    }
}
