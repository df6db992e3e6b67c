import BulletinData
import Observation

/// Opens, copies and shows raw the record a key acts on (`o`, `y`, `v`: the screen's
/// ``SharesRecord/subject(for:)``) and says in the status line which record it acted on.
///
/// Owned by the ``AppCoordinator`` for the run (a source switch keeps it); records are named in
/// the words their screen gave them (`Repository dstufft/xmlrpc2 has no web address to open`).
@MainActor
public final class ShareService {
    private let sharing: Sharing
    private let note: StatusNote
    private let showRaw: @MainActor (RawRecordRequest) -> Void

    /// - Parameters:
    ///   - sharing: The opener, the clipboard and the sanitizer.
    ///   - note: Where the outcome is shown.
    ///   - showRaw: Shows a record in the raw view (the coordinator pushes it).
    public init(sharing: Sharing, note: StatusNote, showRaw: @escaping @MainActor (RawRecordRequest) -> Void = { _ in }) {
        self.sharing = sharing
        self.note = note
        self.showRaw = showRaw
    }

    /// `o`: opens the record's web address, or says why nothing was opened.
    public func open(_ record: SharedRecord?) {
        guard let record else { return note.show("Nothing is selected to open") }
        guard let address = record.webAddress else {
            return note.show("\(record.name.singularTitle) \(record.id) has no web address to open")
        }
        note.show("\(sharing.opener.open(sharing.sanitize(address)).message) · \(record.label)")
    }

    /// `y`: copies the record's web address, or its id and title, and says what was copied.
    public func copy(_ record: SharedRecord?) {
        guard let record else { return note.show("Nothing is selected to copy") }
        note.show("\(sharing.clipboard.copy(sharing.sanitize(record.copyText)).message) · \(record.label)")
    }

    /// `v`: shows the record as the source holds it (its screen names it), or says why not.
    public func showRaw(_ record: SharedRecord?) {
        guard let record else { return note.show("Nothing is selected to show raw") }
        guard let raw = record.raw else {
            return note.show("\(record.name.singularTitle) \(record.id) has no raw view")
        }
        showRaw(raw)  // the raw view's header and status line name the record
    }
}
