import BulletinData
import Observation
import ViewState

/// A form that creates or edits one user, post or comment, saving through a ``DataWriter``.
///
/// Tab and Shift-Tab move between fields; problems show beside each field once it has been
/// edited or left (or a save was tried); a post's author and a comment's post are looked up in
/// the data source when the person leaves the field and again before saving. Ctrl-S saves
/// asynchronously (``Phase/saving``); a failed save keeps every field as typed and offers
/// Retry. Esc closes at once when nothing changed, and otherwise asks first.
@MainActor
@Observable
public final class RecordFormViewModel: ScreenViewModel, AsksQuestion {
    /// What the form does.
    public enum Mode: Equatable, Sendable {
        /// Makes a new record (the writer picks its id).
        case create
        /// Changes this record.
        case edit(Record)
    }

    /// Where the form is in its life.
    public enum Phase: Equatable, Sendable {
        /// The person is typing.
        case editing
        /// The write is on its way; keys other than quit wait.
        case saving
        /// The write failed: the error is shown with Retry; the fields are untouched.
        case failed(DataError)
        /// Esc with unsaved changes: asking whether to discard them.
        case confirmingDiscard
    }

    /// The answers of the form's questions ("Discard changes?", a failed save's, "Quit without saving?").
    public enum Answer: Hashable, Sendable {
        /// Back to the fields, nothing changed.
        case keepEditing
        /// Close without saving.
        case discard
        /// Save again (over the file, when it changed on disk or is read-only).
        case retry
        /// Read the record as saved now (someone else changed it): the fields not edited take
        /// its values, the edited ones keep what was typed, and each field that changed says so.
        case reload
    }

    /// How the form closed.
    public enum Result: Sendable, Equatable {
        /// The record was written; the outcome says how it is stored.
        case saved(WriteOutcome)
        /// The person left without saving.
        case discarded
    }

    // MARK: - Properties

    public let kind: RecordKind
    /// Create, or edit the record as last read (a reload replaces it with the record as saved now).
    public private(set) var mode: Mode
    public private(set) var fields: [FormField]
    /// Index of the field with the keyboard.
    public private(set) var focus = 0
    public private(set) var phase: Phase = .editing
    /// The question of ``Phase/failed(_:)`` or ``Phase/confirmingDiscard``, with its selection.
    private var phaseQuestion: Question<Answer>?
    /// "Quit without saving?", asked over everything after Ctrl-C with unsaved changes, until the next key.
    private var quitQuestion: Question<Answer>?
    /// Problems found through the data source (`no user 42`), by field.
    public private(set) var referenceProblems: [FormFieldID: String] = [:]
    /// The last save failed in a way that may still have reached the server (a timeout, a
    /// connection lost after sending): Retry first reads the data again and sends nothing when
    /// the record (a create) or the edit (the writer compares the server's record) is there already.
    public private(set) var mayHaveBeenSaved = false
    /// Fields edited or left at least once: their problems are shown.
    private var touched: Set<FormFieldID> = []
    private var triedToSave = false
    /// The field whose typed line break was refused, until the next key (``note(at:)``).
    private var refusedLineBreak: FormFieldID?
    /// After a reload, what changed in each field since the form opened (``note(at:)``).
    private var reloadNotes: [FormFieldID: String] = [:]
    /// `--live`: someone else saved or deleted the record being edited after the form opened
    /// (``othersChanged(_:)``), said in the status line; the fields stay as typed, and the save
    /// asks before writing over it.
    public private(set) var changedMeanwhile: String?
    @ObservationIgnored private let source: any DataSource
    @ObservationIgnored private let writer: any DataWriter
    @ObservationIgnored private let onClose: @MainActor (Result) -> Void
    @ObservationIgnored private var task: Task<Void, Never>?
    @ObservationIgnored private var referenceTask: Task<Void, Never>?

    // MARK: - Init

