import Foundation
import Synchronization

/// Saves edits of the embedded data set to a copy under `$XDG_DATA_HOME/bulletin/db.json`
/// (default `~/.local/share/bulletin/db.json`), which later runs open, with its edits.
///
/// The first write copies the embedded data set there (creating the directories), then every
/// write saves that file like ``FileDataWriter`` (atomically, with `db.json.bak`). After a
/// write the ``EmbeddedDataSource``'s reads return the saved data. Each outcome's note says
/// where the data went (`saved to PATH`). When the source reads a copy an earlier run made
/// (``EmbeddedDataSource/editedCopyPath``), writes go on saving into it.
/// ``moveCopyAside(at:)`` (`--reset-embedded`) goes back to the original set.
///
/// A copy that appeared after the source was made (another run made it meanwhile) is never
/// overwritten: ``access`` is `.denied` saying to run Bulletin again to open it, and a write
/// throws ``DataError/unwritableFile(path:reason:)`` saying the same.
public struct EmbeddedDataWriter: DataWriter, OverwritingWriter {
    // MARK: - Properties

    /// Where the copy is (or will be) saved.
    public let copyPath: String
    let copy: EmbeddedCopy

    /// Allowed unless a copy this run did not make or open has appeared at ``copyPath``.
    public var access: WriteAccess {
        guard !copy.isMade, FileManager.default.fileExists(atPath: copyPath) else { return .allowed }
        return .denied(reason: Self.earlierCopyReason(copyPath))
    }

    // MARK: - Init

    /// - Parameters:
    ///   - source: The embedded source whose reads should see the saved changes; when it reads
    ///     the copy at `copyPath` already, writes save into that copy.
    ///   - copyPath: Where to save; by default ``defaultCopyPath(environment:)``.
    public init(source: EmbeddedDataSource, copyPath: String = EmbeddedDataWriter.defaultCopyPath()) {
        self.copyPath = copyPath
        let opened = source.editedCopyPath == copyPath ? source.copyState.map {
            FileSaver(path: copyPath, store: source.store, state: $0)
        } : nil
        copy = EmbeddedCopy(path: copyPath, store: source.store, opened: opened)
    }

    /// `$XDG_DATA_HOME/bulletin/db.json` when `XDG_DATA_HOME` is an absolute path (the XDG Base
    /// Directory spec ignores relative ones), else `$HOME/.local/share/bulletin/db.json`.
    public static func defaultCopyPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        BaseDirectory.data.path("db.json", environment: environment)
    }

    /// Where ``moveCopyAside(at:)`` puts the copy at `path`: `path.before-reset`.
    public static func setAsidePath(for path: String) -> String { path + ".before-reset" }

    /// Goes back to the original embedded set (`--reset-embedded`): the copy at `path`, if there
    /// is one, is renamed to ``setAsidePath(for:)`` (replacing an older one there), so the next
    /// run reads the bundled set and the next edit makes a new copy; the edits are kept in that file.
    /// - Returns: Where the copy went; `nil` when there was none.
    /// - Throws: ``DataError/unwritableFile(path:reason:)`` when it cannot be moved.
    public static func moveCopyAside(at path: String) throws(DataError) -> String? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let target = setAsidePath(for: path)
        guard rename(path, target) == 0 else {
            throw .unwritableFile(path: path, reason: "cannot move it to \(target): " + String(cString: strerror(errno)))
        }
        return target
    }

    // MARK: - API

    /// Copies the data set on the first write, then appends `record` with a new id and saves.
    /// - Throws: ``DataError/unwritableFile(path:reason:)`` when the copy cannot be made (or one
    ///   from an earlier run is there), and the errors of ``FileDataWriter/create(_:)``.
    public func create(_ record: Record) async throws(DataError) -> WriteOutcome {
        try await apply(.create(record), overwriteIfChanged: false)
    }

    /// As ``create(_:)``, replacing the record with `record.id`.
    public func update(_ record: Record) async throws(DataError) -> WriteOutcome {
        try await apply(.update(record), overwriteIfChanged: false)
    }

    /// As ``create(_:)``, removing the record.
    public func delete(_ kind: RecordKind, id: RecordID) async throws(DataError) -> WriteOutcome {
        try await apply(.delete(kind, id), overwriteIfChanged: false)
    }

    func apply(_ change: RecordChange, overwriteIfChanged: Bool) async throws(DataError) -> WriteOutcome {
        try await apply(change, original: nil, overwriteIfChanged: overwriteIfChanged)
    }

    /// Applies `change` to the copy; `original` as in ``FileDataWriter``.
    func apply(_ change: RecordChange, original: Record?, overwriteIfChanged: Bool) async throws(DataError) -> WriteOutcome {
        let (saver, isFirst) = try copy.openSaver()
        if isFirst { await copy.readsFromCopy() }
        let note = Self.savedNote(copyPath, isFirst: isFirst)
        return try await FileDataWriter(saver: saver, note: note)
            .apply(change, original: original, overwriteIfChanged: overwriteIfChanged)
    }

    /// What a save's outcome says: `saved to PATH`, and on the write that made the copy, that
    /// later runs open it and how to go back to the original.
    static func savedNote(_ path: String, isFirst: Bool) -> String {
        "saved to \(path)" + (isFirst ? " (\(copyHint))" : "")
    }

    /// How the copy is used later, for the first save's note and the Admin panel.
    public static let copyHint = "later runs open it; --reset-embedded goes back to the original"

    static func earlierCopyReason(_ path: String) -> String {
        "another run saved edits to \(path) meanwhile: start Bulletin again to open them"
    }
}

