import Foundation

/// Loads a source's data once, off the main thread, and hands out the loaded copy afterwards.
///
/// An actor, so concurrent first calls wait for one load instead of reading the file twice;
/// the load runs on the actor's executor (the cooperative pool), never on the main actor.
/// A failed or cancelled load is not kept: the next call tries again (the file may have been fixed).
/// What it holds is ``LoadedData``: a ``FileIndex`` for a file, a ``DataSet`` for the embedded
/// set or after a save.
actor DataSetStore {
    // MARK: - Properties

    /// The file path or resource name, used in `notFound` errors.
    nonisolated let location: String
    private var load: @Sendable () throws(DataError) -> any LoadedData
    private var cached: (any LoadedData)?
    /// The file's version the cached data was written as by Bulletin's own save (see
    /// ``replace(with:written:)``), and how to read the file's current version.
    private var written: FileFingerprint?
    private let currentVersion: (@Sendable () -> FileFingerprint?)?

    // MARK: - Init

    /// - Parameters:
    ///   - location: Where the data comes from, for error text.
    ///   - currentVersion: The file's version now (files only): a reload right after Bulletin's
    ///     own save answers from memory while the file is still the version it wrote.
    ///   - load: Reads and decodes (or indexes) the data; called until it first succeeds.
    init(
        location: String, currentVersion: (@Sendable () -> FileFingerprint?)? = nil,
        load: @escaping @Sendable () throws(DataError) -> any LoadedData
    ) {
        self.location = location
        self.currentVersion = currentVersion
        self.load = load
    }

    /// A store over a loader that decodes a whole ``DataSet`` (the embedded set).
    init(location: String, loadDataSet: @escaping @Sendable () throws(DataError) -> DataSet) {
        self.init(location: location) { () throws(DataError) -> any LoadedData in try loadDataSet() }
    }

    // MARK: - API

    /// The loaded data, loading it on first use. A reload (``FetchContext/isReload``) loads it
    /// again, except right after Bulletin's own save while the file is still the version it wrote.
    /// - Throws: Whatever `load` throws (``DataError/unreadableFile(path:reason:)``,
    ///   ``DataError/malformedJSON(path:location:reason:)``, ``DataError/cancelled``).
    func loaded() throws(DataError) -> any LoadedData {
        if let cached, !FetchContext.isReload || isStillWritten { return cached }
        let fresh = try load()
        cached = fresh
        written = nil
        return fresh
    }

    /// Everything decoded as one ``DataSet`` (saves, exports); a ``FileIndex`` decodes every record.
    /// - Throws: As ``loaded()``.
    func dataSet() throws(DataError) -> DataSet {
        try loaded().wholeDataSet()
    }

    /// Replaces the cached data with `dataSet` (after a save), so later reads answer with it.
    /// - Parameter written: The version of the file the save wrote: until the file changes from
    ///   it, a reload answers with `dataSet` instead of reading the file again.
    func replace(with dataSet: any LoadedData, written version: FileFingerprint? = nil) {
        cached = dataSet
        written = version
    }

    /// Later loads (a reload) call `load` instead: the embedded set reads its saved copy once made.
    func loadFrom(_ load: @escaping @Sendable () throws(DataError) -> DataSet) {
        self.load = { () throws(DataError) -> any LoadedData in try load() }
    }

    private var isStillWritten: Bool {
        guard let written, let currentVersion else { return false }
        return currentVersion() == written
    }
}

extension DataSetStore {
    /// Maps the file at `url` and indexes it (``FileIndex/build(file:location:fileName:progress:onPosts:)``).
    /// - Throws: ``DataError/unreadableFile(path:reason:)`` when the file cannot be opened,
    ///   ``DataError/malformedJSON(path:location:reason:)`` naming `location` when it is not a valid db.json,
    ///   ``DataError/cancelled``.
    static func indexDB(
        at url: URL, location: String, progress: LoadProgress? = nil, onPosts: (@Sendable (PostBatch) -> Void)? = nil
    ) throws(DataError) -> any LoadedData {
        defer { progress?.update(.idle) }
        let file: MappedFile
        do {
            file = try MappedFile(path: url.path)
        } catch {
            throw .unreadableFile(path: location, reason: readFailureReason(error, url: url))
        }
        progress?.update(.indexing(done: 0, total: file.length))
        switch try FileIndex.build(file: file, location: location, fileName: url.lastPathComponent, progress: progress, onPosts: onPosts) {
        case let .index(index): return index
        case let .decoded(set): return set
        }
    }

    /// Reads `url` and decodes it whole as a json-server `db.json` object, or as one collection
    /// when the file holds a top-level array and its name starts with `users`, `posts` or
    /// `comments` (`users-string-ids.json`). Records that do not decode are skipped and listed
    /// in ``DataSet/issues``. (The embedded set's copy; files are indexed by ``indexDB(at:location:progress:onPosts:)``.)
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

    /// Decodes a `db.json` object, or a top-level array named by `fileName` (see ``readDB(at:location:progress:)``).
    static func decodeDataSet(_ data: Data, location: String, fileName: String) throws(DataError) -> DataSet {
        let blanks: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D]
        let text = data.starts(with: [0xEF, 0xBB, 0xBF]) ? data.dropFirst(3) : data[...] // a UTF-8 BOM is not the root
        guard text.first(where: { !blanks.contains($0) }) == UInt8(ascii: "[") else {
            let set = try JSONDecoding.decodeReportingIssues(DataSet.self, from: data, location: location).value
            if set.users.isEmpty, set.posts.isEmpty, set.comments.isEmpty { try requireKnownKinds(data, location: location) }
            return set
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

    /// The kinds a json-server `db.json` is read for, as its top-level members name them (the
    /// message names the first three).
    static let knownKinds = ["users", "posts", "comments", "albums", "photos", "todos"]

    /// Checks that the db.json object in `data` has one of ``knownKinds`` (JSONPlaceholder's
    /// `users`, `posts`, `comments`, `albums`, `photos`, `todos`) when it has any member at all
    /// (`{}` is an empty data set); asked only when no users, posts or comments were found, so
    /// the whole parse costs nothing on the files that have them.
    /// - Throws: ``DataError/noKnownKinds(what:expected:found:)`` naming `location` and the
    ///   members it has instead (`db.json at meals.json has no users, posts or comments (it has: meals)`).
    static func requireKnownKinds(_ data: Data, location: String) throws(DataError) {
        guard case let .object(members)? = try? JSONValue.parse(data), !members.isEmpty else { return }
        let names = members.map(\.key)
        guard !names.contains(where: knownKinds.contains) else { return }
        var seen = Set<String>()
        throw .noKnownKinds(
            what: "db.json at \(location)", expected: Array(knownKinds.prefix(3)), found: names.filter { seen.insert($0).inserted })
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
