import Foundation

/// The version of a file its source last read or saved, shared by the source (which records
/// each load) and its writer (which checks it before saving).
final class FileState: @unchecked Sendable {
    private let lock = NSLock()
    private var known: FileFingerprint?

    /// The fingerprint as last loaded or saved; `nil` before the first load.
    var fingerprint: FileFingerprint? { lock.withLock { known } }

    /// Records the version just loaded or saved.
    func record(_ fingerprint: FileFingerprint?) { lock.withLock { known = fingerprint } }
}

/// One change to a record.
enum RecordChange: Sendable {
    case create(Record)
    /// Put back a deleted record under its own id (a new id only when that one is taken again).
    case restore(Record)
    case update(Record)
    case delete(RecordKind, RecordID)
}

/// Applies changes to a json-server `db.json` and saves it atomically (``AtomicFile``), one at a
/// time; afterwards the source's cached ``DataSet`` is the saved one, so reads see the change.
actor FileSaver {
    // MARK: - Properties

    /// The file, as given (errors name it).
    nonisolated let path: String
    private let store: DataSetStore
    private let state: FileState
    /// The document as last read or saved, with its fingerprint, so a save need not re-read.
    private var cached: (document: JSONValue, dataSet: DataSet, fingerprint: FileFingerprint, newline: Bool)?
    /// Tests only: the step at which the next saves fail.
    private var failingAt: AtomicFile.Step?

    // MARK: - Init

    /// - Parameters:
    ///   - store: The source's cache, replaced by the saved data after each write.
    ///   - state: The fingerprint the source recorded when it loaded the file.
    init(path: String, store: DataSetStore, state: FileState) {
        self.path = path
        self.store = store
        self.state = state
    }

    // MARK: - API

    /// Applies `change` to the file as it is on disk and saves it.
    /// - Parameter overwrite: Save even if the file changed on disk since it was loaded or saved.
    /// - Returns: The record as stored (with its new id after a create), `nil` after a delete.
    /// - Throws: ``DataError/changedOnDisk(path:)``, ``DataError/notFound(_:location:)``,
    ///   ``DataError/unreadableFile(path:reason:)``, ``DataError/malformedJSON(path:location:reason:)``,
    ///   ``DataError/unwritableFile(path:reason:)``; the file is then unchanged.
    func apply(_ change: RecordChange, overwrite: Bool) async throws(DataError) -> Record? {
        let current = FileFingerprint.of(path: path)
        if let known = state.fingerprint, current != known, !overwrite { throw .changedOnDisk(path: path) }
        guard let current else { throw .unreadableFile(path: path, reason: "no such file") }
        let (root, dataSet, newline) = try await load(current)
        var document: DBDocument
        let stored: Record?
        do throws(DBDocument.EditError) {
            document = try DBDocument(root: root, fileName: URL(fileURLWithPath: path).lastPathComponent)
            stored = try Self.apply(change, to: &document, reading: dataSet)
        } catch {
            switch error {
            case let .notFound(what): throw .notFound(what, location: path)
            case let .unsupported(reason): throw .unwritableFile(path: path, reason: reason)
            }
        }
        let bytes = document.root.printed(capacity: Int(current.size)) + (newline ? [UInt8(ascii: "\n")] : [])
        let saved: DataSet
        if let changed = dataSet.applying(change, stored: stored) {
            saved = changed
        } else {
            saved = try DataSetStore.decodeDataSet(Data(bytes), location: path, fileName: URL(fileURLWithPath: path).lastPathComponent)
        }
        let fingerprint: FileFingerprint
        do throws(AtomicFile.Failure) {
            fingerprint = try AtomicFile.save(bytes, to: path, failingAt: failingAt)
        } catch {
            throw .unwritableFile(path: path, reason: error.reason)
        }
        state.record(fingerprint)
        cached = (document.root, saved, fingerprint, newline)
        await store.replace(with: saved)
        // A save that ran while this one waited may have reached the store first: the newest wins.
        if let latest = cached, latest.fingerprint != fingerprint { await store.replace(with: latest.dataSet) }
        return stored
    }

    /// Tests only: makes later saves fail at `step` (`nil`: succeed again).
    func failSaves(at step: AtomicFile.Step?) { failingAt = step }

    // MARK: - Private

    /// The document and data set of the file's version `fingerprint`: the cached one when it is
    /// that version, else read and parsed now (the records from the source's cache when the
    /// source loaded this very version); `newline` when the file ends with one (kept on save).
    private func load(_ fingerprint: FileFingerprint) async throws(DataError) -> (JSONValue, DataSet, newline: Bool) {
        if let cached, cached.fingerprint == fingerprint { return (cached.document, cached.dataSet, cached.newline) }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .unreadableFile(path: path, reason: "cannot read it")
        }
        let root: JSONValue
        do throws(JSONValue.ParseError) {
            root = try JSONValue.parse(data)
        } catch {
            throw .malformedJSON(path: "$", location: path, reason: error.description)
        }
        let dataSet: DataSet
        if state.fingerprint == fingerprint, FileFingerprint.of(path: path) == fingerprint {
            dataSet = try await store.dataSet()
        } else {
            dataSet = try DataSetStore.decodeDataSet(data, location: path, fileName: URL(fileURLWithPath: path).lastPathComponent)
        }
        return (root, dataSet, data.last == UInt8(ascii: "\n"))
    }

    private static func apply(_ change: RecordChange, to document: inout DBDocument, reading dataSet: DataSet)
        throws(DBDocument.EditError) -> Record?
    {
        switch change {
        case let .create(record):
            return try document.create(record)
        case let .restore(record):
            return try document.restore(record)
        case let .update(record):
            try document.update(record, old: dataSet.record(record.kind, id: record.id))
            return record
        case let .delete(kind, id):
            try document.delete(kind, id: id)
            return nil
        }
    }
}

extension DataSet {
    /// The record of `kind` with `id`, as read; `nil` when there is none.
    func record(_ kind: RecordKind, id: RecordID) -> Record? {
        switch kind {
        case .user: (try? user(id: id, location: "")).map(Record.user)
        case .post: (try? post(id: id, location: "")).map(Record.post)
        case .comment: comments.first { $0.id == id }.map(Record.comment)
        }
    }
}
