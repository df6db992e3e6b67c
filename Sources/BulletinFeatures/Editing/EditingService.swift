import BulletinData
import MVVMC

/// Carries out every change a person makes: opens record forms, asks before deleting, undoes
/// the last delete of the run, and afterwards reloads the screens on the stack with the
/// selection on the changed record. Outcomes go to the status line through a ``StatusNote``,
/// once the screens show the change.
///
/// A service, not a flow: it has no screen of its own to start (a form is the
/// ``RecordFormCoordinator``'s flow, a question a modal it presents). Owned by the
/// ``AppCoordinator`` for the whole run (it remembers the last delete); screens reach it through
/// the `Router<EditRequest>` their view models are given. When the writer is read-only, every
/// request only says why.
@MainActor
public final class EditingService {
    // MARK: - Properties

    /// The records deleted by the last delete of this run (one, or every marked row), which `u`
    /// re-creates; empty when there is none to undo.
    public internal(set) var lastDeleted: [Record] = []
    /// Whether the last delete of this run was undone (so `u` does not claim none happened).
    var lastDeleteUndone = false
    /// Deletes sent and not answered yet: `u` meanwhile undoes the delete once it is done.
    var deletesInFlight = 0
    unowned let stack: NavigationStack<Destination>
    let source: any DataSource
    /// Where writes go (also a user screen's todo toggles).
    let writer: any DataWriter
    let note: StatusNote
    private var task: Task<Void, Never>?
    /// Todo toggles sent from user screens and not answered yet (``saveCompleted(_:of:from:)``), by number.
    var todoSaves: [Int: Task<Void, Never>] = [:]
    /// The record loads in flight that end in a form or a question (`e`, `d`), by number.
    private var openings: Set<Int> = []
    /// Those Esc stopped: their form or question does not open.
    private var stoppedOpenings: Set<Int> = []
    private var nextOpening = 0
    /// Told when a load that ends in a form or a question ended: `true` when it opened, so keys
    /// typed meanwhile go to it; `false` when it failed or was stopped.
    public var onOpeningEnded: (@MainActor (_ opened: Bool) -> Void)?

    /// Whether a record is being read for a form or a question (`Opening post 3…`): keys typed
    /// meanwhile are for it, not for the screen beneath.
    public var isOpening: Bool { !openings.subtracting(stoppedOpenings).isEmpty }

    /// Esc while opening: the form or question does not open; `false` when nothing is opening.
    @discardableResult
    public func stopOpening() -> Bool {
        guard isOpening else { return false }
        stoppedOpenings.formUnion(openings)
        note.show("Stopped opening: nothing was changed")
        onOpeningEnded?(false)
        return true
    }

    /// Runs `load` for a form or a question, marked as opening (``isOpening``) until what it
    /// opened is shown; `then` runs with its result (`nil`: it failed, and said why) unless Esc
    /// stopped it (``stopOpening()``).
    func opening<Value>(_ load: @escaping @MainActor () async -> Value?, then: @escaping @MainActor (Value) -> Void) {
        let number = nextOpening
        nextOpening += 1
        openings.insert(number)
        run { [weak self] in
            let value = await load()
            guard let self else { return }
            guard let value, !stoppedOpenings.contains(number) else {
                openings.remove(number)
                if stoppedOpenings.remove(number) == nil { onOpeningEnded?(false) }
                return
            }
            then(value)
            // What `then` started (a delete's question counts what stays first) comes before
            // the keys typed meanwhile, which go to the form or question it opened.
            run { [weak self] in
                guard let self else { return }
                openings.remove(number)
                if stoppedOpenings.remove(number) == nil { onOpeningEnded?(true) }
            }
        }
    }
    /// The number of the next todo toggle.
    var nextTodoSave = 0

    // MARK: - Init

    /// - Parameters:
    ///   - stack: The app's navigation stack; it outlives the service.
    ///   - note: Where outcomes are reported (`Saved post 3 · saved to ./db.json`).
    public init(stack: NavigationStack<Destination>, source: any DataSource, writer: any DataWriter, note: StatusNote) {
        self.stack = stack
        self.source = source
        self.writer = writer
        self.note = note
    }

    /// A router for view models, holding this service weakly.
    public var router: Router<EditRequest> { Router { [weak self] in self?.handle($0) } }

    /// What view models hold to send requests and to know whether they can act (``Editor``),
    /// holding this service weakly.
    public var editor: Editor {
        Editor(router: router) { [weak self] in
            guard let self else { return (nil, nil) }
            let denied: String? = if case let .denied(reason) = writer.access { reason } else { nil }
            let undoable = !lastDeleted.isEmpty || deletesInFlight > 0
            return (denied, undoable ? nil : nothingToUndoReason)
        }
    }

