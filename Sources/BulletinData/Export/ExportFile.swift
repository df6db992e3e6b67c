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

        /// One sentence naming the path and the cause.
        public var description: String {
            switch self {
            case let .exists(path): "\(path) already exists"
            case let .missingDirectory(path): "No such directory: \(path)"
            case let .isDirectory(path): "\(path) is a directory; type a file name"
            case let .cannotWrite(path, reason): "Cannot write \(path): \(reason)"
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
        var written = 0
        do throws(AtomicFile.Failure) {
            try AtomicFile.save(to: path, keepingBackup: false) { fd in
                var sink = ExportSink { AtomicFile.writeAll(fd, $0) }
                format.write(data, to: &sink)
                written = sink.count
                return sink.finish()
            }
        } catch {
            throw .cannotWrite(path, reason: error.reason)
        }
        return written
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
