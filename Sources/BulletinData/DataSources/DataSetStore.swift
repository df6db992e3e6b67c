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
    private let load: @Sendable () throws(DataError) -> DataSet
    private var cached: DataSet?

    // MARK: - Init

    /// - Parameters:
    ///   - location: Where the data comes from, for error text.
    ///   - load: Reads and decodes the data; called until it first succeeds.
    init(location: String, load: @escaping @Sendable () throws(DataError) -> DataSet) {
        self.location = location
        self.load = load
    }

    // MARK: - API

    /// The data set, loading it on first use.
    /// - Throws: Whatever `load` throws (``DataError/unreadableFile(path:reason:)``, ``DataError/malformedJSON(path:location:reason:)``).
    func dataSet() throws(DataError) -> DataSet {
        if let cached { return cached }
        let loaded = try load()
        cached = loaded
        return loaded
    }

    /// Reads `url` and decodes it as a json-server `db.json` object.
    /// - Throws: ``DataError/unreadableFile(path:reason:)`` when the file cannot be read,
    ///   ``DataError/malformedJSON(path:location:reason:)`` naming `location` when it is not a valid db.json.
    static func readDB(at url: URL, location: String) throws(DataError) -> DataSet {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .unreadableFile(path: location, reason: readFailureReason(error, url: url))
        }
        return try JSONDecoding.decode(DataSet.self, from: data, location: location)
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
