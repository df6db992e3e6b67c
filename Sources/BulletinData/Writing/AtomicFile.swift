import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What identifies one version of a file on disk: device, inode, size and modification time
/// (nanoseconds). An atomic save by anyone gives a new inode; an in-place edit a new time or size.
struct FileFingerprint: Equatable, Sendable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var modifiedSeconds: Int
    var modifiedNanoseconds: Int

    /// The fingerprint of the file at `path` now; `nil` when it cannot be `stat`ed (missing).
    static func of(path: String) -> FileFingerprint? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return FileFingerprint(info)
    }

    init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        modifiedSeconds = Int(info.st_mtim.tv_sec)
        modifiedNanoseconds = Int(info.st_mtim.tv_nsec)
    }
}

/// Saves a whole file so that a crash or `SIGKILL` at any moment leaves either the old or the
/// new version, and `FILE.bak` a complete previous version.
///
/// The protocol (POSIX; each step is atomic or invisible):
/// 1. write the new bytes to `.FILE.tmp-PID-N` in the same directory, `fsync` it;
/// 2. make `.FILE.bak.tmp-PID-N` a hard link to the current `FILE` (a copy, `fsync`ed, where
///    the file system has no hard links) and `rename` it over `FILE.bak`;
/// 3. `rename` the temporary file over `FILE`; 4. `fsync` the directory.
/// A failure before step 3 removes the temporary files and leaves `FILE` as it was.
enum AtomicFile {
    /// Why a step failed: the step's words and `errno`'s.
    struct Failure: Error {
        var reason: String
    }

    /// Writes `bytes` to `path` by the protocol above.
    /// - Parameters:
    ///   - keepingBackup: Whether step 2 runs (`false` for exports, which keep no `FILE.bak`).
    ///   - operations: The system calls the save makes (tests pass failing ones).
    /// - Returns: The fingerprint of the new file.
    /// - Throws: ``Failure`` naming the step and the system's reason; `path` is then unchanged.
    @discardableResult
    static func save(
        _ bytes: [UInt8], to path: String, keepingBackup: Bool = true, operations: FileOperations = .system
    ) throws(Failure) -> FileFingerprint {
        try save(to: path, keepingBackup: keepingBackup, operations: operations) { fd in
            bytes.withUnsafeBytes { writeAll(fd, $0, operations: operations) }
        }
    }

    /// Writes the bytes `contents` writes to the descriptor it is given (a new temporary file;
    /// `false` when a write failed, with `errno` set) to `path` by the protocol above.
    ///
    /// The file keeps what it was: when `path` is a symbolic link, the file it points to is
    /// the one replaced (the link stays; `FILE.bak` is made beside that file); the new version
    /// gets the old one's mode and, where the system allows it (root, or the owner changing
    /// to a group of theirs), its owner and group.
    /// - Parameter operations: The system calls the save makes (tests pass failing ones);
    ///   `contents` writes through its own.
    /// - Returns: The fingerprint of the new file.
    /// - Throws: ``Failure`` naming the step and the system's reason; `path` is then unchanged.
    @discardableResult
    static func save(
        to path: String, keepingBackup: Bool = true, operations: FileOperations = .system,
        contents: (Int32) -> Bool
    ) throws(Failure) -> FileFingerprint {
        let target = self.target(of: path)
        let url = URL(fileURLWithPath: target)
        let directory = url.deletingLastPathComponent().path
        let name = url.lastPathComponent
        let unique = "\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let temporary = directory + "/.\(name).tmp-\(unique)"
        var info = stat()
        let existing = stat(target, &info) == 0 ? info : nil
        let fingerprint = try writeSynced(
            to: temporary, mode: existing.map { $0.st_mode & 0o7777 } ?? 0o644, owner: existing,
            operations: operations, contents: contents)
        do throws(Failure) {
            if existing != nil, keepingBackup {
                try backUp(target, directory: directory, name: name, unique: unique, operations: operations)
            }
            guard operations.rename(temporary, target) == 0 else { throw failure("cannot rename the new version into place") }
        } catch {
            unlink(temporary)
            throw error
        }
        syncDirectory(directory, operations: operations)
        removeLeftovers(of: name, in: directory)
        return fingerprint
    }

