import Foundation
import Synchronization

/// A PostgreSQL database as a source (issue 26): json-server's collections as tables, found by
/// the conventions of ``SQLLayout`` or named by a ``SQLMapping``, read and written through the
/// shared SQL layer (``SQLRecordSource``) as a SQLite file is.
///
/// Its work runs on a thread of its own (``ThreadExecutor``), as its readers' do: a libpq call
/// that waits (the network, a row another transaction holds) holds no thread of Swift's pool.
///
/// Four connections, each opened on first use and opened again after one is lost: the
/// source's own (lists, records, writes: each write one `BEGIN … COMMIT` whose read of the row
/// is `FOR UPDATE`), the windowed lists' (whose running statement Esc cancels on the server,
/// `PQcancel`), their counts' (so a long `count(*)` holds up no window read), and Search's. Every statement has `--timeout` as its `statement_timeout`.
/// The password in the URL is never shown: ``location`` is the URL without it.
public actor PostgresDataSource: DataSource, SQLRecordSource {
    /// The connection string as given (it may hold a password: never shown or logged).
    nonisolated let conninfo: String
    /// The URL without its password, naming the database in every message.
    public nonisolated let location: String
    nonisolated let mapping: SQLMapping
    let log: RequestLog?
    /// Each statement's limit, in milliseconds.
    nonisolated let statementTimeout: Int
    private nonisolated let vocabularyCache = Mutex<SourceVocabulary?>(nil)
    /// Why the connected role may not write, found when the database opens (``PostgresDataWriter/access``).
    nonisolated let writeDenial = Mutex<String?>(nil)
    var cascaded: [String: [SQLRemovedRow]] = [:]
    var creating: [RecordKind: SQLCreateMark] = [:]
    var issues: [RecordIssue] = []
    /// The source's own connection (lists, records, writes).
    private let link: PostgresLink
    private var opened: (schema: SQLSchema, layout: SQLLayout)?
    /// The windowed lists' connection.
    nonisolated let windowReader: PostgresReader
    /// The windowed lists' counts' connection: a `count(*)` of ten million rows (a quarter of a
    /// second, seconds with a filter no index serves) holds up no window read.
    nonisolated let countReader: PostgresReader
    /// Search's connection.
    nonisolated let searchReader: PostgresReader
    /// The connection of the write in its transaction now (before its `COMMIT`), for Esc
    /// (``stopWaitingWrite()``) from the screen's thread.
    private nonisolated let runningWrite = Mutex<PostgresConnectionBox?>(nil)
    /// The thread this actor's work runs on: libpq's calls block.
    private nonisolated let executor = ThreadExecutor(name: "bulletin-postgres")
    public nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }
    /// `--live`: others' changes as the change triggers send them; `nil` without `--live`.
    private nonisolated let listener: PostgresListener?
    /// The source's own connection's server process and whether it asked for a password.
    private nonisolated let process: WriterProcess

    /// - Parameters:
    ///   - conninfo: `postgres://USER@HOST:PORT/DB` (or `postgresql://`, or libpq's `key=value`
    ///     pairs); what it leaves out libpq takes from the `PG*` variables and `~/.pgpass`.
    ///   - mapping: What `--map` names (tables and columns the conventions do not find).
    ///   - log: Where each read and write is recorded (the Admin panel's request log).
    ///   - timeout: Each statement's limit (`--timeout`), in seconds.
    ///   - live: Whether to watch for others' changes (`--live`, ``liveChanges``).
    public init(conninfo: String, mapping: SQLMapping = SQLMapping(), log: RequestLog? = nil, timeout: Double = 15, live: Bool = false) {
        self.conninfo = conninfo
        location = PostgresURL.redacted(conninfo)
        self.mapping = mapping
        self.log = log
        statementTimeout = Int(max(0, min(timeout, 86_400)) * 1000)
        // The server process of the source's own connection: its writes' notifications are not
        // reported back (a write refreshes the screens itself).
        let writer = WriterProcess()
        process = writer
        link = PostgresLink(conninfo: conninfo, location: location, statementTimeout: statementTimeout) {
            writer.set($0.backendPID)
            writer.set(usedPassword: $0.usedPassword)
        }
        listener = live ? PostgresListener(conninfo: conninfo, location: location, mapping: mapping) { writer.ids } : nil
        windowReader = PostgresReader(conninfo: conninfo, location: location, statementTimeout: statementTimeout)
        searchReader = PostgresReader(conninfo: conninfo, location: location, statementTimeout: statementTimeout)
        countReader = PostgresReader(conninfo: conninfo, location: location, statementTimeout: statementTimeout)
    }

    /// `PostgreSQL database postgres://USER@HOST:PORT/DB`; its authentication once connected:
    /// a password (never shown) or none asked.
    public nonisolated var descriptor: SourceDescriptor {
        let authentication = process.usedPassword.map {
            $0 ? "password (from the URL, PGPASSWORD or ~/.pgpass; never shown)" : "no password asked (the server trusts this login)"
        }
        return SourceDescriptor(kind: .postgres, location: location, authentication: authentication)
    }

    nonisolated var dialect: SQLDialect { .postgres }

    /// With `--live`, the changes others make (``PostgresListener``); `nil` otherwise.
    public nonisolated var liveChanges: (any LiveChanges)? { listener }

    public nonisolated var postWindows: (any RecordWindows<WindowedPost>)? { SQLWindows<WindowedPost, PostgresDataSource>(source: self) }
    public nonisolated var userWindows: (any RecordWindows<User>)? { SQLWindows<User, PostgresDataSource>(source: self) }

    /// JSONPlaceholder's words, with a user's Albums and Todos tabs where the database has tables
    /// for them: known once the database has opened; all three before.
    public nonisolated var vocabulary: SourceVocabulary { vocabularyCache.withLock { $0 } ?? .jsonPlaceholder }

    /// The kinds found and their tables (connecting on first use).
    /// - Throws: As the connection: the server unreachable, the login refused, none of the tables.
    public func layout() throws(DataError) -> SQLLayout { try layoutAndSchema().layout }

    // MARK: - DataSource

    public func users() async throws(DataError) -> [User] { try await list(.users, as: User.self) }
    public func userList() async throws(DataError) -> RecordList<User> { try await recordList(.users, as: User.self) }
    public func user(id: RecordID) async throws(DataError) -> User { try await one(.users, id: id, as: User.self) }
    public func posts(userID: RecordID) async throws(DataError) -> [Post] { try await list(.posts, parent: userID, as: Post.self) }
    public func post(id: RecordID) async throws(DataError) -> Post { try await one(.posts, id: id, as: Post.self) }
    public func comments(postID: RecordID) async throws(DataError) -> [Comment] {
        try await list(.comments, parent: postID, as: Comment.self)
    }
    public func allPosts() async throws(DataError) -> [Post] { try await list(.posts, as: Post.self) }
    public func allComments() async throws(DataError) -> [Comment] { try await list(.comments, as: Comment.self) }
    public func albums(userID: RecordID) async throws(DataError) -> [Album] { try await list(.albums, parent: userID, as: Album.self) }
    public func photos(albumID: RecordID) async throws(DataError) -> [Photo] { try await list(.photos, parent: albumID, as: Photo.self) }
    public func todos(userID: RecordID) async throws(DataError) -> [Todo] { try await list(.todos, parent: userID, as: Todo.self) }
    public func recordIssues() async -> [RecordIssue] { issues }
    public func childDeleteRule(of kind: RecordKind) async -> ChildDeleteRule { declaredChildDeleteRule(of: kind) }
    public func rawRecord(_ kind: RecordKind, id: RecordID) async throws(DataError) -> String? { try await rawRow(kind, id: id) }

    /// The Posts list's members (id, user, title; no bodies) with the authors' names. The Posts
    /// screen reads ``postWindows`` instead; this serves the callers that want the whole list.
    public func postListing(partial: (@Sendable (PostBatch) -> Void)?) async throws(DataError) -> PostListing {
        let posts = try await list(.posts, as: Post.self)
        var authors: [RecordID: String] = [:]
        for user in try await list(.users, as: User.self) where authors[user.id] == nil { authors[user.id] = user.name }
        return PostListing(posts: posts.map { PostSummary(id: $0.id, userId: $0.userId, title: $0.title) }, authors: authors)
    }

    /// The users a page at a time by key (`WHERE id > last ORDER BY id LIMIT 500`).
    public func userPage(after cursor: PageCursor?) async throws(DataError) -> UserPage {
        let after: SQLValue? = cursor.map { Int64($0.token).map(SQLValue.integer) ?? .text($0.token) }
        let before = issues.count
        let rows = try await records(.users, after: after, limit: 501)
        let users = try decodeAll(.users, rows.prefix(500), as: User.self)
        let next = rows.count > 500 ? users.last.map { PageCursor($0.id.text) } : nil
        return UserPage(list: RecordList(records: users, issues: Array(issues[before...])), next: next)
    }

    /// Each kind's rows: `count(*)` for tables the planner estimates under a million rows, the
    /// estimate (`pg_class.reltuples`) above, so the Admin panel opens at once on ten million.
    public func statistics() async throws(DataError) -> DataStatistics {
        let (schema, layout) = try layoutAndSchema()
        var rows: [String: Int] = [:]
        var estimated: Set<String> = []
        // Tables the role may not read: said in the list of tables, the rest counted.
        var refused: [String: String] = [:]
        for table in schema.tables where !table.isView {
            if let estimate = table.estimatedRows, estimate >= 1_000_000 {
                rows[table.name] = estimate
                estimated.insert(table.name)
            } else {
                do throws(DataError) {
                    rows[table.name] = Int(try await readRows("SELECT count(*) FROM \(SQLText.quote(table.name))", []).first?.first?.integer ?? 0)
                } catch {
                    guard case let .unreadableFile(_, reason) = error else { throw error }
                    refused[table.name] = reason
                }
            }
        }
        func counted(_ kind: SQLLayout.Kind) -> Int? { layout.table(kind).map { rows[$0.table] ?? 0 } }
        var statistics = DataStatistics(users: counted(.users) ?? 0, posts: counted(.posts) ?? 0, comments: counted(.comments) ?? 0,
                                        albums: counted(.albums), photos: counted(.photos), todos: counted(.todos))
        statistics.notCounted = Set(layout.tables.filter { refused[$0.value.table] != nil }.map(\.key.rawValue))
        let connection = try connected()
        let tables = schema.tables.filter { !$0.isView }.map { table in
            let kind = layout.tables.first { $0.value.table == table.name }?.key
            let name = kind.map { $0.rawValue == table.name ? table.name : "\($0.rawValue) (\(table.name))" } ?? table.name
            let count = rows[table.name] ?? 0
            if let reason = refused[table.name] { return "\(name) not read (\(reason))" }
            return estimated.contains(table.name) ? "\(name) ~\(count) (estimate)" : "\(name) \(count)"
        }
        let trigram = schema.tables.flatMap { table in table.trigramIndexed.map { "\(table.name).\($0)" } }
        statistics.details = [
            SourceDetail("Server", "PostgreSQL \(connection.serverVersion)"),
            SourceDetail("Connected as", "\(connection.user) on \(connection.host):\(connection.port), database \(connection.database)"),
            SourceDetail("TLS", connection.tls.map { "in use (\($0))" } ?? "not in use"),
            SourceDetail("Tables", tables.joined(separator: ", ")),
            SourceDetail("Mapping", mapping.text.isEmpty ? "json-server's names (no --map)" : "--map " + mapping.text.replacingOccurrences(of: ",", with: ", ")),
        ] + layout.leftOut.map { SourceDetail("Left out", $0) } + [
            SourceDetail("Filter", trigram.isEmpty ? "ILIKE, no trigram index (every row is read)" : "ILIKE with pg_trgm on " + trigram.joined(separator: ", ")),
            SourceDetail("Saves", writeDenial.withLock { $0 }.map { "refused: \($0)" } ?? "allowed, each checked against the row as opened"),
            SourceDetail("Live", liveDetail(layout, connection)),
        ]
        return statistics
    }

    // MARK: - SQLRecordSource

    func layoutAndSchema() throws(DataError) -> (schema: SQLSchema, layout: SQLLayout) {
        if let opened { return opened }
        let connection = try connected()
        do throws(DataError) {
            let schema: SQLSchema
            do throws(PostgresError) { schema = try PostgresCatalog.read(from: connection) } catch {
                throw PostgresWords.readError(error, location: location, timeout: statementTimeout)
            }
            let layout = try SQLLayout.resolve(schema, mapping: mapping, what: location)
            opened = (schema, layout)
            vocabularyCache.withLock { $0 = Self.vocabulary(of: layout) }
            writeDenial.withLock { $0 = Self.denial(of: layout, connection) }
            return (schema, layout)
        } catch {
            log?.record(error)
            throw error
        }
    }

    func readRows(_ sql: String, _ values: [SQLValue]) async throws(DataError) -> [[SQLValue]] {
        try link.read(sql, values, log: log)
    }

    func windowRows(_ sql: String, _ values: [SQLValue]) async throws(DataError) -> [[SQLValue]] {
        try await windowReader.read(sql, values, log: log)
    }

    func countRows(_ sql: String, _ values: [SQLValue]) async throws(DataError) -> [[SQLValue]] {
        try await countReader.read(sql, values, log: log)
    }

    nonisolated func cancelWindowReads() {
        windowReader.cancel()
        countReader.cancel()
    }

    /// `BEGIN … COMMIT` on the source's connection; any error rolls it back (a lost connection
    /// rolls back on the server by itself).
    func transaction<T>(_ body: (any SQLSession) throws(DataError) -> T) async throws(DataError) -> T {
        let started = Date()
        do throws(DataError) {
            let connection = try link.connected()
            let session = PostgresSession(connection: connection, location: location, timeout: statementTimeout)
            runningWrite.withLock { $0 = PostgresConnectionBox(connection: connection) }
            defer { runningWrite.withLock { $0 = nil } }
            do throws(DataError) {
                try session.execute("BEGIN")
                let value = try body(session)
                // From here a stop could land on the COMMIT: it no longer may.
                runningWrite.withLock { $0 = nil }
                try session.execute("COMMIT")
                log?.record(RequestRecord(date: started, method: "WRITE", path: location, status: .read,
                                          milliseconds: RequestRecord.milliseconds(since: started)))
                return value
            } catch {
                if connection.isConnected { try? connection.execute("ROLLBACK") } else { link.drop() }
                throw error
            }
        } catch {
            log?.record(RequestRecord(date: started, method: "WRITE", path: location, status: .failed,
                                      milliseconds: RequestRecord.milliseconds(since: started)))
            log?.record(error)
            throw error
        }
    }

    /// Sets how far the last create of `kind` got (tests of ``SQLRecordSource/locate(_:)``).
    func markCreate(_ kind: RecordKind, _ mark: SQLCreateMark?) { creating[kind] = mark }

    /// Whether a write is in its transaction now (most often waiting for a row another
    /// session holds: its statements take under a millisecond otherwise).
    nonisolated var writeIsRunning: Bool { runningWrite.withLock { $0 != nil } }

    /// Stops the write in its transaction (`PQcancel` of its statement), before its `COMMIT`:
    /// it fails with nothing written (the transaction rolled back). Safe from any thread.
    nonisolated func stopWaitingWrite() { runningWrite.withLock { $0?.connection.cancel() } }

    // MARK: - Private

    /// The source's own connection, opened (again, after a lost one) on use; a failure to
    /// connect is recorded in the request log.
    private func connected() throws(DataError) -> PostgresConnection {
        do { return try link.connected() } catch {
            log?.record(error)
            throw error
        }
    }

    /// The Admin panel's `Live` line: what `--live` watches, or how to have it.
    private func liveDetail(_ layout: SQLLayout, _ connection: PostgresConnection) -> String {
        let triggered = (try? PostgresNotify.triggeredTables(connection)) ?? [:]
        let watched = SQLLayout.Kind.allCases.compactMap { layout.table($0)?.table }.filter { triggered[$0] == 3 }
        let hint = PostgresNotify.installHint(location)
        switch (listener != nil, watched.isEmpty) {
        case (true, false): return "watching changes to \(watched.joined(separator: ", ")) (LISTEN \(PostgresNotify.channel))"
        case (true, true): return "no change triggers, so nothing shows live: \(hint) installs them"
        case (false, false): return "off: change triggers are on \(watched.joined(separator: ", ")); --live shows others' changes as they happen"
        case (false, true): return "off: --live shows others' changes as they happen, once \(hint) has installed the triggers"
        }
    }

    /// Why the connected role may not write the kinds' tables, or `nil` when it may: the server
    /// is read-only (a standby, `default_transaction_read_only`), or the role lacks `UPDATE` on a table.
    private static func denial(of layout: SQLLayout, _ connection: PostgresConnection) -> String? {
        if (try? connection.rows("SELECT current_setting('transaction_read_only')").first?.first?.text) == "on" {
            return "the server takes no writes (transaction_read_only is on: a standby, or default_transaction_read_only)"
        }
        let refused = SQLLayout.Kind.allCases.compactMap { layout.table($0)?.table }.filter { table in
            (try? connection.rows("SELECT has_table_privilege(current_user, ?::regclass, 'UPDATE')",
                                  [.text(SQLText.quote(table))]).first?.first?.integer) == 0
        }
        guard !refused.isEmpty else { return nil }
        let tables = refused.count == 1 ? "table \(refused[0])" : "tables " + refused.joined(separator: ", ")
        return "role \(connection.user) may not change \(tables) (it has no UPDATE privilege)"
    }
}