    // MARK: - API

    /// Handles one request: a form, a delete confirmation, or the undo.
    public func handle(_ request: EditRequest) {
        if case let .denied(reason) = writer.access { return note.show("Read-only: \(reason)") }
        switch request {
        case .newUser: showForm(.user, mode: .create)
        case let .newPost(author): showForm(.post, mode: .create, parent: author)
        case let .newComment(post): showForm(.comment, mode: .create, parent: post)
        case let .editUser(id, chosen):
            loadThen(.user, id) { [weak self] in self?.showForm(.user, mode: .edit(Self.pick($0, chosen.map(Record.user)))) }
        case let .editPost(id, chosen):
            loadThen(.post, id) { [weak self] in self?.showForm(.post, mode: .edit(Self.pick($0, chosen.map(Record.post)))) }
        case let .editComment(id, post, chosen):
            loadThen(.comment, id, postID: post) { [weak self] in
                self?.showForm(.comment, mode: .edit(Self.pick($0, chosen.map(Record.comment))))
            }
        case let .deleteUser(id, chosen):
            loadThen(.user, id, for: "delete") { [weak self] in self?.confirmDelete(Self.pick($0, chosen.map(Record.user))) }
        case let .deletePost(id, chosen):
            loadThen(.post, id, for: "delete") { [weak self] in self?.confirmDelete(Self.pick($0, chosen.map(Record.post))) }
        case let .deleteComment(id, post, chosen):
            loadThen(.comment, id, postID: post, for: "delete") { [weak self] in self?.confirmDelete(Self.pick($0, chosen.map(Record.comment))) }
        case let .deleteMarked(kind, ids, chosen, hidden):
            loadMarkedThen(kind, ids, chosen: chosen) { [weak self] in self?.confirmDelete($0, hidden: hidden, gone: $1) }
        case .undoDelete: undo()
        }
    }

    /// Waits for the load, write or reload in flight (tests).
    /// `package`: a hook for tests (and the bench), not the product's API.
    package func waitForIdle() async {
        while let running = task {
            await running.value
            if task == running { task = nil }
        }
        while let save = todoSaves.values.first { await save.value }
    }

    // MARK: - Private

    private func showForm(_ kind: RecordKind, mode: RecordFormViewModel.Mode, parent: RecordID? = nil) {
        // While the person types, a file writer maps the file's records, so Ctrl-S only splices.
        let writer = writer
        Task.detached(priority: .utility) { await writer.prepareToWrite() }
        RecordFormCoordinator(
            stack: stack, kind: kind, mode: mode, parent: parent, source: source, writer: writer
        ) { [weak self] result in
            guard case let .completed(outcome) = result, let self else { return }
            let record = outcome.record ?? mode.record
            let verb = mode == .create ? "Created" : "Saved"
            let sentence = Self.sentence(verb, record, kind: kind, outcome)
            run { [weak self] in
                // The screen on top first and the note with it: the screens below (a list of
                // ten million rows counted again) follow, not before the person sees it saved.
                await self?.refreshScreens(selecting: record, thenOnTop: { self?.note.show(sentence) })
            }
        }.start()
    }

    /// Asks before saving over a file that changed on disk since it was loaded, or (`readOnly`)
    /// that nobody may write.
    /// - Parameter changed: The record that changed in a database since it was opened (`post 3`),
    ///   when that is the question (not the whole file).
    func askToOverwrite(_ path: String, readOnly: Bool = false, changed record: String? = nil,
                        then retry: @escaping @MainActor () -> Void) {
        let title = readOnly ? "File is read-only" : record == nil ? "File changed on disk" : "Changed since it was opened"
        let message = if readOnly {
            "\(path) is read-only. Save this change over it anyway? It stays read-only."
        } else if let record {
            "\(record) changed in \(path) since it was opened (someone else saved it). Save this change over it anyway?"
        } else {
            "\(path) changed on disk since it was loaded. Save this change over it? Changes made there to other records are kept."
        }
        let why = readOnly ? "is read-only" : record.map { "holds a newer \($0)" } ?? "changed on disk"
        let model = ConfirmationViewModel(title: title, message: message, confirmLabel: "Overwrite") { [weak self] answer in
            self?.stack.dismiss()
            if answer == .confirm { retry() } else { self?.note.show("Not changed: \(path) \(why)") }
        }
        stack.show(model.request(title: "Overwrite?", link: nil, style: .modal, owner: nil))
    }

