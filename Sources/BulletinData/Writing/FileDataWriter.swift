/// Saves edits to the json-server `db.json` a ``FileDataSource`` reads, atomically, keeping the
/// previous version as `FILE.bak`.
///
/// Each write splices the file as it is on disk (``FileSaver``, ``RecordSplice``): only the
/// record concerned is written, in the file's own layout; every other byte (other members such
/// as `albums`, fields Bulletin does not model, a BOM, escapes, number spellings) stays as it
/// was. The whole file is saved by ``AtomicFile``'s protocol: a temporary file in the same
/// directory, `fsync`, `FILE.bak` pointed at the previous version, `rename` over the file,
/// `fsync` of the directory; a symbolic link is written through, and owner, group and mode are
/// kept. New records get the collection's largest integer id + 1. After a write the source's
/// reads (and reloads) return the saved data without reading the file.
///
/// If the file changed on disk since the source loaded it (or since the last save), a write
/// throws ``DataError/changedOnDisk(path:)`` and saves nothing; if nobody may write it (mode
/// 0444), ``DataError/readOnlyFile(path:)``. The UI asks the person, then calls
/// ``DataWriter/update(_:overwriteIfChanged:)`` (or create/delete) with `true`, which applies
/// the change to the file as it is now: changes made elsewhere to other records are kept.
public struct FileDataWriter: DataWriter, OverwritingWriter {
    // MARK: - Properties

    /// The file written, as given to the source.
    public var path: String { saver.path }
    /// Writes are accepted.
    public var access: WriteAccess { .allowed }

    let saver: FileSaver
    /// What each outcome's note says; `nil` for `saved to PATH`.
    private let note: String?

    // MARK: - Init

    /// Creates a writer for the file `source` reads; the source's reads see each saved change.
    public init(source: FileDataSource) {
        self.init(source: source, operations: .system)
    }

    /// Creates a writer whose saves make their system calls through `operations`.
    init(source: FileDataSource, operations: FileOperations) {
        saver = FileSaver(path: source.path, store: source.store, state: source.fileState, operations: operations)
        note = nil
    }

    init(saver: FileSaver, note: String?) {
        self.saver = saver
        self.note = note
    }

    // MARK: - API

    /// Appends `record` with a new id (largest integer id + 1) and saves.
    /// - Throws: ``DataError/changedOnDisk(path:)``, ``DataError/readOnlyFile(path:)``, ``DataError/unwritableFile(path:reason:)``,
    ///   ``DataError/unreadableFile(path:reason:)``, ``DataError/malformedJSON(path:location:reason:)``.
    public func create(_ record: Record) async throws(DataError) -> WriteOutcome {
        try await apply(.create(record), overwriteIfChanged: false)
    }

    /// Replaces the record with `record.id` (only the fields that changed) and saves.
    /// - Throws: ``DataError/notFound(_:location:)`` naming the file, and the errors of ``create(_:)``.
    public func update(_ record: Record) async throws(DataError) -> WriteOutcome {
        try await apply(.update(record), overwriteIfChanged: false)
    }

    /// Removes the record and saves; a user's posts and a post's comments stay (as in json-server).
    /// - Throws: ``DataError/notFound(_:location:)`` naming the file, and the errors of ``create(_:)``.
    public func delete(_ kind: RecordKind, id: RecordID) async throws(DataError) -> WriteOutcome {
        try await apply(.delete(kind, id), overwriteIfChanged: false)
    }

    func apply(_ change: RecordChange, overwriteIfChanged: Bool) async throws(DataError) -> WriteOutcome {
        try await apply(change, original: nil, overwriteIfChanged: overwriteIfChanged)
    }

    /// Applies `change`; for an update, `original` (the record as read) tells which of the
    /// records sharing its id is meant.
    func apply(_ change: RecordChange, original: Record?, overwriteIfChanged: Bool) async throws(DataError) -> WriteOutcome {
        let stored = try await saver.apply(change, original: original, overwrite: overwriteIfChanged)
        return WriteOutcome(record: stored, persisted: true, note: note ?? "saved to \(path)")
    }
}