    /// The file a save to `path` replaces: `path` with every symbolic link resolved
    /// (`realpath`), or `path` itself when it does not exist yet.
    static func target(of path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// A temporary file of a save that never finished, removed by ``removeLeftovers(of:in:)``.
    struct Leftover: Equatable, Sendable {
        /// Its name in the directory (`.db.json.tmp-4242-17`).
        var name: String
        /// Its size in bytes.
        var bytes: Int
    }

    /// Removes `.FILE.tmp-PID-N` and `.FILE.bak.tmp-PID-N` files left by saves whose process
    /// died mid-save (killed, crashed): only those whose PID no longer runs (`kill(PID, 0)`
    /// fails with `ESRCH`), so a save running now in another instance keeps its files. Called
    /// after each save and when the file is opened (``removeLeftovers(beside:)``).
    /// - Returns: The files removed, in name order.
    @discardableResult
    static func removeLeftovers(of name: String, in directory: String) -> [Leftover] {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        var removed: [Leftover] = []
        for entry in entries.sorted() {
            let rest: Substring
            if entry.hasPrefix(".\(name).tmp-") {
                rest = entry.dropFirst(".\(name).tmp-".count)
            } else if entry.hasPrefix(".\(name).bak.tmp-") {
                rest = entry.dropFirst(".\(name).bak.tmp-".count)
            } else {
                continue
            }
            guard let pid = rest.split(separator: "-").first.flatMap({ pid_t($0) }), pid > 0 else { continue }
            guard kill(pid, 0) != 0 && errno == ESRCH else { continue }
            let path = directory + "/" + entry
            var info = stat()
            let bytes = lstat(path, &info) == 0 ? Int(info.st_size) : 0
            if unlink(path) == 0 { removed.append(Leftover(name: entry, bytes: bytes)) }
        }
        return removed
    }

    /// Removes the leftovers (``removeLeftovers(of:in:)``) beside the file a save to `path`
    /// replaces (``target(of:)``: beside the file a symbolic link points to).
    /// - Returns: The files removed, in name order.
    @discardableResult
    static func removeLeftovers(beside path: String) -> [Leftover] {
        let url = URL(fileURLWithPath: target(of: path))
        return removeLeftovers(of: url.lastPathComponent, in: url.deletingLastPathComponent().path)
    }

    /// What the Admin panel says after ``removeLeftovers(beside:)`` removed `leftovers`
    /// beside `path`: `Removed 2 temporary files left beside db.json by saves whose process is
    /// gone: .db.json.bak.tmp-4242-17 (60.0 MB), .db.json.tmp-4242-17 (60.0 MB).`
    static func leftoverNote(_ leftovers: [Leftover], beside path: String) -> String {
        let files = leftovers.count == 1 ? "1 temporary file" : "\(leftovers.count) temporary files"
        let size = { (bytes: Int) in bytes < 1_000_000 ? "\(bytes) bytes" : LoadProgress.megabytes(bytes) }
        let names = leftovers.map { "\($0.name) (\(size($0.bytes)))" }.joined(separator: ", ")
        let name = URL(fileURLWithPath: path).lastPathComponent
        return "Removed \(files) left beside \(name) by saves whose process is gone: \(names)."
    }

    /// Creates `path` with `bytes`, complete or not at all, and never over an existing file:
    /// a synced temporary file hard-linked to `path` (`link` fails if `path` exists).
    /// - Parameter operations: The system calls it makes (tests pass failing ones).
    /// - Throws: ``Failure``; `file exists` when `path` is already there.
    static func create(_ bytes: [UInt8], at path: String, operations: FileOperations = .system) throws(Failure) {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        let temporary = directory + "/.\(url.lastPathComponent).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        _ = try writeSynced(to: temporary, mode: 0o644, owner: nil, operations: operations) { fd in
            bytes.withUnsafeBytes { writeAll(fd, $0, operations: operations) }
        }
        defer { unlink(temporary) }
        guard operations.link(temporary, path) == 0 else { throw failure("cannot create the file") }
        syncDirectory(directory, operations: operations)
    }

