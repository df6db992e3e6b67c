import Foundation
import Synchronization

/// A SQLite database file as a source (issue 25): json-server's collections as tables, found by
/// the conventions of ``SQLLayout`` or named by a ``SQLMapping``; each read is one query.
///
/// This first stage reads what the ``DataSource`` protocol asks for (a list is one `SELECT`
/// ordered by id); windows by key for lists of millions of rows, SQL filters and FTS5 Search,
/// and writes come next. The connection opens on the first read and stays open; errors name
/// the file (``DataError/unreadableFile(path:reason:)`` with SQLite's words).
public actor SQLiteDataSource: DataSource, SQLRecordSource {
    /// The file, as given.
    public nonisolated let path: String
    /// Whether the file was opened read-only (`sqlite:PATH?mode=ro`).
    public nonisolated let readOnly: Bool
    private nonisolated let mapping: SQLMapping
    private nonisolated let vocabularyCache = Mutex<SourceVocabulary?>(nil)
    let log: RequestLog?
    /// How long a write waits for another connection's lock (`--timeout`), in milliseconds.
    let busyTimeout: Int32
    /// The source's connection's waits for another writer's lock, which Esc on a save ends
    /// (``SQLiteDataWriter/stopWaiting()``).
    public nonisolated let writeWait: SQLiteBusyWait
    /// The rows a delete removed with its record (`ON DELETE CASCADE`), by the record's kind
    /// and id, so that undo puts them back with their ids.
    var cascaded: [String: [SQLRemovedRow]] = [:]
    var creating: [RecordKind: SQLCreateMark] = [:]
    var opened: (connection: SQLiteConnection, schema: SQLSchema, layout: SQLLayout)?
    /// The read-only connection the windowed lists read through (``RecordWindows``).
    nonisolated let windowReader: SQLiteWindowReader
    /// The read-only connection Search reads through (``SQLiteDataSource+Search.swift``), so a
    /// keystroke's interrupt stops a search and never a list's read.
    nonisolated let searchReader: SQLiteWindowReader
    /// How each kind is searched, found on the first search.
    var searchMethods: [TextSearchKind: TextSearchMethod] = [:]
    var issues: [RecordIssue] = []

    /// - Parameters:
    ///   - path: The database file.
    ///   - readOnly: Open with `SQLITE_OPEN_READONLY`.
    ///   - mapping: What `--map` names (tables and columns the conventions do not find).
    ///   - log: Where each read is recorded (the Admin panel's request log).
    ///   - timeout: How long a write waits for another writer's lock before failing, in seconds.
    public init(path: String, readOnly: Bool = false, mapping: SQLMapping = SQLMapping(), log: RequestLog? = nil,
                timeout: Double = 15) {
        self.path = path
        busyTimeout = Int32(max(0, min(timeout, 3600)) * 1000)
        writeWait = SQLiteBusyWait(timeout: busyTimeout)
        self.readOnly = readOnly
        self.mapping = mapping
        self.log = log
        windowReader = SQLiteWindowReader(path: path, busyTimeout: busyTimeout)
        searchReader = SQLiteWindowReader(path: path, busyTimeout: busyTimeout, checksCancellation: true)
    }

    /// `SQLite database PATH`, with `read-only (mode=ro)` after it when opened so (Home says it).
    public nonisolated var descriptor: SourceDescriptor {
        SourceDescriptor(kind: .sqlite, location: path, detail: readOnly ? "read-only (mode=ro)" : nil)
    }

    /// The Posts list reads windows by key (``SQLiteDataSource+Windows.swift``).
    public nonisolated var postWindows: (any RecordWindows<WindowedPost>)? { SQLWindows<WindowedPost, SQLiteDataSource>(source: self) }
    /// The Users list reads windows by key too.
    public nonisolated var userWindows: (any RecordWindows<User>)? { SQLWindows<User, SQLiteDataSource>(source: self) }

    /// JSONPlaceholder's words, with the user lists the database has tables for (a user's
    /// Albums and Todos tabs only where there are `albums` and `todos` tables, or mapped ones):
    /// read once, from the schema on a connection of its own; all three when the file cannot
    /// be read yet (the first read then says why).
    public nonisolated var vocabulary: SourceVocabulary {
        vocabularyCache.withLock { cached in
            if let cached { return cached }
            let found = Self.vocabulary(path: path, mapping: mapping)
            if let found { cached = found }
            return found ?? .jsonPlaceholder
        }
    }

    /// The vocabulary of the database at `path`: `nil` when it cannot be opened or laid out.
    private nonisolated static func vocabulary(path: String, mapping: SQLMapping) -> SourceVocabulary? {
        guard let connection = try? SQLiteConnection(path: path, readOnly: true, busyTimeout: 1000),
              let schema = try? SQLSchema.read(from: connection),
              let layout = try? SQLLayout.resolve(schema, mapping: mapping, what: path) else { return nil }
        return vocabulary(of: layout)
    }

    /// The kinds found and their tables (opening the database on first use).
    /// - Throws: As the open: the file missing, not a database, or with none of the tables.
    public func layout() throws(DataError) -> SQLLayout { try open().layout }

    /// The schema read when the database opened.
    /// - Throws: As ``layout()``.
    public func schema() throws(DataError) -> SQLSchema { try open().schema }

    // MARK: - DataSource

    public func users() async throws(DataError) -> [User] { try await list(.users, as: User.self) }

    public func userList() async throws(DataError) -> RecordList<User> { try await recordList(.users, as: User.self) }

    /// How many users a page of the Users list holds.
    public static let userPageSize = 500

    /// The Users list a window at a time, by key (`WHERE id > last ORDER BY id LIMIT 500`):
    /// the first rows of a database of a million users show at once, the next window is read
    /// as the selection nears the end, and no read costs more the further down it is. The
    /// cursor is the last id read (`i:41` for a number, `t:abc` for text).
    public func userPage(after cursor: PageCursor?) async throws(DataError) -> UserPage {
        let after: SQLValue? = cursor.map { cursor in
            let token = cursor.token
            if token.hasPrefix("i:"), let number = Int64(token.dropFirst(2)) { return .integer(number) }
            return .text(String(token.dropFirst(2)))
        }
        let before = issues.count
        let size = Self.userPageSize
        let rows = try await records(.users, after: after, limit: size + 1)
        let users = try decodeAll(.users, rows.prefix(size), as: User.self)
        var next: PageCursor?
        if rows.count > size, case let .object(members) = rows[size - 1], let id = members.first(where: { $0.key == "id" })?.value {
            next = switch id {
            case let .number(text): PageCursor("i:" + text)
            case let .string(text): PageCursor("t:" + text)
            default: nil
            }
        }
        return UserPage(list: RecordList(records: users, issues: Array(issues[before...])), next: next)
    }

    public func user(id: RecordID) async throws(DataError) -> User { try await one(.users, id: id, as: User.self) }

    public func posts(userID: RecordID) async throws(DataError) -> [Post] {
        try await list(.posts, parent: userID, as: Post.self)
    }

    public func post(id: RecordID) async throws(DataError) -> Post { try await one(.posts, id: id, as: Post.self) }

    public func comments(postID: RecordID) async throws(DataError) -> [Comment] {
        try await list(.comments, parent: postID, as: Comment.self)
    }

    public func allPosts() async throws(DataError) -> [Post] { try await list(.posts, as: Post.self) }

    /// How many posts a batch of the Posts list holds while the rest is read.
    public static let postBatchSize = 20_000

    /// The Posts list's members in one `SELECT id, userId, title … ORDER BY id` (no bodies read),
    /// the authors' names from `SELECT id, name FROM users`, sent to `partial` in batches of
    /// ``postBatchSize`` as they are read, so the first rows show while the rest comes.
    public func postListing(partial: (@Sendable (PostBatch) -> Void)?) async throws(DataError) -> PostListing {
        let (_, _, layout) = try open()
        guard let posts = layout.table(.posts) else { return PostListing(posts: [], authors: [:]) }
        var authors: [RecordID: String] = [:]
        if let users = layout.table(.users), let name = users.column("name") {
            try run { connection throws(SQLiteError) in
                try connection.query("SELECT \(SQLText.quote(users.id)), \(SQLText.quote(name)) FROM \(SQLText.quote(users.table))") { row in
                    if let id = Self.recordID(row[0]), authors[id] == nil { authors[id] = row[1].text ?? "" }
                }
            }
        }
        let columns = [posts.id, posts.column("userId"), posts.column("title")].map { $0.map(SQLText.quote) ?? "NULL" }
        let sql = "SELECT \(columns.joined(separator: ", ")) FROM \(SQLText.quote(posts.table)) ORDER BY \(SQLText.quote(posts.id))"
        let total = try count(posts.table)
        var summaries: [PostSummary] = []
        var skipped: [RecordIssue] = []
        var sent = 0
        try run { connection throws(SQLiteError) in
            try connection.query(sql) { row in
                guard let id = Self.recordID(row[0]) else {
                    skipped.append(RecordIssue(path: "id", reason: "null", effect: .skipped, location: "\(path), table \(posts.table)"))
                    return
                }
                summaries.append(PostSummary(id: id, userId: Self.recordID(row[1]) ?? RecordID(""), title: row[2].text ?? ""))
                if let partial, summaries.count - sent == Self.postBatchSize {
                    partial(PostBatch(posts: Array(summaries[sent...]), authors: authors, done: summaries.count, total: total))
                    sent = summaries.count
                }
            }
        }
        if let partial, sent > 0, sent < summaries.count {
            partial(PostBatch(posts: Array(summaries[sent...]), authors: authors, done: summaries.count, total: total))
        }
        issues += skipped
        return PostListing(posts: summaries, authors: authors, issues: skipped)
    }

    /// `count(*)` of `table`.
    private func count(_ table: String) throws(DataError) -> Int {
        try run { connection throws(SQLiteError) in
            Int(try connection.rows("SELECT count(*) FROM \(SQLText.quote(table))").first?.first?.integer ?? 0)
        }
    }

    public func allComments() async throws(DataError) -> [Comment] { try await list(.comments, as: Comment.self) }

    public func albums(userID: RecordID) async throws(DataError) -> [Album] { try await list(.albums, parent: userID, as: Album.self) }

    public func photos(albumID: RecordID) async throws(DataError) -> [Photo] { try await list(.photos, parent: albumID, as: Photo.self) }

    public func todos(userID: RecordID) async throws(DataError) -> [Todo] { try await list(.todos, parent: userID, as: Todo.self) }

    /// `count(*)` of each table the database has (albums, photos and todos `nil` when it has none).
    public func statistics() async throws(DataError) -> DataStatistics {
        let (_, schema, layout) = try open()
        // Every table counted once: the kinds' counts and the Admin panel's table list share them.
        var rows: [String: Int] = [:]
        for table in schema.tables where table.fullText == nil && !table.isView { rows[table.name] = try count(table.name) }
        func counted(_ kind: SQLLayout.Kind) -> Int? { layout.table(kind).map { rows[$0.table] ?? 0 } }
        var statistics = DataStatistics(users: counted(.users) ?? 0, posts: counted(.posts) ?? 0, comments: counted(.comments) ?? 0,
                                        albums: counted(.albums), photos: counted(.photos), todos: counted(.todos))
        statistics.details = try details(rows: rows)
        return statistics
    }

    /// The file's size, SQLite's version and journal mode, every table with its `rows` (the
    /// kinds' tables named by kind when mapped: `posts (articles) 3`) and the `--map` given, for
    /// the Admin panel.
    private func details(rows: [String: Int]) throws(DataError) -> [SourceDetail] {
        let (_, schema, layout) = try open()
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        let journal = try run { connection throws(SQLiteError) in try connection.rows("PRAGMA journal_mode").first?.first?.text ?? "?" }
        var tables: [String] = []
        for table in schema.tables where table.fullText == nil && !table.isView {
            let kind = layout.tables.first { $0.value.table == table.name }?.key
            let name = kind.map { $0.rawValue == table.name ? table.name : "\($0.rawValue) (\(table.name))" } ?? table.name
            tables.append("\(name) \(rows[table.name] ?? 0)")
        }
        let search = schema.tables.filter { $0.fullText != nil }.map(\.name)
        return [
            SourceDetail("File", ByteCountFormatter.string(fromByteCount: Int64(size), countStyle: .file)),
            SourceDetail("SQLite", "\(SQLiteConnection.libraryVersion), journal mode \(journal)"),
            SourceDetail("Tables", tables.joined(separator: ", ")),
            SourceDetail("Mapping", mapping.text.isEmpty ? "json-server's names (no --map)" : "--map " + mapping.text.replacingOccurrences(of: ",", with: ", ")),
        ] + layout.leftOut.map { SourceDetail("Left out", $0) } + [
            SourceDetail("Search", search.isEmpty ? "no FTS5 index (Search reads a table of up to 100,000 rows whole)"
                             : "FTS5 " + search.joined(separator: ", ")),
        ]
    }

    /// The rule the schema declares on the children's foreign key (posts for a user, comments
    /// for a post); ``ChildDeleteRule/kept`` when none is declared or the database cannot be read.
    public func childDeleteRule(of kind: RecordKind) async -> ChildDeleteRule { declaredChildDeleteRule(of: kind) }

    /// Every record or field left out so far this run.
    public func recordIssues() async -> [RecordIssue] { issues }

    /// The row as JSON, every column a member (the ones Bulletin does not model too), two-space indented.
    public func rawRecord(_ kind: RecordKind, id: RecordID) async throws(DataError) -> String? { try await rawRow(kind, id: id) }

    // MARK: - Reading

    /// The connection, schema and layout, opened on the first use; a failure (the file gone,
    /// not a database, none of the tables) is recorded in the request log's errors, as a
    /// failed read is, so the Admin panel counts it.
    func open() throws(DataError) -> (connection: SQLiteConnection, schema: SQLSchema, layout: SQLLayout) {
        if let opened { return opened }
        do {
            let connection = try SQLiteConnection(path: path, readOnly: readOnly, busyTimeout: busyTimeout, busyWait: writeWait)
            let schema = try SQLSchema.read(from: connection)
            let layout = try SQLLayout.resolve(schema, mapping: mapping, what: path)
            opened = (connection, schema, layout)
            return (connection, schema, layout)
        } catch {
            let failure: DataError = switch error {
            case let error as SQLiteError: Self.dataError(error)
            case let error as DataError: error
            default: .unreadableFile(path: path, reason: "\(error)")
            }
            log?.record(failure)
            throw failure
        }
    }

    /// Checks that the database at `path` is there and that SQLite reads it as a database, as a
    /// source on it would open it (`readOnly`; never creating it), before the app starts: a
    /// wrong path, a directory or a file of another kind is then said at once, not on the first
    /// list. A database another program keeps busy passes (its lock is waited for on each read).
    /// - Throws: ``DataError/unreadableFile(path:reason:)``: `no such file`, `is a directory`,
    ///   or SQLite's words (`file is not a database`).
    public static func checkOpens(path: String, readOnly: Bool) throws(DataError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .unreadableFile(path: path, reason: "no such file")
        }
        if isDirectory.boolValue { throw .unreadableFile(path: path, reason: "is a directory") }
        do throws(SQLiteError) {
            let connection = try SQLiteConnection(path: path, readOnly: readOnly, busyTimeout: 250)
            _ = try connection.rows("SELECT count(*) FROM sqlite_master")
        } catch let error where error.isBusy {
            return
        } catch {
            throw dataError(error)
        }
    }

    /// Runs `body` on the open connection, its SQLite errors as ``DataError``s naming the file,
    /// recorded in the request log as a read of the file (`READ /data/app.db`).
    func run<T>(_ body: (SQLiteConnection) throws(SQLiteError) -> T) throws(DataError) -> T {
        let connection = try open().connection
        let started = Date()
        do throws(SQLiteError) {
            let value = try body(connection)
            log?.record(RequestRecord(date: started, method: "READ", path: path, status: .read,
                                      milliseconds: RequestRecord.milliseconds(since: started)))
            return value
        } catch {
            let failure = Self.dataError(error)
            log?.record(RequestRecord(date: started, method: "READ", path: path, status: .failed,
                                      milliseconds: RequestRecord.milliseconds(since: started)))
            log?.record(failure)
            throw failure
        }
    }

    /// SQLite's error in Bulletin's words, naming the file.
    static func dataError(_ error: SQLiteError) -> DataError {
        if error.code == 776 {   // SQLITE_READONLY_ROLLBACK: a hot journal a read-only connection cannot roll back
            return .unreadableFile(path: error.path, reason: "a save to it was interrupted, and only a connection that may write "
                                   + "can roll it back: open it once without mode=ro")
        }
        if error.isReadOnly { return .readOnlyFile(path: error.path) }
        if error.isBusy { return .unwritableFile(path: error.path, reason: "another program is writing to the database (\(error.message))") }
        if error.code == 787 {   // SQLITE_CONSTRAINT_FOREIGNKEY
            return .unwritableFile(path: error.path, reason: "the database refuses: other rows point at this one (\(error.message))")
        }
        if error.isDiskFull { return .unwritableFile(path: error.path, reason: "the disk is full (\(error.message))") }
        return .unreadableFile(path: error.path, reason: error.message)
    }
}
