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
    private let readRaw: (@MainActor (RawRecordRequest) async throws(DataError) -> String?)?
    /// The read of a record `Y` copies, while it runs (tests wait for it).
    public private(set) var copyTask: Task<Void, Never>?

    /// - Parameters:
    ///   - sharing: The opener, the clipboard and the sanitizer.
    ///   - note: Where the outcome is shown.
    ///   - showRaw: Shows a record in the raw view (the coordinator pushes it).
    ///   - readRaw: Reads a record as the source holds it, for `Y` (the active source's
    ///     ``DataSource/rawRecord(_:id:)``); `nil` when the source gives none.
    public init(sharing: Sharing, note: StatusNote, showRaw: @escaping @MainActor (RawRecordRequest) -> Void = { _ in },
                readRaw: (@MainActor (RawRecordRequest) async throws(DataError) -> String?)? = nil) {
        self.sharing = sharing
        self.note = note
        self.showRaw = showRaw
        self.readRaw = readRaw
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

    /// `y` with rows marked: copies what `y` copies of each (``SharedRecord/copyText``), one
    /// line per record in the list's order, and says how many were copied.
    public func copy(_ records: [SharedRecord]) {
        guard let first = records.first else { return note.show("Nothing is marked to copy") }
        if records.count == 1 { return copy(first) }
        let lines = records.map { sharing.sanitize($0.copyText) }
        let kinds = Set(records.map(\.name))
        let naming = kinds.count == 1 ? first.name.count(records.count) : Display.count(records.count, "record", "records")
        note.show(sharing.clipboard.copy(lines.joined(separator: "\n"), naming: "\(naming) (\(Display.count(lines.count, "line", "lines")))").message)
    }

    /// `Y`: copies the whole record as JSON, as the raw view shows it (read from the source
    /// first unless Bulletin holds it), or says why not.
    public func copyJSON(_ record: SharedRecord?) {
        guard let record else { return note.show("Nothing is selected to copy") }
        guard let raw = record.raw else {
            return note.show("\(record.name.singularTitle) \(record.id) has no JSON to copy")
        }
        if let held = raw.held { return copyJSON(RawRecordViewModel.shownLines(of: held.json).joined(separator: "\n"), of: record.label) }
        copyTask?.cancel()
        note.show("Reading \(record.label) to copy…")
        copyTask = Task { [weak self, readRaw] in
            let text: String?
            do { text = try await readRaw?(raw) } catch {
                guard !Task.isCancelled else { return }
                self?.note.show("Could not copy \(record.label): \(error)")
                return
            }
            guard let self, !Task.isCancelled else { return }
            guard let text else { return note.show("\(record.name.singularTitle) \(record.id) has no JSON as received to copy") }
            copyJSON(RawRecordViewModel.shownLines(of: text).joined(separator: "\n"), of: record.label)
        }
    }

    /// `y` in the raw view (and `Y`): copies `text`, a record's JSON as shown, line breaks kept
    /// and every line sanitized; the message names the record and how many lines it is.
    public func copyJSON(_ text: String, of name: String) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { sharing.sanitize(String($0)) }
        let naming = "\(name) as JSON (\(Display.count(lines.count, "line", "lines")))"
        switch sharing.clipboard.copy(lines.joined(separator: "\n"), naming: naming) {
        case let .done(message): note.show(message)
        case let .failed(message): note.show("\(message) · \(name)")
        }
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
