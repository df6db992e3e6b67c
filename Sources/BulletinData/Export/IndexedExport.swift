import CJSONIndex
import Foundation

/// An export streamed from an indexed file (``FileIndex``), with the saves made since
/// (``EditedData``) applied: each post and comment is read from the mapped file as its turn
/// comes (``rf_scan``: its members unescaped, and whether its bytes are already what the
/// db.json export writes), so nothing is decoded whole and memory holds one record at a time.
/// Records the scanner leaves alone (irregular, a lone surrogate…) are decoded in Swift as
/// loading decodes them; one that does not decode is left out, as ``FileIndex/allPosts()``
/// leaves it out. The records and their order are those of ``LoadedData/wholeDataSet()``.
///
/// Pages of the mapping read are handed back as it goes (``MappedFile/release(before:)``),
/// so an export of a 611 MB file does not add 611 MB to the resident set.
struct IndexedExport: ExportRecords {
    let index: FileIndex
    let exportUsers: [User]
    /// The saved changes to posts and comments, as they fall on the file's records.
    private let overrides: [ExportKind: ExportOverrides]
    /// Told how far into the file the records read so far reach, and the file's size (bytes).
    private let progress: (Int, Int) -> Void

    /// `data` as an indexed export: a ``FileIndex``, or an ``EditedData`` over one; `nil` for
    /// anything else (the embedded set, a file decoded whole), which exports through ``ExportData``.
    /// - Parameter progress: Called every few MiB with the bytes of the file read so far and its size.
    init?(_ data: any LoadedData, progress: @escaping (Int, Int) -> Void = { _, _ in }) {
        let edits: [EditedData.Edit]
        if let index = data as? FileIndex {
            self.index = index
            edits = []
        } else if let edited = data as? EditedData, let index = edited.base as? FileIndex {
            self.index = index
            edits = edited.edits
        } else {
            return nil
        }
        exportUsers = data.allUsers()
        var overrides: [ExportKind: ExportOverrides] = [:]
        for kind in ExportKind.allCases {
            let ofKind = edits.filter { $0.kind == kind.recordKind }
            if !ofKind.isEmpty { overrides[kind] = ExportOverrides(kind, edits: ofKind, in: index) }
        }
        self.overrides = overrides
        self.progress = progress
    }

    func forEach(_ kind: ExportKind, _ body: (ExportRecord) -> Bool) -> Int {
        let changes = overrides[kind]
        var count = 0
        let total = index.file.length
        let finished = RecordScanner(kind: kind).scanning(index, changes: changes, progress: { progress($0, total) }) { record in
            count += 1
            return body(record)
        }
        guard finished, let appended = changes?.appended else { return count }
        for record in appended {
            count += 1
            guard Self.with(record, body) else { break }
        }
        return count
    }

    /// Calls `body` with a decoded post or comment.
    static func with(_ record: Record, _ body: (ExportRecord) -> Bool) -> Bool {
        switch record {
        case let .post(post): ExportRecord.with(post, body)
        case let .comment(comment): ExportRecord.with(comment, body)
        case .user: true
        }
    }
}

/// Reads the records of one kind from the mapped file, one at a time, through ``rf_scan``.
private struct RecordScanner {
    let kind: ExportKind

    /// Pages read are handed back every this many bytes.
    private static let releaseStep = 2 << 20

    /// Hands `body` each record of the kind still in the data, in file order; `false` when
    /// `body` stopped it.
    func scanning(
        _ index: FileIndex, changes: ExportOverrides?, progress: (Int) -> Void, _ body: (ExportRecord) -> Bool
    ) -> Bool {
        let elements = kind == .post ? index.postElements : index.commentElements
        guard let spans = index.spans[kind.recordKind]?.records, let base = index.file.base else {
            return elements.isEmpty
        }
        // The keys and the layout as C strings, for this pass.
        let keys: [UnsafePointer<CChar>?] = kind.keys.map { UnsafePointer(strdup($0)) }
        let memberIndent = strdup(DBJSONFormat.memberIndent)!
        let closeIndent = strdup(DBJSONFormat.closeIndent)!
        defer {
            keys.forEach { free(UnsafeMutablePointer(mutating: $0)) }
            free(memberIndent)
            free(closeIndent)
        }
        let ids = kind.idMembers
        let fields = UnsafeMutableBufferPointer<rf_field>.allocate(capacity: keys.count)
        defer { fields.deallocate() }
        var scratch = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 1 << 16)
        defer { scratch.deallocate() }
        let early = index.decoded[kind.recordKind] ?? [:]
        var released = 0
        for position in elements.indices {
            if let change = changes?.replaced[position] {
                if let record = change, !IndexedExport.with(record, body) { return false }
                continue
            }
            let element = elements[position]
            if let record = early[element] {
                guard IndexedExport.with(record, body) else { return false }
                continue
            }
            let span = spans[Int(element)]
            if span.start - released >= Self.releaseStep {
                index.file.release(before: span.start)
                released = span.start
                progress(span.start)
            }
            if scratch.count < span.end - span.start {
                scratch.deallocate()
                scratch = .allocate(capacity: span.end - span.start)
            }
            let status = keys.withUnsafeBufferPointer { keys in
                ids.withUnsafeBufferPointer { ids in
                    rf_scan(base + span.start, span.end - span.start, keys.baseAddress, ids.baseAddress, keys.count,
                            memberIndent, closeIndent, fields.baseAddress, scratch.baseAddress)
                }
            }
            let go: Bool
            switch Int(status) {
            case Int(RF_CANONICAL.rawValue):
                go = body(ExportRecord(fields: UnsafeBufferPointer(fields), canonical: UnsafeBufferPointer(start: base + span.start, count: span.end - span.start)))
            case Int(RF_FIELDS.rawValue):
                go = body(ExportRecord(fields: UnsafeBufferPointer(fields), canonical: nil))
            default:
                guard let record = Self.decode(kind, at: position, in: index) else { continue }
                go = IndexedExport.with(record, body)
            }
            if !go { return false }
        }
        index.file.release(before: index.file.length)
        progress(spans.last?.end ?? 0)
        return true
    }

    /// The record at `position` decoded in Swift, as loading decodes it; `nil` when it does not decode.
    static func decode(_ kind: ExportKind, at position: Int, in index: FileIndex) -> Record? {
        switch kind {
        case .post: index.post(at: position).map(Record.post)
        case .comment: index.comment(at: position).map(Record.comment)
        }
    }
}
