import BulletinData
import MVVMC
import Observation

/// The lists a user's screen switches between (Tab or `1 2 3`): their posts, and on
/// JSONPlaceholder sources their albums and their todos (``SourceVocabulary/userLists``), each
/// tab labelled with its count (`Posts (10)  Albums (10)  Todos (20)`). Todos toggle with
/// Space (``toggleSelectedTodo()``).
///
/// Each is the one list model (``RecordListModel``) and loads on its own: one that fails says
/// so in its tab, and the others show.
@MainActor
@Observable
public final class UserDetailLists {
    // MARK: - Properties

    /// The lists the screen offers, in order; `[.posts]` on sources without albums and todos.
    public let kinds: [UserListKind]
    /// The list shown.
    public private(set) var active: UserListKind = .posts
    /// The user's posts (repositories, meals).
    public let posts: RecordListModel<Post>
    /// The user's albums, where the source has albums.
    public let albums: RecordListModel<Album>?
    /// The user's todos, where the source has todos.
    public let todos: RecordListModel<Todo>?
    /// The todo whose save is on its way (its row keeps its old mark until the save is done).
    public private(set) var savingTodo: RecordID?
    /// What the last toggle did, in words, for the status line (`Todo 3 done · saved to ./db.json`,
    /// `Not saved: …`, `Read-only: …`); cleared by the next key.
    public private(set) var todoMessage: String?
    /// Where Space's saves go (set by the coordinator); `nil`: todos cannot be changed here.
    @ObservationIgnored public var writer: (any DataWriter)?
    /// Runs Space's saves so that their answers outlive this screen (set by the coordinator:
    /// the app's ``EditingService``, which says a failure on whatever screen is on top once this
    /// one is not shown); `nil`: the save runs here, and an answer that comes after the screen
    /// was let go of is dropped.
    @ObservationIgnored public weak var saves: EditingService?
    @ObservationIgnored private var saveTask: Task<Void, Never>?

    // MARK: - Init

    /// - Parameters:
    ///   - userID: Whose lists.
    ///   - source: Where they come from; its vocabulary decides which lists there are.
    ///   - openPost: Opens a post (the coordinator's route).
    ///   - open: Opens an album (the coordinator's route).
    public init(userID: RecordID, source: any DataSource, openPost: @escaping (Post) -> Void = { _ in },
                open: @escaping (Album) -> Void = { _ in }) {
        let kinds = source.vocabulary.userLists.isEmpty ? [.posts] : source.vocabulary.userLists
        self.kinds = kinds
        posts = RecordListModel.posts(of: userID, source: source)
        posts.onOpen = openPost
        albums = kinds.contains(.albums) ? RecordListModel.albums(of: userID, source: source) : nil
        todos = kinds.contains(.todos) ? RecordListModel.todos(of: userID, source: source) : nil
        albums?.onOpen = open
    }

    // MARK: - Presentation

    /// Whether the screen shows tabs (more than one list).
    public var hasTabs: Bool { kinds.count > 1 }

    /// The tab titles in order with their counts: `Posts (10)`, `Albums (…)`, `Todos (—)`.
    public var tabTitles: [String] {
        kinds.map { kind in
            switch kind {
            case .posts: posts.heading
            case .albums: albums?.heading ?? ""
            case .todos: todos?.heading ?? ""
            }
        }
    }

    /// Why Space does nothing now, in words; `nil` when it toggles the selected todo.
    public var toggleUnavailableReason: String? {
        guard let todos else { return "this source has no todos" }
        if todos.state.error != nil { return "the todos did not load" }
        if todos.selectedRow == nil { return "no todo is selected" }
        if savingTodo != nil { return "a todo is being saved" }
        return nil
    }

    // MARK: - Intents

    /// Shows the list `kind` (Tab, `1 2 3`); one the source does not have is ignored.
    public func show(_ kind: UserListKind) {
        guard kinds.contains(kind) else { return }
        active = kind
        todoMessage = nil
    }

