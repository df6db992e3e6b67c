import Foundation
import Synchronization

/// Saves edits of the embedded data set to a copy under `$XDG_DATA_HOME/bulletin/db.json`
/// (default `~/.local/share/bulletin/db.json`), which later runs open with `--data PATH`.
///
/// The first write copies the embedded data set there (creating the directories), then every
/// write saves that file like ``FileDataWriter`` (atomically, with `db.json.bak`). After a
/// write the ``EmbeddedDataSource``'s reads return the saved data. Each outcome's note says
/// where the data went (`saved to PATH`).
///
/// An existing copy is never overwritten: a copy left by an earlier run holds that run's edits,
/// so this writer refuses (``access`` is `.denied` saying to open it with `--data PATH`; a write
/// throws ``DataError/unwritableFile(path:reason:)`` saying the same) rather than silently
/// mixing it in or replacing it.
public struct EmbeddedDataWriter: DataWriter, OverwritingWriter {
    // MARK: - Properties

    /// Where the copy is (or will be) saved.
    public let copyPath: String
    let copy: EmbeddedCopy

    /// Allowed until a copy from an earlier run is found at ``copyPath``.
    public var access: WriteAccess {
        guard !copy.isMade, FileManager.default.fileExists(atPath: copyPath) else { return .allowed }
        return .denied(reason: Self.earlierCopyReason(copyPath))
    }

    // MARK: - Init

    /// - Parameters:
    ///   - source: The embedded source whose reads should see the saved changes.
    ///   - copyPath: Where to save; by default ``defaultCopyPath(environment:)``.
    public init(source: EmbeddedDataSource, copyPath: String = EmbeddedDataWriter.defaultCopyPath()) {
        self.copyPath = copyPath
        copy = EmbeddedCopy(path: copyPath, store: source.store)
    }

    /// `$XDG_DATA_HOME/bulletin/db.json` when `XDG_DATA_HOME` is an absolute path (the XDG Base
    /// Directory spec ignores relative ones), else `$HOME/.local/share/bulletin/db.json`.
    public static func defaultCopyPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let dataHome: String
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            dataHome = xdg
        } else {
            let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
            dataHome = home + "/.local/share"
        }
        return dataHome + "/bulletin/db.json"
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
        let note = "saved to \(copyPath)" + (isFirst ? " (open it later with --data \(copyPath))" : "")
        return try await FileDataWriter(saver: saver, note: note)
            .apply(change, original: original, overwriteIfChanged: overwriteIfChanged)
    }

    static func earlierCopyReason(_ path: String) -> String {
        "edits from an earlier run are in \(path): open them with --data \(path) (or move the file away)"
    }
}

/// The copy of the embedded data set, made once.
final class EmbeddedCopy: Sendable {
    /// The saver for the copy once this run made it.
    private let made = Mutex<FileSaver?>(nil)
    private let path: String
    private let store: DataSetStore

    init(path: String, store: DataSetStore) {
        self.path = path
        self.store = store
    }

    /// From now on a reload of the source reads the copy (which holds the edits), not the bundle.
    func readsFromCopy() async {
        let url = URL(fileURLWithPath: path)
        let location = path
        await store.loadFrom { () throws(DataError) -> DataSet in try DataSetStore.readDB(at: url, location: location) }
    }

    /// Whether this run made the copy.
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