/// A connection of its own for a source's windowed lists or Search: its reads one at a time,
/// the running one cancelled on the server by ``cancel()`` (Esc, a newer query).
actor PostgresReader {
    private let link: PostgresLink
    /// The open connection, for ``cancel()`` from any thread.
    private nonisolated let running = RunningConnection()
    /// The thread this actor's work runs on: libpq's calls block.
    private nonisolated let executor = ThreadExecutor(name: "bulletin-postgres-reader")
    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    init(conninfo: String, location: String, statementTimeout: Int) {
        let running = running
        link = PostgresLink(conninfo: conninfo, location: location, statementTimeout: statementTimeout) { running.set($0) }
    }

    /// The rows of `sql`, recorded in `log` as a read.
    /// - Throws: ``DataError/cancelled`` for a read ``cancel()`` stopped; the rest in Bulletin's words.
    func read(_ sql: String, _ values: [SQLValue], log: RequestLog?) throws(DataError) -> [[SQLValue]] {
        try link.read(sql, values, log: log)
    }

    /// Asks the server to stop the running read now (``PostgresConnection/cancel()``).
    nonisolated func cancel() { running.cancel() }
}

/// The server process of a source's own connection (`PQbackendPID`), read from the listener's thread.
final class WriterProcess: Sendable {
    private let pid = Mutex<Int32?>(nil)
    private let password = Mutex<Bool?>(nil)

