import Foundation

/// Writes an export (a `db.json`, a CSV) atomically, through the same save protocol as edits
/// (a synced temporary file in the same directory renamed over the target; no `FILE.bak`), so
/// a reader sees the old file or the new one, never half of either; never over an existing
/// file unless asked.
public enum ExportFile {
    /// Why a file was not written; ``description`` names the path and the cause.
    public enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
        /// The target exists and `overwrite` was `false`.
        case exists(String)
        /// The directory the file should go in does not exist.
        case missingDirectory(String)
        /// The target is a directory.
        case isDirectory(String)
        /// The system refused: permission denied, disk full, …
        case cannotWrite(String, reason: String)
        /// The source could not be read (``write(_:from:to:overwrite:progress:)``).
        case unreadable(DataError)
        /// The export was cancelled before it finished; nothing was written to the path.
        case cancelled(String)

        /// One sentence naming the path and the cause.
        public var description: String {
            switch self {
            case let .exists(path): "\(path) already exists"
            case let .missingDirectory(path): "No such directory: \(path)"
            case let .isDirectory(path): "\(path) is a directory; type a file name"
            case let .cannotWrite(path, reason): "Cannot write \(path): \(reason)"
            case let .unreadable(error): "Export failed: \(error.description)"
            case let .cancelled(path): "Export cancelled; nothing was written to \(path)"
            }
        }
    }

    /// Checks that `path` could be written: its directory exists and it is not a directory.
    /// - Returns: Whether a file is already there (the caller asks before overwriting).
    /// - Throws: ``Failure/missingDirectory(_:)`` or ``Failure/isDirectory(_:)``.
    public static func check(_ path: String) throws(Failure) -> Bool {
        let directory = (path as NSString).deletingLastPathComponent
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .missingDirectory(directory)
        }
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return false }
        if isDirectory.boolValue { throw .isDirectory(path) }
        return true
    }

    /// Writes the export of `data` in `format` to `path` (absolute), streamed into the
    /// temporary file 1 MiB at a time (the whole file is never in memory).
    /// - Parameter overwrite: Whether an existing file may be replaced.
    /// - Returns: The bytes written.
    /// - Throws: ``Failure``; the target is untouched and no temporary file is left behind.
    @discardableResult
    public static func write(_ format: ExportFormat, of data: ExportData, to path: String, overwrite: Bool) throws(Failure) -> Int {
        if try check(path), !overwrite { throw .exists(path) }
        return try stream(format, of: data, to: path).bytes
    }

    /// How far an export has got: bytes of the source file read so far out of `total` when it
    /// streams from a file (``IndexedExport``), else `nil` for both (the records were gathered first).
    public struct Progress: Equatable, Sendable {
        public var done: Int?
        public var total: Int?
    }

    /// Exports every record of `source` in `format` to `path` (absolute), as the Admin panel
    /// does: a file source that is indexed (``FileIndex``, with the saves since) streams record
    /// by record from its mapped file; any other source is read whole first
    /// (``ExportData/gather(from:includeComments:)``). Cancelling the task stops the export
    /// within a MiB of output: the temporary file is removed, the target left as it was.
    /// - Parameters:
    ///   - overwrite: Whether an existing file may be replaced.
    ///   - progress: Called every few MiB while a file is streamed (from the export's thread).
    /// - Returns: The records and bytes written.
    /// - Throws: ``Failure``: ``Failure/exists(_:)``, …, ``Failure/unreadable(_:)`` when the
    ///   source fails, ``Failure/cancelled(_:)``; the target is untouched and no temporary file is left.
    public static func write(
        _ format: ExportFormat, from source: any DataSource, to path: String, overwrite: Bool,
        progress: @escaping @Sendable (Progress) -> Void = { _ in }
    ) async throws(Failure) -> ExportCounts {
        try await write(format, from: source, to: path, overwrite: overwrite, operations: .system, progress: progress)
    }

    /// As ``write(_:from:to:overwrite:progress:)``, through `operations` (tests pass failing ones).
    static func write(
        _ format: ExportFormat, from source: any DataSource, to path: String, overwrite: Bool,
        operations: FileOperations, progress: @escaping @Sendable (Progress) -> Void = { _ in }
    ) async throws(Failure) -> ExportCounts {
        if try check(path), !overwrite { throw .exists(path) }
        let records: any ExportRecords
        do throws(DataError) {
            records = try await self.records(of: source, for: format, progress: progress)
            try Task.checkCancellation(or: .cancelled)
        } catch {
            throw error == .cancelled ? .cancelled(path) : .unreadable(error)
        }
        return try stream(format, of: records, to: path, operations: operations)
    }

    /// What an export of `source` reads: an ``IndexedExport`` of an indexed file, else every
    /// record gathered (``ExportData/gather(from:includeComments:)``).
    private static func records(
        of source: any DataSource, for format: ExportFormat, progress: @escaping @Sendable (Progress) -> Void
    ) async throws(DataError) -> any ExportRecords {
        if let file = source as? FileDataSource {
            let loaded = try await file.store.loaded()
            if let records = IndexedExport(loaded, progress: { progress(Progress(done: $0, total: $1)) }) { return records }
        }
        return try await ExportData.gather(from: source, includeComments: format == .dbJSON)
    }

    /// Streams `records` into a temporary file renamed over `path` at the end; stops (and
    /// removes the temporary file) when the task is cancelled.
    private static func stream(
        _ format: ExportFormat, of records: some ExportRecords, to path: String, operations: FileOperations = .system
    ) throws(Failure) -> ExportCounts {
        var counts = ExportCounts(users: 0, posts: 0, comments: 0)
        var cancelled = false
        do throws(AtomicFile.Failure) {
            try AtomicFile.save(to: path, keepingBackup: false, operations: operations) { fd in
                var sink = ExportSink { buffer in
                    if Task.isCancelled {
                        cancelled = true
                        errno = ECANCELED
                        return false
                    }
                    return AtomicFile.writeAll(fd, buffer, operations: operations)
                }
                counts = format.write(records, to: &sink)
                counts.bytes = sink.count
                let finished = sink.finish()
                if Task.isCancelled { cancelled = true }
                return finished && !cancelled
            }
        } catch {
            if cancelled { throw .cancelled(path) }
            throw .cannotWrite(path, reason: error.reason)
        }
        return counts
    }

    /// Writes `data` to `path` (absolute).
    /// - Parameter overwrite: Whether an existing file may be replaced.
    /// - Throws: ``Failure``; the target is untouched and no temporary file is left behind.
    public static func write(_ data: Data, to path: String, overwrite: Bool) throws(Failure) {
        if try check(path), !overwrite { throw .exists(path) }
        do throws(AtomicFile.Failure) {
            try AtomicFile.save([UInt8](data), to: path, keepingBackup: false)
        } catch {
            throw .cannotWrite(path, reason: error.reason)
        }
    }
}
