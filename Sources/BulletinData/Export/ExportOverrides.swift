import CJSONIndex
import Foundation

/// Saved changes to one kind of record (``EditedData/Edit``) placed on an indexed file's
/// records, so a streamed export (``IndexedExport``) writes what ``EditedData`` reads: an
/// update replaces the first record equal to the one it was made from (else the first with
/// its id), a delete removes it (else the first with its id), a create or restore appends.
/// Only the records sharing the edited id are decoded to find them.
struct ExportOverrides {
    /// Records of the file changed by the edits, by position in the index's elements of the
    /// kind (``FileIndex/postElements``): the new record, or `nil` when it was removed.
    private(set) var replaced: [Int: Record?] = [:]
    /// Records created or restored, in order (and changed by later edits).
    private(set) var appended: [Record] = []

    private let kind: ExportKind
    private let index: FileIndex

    init(_ kind: ExportKind, edits: [EditedData.Edit], in index: FileIndex) {
        self.kind = kind
        self.index = index
        for edit in edits {
            switch edit {
            case let .replace(old, new):
                switch find(old) {
                case let .file(position)?: replaced[position] = .some(new)
                case let .appended(offset)?: appended[offset] = new
                case nil: break
                }
            case let .remove(old):
                switch find(old) {
                case let .file(position)?: replaced[position] = .some(nil)
                case let .appended(offset)?: appended.remove(at: offset)
                case nil: break
                }
            case let .append(new):
                appended.append(new)
            }
        }
    }

    private enum Place {
        case file(Int)
        case appended(Int)
    }

    /// Where `old` is now: the first record equal to it, else the first with its id.
    private func find(_ old: Record) -> Place? {
        let id = old.id
        let owner: RecordID? = if case let .comment(comment) = old { comment.postId } else { nil }
        return first(mayBe: { position in owner.map { index.commentPostIDs[position] == $0 } ?? mayHave(id, position) }) { $0 == old }
            ?? first(mayBe: { mayHave(id, $0) }) { $0.id == id }
    }

    /// Whether the file's record at `position` may have `id`: a post's id is in the index;
    /// a comment's is not (every comment is decoded then: only when no comment equal to the
    /// edited one was found).
    private func mayHave(_ id: RecordID, _ position: Int) -> Bool {
        kind == .post ? index.postColumn[position].id == id : true
    }

    /// The first record still in the data (file order, then the appended ones) that `matches`;
    /// a file record is decoded only when `mayBe` says it may match.
    private func first(mayBe: (Int) -> Bool, where matches: (Record) -> Bool) -> Place? {
        let count = kind == .post ? index.postElements.count : index.commentElements.count
        for position in 0..<count {
            if let change = replaced[position] {
                if let record = change, matches(record) { return .file(position) }
                continue
            }
            guard mayBe(position), let record = current(position), matches(record) else { continue }
            return .file(position)
        }
        return appended.firstIndex(where: matches).map(Place.appended)
    }

    /// The file's record at `position`, decoded as loading decodes it.
    private func current(_ position: Int) -> Record? {
        switch kind {
        case .post: index.post(at: position).map(Record.post)
        case .comment: index.comment(at: position).map(Record.comment)
        }
    }
}
