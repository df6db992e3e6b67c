import Foundation

/// Loads a ``DataSet`` once, off the main thread, and hands out the cached copy afterwards.
///
/// An actor, so concurrent first calls wait for one load instead of reading the file twice;
/// the load runs on the actor's executor (the cooperative pool), never on the main actor.
/// A failed load is not cached: the next call tries again (the file may have been fixed).
actor DataSetStore {
    // MARK: - Properties

    /// The file path or resource name, used in `notFound` errors.
    nonisolated let location: String
    private var load: @Sendable () throws(DataError) -> DataSet
    private var cached: DataSet?
    /// The file's version that ``cached`` is, when Bulletin's own save wrote it (``replace(with:version:)``).
    private var savedVersion: FileFingerprint?
    /// The file's version on disk now; `nil` for sources that are not one file.
    private let currentVersion: (@Sendable () -> FileFingerprint?)?

    // MARK: - Init

    /// - Parameters:
    ///   - location: Where the data comes from, for error text.
    ///   - load: Reads and decodes the data; called until it first succeeds.
    ///   - version: The file's version on disk now, so a reload after Bulletin's own save is
    ///     answered from what the save wrote while the file is still that version.
    init(
        location: String, version: (@Sendable () -> FileFingerprint?)? = nil,
        load: @escaping @Sendable () throws(DataError) -> DataSet
    ) {
        self.location = location
        self.currentVersion = version
        self.load = load
    }

    // MARK: - API

    /// The data set, loading it on first use.
    /// - Throws: Whatever `load` throws (``DataError/unreadableFile(path:reason:)``, ``DataError/malformedJSON(path:location:reason:)``).
    /// A reload (``FetchContext/isReload``) reads it again, unless the file is still the
    /// version Bulletin's own last save wrote (same device, inode, size and modification time):
    /// then the saved data set is the file's contents and is answered without reading it.
    func dataSet() throws(DataError) -> DataSet {
        if let cached, !FetchContext.isReload { return cached }
        if let cached, let savedVersion, currentVersion?() == savedVersion { return cached }
        let loaded = try load()
        cached = loaded
        savedVersion = nil
        return loaded
    }

    /// Replaces the cached data set with `dataSet` (after a save), so later reads answer with it.
    /// - Parameter version: The version of the file the save wrote, whose contents `dataSet` is.
    func replace(with dataSet: DataSet, version: FileFingerprint? = nil) {
        cached = dataSet
        savedVersion = version
    }

    /// Later loads (a reload) call `load` instead: the embedded set reads its saved copy once made.
    func loadFrom(_ load: @escaping @Sendable () throws(DataError) -> DataSet) {
        self.load = load
    }

    /// Reads `url` and decodes it as a json-server `db.json` object, or as one collection when
    /// the file holds a top-level array and its name starts with `users`, `posts` or `comments`
    /// (`users-string-ids.json`). Records that do not decode are skipped and listed in ``DataSet/issues``.
    /// - Throws: ``DataError/unreadableFile(path:reason:)`` when the file cannot be read,
    ///   ``DataError/malformedJSON(path:location:reason:)`` naming `location` when it is not a valid db.json.
    /// - Parameter progress: Told the bytes read (1 MiB at a time), then `decoding`, then `idle`.
    static func readDB(at url: URL, location: String, progress: LoadProgress? = nil) throws(DataError) -> DataSet {
        defer { progress?.update(.idle) }
        let data: Data
        do {
            data = try read(url, progress: progress)
        } catch {
            throw .unreadableFile(path: location, reason: readFailureReason(error, url: url))
        }
        progress?.update(.decoding)
        return try decodeDataSet(data, location: location, fileName: url.lastPathComponent)
    }

    /// The file's bytes, read in 1 MiB chunks with progress.
    private static func read(_ url: URL, progress: LoadProgress?) throws -> Data {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        let total = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        var data = Data(capacity: total)
        progress?.update(.reading(done: 0, total: total))
        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            data.append(chunk)
            progress?.update(.reading(done: data.count, total: total))
        }
        return data
    }

    /// Decodes a `db.json` object, or a top-level array named by `fileName` (see ``readDB(at:location:)``).
    static func decodeDataSet(_ data: Data, location: String, fileName: String) throws(DataError) -> DataSet {
        let blanks: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D]
        let text = data.starts(with: [0xEF, 0xBB, 0xBF]) ? data.dropFirst(3) : data[...] // a UTF-8 BOM is not the root
        guard text.first(where: { !blanks.contains($0) }) == UInt8(ascii: "[") else {
            return try JSONDecoding.decodeReportingIssues(DataSet.self, from: data, location: location).value
        }
        let name = fileName.lowercased()
        if name.hasPrefix("users") {
            let list = try JSONDecoding.decodeRecords(User.self, from: data, location: location, root: "users")
            return DataSet(users: list.records, posts: [], comments: [], issues: list.issues)
        } else if name.hasPrefix("posts") {
            let list = try JSONDecoding.decodeRecords(Post.self, from: data, location: location, root: "posts")
            return DataSet(users: [], posts: list.records, comments: [], issues: list.issues)
        } else if name.hasPrefix("comments") {
            let list = try JSONDecoding.decodeRecords(Comment.self, from: data, location: location, root: "comments")
            return DataSet(users: [], posts: [], comments: list.records, issues: list.issues)
        }
        throw .malformedJSON(
            path: "$", location: location,
            reason: "a top-level array, but the file name does not start with users, posts or comments; expected a db.json object")
    }

    // MARK: - Private

    /// `no such file`, `is a directory`, `permission denied`, or the system's own words.
    private static func readFailureReason(_ error: any Error, url: URL) -> String {
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
        if !exists { return "no such file" }
        if isDirectory.boolValue { return "is a directory" }
        if !FileManager.default.isReadableFile(atPath: url.path) { return "permission denied" }
        return JSONDecoding.singleLine((error as NSError).localizedDescription)
    }
}