    /// Shows the list at `number` (1-based, as `1 2 3` type it).
    public func show(number: Int) {
        guard kinds.indices.contains(number - 1) else { return }
        show(kinds[number - 1])
    }

    /// Tab: the next list, after the last the first.
    public func showNext() {
        guard let index = kinds.firstIndex(of: active) else { return }
        show(kinds[(index + 1) % kinds.count])
    }

    /// Loads the posts, albums and todos (when the screen loads or reloads).
    public func reload() {
        posts.reload()
        albums?.reload()
        todos?.reload()
    }

    /// Loads those not loaded yet.
    public func start() {
        posts.start()
        albums?.start()
        todos?.start()
    }

    /// The screen left the stack: loads and a save's answer are dropped.
    public func stop() {
        posts.stop()
        albums?.stop()
        todos?.stop()
    }

    /// Waits for the loads in flight.
    /// `package`: a hook for tests (and the bench), not the product's API.
    package func wait() async {
        await posts.wait()
        await albums?.wait()
        await todos?.wait()
    }

    /// Clears the last toggle's message (a key was pressed).
    public func clearMessage() { todoMessage = nil }

    /// Space: marks the selected todo done (or not done) where the data lives. The row shows
    /// the new mark only once the save is done; a failed save leaves it as it was and says why;
    /// a read-only source says why and sends nothing.
    public func toggleSelectedTodo() {
        guard let todos, let todo = todos.selectedRow, savingTodo == nil else {
            if let reason = toggleUnavailableReason { todoMessage = "Cannot toggle: \(reason)" }
            return
        }
        guard let writer else { todoMessage = "Read-only: editing is not offered here"; return }
        if case let .denied(reason) = writer.access { todoMessage = "Read-only: \(reason)"; return }
        savingTodo = todo.id
        todoMessage = "Saving todo \(todo.id)…"
        let completed = !todo.completed
        if let saves {
            saveTask = saves.saveCompleted(completed, of: todo, from: self)
            return
        }
        saveTask = Task { @MainActor [weak self, writer] in
            let result = await attempt { () async throws(DataError) in try await writer.setCompleted(completed, of: todo) }
            self?.finishSave(of: todo, result)
        }
    }

    /// Shows the answer to Space's save of `todo`: the row with the mark as saved and what
    /// happened in the status line; after a failure why, and the todos read again, so the row
    /// shows what is stored (another program may have changed it meanwhile).
    func finishSave(of todo: Todo, _ result: Result<TodoWriteOutcome, DataError>) {
        guard savingTodo == todo.id else { return }
        savingTodo = nil
        guard let todos else { return }
        switch result {
        case let .success(outcome):
            todos.replace(outcome.todo)
            let state = outcome.todo.completed ? "done" : "not done"
            let head = outcome.persisted ? "Todo \(todo.id) \(state)" : "Todo \(todo.id) not changed"
            todoMessage = [head, outcome.note].compactMap { $0 }.joined(separator: " · ")
        case let .failure(error):
            todoMessage = "Not saved: " + Self.failure(error)
            todos.reload()
        }
    }

    /// Waits for the save in flight (tests).
    /// `package`: a hook for tests (and the bench), not the product's API.
    package func waitForSave() async {
        await saveTask?.value
        await todos?.wait()
    }

    /// What to do about a failure the person can resolve (the file changed on disk).
    /// Why a toggle was not saved, with what to do next as this row offers it (the form's
    /// "save anyway" has no key here): `PATH is read-only (make it writable, then press Space
    /// again)`, `PATH changed on disk since it was loaded (r reads it again; Space then saves
    /// over the new version)`.
    static func failure(_ error: DataError) -> String {
        switch error {
        case let .readOnlyFile(path): "\(path) is read-only (make it writable, then press Space again)"
        case let .changedOnDisk(path):
            "\(path) changed on disk since it was loaded (r reads it again; Space then saves over the new version)"
        case let .recordChanged(path, record):
            "\(record) changed in \(path) since it was read (r reads it again; Space then saves over the new version)"
        default: error.description
        }
    }
}