    /// - Parameters:
    ///   - kind: What the form writes.
    ///   - mode: Create, or edit a given record (its values fill the fields).
    ///   - parent: For a new post its author's id, for a new comment its post's id (prefilled).
    ///   - onClose: Told once how the form closed; the coordinator then removes it.
    public init(
        kind: RecordKind, mode: Mode, parent: RecordID? = nil, source: any DataSource, writer: any DataWriter,
        onClose: @escaping @MainActor (Result) -> Void
    ) {
        self.kind = kind
        self.mode = mode
        self.source = source
        self.writer = writer
        self.onClose = onClose
        if case let .edit(record) = mode {
            fields = RecordDraft.fields(for: record)
            // An edit opens on the field a person edits (a post's title), not on its foreign key.
            focus = fields.firstIndex { $0.id == RecordDraft.editedField(of: kind) } ?? 0
        } else {
            fields = RecordDraft.fields(for: kind, parent: parent)
            focus = fields.firstIndex { $0.text.isEmpty } ?? 0
        }
    }

    isolated deinit {
        task?.cancel()
        referenceTask?.cancel()
    }

    // MARK: - Presentation

    /// `New post`, `Edit post 3`.
    public var title: String {
        switch mode {
        case .create: "New \(kind.noun)"
        case let .edit(record): "Edit \(kind.noun) \(record.id)"
        }
    }

    /// Whether any field differs from what the form opened with.
    public var isDirty: Bool { fields.contains { $0.isChanged } }

    /// The problem to show beside field `index`, or `nil`: shown once the field was edited or
    /// left, or a save was tried.
    public func problem(at index: Int) -> String? {
        guard fields.indices.contains(index) else { return nil }
        let field = fields[index]
        guard triedToSave || touched.contains(field.id) else { return nil }
        return field.localProblem ?? referenceProblems[field.id]
    }

    /// Ctrl-C was pressed with unsaved changes: "Quit without saving?" is shown until the next key.
    public var isConfirmingQuit: Bool { quitQuestion != nil }

    /// The question shown over the form: "Quit without saving?" over everything, else the
    /// phase's ("Discard changes?", a failed save's Retry); `nil` while the person types or saves.
    public var openQuestion: Question<Answer>? { quitQuestion ?? phaseQuestion }

    /// Whether every local rule passes (data-source checks aside).
    public var isValid: Bool { fields.allSatisfy { $0.localProblem == nil } }

    /// Whether the save in flight waits for a row or a file another session or program holds
    /// (a database's lock): then Esc stops it, with nothing written.
    public var isWaitingForOthers: Bool { phase == .saving && writer.isWaitingForOthers }

    /// The line for the status bar: `Saving…` (and what it waits for), `unsaved changes`, or nothing to say.
    public var statusText: String {
        switch phase {
        case .saving: isWaitingForOthers ? "Saving… waiting for another session's lock" : "Saving…"
        case .failed: "Not saved"
        case .editing, .confirmingDiscard:
            [changedMeanwhile, isDirty ? "unsaved changes" : nil].compactMap { $0 }.joined(separator: " · ")
        }
    }

    /// `--live`: the record being edited was saved or deleted by someone else: the status line
    /// says so (``changedMeanwhile``); nothing typed changes, and Ctrl-S asks before writing
    /// over their change (the writer compares the row with the one the form opened on).
    public func othersChanged(_ changes: [DataChange]) async {
        guard case let .edit(record) = mode, let kind = SQLLayout.Kind(rawValue: kind.rawValue) else { return }
        let concerning = changes.filter { $0.mayConcern(kind, id: record.id) }
        guard let last = concerning.last else { return }
        var deleted = last.operation == .delete
        if !deleted || concerning.allSatisfy({ $0.ids == nil }) {
            // An update that changed nothing of it (`SET title = title`, a column Bulletin does
            // not model), or rows not named (many at once, a truncate, a connection that came
            // back): the record as saved now tells.
            switch await attempt({ () async throws(DataError) in try await RecordDraft.current(of: record, in: source) }) {
            case let .success(current) where current == record: return
            case .success: deleted = false
            case .failure(.notFound): deleted = true
            case .failure: return
            }
        }
        changedMeanwhile = deleted ? "deleted by someone else since you opened it" : "changed by someone else since you opened it: saving asks first"
    }