    /// The connection was opened (again) with server process `id`.
    func set(_ id: Int32) { pid.withLock { $0 = id } }

    /// The connection was opened (again), the server asking for a password or not.
    func set(usedPassword: Bool) { password.withLock { $0 = usedPassword } }

    /// Whether the server asked for a password (`PQconnectionUsedPassword`); `nil` before a connection.
    var usedPassword: Bool? { password.withLock { $0 } }

    /// The processes whose notifications are the source's own.
    var ids: Set<Int32> { pid.withLock { $0.map { [$0] } ?? [] } }
}

/// The connection a reader has open, held for ``cancel()`` from any thread.
final class RunningConnection: Sendable {
    private let connection = Mutex<PostgresConnectionBox?>(nil)

    /// Holds `opened` (the reader's new connection).
    func set(_ opened: PostgresConnection) { connection.withLock { $0 = PostgresConnectionBox(connection: opened) } }

    /// `PQcancel` of the statement running on it, if any.
    func cancel() { connection.withLock { $0?.connection.cancel() } }
}

/// A connection carried to another thread only for ``PostgresConnection/cancel()``, which libpq
/// allows from any thread.
struct PostgresConnectionBox: @unchecked Sendable {
    let connection: PostgresConnection
}

/// The source's connection inside a write's transaction, as the shared layer's ``SQLSession``:
/// its failures as ``DataError/writeNotSent(url:reason:)`` (the transaction is rolled back).
final class PostgresSession: SQLSession {
    let connection: PostgresConnection
    let location: String
    let timeout: Int

    init(connection: PostgresConnection, location: String, timeout: Int) {
        self.connection = connection
        self.location = location
        self.timeout = timeout
    }

    func rows(_ sql: String, _ values: [SQLValue]) throws(DataError) -> [[SQLValue]] {
        do { return try connection.rows(sql, values) } catch { throw PostgresWords.writeError(error, location: location, timeout: timeout) }
    }

    @discardableResult
    func run(_ sql: String, _ values: [SQLValue]) throws(DataError) -> Int {
        do { return try connection.run(sql, values) } catch { throw PostgresWords.writeError(error, location: location, timeout: timeout) }
    }

    func execute(_ sql: String) throws(DataError) {
        do { try connection.execute(sql) } catch { throw PostgresWords.writeError(error, location: location, timeout: timeout) }
    }
}