    /// Loads the record (a comment through its post's comments: sources have no single-comment
    /// read), then runs `then` with it; a failure goes to the status line, naming what the
    /// record was read for (`verb`: `Cannot delete post 3: …`).
    func loadThen(
        _ kind: RecordKind, _ id: RecordID, postID: RecordID? = nil, for verb: String = "edit", _ then: @escaping @MainActor (Record) -> Void
    ) {
        let source = source
        note.show("Opening \(kind.noun) \(id)… · Esc stops")
        opening({ [weak self] () async -> Record? in
            let loaded = await attempt { () async throws(DataError) -> Record in
                switch kind {
                case .user: return .user(try await source.user(id: id))
                case .post: return .post(try await source.post(id: id))
                case .comment:
                    let comments = try await source.comments(postID: postID ?? RecordID(""))
                    guard let comment = comments.first(where: { $0.id == id }) else {
                        throw .notFound("comment \(id)", location: source.descriptor.description)
                    }
                    return .comment(comment)
                }
            }
            switch loaded {
            case let .success(record):
                return record
            case let .failure(error):
                self?.note.show("Cannot \(verb) \(kind.noun) \(id): \(error)")
                return nil
            }
        }, then: { [weak self] record in
            self?.note.clear()
            then(record)
        })
    }

    /// The record to edit or delete: the one loaded by id, unless the row the person chose is another
    /// record with the same id (the source answers an id with its first record; the list came
    /// from the same data, so a difference means several records share the id).
    private static func pick(_ loaded: Record, _ chosen: Record?) -> Record {
        guard let chosen, chosen.id == loaded.id, chosen.kind == loaded.kind else { return loaded }
        return chosen
    }

    /// Takes a deleted post's own screen off the stack (with anything above it), so `d` on a
    /// post lands on the list it was opened from instead of a "not found" screen.
    func closeScreens(of record: Record) {
        guard case .post = record,
              let entry = stack.entries.first(where: { ($0.destination as? PostDetailViewModel)?.postID == record.id })
        else { return }
        stack.remove(id: entry.id)
    }

    /// Reloads every screen on the stack, the top one first; lists showing `record` select it.
    /// - Parameter thenOnTop: Runs once the top screen has reloaded, before the others do.
    func refreshScreens(selecting record: Record?, thenOnTop: (@MainActor () -> Void)? = nil) async {
        let entries = stack.entries
        for entry in entries.reversed() {
            await entry.destination.reloadAfterWrite(selecting: record)
            if entry.id == entries.last?.id { thenOnTop?() }
        }
        if entries.isEmpty { thenOnTop?() }
    }

    func run(_ operation: @escaping @MainActor () async -> Void) {
        let previous = task
        task = Task { @MainActor in
            await previous?.value
            await operation()
        }
    }

    /// `Saved post 3 “Title” · saved to ./db.json`, or `… · the server did not keep the change`.
    /// - Parameter named: What the sentence names in place of the record (several records).
    static func sentence(_ verb: String, _ record: Record?, kind: RecordKind, _ outcome: WriteOutcome, named: String? = nil) -> String {
        var text = "\(verb) " + (named ?? record.map(label(of:)) ?? kind.noun)
        if let extra = outcome.note {
            text += " · \(extra)"
        } else if !outcome.persisted {
            text += " · the server did not keep the change"
        }
        return text
    }

    /// ``sentence(_:_:kind:_:)`` for one record; for several, how many of which kinds and
    /// their ids: `Deleted 3 posts (1, 4, 7) · saved to ./db.json`.
    static func sentence(_ verb: String, _ records: [Record], _ outcome: WriteOutcome) -> String {
        if records.count == 1, let record = records.first { return sentence(verb, record, kind: record.kind, outcome) }
        let shown = 10
        var ids = records.prefix(shown).map(\.id.text).joined(separator: ", ")
        if records.count > shown { ids += ", …" }
        return sentence(verb, nil, kind: .post, outcome, named: "\(counted(records)) (\(ids))")
    }

    /// `post 3 “Title”`, `user 2 “Zoë Ångström”`, `comment 7 “Nice”`.
    static func label(of record: Record) -> String {
        let name = switch record {
        case let .user(user): user.name
        case let .post(post): post.title
        case let .comment(comment): comment.name
        }
        return "\(record.kind.noun) \(record.id) “\(name)”"
    }
}

extension RecordFormViewModel.Mode {
    /// The record being edited, `nil` when creating.
    var record: Record? {
        if case let .edit(record) = self { return record }
        return nil
    }
}