    /// The record the fields describe now.
    public var draft: Record {
        if case let .edit(record) = mode { return RecordDraft.record(kind: kind, fields: fields, original: record) }
        return RecordDraft.record(kind: kind, fields: fields, original: nil)
    }

    // MARK: - Intents

    /// Tab: the next field (wrapping to the first).
    public func focusNext() { moveFocus(to: (focus + 1) % max(1, fields.count)) }

    /// Shift-Tab: the previous field (wrapping to the last).
    public func focusPrevious() { moveFocus(to: (focus + fields.count - 1) % max(1, fields.count)) }

    /// An editing key in the focused one-line field: `change` edits its text, cursor and scroll
    /// in place (only while editing; a multi-line field is edited with ``editLines(_:)``). A
    /// changed text is checked again from scratch: the data-source check waits for the person
    /// to leave the field.
    public func edit(_ change: (inout TextEditState) -> Void) {
        guard phase == .editing, fields.indices.contains(focus), case var .line(state) = fields[focus].input else { return }
        change(&state)
        update(.line(state))
    }

    /// An editing key in the focused multi-line field (a body): `change` edits its lines, cursor
    /// and scroll in place, as ``edit(_:)`` does for one line.
    public func editLines(_ change: (inout TextAreaState) -> Void) {
        guard phase == .editing, fields.indices.contains(focus), case var .lines(state) = fields[focus].input else { return }
        change(&state)
        update(.lines(state))
    }

    /// Enter (or a line break in pasted text) in the focused field: a multi-line field takes it
    /// through ``editLines(_:)`` (the screen knows the area's size); a one-line field refuses it
    /// and ``note(at:)`` says why beside the field until the next key.
    /// - Returns: Whether the focused field takes line breaks.
    @discardableResult
    public func lineBreak() -> Bool {
        guard phase == .editing, fields.indices.contains(focus) else { return false }
        if fields[focus].isMultiline { return true }
        refusedLineBreak = fields[focus].id
        return false
    }

    /// A note beside field `index` about the last key, such as `Title is one line` after a
    /// refused line break; `nil` when there is none. Any other key clears it.
    public func note(at index: Int) -> String? {
        guard fields.indices.contains(index) else { return nil }
        if refusedLineBreak == fields[index].id { return "\(fields[index].label) is one line" }
        return reloadNotes[fields[index].id]
    }

    /// A key other than a refused line break was pressed: the note it left goes.
    public func clearNote() { refusedLineBreak = nil }

    /// Whether the last save failed because the file changed on disk or is read-only, so
    /// Retry overwrites it (the dialog says which).
    public var offersOverwrite: Bool {
        switch phase {
        case .failed(.changedOnDisk), .failed(.readOnlyFile), .failed(.recordChanged): true
        default: false
        }
    }

    /// The failure dialog's title: `File changed on disk`, `Changed since it was opened` (a
    /// database's row), `File is read-only`, or `Could not save`.
    public var failureTitle: String {
        switch phase {
        case .failed(.changedOnDisk): "File changed on disk"
        case .failed(.recordChanged): "Changed since it was opened"
        case .failed(.readOnlyFile): "File is read-only"
        default: "Could not save"
        }
    }

    /// Ctrl-S: checks every field, then writes. A problem moves the focus to its field.
    /// - Parameter overwrite: Save even though the file changed on disk (the person said so).
    public func save(overwrite: Bool = false) {
        guard phase == .editing || isFailed else { return }
        triedToSave = true
        // A reference found missing earlier (`no user 42`) is looked up again below: the record
        // may have been made since.
        if let bad = fields.firstIndex(where: { $0.localProblem != nil }) {
            setPhase(.editing)
            focus = bad
            return
        }
        setPhase(.saving)
        let (record, original, writer, source) = (draft, mode.record, writer, source)
        let checkFirst = mayHaveBeenSaved && original == nil
        let reference = fields.lazy.compactMap { field in field.referenceRule.map { (field.id, $0, field.trimmed) } }.first
        task = Task { [weak self] in
            if let (id, rule, text) = reference {
                if let problem = await Self.lookUp(rule, id: RecordID(text), source: source) {
                    self?.referenceFailed(id, problem)
                    return
                }
                self?.referenceProblems[id] = nil
            }
            let outcome = await attempt { () async throws(DataError) in
                try await Self.write(record, original: original, checkingFirst: checkFirst, overwrite: overwrite, to: writer)
            }
            self?.saveFinished(outcome)
        }
    }

