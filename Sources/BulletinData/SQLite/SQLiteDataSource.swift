import Foundation
import Synchronization

/// A SQLite database file as a source (issue 25): json-server's collections as tables, found by
/// the conventions of ``SQLiteLayout`` or named by a ``SQLiteMapping``; each read is one query.
///
/// This first stage reads what the ``DataSource`` protocol asks for (a list is one `SELECT`
/// ordered by id); windows by key for lists of millions of rows, SQL filters and FTS5 Search,
/// and writes come next. The connection opens on the first read and stays open; errors name
/// the file (``DataError/unreadableFile(path:reason:)`` with SQLite's words).
public actor SQLiteDataSource: DataSource {
    /// The file, as given.
    public nonisolated let path: String
    /// Whether the file was opened read-only (`sqlite:PATH?mode=ro`).
    public nonisolated let readOnly: Bool
    private nonisolated let mapping: SQLiteMapping
    private nonisolated let vocabularyCache = Mutex<SourceVocabulary?>(nil)
    let log: RequestLog?
    /// How long a write waits for another connection's lock (`--timeout`), in milliseconds.
    let busyTimeout: Int32
    /// The source's connection's waits for another writer's lock, which Esc on a save ends
    /// (``SQLiteDataWriter/stopWaiting()``).
    public nonisolated let writeWait: SQLiteBusyWait
    /// The rows a delete removed with its record (`ON DELETE CASCADE`), by the record's kind
    /// and id, so that undo puts them back with their ids.
    var cascaded: [String: [SQLiteRemovedRow]] = [:]
    var opened: (connection: SQLiteConnection, schema: SQLiteSchema, layout: SQLiteLayout)?
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
    public init(path: String, readOnly: Bool = false, mapping: SQLiteMapping = SQLiteMapping(), log: RequestLog? = nil,
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
    public nonisolated var postWindows: (any RecordWindows<WindowedPost>)? { SQLiteWindows<WindowedPost>(source: self) }
    /// The Users list reads windows by key too.
    public nonisolated var userWindows: (any RecordWindows<User>)? { SQLiteWindows<User>(source: self) }

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
    private nonisolated static func vocabulary(path: String, mapping: SQLiteMapping) -> SourceVocabulary? {
        guard let connection = try? SQLiteConnection(path: path, readOnly: true, busyTimeout: 1000),
              let schema = try? SQLiteSchema.read(from: connection),
              let layout = try? SQLiteLayout.resolve(schema, mapping: mapping, what: path) else { return nil }
        var vocabulary = SourceVocabulary.jsonPlaceholder
        vocabulary.userLists = vocabulary.userLists.filter { list in
            switch list {
            case .posts: true
            case .albums: layout.table(.albums) != nil
            case .todos: layout.table(.todos) != nil
            }
        }
        return vocabulary
    }

    /// The kinds found and their tables (opening the database on first use).
    /// - Throws: As the open: the file missing, not a database, or with none of the tables.
    public func layout() throws(DataError) -> SQLiteLayout { try open().layout }

    /// The schema read when the database opened.
    /// - Throws: As ``layout()``.
    public func schema() throws(DataError) -> SQLiteSchema { try open().schema }

    // MARK: - DataSource

    public func users() async throws(DataError) -> [User] { try list(.users, as: User.self) }

    public func userList() async throws(DataError) -> RecordList<User> {
        let before = issues.count
        let users = try list(.users, as: User.self)
        return RecordList(records: users, issues: Array(issues[before...]))
    }

    /// How many users a page of the Users list holds.
    public static let userPageSize = 500

    /// The Users list a window at a time, by key (`WHERE id > last ORDER BY id LIMIT 500`):
    /// the first rows of a database of a million users show at once, the next window is read
    /// as the selection nears the end, and no read costs more the further down it is. The
    /// cursor is the last id read (`i:41` for a number, `t:abc` for text).
    public func userPage(after cursor: PageCursor?) async throws(DataError) -> UserPage {
        let after: SQLiteValue? = cursor.map { cursor in
            let token = cursor.token
            if token.hasPrefix("i:"), let number = Int64(token.dropFirst(2)) { return .integer(number) }
            return .text(String(token.dropFirst(2)))
        }
        let before = issues.count
        let size = Self.userPageSize
        let rows = try records(.users, after: after, limit: size + 1)
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

    public func user(id: RecordID) async throws(DataError) -> User { try one(.users, id: id, as: User.self, noun: "user") }

    public func posts(userID: RecordID) async throws(DataError) -> [Post] {
        try list(.posts, parent: userID, as: Post.self)
    }

    public func post(id: RecordID) async throws(DataError) -> Post { try one(.posts, id: id, as: Post.self, noun: "post") }

    public func comments(postID: RecordID) async throws(DataError) -> [Comment] {
        try list(.comments, parent: postID, as: Comment.self)
    }

    public func allPosts() async throws(DataError) -> [Post] { try list(.posts, as: Post.self) }

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
                try connection.query("SELECT \(SQLiteSQL.quote(users.id)), \(SQLiteSQL.quote(name)) FROM \(SQLiteSQL.quote(users.table))") { row in
                    if let id = Self.recordID(row[0]), authors[id] == nil { authors[id] = row[1].text ?? "" }
                }
            }
        }
        let columns = [posts.id, posts.column("userId"), posts.column("title")].map { $0.map(SQLiteSQL.quote) ?? "NULL" }
        let sql = "SELECT \(columns.joined(separator: ", ")) FROM \(SQLiteSQL.quote(posts.table)) ORDER BY \(SQLiteSQL.quote(posts.id))"
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
            Int(try connection.rows("SELECT count(*) FROM \(SQLiteSQL.quote(table))").first?.first?.integer ?? 0)
        }
    }

    /// An id column's value as a record id (a whole number as a number, text as text); `nil` for NULL.
    static func recordID(_ value: SQLiteValue) -> RecordID? {
        switch value {
        case let .integer(number): RecordID(Int(number))
        case .null: nil
        default: value.text.map { RecordID($0) }
        }
    }

    public func allComments() async throws(DataError) -> [Comment] { try list(.comments, as: Comment.self) }

    public func albums(userID: RecordID) async throws(DataError) -> [Album] { try list(.albums, parent: userID, as: Album.self) }

    public func photos(albumID: RecordID) async throws(DataError) -> [Photo] { try list(.photos, parent: albumID, as: Photo.self) }

    public func todos(userID: RecordID) async throws(DataError) -> [Todo] { try list(.todos, parent: userID, as: Todo.self) }

    /// `count(*)` of each table the database has (albums, photos and todos `nil` when it has none).
    public func statistics() async throws(DataError) -> DataStatistics {
        let (_, schema, layout) = try open()
        // Every table counted once: the kinds' counts and the Admin panel's table list share them.
        var rows: [String: Int] = [:]
        for table in schema.tables where table.fullText == nil && !table.isView { rows[table.name] = try count(table.name) }
        func counted(_ kind: SQLiteLayout.Kind) -> Int? { layout.table(kind).map { rows[$0.table] ?? 0 } }
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
    public func childDeleteRule(of kind: RecordKind) async -> ChildDeleteRule {
        let child: SQLiteLayout.Kind = switch kind {
        case .user: .posts
        case .post: .comments
        case .comment: .comments
        }
        guard kind != .comment, let rule = try? open().layout.table(child)?.onParentDelete?.uppercased() else { return .kept }
        return switch rule {
        case "CASCADE": .cascade
        case "SET NULL", "SET DEFAULT": .setNull
        case "NO ACTION", "RESTRICT": .restrict
        default: .kept
        }
    }

    /// Every record or field left out so far this run.
    public func recordIssues() async -> [RecordIssue] { issues }

    /// The row as JSON, every column a member (the ones Bulletin does not model too), two-space indented.
    public func rawRecord(_ kind: RecordKind, id: RecordID) async throws(DataError) -> String? {
        guard let record = try records(Self.layoutKind(kind), where: "id", equals: id).first else {
            throw .notFound("\(kind.rawValue.dropLast()) \(id)", location: path)
        }
        return String(decoding: record.printed(), as: UTF8.self)
    }

    // MARK: - Reading

    /// The connection, schema and layout, opened on the first use; a failure (the file gone,
    /// not a database, none of the tables) is recorded in the request log's errors, as a
    /// failed read is, so the Admin panel counts it.
    func open() throws(DataError) -> (connection: SQLiteConnection, schema: SQLiteSchema, layout: SQLiteLayout) {
        if let opened { return opened }
        do {
            let connection = try SQLiteConnection(path: path, readOnly: readOnly, busyTimeout: busyTimeout, busyWait: writeWait)
            let schema = try SQLiteSchema.read(from: connection)
            let layout = try SQLiteLayout.resolve(schema, mapping: mapping, what: path)
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

    /// The rows of `kind`'s table (those whose `field` equals `value`, when given; those after
    /// the id `after`; at most `limit`), ordered by id, as records.
    func records(_ kind: SQLiteLayout.Kind, where field: String? = nil, equals value: RecordID? = nil,
                 after: SQLiteValue? = nil, limit: Int? = nil) throws(DataError) -> [JSONValue] {
        let (_, schema, layout) = try open()
        guard let map = layout.table(kind), let table = schema.table(named: map.table) else { return [] }
        var sql = "SELECT \(SQLiteRecords.selectList(table)) FROM \(SQLiteSQL.quote(map.table))"
        var values: [SQLiteValue] = []
        var conditions: [String] = []
        if let field, let value, let column = field == "id" ? map.id : map.column(field) {
            conditions.append("\(SQLiteSQL.quote(column)) = ?")
            values.append(Self.key(value))
        }
        if let after {
            conditions.append("\(SQLiteSQL.quote(map.id)) > ?")
            values.append(after)
        }
        if !conditions.isEmpty { sql += " WHERE " + conditions.joined(separator: " AND ") }
        sql += " ORDER BY \(SQLiteSQL.quote(map.id))"
        if let limit { sql += " LIMIT \(limit)" }
        return try run { connection throws(SQLiteError) in
            var records: [JSONValue] = []
            try connection.query(sql, values) { row in records.append(SQLiteRecords.json(table, values: row, kind: kind, map: map)) }
            return records
        }
    }

    /// Every row of `kind` (under `parent`, when given) decoded as `T`; a row that cannot be
    /// read is skipped and recorded as an issue, the others are kept.
    private func list<T: Decodable>(_ kind: SQLiteLayout.Kind, parent: RecordID? = nil, as type: T.Type) throws(DataError) -> [T] {
        try decodeAll(kind, try records(kind, where: parent == nil ? nil : kind.parent?.field, equals: parent)[...], as: T.self)
    }

    /// `rows` of `kind` decoded as `T`, a row that cannot be read skipped and recorded as an issue.
    func decodeAll<T: Decodable>(_ kind: SQLiteLayout.Kind, _ rows: ArraySlice<JSONValue>, as type: T.Type) throws(DataError) -> [T] {
        let map = try open().layout.table(kind)
        var decoded: [T] = []
        for row in rows {
            do {
                decoded.append(try decodeRow(row, as: T.self, map: map, kind: kind))
            } catch let DataError.malformedJSON(path: member, location: location, reason: reason) {
                issues.append(RecordIssue(path: member, reason: reason, effect: .skipped, location: location))
            } catch {
                issues.append(RecordIssue(path: "$", reason: "\(error)", effect: .skipped,
                                          location: location(map?.table ?? kind.rawValue, row)))
            }
        }
        return decoded
    }

    private func one<T: Decodable>(_ kind: SQLiteLayout.Kind, id: RecordID, as type: T.Type, noun: String) throws(DataError) -> T {
        guard let row = try records(kind, where: "id", equals: id).first else { throw .notFound("\(noun) \(id)", location: path) }
        return try decodeRow(row, as: T.self, map: try open().layout.table(kind), kind: kind)
    }

    /// One row of `kind`'s table (`map`) as the source reads it: decoded as `T`, its extra
    /// columns as the record's extra details (``withExtras(_:_:of:)``); the reads and the
    /// writer's comparisons all go through here.
    /// - Throws: ``DataError/malformedJSON(path:location:reason:)`` naming the file, table and row.
    func decodeRow<T: Decodable>(_ row: JSONValue, as type: T.Type, map: SQLiteLayout.TableMap?, kind: SQLiteLayout.Kind) throws(DataError) -> T {
        let value = try SQLiteRecords.decode(T.self, row, location: location(map?.table ?? kind.rawValue, row))
        return Self.withExtras(value, map?.extraColumns ?? [], of: row)
    }

    /// `value` (a user, post or comment) with the row's `extras` columns that hold a value as
    /// its extra details, shown on its detail screen; other kinds and rows without any as they are.
    static func withExtras<T>(_ value: T, _ extras: [String], of row: JSONValue) -> T {
        guard !extras.isEmpty else { return value }
        let details: [SourceDetail] = extras.compactMap { column in
            guard let member = row[column], member != .null else { return nil }
            let text: String = if case let .string(string) = member { string } else {
                String(decoding: member.printed(style: .compact, indent: []), as: UTF8.self)
            }
            return SourceDetail(column, text)
        }
        guard !details.isEmpty else { return value }
        if var user = value as? User {
            user.profile = .extra(details)
            return user as? T ?? value
        }
        if var post = value as? Post {
            post.details = .extra(details)
            return post as? T ?? value
        }
        if var comment = value as? Comment {
            comment.details = .extra(details)
            return comment as? T ?? value
        }
        return value
    }

    /// `/data/app.db, table posts, row 3`.
    func location(_ table: String, _ row: JSONValue) -> String {
        guard case let .object(members) = row, let id = members.first(where: { $0.key == "id" })?.value else {
            return "\(path), table \(table)"
        }
        let text: String = switch id {
        case let .number(number): number
        case let .string(string): string
        default: "?"
        }
        return "\(path), table \(table), row \(text)"
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
