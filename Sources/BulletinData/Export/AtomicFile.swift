import Foundation

/// Writes a whole file atomically: the bytes go to a temporary file in the same directory,
/// are flushed to disk (`fsync`), and the temporary file is renamed over the target
/// (`rename(2)`), so a reader sees the old file or the new one, never half of either.
public enum AtomicFile {
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

    /// Writes `data` to `path` (absolute).
    /// - Parameter overwrite: Whether an existing file may be replaced.
    /// - Throws: ``Failure``; the target is untouched and no temporary file is left behind.
    public static func write(_ data: Data, to path: String, overwrite: Bool) throws(Failure) {
        if try check(path), !overwrite { throw .exists(path) }
        let directory = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        let temporary = (directory as NSString).appendingPathComponent(".\(name).\(UUID().uuidString.prefix(8)).tmp")
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard descriptor >= 0 else { throw .cannotWrite(path, reason: Self.reason(errno)) }
        var failure: Int32 = 0
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count, failure == 0 {
                let written = Foundation.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 { if errno != EINTR { failure = errno } } else { offset += written }
            }
        }
        if failure == 0, fsync(descriptor) != 0 { failure = errno }
        close(descriptor)
        if failure == 0, rename(temporary, path) != 0 { failure = errno }
        guard failure == 0 else {
            unlink(temporary)
            throw .cannotWrite(path, reason: Self.reason(failure))
        }
    }

    /// `permission denied`, `no space left on device`, …: `strerror` in lower case.
    static func reason(_ code: Int32) -> String {
        String(cString: strerror(code)).lowercased()
    }
}
