import BulletinTestSupport
import Foundation
import Testing

@testable import BulletinData

/// A PostgreSQL database as a source (issue 26 items 1, 2 and 6), against a server the test
/// starts: the same lists as a SQLite file through the shared SQL layer, windows by key in
/// every order, the filter as `ILIKE` (a trigram index said when there is one), the Admin
/// panel's details, a password never shown, and each wrong connection detail in words.
@Suite("PostgreSQL database as a source")
struct PostgresDataSourceTests {
    static let schema = """
        CREATE TABLE users (id serial PRIMARY KEY, name text NOT NULL, username text, email text, phone text, website text);
        CREATE TABLE posts (id serial PRIMARY KEY, user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                            title text NOT NULL, body text NOT NULL, created_at timestamptz DEFAULT '2024-05-01 10:00+00');
        CREATE TABLE comments (id serial PRIMARY KEY, post_id integer REFERENCES posts(id) ON DELETE CASCADE, name text, email text,
                               body text);
        CREATE TABLE albums (id serial PRIMARY KEY, user_id integer REFERENCES users(id), title text);
        CREATE TABLE photos (id serial PRIMARY KEY, album_id integer REFERENCES albums(id), title text, url text, thumbnail_url text);
        CREATE TABLE todos (id serial PRIMARY KEY, user_id integer REFERENCES users(id), title text, completed boolean);
        INSERT INTO users (name, username, email) VALUES ('Leanne Graham', 'Bret', 'l@x.org'), ('Ervin Howell', 'Antonette', 'e@x.org');
        INSERT INTO posts (user_id, title, body) VALUES (1, 'sunt aut facere', 'quia et suscipit'), (1, 'qui est esse', 'est rerum'),
                                                        (2, 'ea molestias', 'et iusto');
        INSERT INTO comments (post_id, name, email, body) VALUES (1, 'id labore', 'Eliseo@x.org', 'laudantium'), (1, 'quo vero', 'J@x.org', 'est');
        INSERT INTO albums (user_id, title) VALUES (1, 'quidem molestiae'), (2, 'omnis laborum');
        INSERT INTO photos (album_id, title, url, thumbnail_url) VALUES (1, 'accusamus', 'https://x.org/1', 'https://x.org/t1');
        INSERT INTO todos (user_id, title, completed) VALUES (1, 'delectus aut autem', false), (1, 'quis ut nam', true);
        """