/// The copy of the embedded data set, made once.
final class EmbeddedCopy: Sendable {
    /// The saver for the copy once this run made it.
    private let made = Mutex<FileSaver?>(nil)
    private let path: String
    private let store: DataSetStore

    /// - Parameter opened: The saver for a copy an earlier run made, which the source reads already.
    init(path: String, store: DataSetStore, opened: FileSaver? = nil) {
        self.path = path
        self.store = store
        made.withLock { $0 = opened }
    }

    /// From now on a reload of the source reads the copy (which holds the edits), not the bundle.
    func readsFromCopy() async {
        let url = URL(fileURLWithPath: path)
        let location = path
        await store.loadFrom { () throws(DataError) -> DataSet in try DataSetStore.readDB(at: url, location: location) }
    }

    /// Whether this run made the copy or opened one an earlier run made.
    var isMade: Bool { made.withLock { $0 != nil } }

    /// The saver for the copy, making the copy first if this run has not; `isFirst` when it did now.
    /// - Throws: ``DataError/unwritableFile(path:reason:)``.
    func openSaver() throws(DataError) -> (FileSaver, isFirst: Bool) {
        try made.withLock { made throws(DataError) -> (FileSaver, isFirst: Bool) in
            if let made { return (made, false) }
            let saver = try makeCopy()
            made = saver
            return (saver, true)
        }
    }

    /// Writes the copy of the bundled data set and a saver for it (called once, under the lock).
    private func makeCopy() throws(DataError) -> FileSaver {
        if FileManager.default.fileExists(atPath: path) {
            throw .unwritableFile(path: path, reason: EmbeddedDataWriter.earlierCopyReason(path))
        }
        guard let resource = Bundle.module.url(forResource: "embedded", withExtension: "json"),
            let bytes = FileManager.default.contents(atPath: resource.path)
        else { throw .unreadableFile(path: EmbeddedDataSource.resourceName, reason: "resource missing from the bundle") }
        do {
            let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw DataError.unwritableFile(path: path, reason: "cannot create its directory: \(JSONDecoding.singleLine(error.localizedDescription))")
        }
        do throws(AtomicFile.Failure) {
            try AtomicFile.create([UInt8](bytes), at: path)
        } catch {
            throw .unwritableFile(path: path, reason: error.reason)
        }
        let state = FileState()
        state.record(FileFingerprint.of(path: path))
        return FileSaver(path: path, store: store, state: state)
    }
}

extension EmbeddedDataWriter: ChoosingWriter {}