    /// The backup's path for `path`: `FILE.bak`.
    static func backupPath(for path: String) -> String { path + ".bak" }

    // MARK: - Private

    /// Creates `path` (which must not exist), fills it through `contents`, gives it `mode` and
    /// (where allowed) `owner`'s owner and group, `fsync`s and closes it.
    private static func writeSynced(
        to path: String, mode: mode_t, owner: stat?, operations: FileOperations, contents: (Int32) -> Bool
    ) throws(Failure) -> FileFingerprint {
        let fd = operations.open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard fd >= 0 else { throw failure("cannot create a temporary file in the file's directory") }
        var info = stat()
        let written = contents(fd)
        if let owner, written { keepOwner(of: owner, on: fd) }
        let ok = written && fchmod(fd, mode) == 0 && operations.fsync(fd) == 0 && fstat(fd, &info) == 0
        let error = failure("cannot write the new version")
        close(fd)
        guard ok else {
            unlink(path)
            throw error
        }
        return FileFingerprint(info)
    }

    /// Gives the file open as `fd` the owner and group of `old`: both when the system allows
    /// it (root), else the group alone (an owner may choose among their groups), else neither.
    private static func keepOwner(of old: stat, on fd: Int32) {
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_uid != old.st_uid || info.st_gid != old.st_gid else { return }
        if fchown(fd, old.st_uid, old.st_gid) != 0 { _ = fchown(fd, uid_t.max, old.st_gid) }
    }

    /// Writes all of `buffer` to `fd`, retrying short writes and `EINTR`.
    /// - Returns: `false` when a write failed (`errno` set).
    static func writeAll(_ fd: Int32, _ buffer: UnsafeRawBufferPointer, operations: FileOperations = .system) -> Bool {
        var offset = 0
        while offset < buffer.count {
            let count = operations.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
            if count < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += count
        }
        return true
    }

    /// Points `FILE.bak` at the current version: a hard link (or a synced copy) made under a
    /// temporary name, then renamed over the old backup, so `FILE.bak` is always complete.
    private static func backUp(
        _ path: String, directory: String, name: String, unique: String, operations: FileOperations
    ) throws(Failure) {
        let temporary = directory + "/.\(name).bak.tmp-\(unique)"
        if operations.link(path, temporary) != 0 {
            guard let bytes = FileManager.default.contents(atPath: path) else {
                throw failure("cannot read the current version to keep it as \(name).bak")
            }
            do throws(Failure) {
                var info = stat()
                let owner = stat(path, &info) == 0 ? info : nil
                _ = try writeSynced(
                    to: temporary, mode: fileMode(path) ?? 0o644, owner: owner, operations: operations
                ) { fd in
                    bytes.withUnsafeBytes { writeAll(fd, $0, operations: operations) }
                }
            } catch {
                throw Failure(reason: "cannot keep the previous version as \(name).bak: \(error.reason)")
            }
        }
        guard operations.rename(temporary, backupPath(for: path)) == 0 else {
            let error = failure("cannot keep the previous version as \(name).bak")
            unlink(temporary)
            throw error
        }
    }

    private static func fileMode(_ path: String) -> mode_t? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return info.st_mode & 0o7777
    }

    /// Makes the renames durable (`fsync` on the directory); failures here are ignored, as the
    /// file itself is already complete.
    private static func syncDirectory(_ directory: String, operations: FileOperations) {
        let fd = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        _ = operations.fsync(fd)
        close(fd)
    }

    /// `step: reason`, with `errno`'s words in lower case (`permission denied`).
    private static func failure(_ step: String) -> Failure {
        let words = String(cString: strerror(errno))
        return Failure(reason: "\(step): \(words.prefix(1).lowercased() + words.dropFirst())")
    }
}
