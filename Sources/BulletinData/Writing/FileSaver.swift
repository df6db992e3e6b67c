import Foundation
import Synchronization

/// The version of a file its source last read or saved, shared by the source (which records
/// each load) and its writer (which checks it before saving).
final class FileState: Sendable {
    private let known = Mutex<FileFingerprint?>(nil)

    /// The fingerprint as last loaded or saved; `nil` before the first load.
    var fingerprint: FileFingerprint? { known.withLock { $0 } }

    /// Records the version just loaded or saved.
    func record(_ fingerprint: FileFingerprint?) { known.withLock { $0 = fingerprint } }
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
/// time, by splicing (``RecordSplice``): the new file is the old file's bytes up to the changed
/// record, the record's new text, and the old bytes after it, copied by the kernel straight from
/// the old file; nothing else is parsed or re-encoded. Only the record changed is decoded (from
/// its bytes): the source's data is never decoded whole. Afterwards the source's cached data is
/// an ``EditedData`` (what it held, with the change; marked with the saved version), so reads
/// and reloads see the change without reading the file again.
actor FileSaver {
    // MARK: - Properties

    /// The file, as given (errors name it).
    nonisolated let path: String
    let store: DataSetStore
    let state: FileState
    /// Where the records lie in the version last saved, with its data set, so the next save of
    /// that version needs neither a scan nor a decode.
    private var cached: (spans: RecordSpans, dataSet: any LoadedData, fingerprint: FileFingerprint)?
    /// The system calls its saves make (``FileOperations/system``; tests pass failing ones).
    let operations: FileOperations

    // MARK: - Init

    /// - Parameters:
    ///   - store: The source's cache, replaced by the saved data after each write.
    ///   - state: The fingerprint the source recorded when it loaded the file.
    ///   - operations: The system calls its saves make.
    init(path: String, store: DataSetStore, state: FileState, operations: FileOperations = .system) {
        self.path = path
        self.store = store
        self.state = state
        self.operations = operations
    }

    // MARK: - API

    /// Applies `change` to the file as it is on disk and saves it.
    /// - Parameters:
    ///   - original: For an update or a delete, the record as the person opened it: when several
    ///     records share its id, the first one in the file equal to it is changed or removed
    ///     (`nil`: the first with the id).
    ///   - overwrite: Save even if the file changed on disk since it was loaded or saved, or
    ///     nobody may write it (the person was asked).
    /// - Returns: The record as stored (with its new id after a create), `nil` after a delete.
    /// - Throws: ``DataError/changedOnDisk(path:)``, ``DataError/readOnlyFile(path:)``,
    ///   ``DataError/notFound(_:location:)``, ``DataError/unreadableFile(path:reason:)``,
    ///   ``DataError/malformedJSON(path:location:reason:)``, ``DataError/unwritableFile(path:reason:)``;
    ///   the file is then unchanged.
    func apply(_ change: RecordChange, original: Record? = nil, overwrite: Bool) async throws(DataError) -> Record? {
        let file = try OpenFile(path: AtomicFile.target(of: path), location: path, operations: operations)
        let current = file.fingerprint
        let known = state.fingerprint
        if let known, current != known, !overwrite { throw .changedOnDisk(path: path) }
        if file.isReadOnly, !overwrite { throw .readOnlyFile(path: path) }
        let (spans, dataSet) = try await load(file)
        // Another save through this saver may have run while the data set was awaited (actors
        // are reentrant): splicing the version opened above would undo it, so start again
        // from the file it wrote.
        if state.fingerprint != known {
            return try await apply(change, original: original, overwrite: overwrite)
        }
        var ordinal = 0
        switch change {
        case .update, .delete: if let original { ordinal = try Self.ordinal(of: original, in: spans, read: file.read) }
        case .create, .restore: break
        }
        // The record changed, decoded from its own bytes (nothing else is): the splice keeps the
        // text of the members that did not change, the data in memory replaces or removes it.
        let target: Record? = switch change {
        case let .update(record): Self.decodeElement(record.kind, id: record.id, ordinal: ordinal, in: spans, read: file.read, location: path)
        case let .delete(kind, id): Self.decodeElement(kind, id: id, ordinal: ordinal, in: spans, read: file.read, location: path)
        case .create, .restore: nil
        }
        let old = original ?? target
        // The map moves into the plan, which shifts it in place (no copy of a million spans);
        // after a failure the next save maps the file again.
        let splice = try RecordSplice.plan(
            change, spans: consume spans, old: old, ordinal: ordinal, location: path, read: file.read)
        let fingerprint: FileFingerprint
        do throws(AtomicFile.Failure) {
            fingerprint = try AtomicFile.save(to: path, operations: operations) { file.writeSpliced(splice, to: $0) }
        } catch {
            throw .unwritableFile(path: path, reason: error.reason)
        }
        let saved: any LoadedData
        if let edit = Self.edit(change, stored: splice.stored, old: old, target: target) {
            saved = EditedData.applying(edit, to: dataSet)
        } else {
            saved = try decodeSaved()
        }
        state.record(fingerprint)
        cached = (splice.spans, saved, fingerprint)
        await store.replace(with: saved, written: fingerprint)
        // A save that ran while this one waited may have reached the store first: the newest wins.
        if let latest = cached, latest.fingerprint != fingerprint {
            await store.replace(with: latest.dataSet, written: latest.fingerprint)
        }
        return splice.stored
    }

    /// Maps the records of the file as it is now, so the next save of this version need not
    /// (``DataWriter/prepareToWrite()``, when an edit form opens). Does nothing when the map
    /// is there already, or the file is not the version the source loaded or this saver wrote
    /// (the save then checks and maps it itself), or it cannot be read.
    func prepare() async {
        guard let file = try? OpenFile(path: AtomicFile.target(of: path), location: path, operations: operations) else { return }
        let current = file.fingerprint
        if let cached, cached.fingerprint == current { return }
        guard state.fingerprint == current, let dataSet = try? await store.loaded() else { return }
        // A save may have run while the data set was awaited: then its map is the newer one.
        guard cached == nil, state.fingerprint == current else { return }
        guard let spans = try? recordMap(of: file, dataSet: dataSet) else { return }
        cached = (spans, dataSet, current)
    }

    /// Tests only: where the records lie in the version last saved.
    func cachedSpans() -> RecordSpans? { cached?.spans }

    // MARK: - Private

    /// The spans and data set of the version open as `file`: the cached ones when it is the
    /// version last saved (taken out of the cache, so the splice changes them in place), else
    /// a scan of the file, with the source's data set when the source loaded this very version
    /// (a decode of the file only when it changed on disk and the person chose to overwrite).
    private func load(_ file: OpenFile) async throws(DataError) -> (RecordSpans, any LoadedData) {
        let current = file.fingerprint
        if let last = cached, last.fingerprint == current {
            cached = nil
            return (last.spans, last.dataSet)
        }
        let fileName = URL(fileURLWithPath: path).lastPathComponent
        let dataSet: any LoadedData
        if state.fingerprint == current {
            dataSet = try await store.loaded()
        } else {
            dataSet = try DataSetStore.decodeDataSet(Data(file.read(0..<file.size)), location: path, fileName: fileName)
        }
        return (try recordMap(of: file, dataSet: dataSet), dataSet)
    }

    /// Where the records of `file` lie: from the index the source loaded, when `dataSet` is the
    /// index of this very version and it can tell (``RecordSpans/init(index:version:)``), else by
    /// a scan of the whole file (``OpenFile/spans(fileName:location:)``).
    private func recordMap(of file: OpenFile, dataSet: any LoadedData) throws(DataError) -> RecordSpans {
        if let index = dataSet as? FileIndex, let spans = RecordSpans(index: index, version: file.fingerprint) { return spans }
        return try file.spans(fileName: URL(fileURLWithPath: path).lastPathComponent, location: path)
    }

    /// Which of the records sharing `original`'s id is it (0 = the first in the file): the
    /// first whose text decodes to a record equal to `original`; 0 when the id is not shared
    /// or none is equal (then the first is edited, as before).
    private static func ordinal(of original: Record, in spans: RecordSpans, read: RecordSplice.Reader) throws(DataError) -> Int {
        guard let elements = spans.collections[original.kind]?.elements else { return 0 }
        let candidates = elements.filter { $0.id == original.id.text }
        guard candidates.count > 1 else { return 0 }
        for (ordinal, element) in candidates.enumerated() {
            let bytes = Data(try read(element.start..<element.end))
            let decoded: Record? = switch original {
            case .user: (try? JSONDecoder().decode(User.self, from: bytes)).map(Record.user)
            case .post: (try? JSONDecoder().decode(Post.self, from: bytes)).map(Record.post)
            case .comment: (try? JSONDecoder().decode(Comment.self, from: bytes)).map(Record.comment)
            }
            if decoded == original { return ordinal }
        }
        return 0
    }

    /// The element of `kind` the splice changes (the `ordinal`-th with `id`), decoded from its
    /// bytes as loading decodes it (``RecordDecoding``); `nil` when there is none or it does not decode.
    private static func decodeElement(
        _ kind: RecordKind, id: RecordID, ordinal: Int, in spans: RecordSpans, read: RecordSplice.Reader, location: String
    ) -> Record? {
        guard let position = spans.index(of: id, in: kind, ordinal: ordinal),
              let element = spans.collections[kind]?.elements[position],
              let bytes = try? read(element.start..<element.end) else { return nil }
        let path = "\(kind.rawValue)[\(position)]"
        return switch kind {
        case .user: RecordDecoding.decode(User.self, from: Data(bytes), path: path, location: location).record.map(Record.user)
        case .post: RecordDecoding.decode(Post.self, from: Data(bytes), path: path, location: location).record.map(Record.post)
        case .comment: RecordDecoding.decode(Comment.self, from: Data(bytes), path: path, location: location).record.map(Record.comment)
        }
    }

    /// How `change` affects the data in memory; `nil` when the record updated or deleted did not
    /// decode (loading skipped it), so only decoding the saved file tells what it holds now.
    /// - Parameters:
    ///   - old: For an update, the record as the person opened it (else as read from the file).
    ///   - target: The record the splice changed, as read from the file.
    private static func edit(_ change: RecordChange, stored: Record?, old: Record?, target: Record?) -> EditedData.Edit? {
        switch (change, stored) {
        case let (.create, record?), let (.restore, record?): .append(record)
        case let (.update, record?): target == nil ? nil : old.map { .replace(old: $0, new: record) }
        case (.delete, _): target.map { .remove($0) }
        default: nil
        }
    }

    /// The data set of the file just saved, decoded: only when the record updated was one
    /// loading had skipped (unreadable), so the data set in memory cannot tell what it is now.
    private func decodeSaved() throws(DataError) -> DataSet {
        let file = try OpenFile(path: AtomicFile.target(of: path), location: path, operations: operations)
        let fileName = URL(fileURLWithPath: path).lastPathComponent
        return try DataSetStore.decodeDataSet(Data(file.read(0..<file.size)), location: path, fileName: fileName)
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