    @Test("users, posts, comments, albums, photos and todos read from a team's snake_case tables; the source names the URL")
    func reads() async throws {
        let server = try PostgresTestServer.shared()
        let url = server.url(database: try server.createDatabase(Self.schema))
        let source = PostgresDataSource(conninfo: url)
        #expect(try await source.users().map(\.name) == ["Leanne Graham", "Ervin Howell"])
        #expect(try await source.posts(userID: RecordID(1)).map(\.title) == ["sunt aut facere", "qui est esse"])
        let post = try await source.post(id: RecordID(3))
        #expect([post.userId, post.id] == [RecordID(2), RecordID(3)] && post.title == "ea molestias" && post.body == "et iusto", "\(post)")
        #expect(try await source.comments(postID: RecordID(1)).map(\.email) == ["Eliseo@x.org", "J@x.org"])
        #expect(try await source.albums(userID: RecordID(2)).map(\.title) == ["omnis laborum"])
        #expect(try await source.photos(albumID: RecordID(1)).map(\.thumbnailUrl) == ["https://x.org/t1"])
        #expect(try await source.todos(userID: RecordID(1)).map(\.completed) == [false, true], "boolean columns read as Bool")
        #expect(source.descriptor == SourceDescriptor(kind: .postgres, location: url,
                                                      authentication: "no password asked (the server trusts this login)"))
        await #expect(throws: DataError.notFound("post 9", location: url)) { try await source.post(id: RecordID(9)) }
        await #expect(throws: DataError.notFound("user text", location: url), "an integer id column: not a row, not the server's refusal") {
            try await source.user(id: RecordID("text"))
        }
        let raw = try #require(try await source.rawRecord(.post, id: RecordID(1)))
        #expect(raw.contains("created_at") && raw.contains("2024-05-01"), "a column Bulletin does not model shows in the raw view: \(raw)")
    }

    @Test("the Admin panel's details: server version, user, host and database, TLS not in use, the tables with counts, the filter's index")
    func details() async throws {
        let server = try PostgresTestServer.shared()
        let name = try server.createDatabase(Self.schema)
        let source = PostgresDataSource(conninfo: server.url(database: name))
        let statistics = try await source.statistics()
        #expect(statistics.users == 2 && statistics.posts == 3 && statistics.comments == 2 && statistics.todos == 2 && statistics.albums == 2)
        let details = Dictionary(statistics.details.map { ($0.label, $0.value) }, uniquingKeysWith: { a, _ in a })
        #expect(details["Server"]?.hasPrefix("PostgreSQL 15.") == true, "\(details)")
        #expect(details["Connected as"] == "postgres on 127.0.0.1:\(server.port), database \(name)")
        #expect(details["TLS"] == "not in use")
        #expect(details["Tables"] == "users 2, posts 3, comments 2, albums 2, photos 1, todos 2")
        #expect(details["Filter"] == "ILIKE, no trigram index (every row is read)")
        #expect(details["Saves"] == "allowed, each checked against the row as opened")
    }

    @Test("a password in the URL is never in the source's location, its messages or the request log")
    func passwordHidden() async throws {
        #expect(PostgresURL.redacted("postgres://bob:s3cret@db:5432/app") == "postgres://bob@db:5432/app")
        #expect(PostgresURL.redacted("postgresql://bob:p%40ss@db/app?sslmode=require&password=x") == "postgresql://bob@db/app?sslmode=require")
        #expect(PostgresURL.redacted("host=db password=s3cret dbname=app") == "host=db dbname=app")
        #expect(PostgresURL.redacted("postgres://db/app") == "postgres://db/app")
        // libpq's key=value grammar: spaces around =, quoted values with spaces and escapes.
        #expect(PostgresURL.redacted("host=db user=ann password = S3cretPw!x dbname=app") == "host=db user=ann dbname=app")
        #expect(PostgresURL.redacted("host=db password ='S3cret Pw!x' port=5") == "host=db port=5")
        #expect(PostgresURL.redacted("host=db password='it\\'s a secret' sslpassword=k3y") == "host=db")
        #expect(PostgresURL.redacted("host=db password='never closed") == "host=db …", "cut where reading stopped")
        #expect(PostgresURL.redacted("host=db port") == "host=db …")
        #expect(PostgresURL.redacted("sqlite:/tmp/x.db") == "sqlite:/tmp/x.db", "not a connection string: as it is")
        #expect(PostgresURL.redacted("mysql://u@h password=x") == "…", "not read as pairs: nothing after where reading stopped")
        for (conninfo, secret) in [("host=db password = S3cretPw!x", "S3cretPw!x"), ("host=db password='S3cret Pw!x'", "S3cret Pw!x"),
                                   ("host=db password='it\\'s a secret'", "it's a secret")] {
            let message = PostgresURL.scrubbed("could not connect: \(conninfo) (\(secret))", conninfo: conninfo)
            #expect(!message.contains(secret) && !message.contains("Pw!x") && !message.contains("secret'"), "\(message)")
        }
        // libpq quotes a URL it cannot read whole; the password never reaches the message.
        for malformed in ["postgres://ann:Hunter22@[::1/team", "postgres://ann:Hun%ter22@127.0.0.1/team", "host=127.0.0.1 password=Hunter22 port=x", "host=127.0.0.1 password = Hunter22 port=x",
                          "host=127.0.0.1 password='Hunter22 x' port=x"] {
            do {
                _ = try PostgresConnection(conninfo: malformed)
                Issue.record("\(malformed) connected")
            } catch {
                #expect(!error.message.contains("Hunter22") && !error.message.contains("Hun%ter22"), "\(error.message)")
            }
        }
        let server = try PostgresTestServer.scram()
        let password = try #require(server.password)
        let log = RequestLog()
        let source = PostgresDataSource(conninfo: server.url(password: password), log: log)
        #expect(!source.location.contains(password) && source.location == server.url())
        #expect(source.descriptor.authentication == nil, "not connected yet: not known")
        _ = try? await source.users()   // no tables: an error naming the URL
        #expect(source.descriptor.authentication == "password (from the URL, PGPASSWORD or ~/.pgpass; never shown)")
        let wrong = PostgresDataSource(conninfo: server.url(password: "not-" + password), log: log)
        do {
            _ = try await wrong.users()
            Issue.record("a wrong password was taken")
        } catch {
            #expect(!error.description.contains("not-" + password))
        }
        let logged = "\(log.snapshot)"
        #expect(!logged.isEmpty && !logged.contains(password), "\(logged)")
    }

    @Test("each wrong connection detail says what is wrong: no server, no such database, no such role, wrong or missing password, TLS not offered")
    func connectionErrors() async throws {
        let server = try PostgresTestServer.shared()
        let scram = try PostgresTestServer.scram()
        func reason(_ url: String) async -> String {
            do {
                _ = try await PostgresDataSource(conninfo: url).users()
                return "connected"
            } catch {
                guard case let .databaseConnection(location, reason) = error else { return "\(error)" }
                #expect(location == PostgresURL.redacted(url))
                return reason
            }
        }
        let closed = try PostgresTestServer.closedPort()
        #expect(await reason("postgres://postgres@127.0.0.1:\(closed)/x").hasPrefix("no server is answering at that address ("))
        #expect(await reason(server.url(database: "nope")).hasPrefix("that database does not exist on the server ("))
        #expect(await reason(server.url(user: "nobody")).hasPrefix("that role does not exist on the server ("))
        #expect(await reason(scram.url(password: "wrong")).hasPrefix("wrong password, or no such role with a password ("))
        #expect(await reason(scram.url() + "?passfile=/nonexistent").hasPrefix("the server asks for a password and none was given"))
        // A password file others may read is ignored by libpq: said, with the fix.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("pgpass-\(UUID().uuidString.prefix(6))").path
        try "*:*:*:*:x\n".write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        chmod(file, 0o644)
        #expect(PostgresWords.connectReason("fe_sendauth: no password supplied", environment: ["PGPASSFILE": file])
            == "the server asks for a password and none was given: \(file) is not read while others may read it (chmod 600 \(file)) "
            + "(fe_sendauth: no password supplied)")
        chmod(file, 0o600)
        #expect(PostgresWords.connectReason("fe_sendauth: no password supplied", environment: ["PGPASSFILE": file])
            .hasSuffix("put it in the URL, PGPASSWORD or ~/.pgpass (fe_sendauth: no password supplied)"))
        #expect(await reason(server.url() + "?sslmode=require").hasPrefix("TLS was asked for (sslmode) and the server does not offer it ("))
        let described = DataError.databaseConnection(location: "postgres://u@h/db", reason: "no server is answering at that address (x)")
        #expect(described.description == "Cannot connect to postgres://u@h/db: no server is answering at that address (x)")
        #expect(DataError.databaseConnection(location: "postgres://u@h/db", reason: "the connection to the server was lost (server closed it)")
            .description == "Lost the connection to postgres://u@h/db (server closed it)")
        #expect(DataError.writeRefused(location: "postgres://u@h/db", reason: "permission denied (x)").description
            == "Not written to postgres://u@h/db: permission denied (x); nothing was changed")
    }

    @Test("a server that requires TLS: without it the connection says so; with sslmode=require the Admin panel says TLS is in use")
    func tls() async throws {
        let server = try PostgresTestServer.tls()
        do {
            _ = try await PostgresDataSource(conninfo: server.url() + "?sslmode=disable").users()
            Issue.record("connected without TLS")
        } catch {
            guard case let .databaseConnection(_, reason) = error else { Issue.record("\(error)"); return }
            #expect(reason.hasPrefix("the server requires TLS for this connection: add ?sslmode=require ("), "\(reason)")
        }
        let name = try server.createDatabase(Self.schema)
        let details = try await PostgresDataSource(conninfo: server.url(database: name) + "?sslmode=require").statistics().details
        let tls = details.first { $0.label == "TLS" }?.value ?? ""
        #expect(tls.hasPrefix("in use (TLSv1."), "\(tls)")
    }

    @Test("a table the role may not read, and a query past --timeout, say so in words")
    func readErrors() async throws {
        let server = try PostgresTestServer.shared()
        let name = try server.createDatabase(Self.schema)
        let role = "nocomments_\(name)"
        try server.psql("CREATE ROLE \(role) LOGIN; GRANT SELECT ON users, posts, albums, photos, todos TO \(role)", database: name)
        let source = PostgresDataSource(conninfo: server.url(database: name, user: role))
        #expect(try await source.posts(userID: RecordID(1)).count == 2)
        do {
            _ = try await source.comments(postID: RecordID(1))
            Issue.record("comments were read")
        } catch {
            #expect(error.description.contains(": permission denied for table comments"), "\(error)")
        }
        // The Admin panel's counts: the rest counted, the refused table said.
        let statistics = try await source.statistics()
        #expect(statistics.users == 2 && statistics.posts == 3 && statistics.comments == 0 && statistics.notCounted == ["comments"])
        let tables = statistics.details.first { $0.label == "Tables" }?.value ?? ""
        #expect(tables.hasPrefix("users 2, posts 3, comments not read (permission denied for table comments"), "\(tables)")
        let slow = PostgresDataSource(conninfo: server.url(database: name), timeout: 0.2)
        await #expect(throws: DataError.unreadableFile(path: server.url(database: name),
                                                       reason: "the query ran past the statement timeout of 0.2 s (--timeout)")) {
            try await slow.readRows("SELECT pg_sleep(5)", [])
        }
    }

    @Test("cancelReads stops a window read running on the server (PQcancel): it ends as cancelled, and the next read runs")
    func cancel() async throws {
        let server = try PostgresTestServer.shared()
        let url = server.url(database: try server.createDatabase(Self.schema))
        let source = PostgresDataSource(conninfo: url)
        let windows = try #require(source.postWindows)
        #expect(try await windows.count(WindowQuery()) == 3)
        let endless = Task { try await source.windowRows("SELECT pg_sleep(60)", []) }
        try await server.waitForRunning("SELECT pg_sleep(60)")
        let started = Date()
        windows.cancelReads()
        let outcome = await endless.result
        #expect(throws: DataError.cancelled) { try outcome.get() }
        #expect(Date().timeIntervalSince(started) < 30, "stopped on the server, not left to run its minute")
        #expect(try await windows.count(WindowQuery()) == 3)
    }

    @Test("a cancel asked while no statement runs stops none that follows; one asked while a statement runs stops that one only")
    func cancelKeepsToItsStatement() async throws {
        let server = try PostgresTestServer.shared()
        let connection = try PostgresConnection(conninfo: server.url(database: try server.createDatabase(Self.schema)))
        for _ in 0..<3 {
            connection.cancel()   // a newer query's cancel of reads already done (windowQueryChanged)
            #expect(try connection.rows("SELECT 1 FROM pg_sleep(0.3)").count == 1, "the later statement ran to its end")
        }
        let box = PostgresConnectionBox(connection: connection)
        let running = Task.detached { try box.connection.rows("SELECT 1 FROM pg_sleep(60)") }
        try await server.waitForRunning("SELECT 1 FROM pg_sleep(60)")
        connection.cancel()
        await #expect(throws: PostgresError.self) { try await running.value }
        #expect(try connection.rows("SELECT 1 FROM pg_sleep(0.3)").count == 1, "the statement after the cancelled one runs")
    }

    @Test("a count still running holds up no window read (its own connection); cancelReads stops it on the server too")
    func countBesideWindows() async throws {
        let server = try PostgresTestServer.shared()
        let url = server.url(database: try server.createDatabase(Self.schema))
        let source = PostgresDataSource(conninfo: url)
        let windows = try #require(source.postWindows)
        let counting = Task { try await source.countRows("SELECT count(*) FROM pg_sleep(60)", []) }
        try await server.waitForRunning("SELECT count(*) FROM pg_sleep(60)")
        let rows = try await windows.window(WindowQuery(), start: .first, limit: 2)
        #expect(rows.map(\.row.post.title) == ["sunt aut facere", "qui est esse"])
        #expect(try server.psql("SELECT count(*) FROM pg_stat_activity WHERE query = 'SELECT count(*) FROM pg_sleep(60)' AND state = 'active'")
            == "1", "the window was read while the count ran")
        windows.cancelReads()
        let outcome = await counting.result
        #expect(throws: DataError.cancelled) { try outcome.get() }
    }

    @Test("a server that stops answering (SIGSTOP): a read gives up 2 s after --timeout, said as a lost connection; cancel returns at once; thawed, the next read connects again")
    func serverStopsAnswering() async throws {
        let server = try PostgresTestServer.dedicated()
        let url = server.url(database: try server.createDatabase(Self.schema))
        let source = PostgresDataSource(conninfo: url, timeout: 1)
        let windows = try #require(source.postWindows)
        #expect(try await source.users().count == 2)
        #expect(try await windows.count(WindowQuery()) == 3)
        server.freeze()
        defer { server.thaw() }
        let started = Date()
        do {
            _ = try await source.users()
            Issue.record("a frozen server answered")
        } catch {
            guard case let .databaseConnection(location, reason) = error else { Issue.record("\(error)"); return }
            #expect(location == url && reason == "the connection to the server was lost (the server did not answer within 1 s (--timeout))",
                    "\(reason)")
        }
        #expect(Date().timeIntervalSince(started) < 30, "given up on this side, not waited for ever")
        let reading = Task { try await windows.count(WindowQuery(filter: "sunt")) }
        try await Task.sleep(for: .milliseconds(200))
        let cancelled = Date()
        windows.cancelReads()
        #expect(Date().timeIntervalSince(cancelled) < 0.5, "cancelReads does not wait for the server")
        _ = await reading.result
        server.thaw()
        #expect(try await source.users().count == 2, "a new connection once the server answers again")
    }

    @Test("a connection that could not be made slowly is not tried again for 3 s: the next read fails at once with the same error, then it is tried again")
    func connectFailureHeld() throws {
        // A socket that accepts and never answers: libpq gives up after connect_timeout (2 s).
        let silent = try SilentListener()
        let url = "postgresql://bulletin@127.0.0.1:\(silent.port)/bulletin"
        let link = PostgresLink(conninfo: url, location: url, statementTimeout: 2000)
        #expect(throws: DataError.self) { try link.connected() }
        let first = link.connectTries
        var held: DataError?
        do throws(DataError) { _ = try link.connected() } catch { held = error }
        #expect(first == 1 && link.connectTries == 1, "held: not tried again at once (\(link.connectTries) tries)")
        guard case .databaseConnection(location: url, _)? = held else { Issue.record("\(String(describing: held))"); return }
        Thread.sleep(forTimeInterval: PostgresLink.failureHold)
        #expect(throws: DataError.self) { try link.connected() }
        #expect(link.connectTries == 2, "tried again once the hold is over")
    }

    @Test("a server that stopped answering is not connected to again for 1 s: the read behind the one given up fails with it, without a connect of its own")
    func notAnsweringHeld() throws {
        let server = try PostgresTestServer.dedicated()
        let url = server.url(database: try server.createDatabase(Self.schema))
        let link = PostgresLink(conninfo: url, location: url, statementTimeout: 1000)
        #expect(try link.read("SELECT count(*) FROM posts", [], log: nil) == [[.integer(3)]])
        server.freeze()
        defer { server.thaw() }
        var first: DataError?
        do throws(DataError) { _ = try link.read("SELECT 1", [], log: nil) } catch { first = error }
        #expect(first?.description.contains("did not answer within 1 s") == true, "\(String(describing: first))")
        var second: DataError?
        do throws(DataError) { _ = try link.read("SELECT 1", [], log: nil) } catch { second = error }
        #expect(second == first && link.connectTries == 1, "held: no new connection tried (\(link.connectTries))")
        server.thaw()
        Thread.sleep(forTimeInterval: PostgresLink.answerHold)
        #expect(try link.read("SELECT count(*) FROM posts", [], log: nil) == [[.integer(3)]])
        #expect(link.connectTries == 2)
    }

    @Test("a connection refused at once is not held: the next read tries again")
    func quickFailureNotHeld() throws {
        let closed = try SilentListener(listen: false)
        let url = "postgresql://bulletin@127.0.0.1:\(closed.port)/bulletin"
        let link = PostgresLink(conninfo: url, location: url, statementTimeout: 2000)
        #expect(throws: DataError.self) { try link.connected() }
        #expect(throws: DataError.self) { try link.connected() }
        #expect(link.connectTries == 2)
    }

    @Test("reads queued behind a connection that could not be made all fail with its error, and the source connects once the server answers")
    func queuedReadsShareTheFailure() async throws {
        let server = try PostgresTestServer.dedicated()
        let url = server.url(database: try server.createDatabase(Self.schema))
        let source = PostgresDataSource(conninfo: url, timeout: 2)
        server.freeze()
        defer { server.thaw() }
        async let first: DataError? = { do throws(DataError) { _ = try await source.users(); return nil } catch { return error } }()
        async let second: DataError? = { do throws(DataError) { _ = try await source.post(id: 1); return nil } catch { return error } }()
        let (one, two) = await (first, second)
        #expect(one != nil && one == two, "the same error, twice: \(String(describing: one)) \(String(describing: two))")
        server.thaw()
        try await Task.sleep(for: .seconds(PostgresLink.failureHold))
        #expect(try await source.users().count == 2)
    }

    @Test("the Posts and Users lists' estimate is the planner's row count once the table is analysed; none before, none with a filter")
    func estimates() async throws {
        let server = try PostgresTestServer.shared()
        let name = try server.createDatabase(Self.schema)
        let source = PostgresDataSource(conninfo: server.url(database: name))
        let posts = try #require(source.postWindows)
        #expect(await posts.estimate(WindowQuery()) == nil, "never analysed: reltuples is -1")
        try server.psql("ANALYZE", database: name)
        #expect(await posts.estimate(WindowQuery()) == 3)
        #expect(await source.userWindows?.estimate(WindowQuery()) == 2)
        #expect(await posts.estimate(WindowQuery(filter: "sunt")) == nil)
    }

    @Test("a connection the server ended while idle (an administrator, a restart) is noticed before the next read, which connects again at once")
    func reconnectsWhenEndedIdle() async throws {
        let server = try PostgresTestServer.shared()
        let name = try server.createDatabase(Self.schema)
        let source = PostgresDataSource(conninfo: server.url(database: name))
        #expect(try await source.users().count == 2)
        try server.psql("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '\(name)' AND pid <> pg_backend_pid()")
        try await server.waitForNonZero("SELECT (count(*) = 0)::int FROM pg_stat_activity WHERE datname = '\(name)'")
        #expect(try await source.users().count == 2, "a new connection, nothing said: nothing was lost")
        #expect(try server.psql("SELECT count(*) FROM pg_stat_activity WHERE datname = '\(name)'") == "1")
    }

    @Test("a connection ended while a read runs on it is said as lost on that read; the next read connects again")
    func reconnectsAfterLossMidRead() async throws {
        let server = try PostgresTestServer.shared()
        let name = try server.createDatabase(Self.schema)
        let url = server.url(database: name)
        let source = PostgresDataSource(conninfo: url)
        #expect(try await source.users().count == 2)
        try server.psql("CREATE FUNCTION slow_name(text) RETURNS text LANGUAGE sql AS $$ SELECT $1 FROM pg_sleep(60) $$", database: name)
        let slow = Task { try await source.readRows("SELECT slow_name(name) FROM users", []) }
        try await server.waitForRunning("SELECT slow_name(name) FROM users")
        try server.psql("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '\(name)' AND pid <> pg_backend_pid()")
        do {
            _ = try await slow.value
            Issue.record("a read on the ended connection passed")
        } catch let error as DataError {
            guard case let .databaseConnection(location, reason) = error else { Issue.record("\(error)"); return }
            #expect(location == url && reason.hasPrefix("the connection to the server was lost ("), "\(reason)")
        }
        #expect(try await source.users().count == 2, "connected again")
    }

    @Test("a connection ended while idle whose server is gone says both: the loss, and why it could not be made again")
    func lossThenNoServer() async throws {
        let server = try PostgresTestServer.dedicated()
        let name = try server.createDatabase(Self.schema)
        let url = server.url(database: name)
        let source = PostgresDataSource(conninfo: url)
        #expect(try await source.users().count == 2)
        server.stop()
        do {
            _ = try await source.users()
            Issue.record("a read with the server stopped passed")
        } catch {
            guard case let .databaseConnection(location, reason) = error else { Issue.record("\(error)"); return }
            #expect(location == url && reason.hasPrefix("connection lost (") && reason.contains("and not made again: no server is answering"),
                    "\(reason)")
            #expect(!error.mayHaveReachedServer, "nothing was sent")
        }
        try server.start()
        #expect(try await source.users().count == 2)
    }
}