    /// Retry in the failure dialog: saves again with the fields as they are (overwriting the
    /// file when it had changed on disk: the dialog said so).
    public func retry() { save(overwrite: offersOverwrite) }

    /// Ctrl-C: `true` when the app may quit now (nothing unsaved, or asked already); otherwise
    /// shows "Quit without saving?" (``isConfirmingQuit``) and returns `false`. A save in flight
    /// is not done until its answer comes (a server that stopped answering never sends it), so
    /// it asks too.
    public func requestQuit() -> Bool {
        // A save waiting for another session's lock (up to --timeout) is not done: quitting drops it.
        let waiting = phase == .saving && writer.isWaitingForOthers
        guard isDirty, !isConfirmingQuit else { return true }
        quitQuestion = Question(
            title: "Quit without saving?",
            message: waiting ? "Your save of this \(kind.noun) is waiting for another session that holds it; quitting now drops it."
                : phase == .saving ? "Your save of this \(kind.noun) has not been answered yet; quitting now may leave it unsaved."
                : "Your changes to this \(kind.noun) are not saved.",
            choices: [.init(.keepEditing, "Keep editing")], default: .keepEditing, cancel: .keepEditing, dismissal: .anyKey)
        return false
    }

    /// Moves the open question's selection to `answer`.
    public func select(_ answer: Answer) {
        if quitQuestion != nil { quitQuestion?.select(answer) } else { phaseQuestion?.select(answer) }
    }

    /// The person answered the open question: "Quit without saving?" goes away (back to the
    /// form, or to the question beneath it, as it was); ``Answer/discard`` closes without
    /// saving, ``Answer/retry`` saves again, ``Answer/keepEditing`` goes back to the fields.
    public func answer(_ answer: Answer) {
        if quitQuestion != nil { return quitQuestion = nil }
        switch answer {
        case .discard: discard()
        case .retry: retry()
        case .reload: reload()
        case .keepEditing: keepEditing()
        }
    }

    /// "Reload" after a save refused because someone else changed the record: reads it as
    /// saved now; the fields not edited take its values, the edited ones keep what was typed,
    /// and ``note(at:)`` says what changed in each. The next save compares with this record.
    public func reload() {
        guard case .failed(.recordChanged) = phase, case let .edit(record) = mode else { return }
        setPhase(.saving)
        let source = source
        task = Task { [weak self] in
            let outcome = await attempt { () async throws(DataError) in try await RecordDraft.current(of: record, in: source) }
            guard let self else { return }
            switch outcome {
            case let .success(current):
                (fields, reloadNotes) = RecordDraft.reloaded(fields, as: current)
                mode = .edit(current)
                changedMeanwhile = nil
                setPhase(.editing)
            case let .failure(error):
                setPhase(.failed(error))
            }
        }
    }

    /// "Keep editing" in a dialog: back to the fields, nothing changed.
    public func keepEditing() {
        guard phase == .confirmingDiscard || isFailed else { return }
        setPhase(.editing)
    }

    /// Esc: closes at once when nothing changed; otherwise asks (``Phase/confirmingDiscard``).
    /// In a dialog, Esc is "keep editing"; while saving it ends a wait for another program's
    /// lock (``DataWriter/stopWaiting()``: the save then fails with everything typed kept) and
    /// otherwise waits for the save's answer.
    public func cancel() {
        switch phase {
        case .editing:
            guard isDirty else { return close(.discarded) }
            setPhase(.confirmingDiscard)
        case .confirmingDiscard, .failed: keepEditing()
        case .saving: writer.stopWaiting()
        }
    }

    /// "Discard" in the confirmation: closes without saving.
    public func discard() {
        guard phase == .confirmingDiscard else { return }
        close(.discarded)
    }

    /// The form left the stack: pending look-ups stop (a save in flight still finishes in the writer).
    public func stop() { referenceTask?.cancel() }

    /// Waits for the save or look-up in flight (tests).
    /// `package`: a hook for tests (and the bench), not the product's API.
    package func waitForTasks() async {
        await task?.value
        await referenceTask?.value
    }

    // MARK: - Private

    /// Moves to `next`, with the question it asks (a new one, its default selected) or none.
    private func setPhase(_ next: Phase) {
        phase = next
        phaseQuestion = switch next {
        case .confirmingDiscard:
            Question(title: "Discard changes?", message: "Your changes to this \(kind.noun) are not saved.",
                     choices: [.init(.keepEditing, "Keep editing"), .init(.discard, "Discard")],
                     default: .keepEditing, cancel: .keepEditing)
        case let .failed(error):
            // Overwriting what someone else saved is chosen, never the default: Enter keeps editing.
            Question(title: failureTitle,
                     message: "\(error). " + (mayHaveBeenSaved ? "It may have reached the server: Retry first checks whether it was saved. " : "")
                         + (Self.overwritesOnlyEdited(error)
                            ? "Overwrite writes only the fields you changed; the others keep what was saved there. "
                                + "Reload shows what was saved, keeping what you typed. " : "")
                         + "Everything you typed is kept.",
                     choices: [.init(.retry, offersOverwrite ? "Overwrite" : "Retry")]
                         + (Self.overwritesOnlyEdited(error) ? [.init(.reload, "Reload")] : []) + [.init(.keepEditing, "Keep editing")],
                     default: offersOverwrite ? .keepEditing : .retry, cancel: .keepEditing)
        case .editing, .saving: nil
        }
    }

    /// Whether overwriting after `error` writes only the edited fields (a database's row changed
    /// by someone else: the writer sends the columns the form changed), which the question says.
    private static func overwritesOnlyEdited(_ error: DataError) -> Bool {
        if case .recordChanged = error { true } else { false }
    }

    /// Stores the focused field's edited `input`; a changed text clears its old data-source answer
    /// and marks the field touched.
    private func update(_ input: FieldInput) {
        let before = fields[focus].text
        fields[focus].input = input
        if fields[focus].text != before {
            referenceProblems[fields[focus].id] = nil
            touched.insert(fields[focus].id)
        }
    }

    private var isFailed: Bool {
        if case .failed = phase { return true }
        return false
    }

    private func close(_ result: Result) {
        task = nil
        onClose(result)
    }

    private func moveFocus(to index: Int) {
        guard phase == .editing, fields.indices.contains(focus) else { return }
        let left = fields[focus]
        touched.insert(left.id)
        focus = index
        if let rule = left.referenceRule, left.localProblem == nil { checkReference(left.id, rule: rule, text: left.trimmed) }
    }

    private func checkReference(_ id: FormFieldID, rule: FieldRule, text: String) {
        referenceTask?.cancel()
        let source = source
        referenceTask = Task { [weak self] in
            let problem = await Self.lookUp(rule, id: RecordID(text), source: source)
            guard !Task.isCancelled, let self, fields.first(where: { $0.id == id })?.trimmed == text else { return }
            referenceProblems[id] = problem
        }
    }

    private func referenceFailed(_ id: FormFieldID, _ problem: String) {
        referenceProblems[id] = problem
        setPhase(.editing)
        focus = fields.firstIndex { $0.id == id } ?? focus
    }

    private func saveFinished(_ outcome: Swift.Result<WriteOutcome, DataError>) {
        switch outcome {
        case let .success(written): close(.saved(written))
        case let .failure(error):
            if error.mayHaveReachedServer { mayHaveBeenSaved = true }
            setPhase(.failed(error))
        }
    }
}
