import BulletinData
import Foundation
import Testing

@testable import BulletinFeatures

/// `--db sqlite:PATH[?mode=ro]` and `--map` (issue 25, items 1 and 2): read from the command
/// line, refused with the reason when unusable, and handed to the database's source.
@Suite("--db and --map")
struct DatabaseLaunchTests {
    @Test("sqlite:PATH, sqlite://PATH and ?mode=ro choose a SQLite database; --map is kept with any source")
    func parse() throws {
        #expect(try LaunchOptions.parse(["--db", "sqlite:/data/app.db"]).source == .sqlite(path: "/data/app.db", readOnly: false))
        #expect(try LaunchOptions.parse(["--db=sqlite://rel/app.db?mode=ro"]).source == .sqlite(path: "rel/app.db", readOnly: true))
        #expect(try LaunchOptions.parse(["--db", "SQLITE:x.db?mode=rw"]).source == .sqlite(path: "x.db", readOnly: false))
        #expect(try LaunchOptions.parse(["--db", "postgres://u@h:5433/db"]).source == .postgres("postgres://u@h:5433/db"))
        #expect(try LaunchOptions.parse(["--db=postgresql://u:secret@h/db?sslmode=require"]).source == .postgres("postgresql://u:secret@h/db?sslmode=require"))
        let mapped = try LaunchOptions.parse(["--data", "x.db", "--map", "posts=articles"])
        #expect(mapped.map == "posts=articles" && mapped.source == .file("x.db"), "--map does not choose a source")
    }

    @Test("another scheme, an empty path, an unknown query and a mapping that cannot be read say what is wrong")
    func errors() {
        #expect(throws: LaunchError.invalidValue("--db", "mysql://u@h/db")) { try LaunchOptions.parse(["--db", "mysql://u@h/db"]) }
        #expect(throws: LaunchError.invalidValue("--db", "sqlite:")) { try LaunchOptions.parse(["--db", "sqlite:"]) }
        #expect(throws: LaunchError.invalidValue("--db", "sqlite:x?cache=1")) { try LaunchOptions.parse(["--db", "sqlite:x?cache=1"]) }
        #expect(LaunchError.invalidValue("--db", "x").description == "--db needs sqlite:PATH, sqlite:PATH?mode=ro or postgres://USER@HOST:PORT/DB, not 'x'")
        #expect(throws: LaunchError.conflictingSources("--data", "--db")) { try LaunchOptions.parse(["--data", "a", "--db", "sqlite:b"]) }
        do {
            _ = try LaunchOptions.parse(["--map", "postz=articles"])
            Issue.record("a bad mapping was taken")
        } catch {
            #expect(error.description == "--map postz=articles: postz is not one of users, posts, comments, albums, photos, todos")
        }
        #expect(LaunchOptions.usage.contains("--db DATABASE") && LaunchOptions.usage.contains("--map MAPPING"))
    }

    @Test("the factory builds the database's source with the mapping and a writer refusing mode=ro with the reason")
    func factory() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bulletin-dbl-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("app.db").path
        try SQLiteConnection(path: path, create: true).execute("""
            CREATE TABLE accounts (id INTEGER PRIMARY KEY, display_name TEXT, handle TEXT);
            INSERT INTO accounts VALUES (1, 'Ann', 'ann');
            """)
        var factory = SourceFactory()
        factory.map = "users=accounts,users.name=display_name,users.username=handle"
        let (source, writer) = try factory.make(.sqlite(path: path, readOnly: true))
        #expect(try await source.users().map(\.name) == ["Ann"])
        #expect(source.descriptor.kind == .sqlite)
        #expect(writer.access == .denied(reason: "the database was opened read-only (mode=ro)"))
        let (_, writable) = try factory.make(.sqlite(path: path, readOnly: false))
        #expect(writable.access == .allowed)
    }

    /// A scratch directory, removed by the caller.
    static func directory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bulletin-dbcheck-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test("before the app starts: a missing path, a directory, or a file SQLite does not read as a database, for --db and --data alike, is an error naming the file and why")
    func checkedAtLaunch() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let missing = directory.appendingPathComponent("missing.db").path
        let text = directory.appendingPathComponent("notes.db").path
        try Data("these are notes, not a database\n".utf8).write(to: URL(fileURLWithPath: text))
        // A file that starts as a database (so --data takes it for one) but holds nothing else of one.
        let damaged = directory.appendingPathComponent("damaged.bin").path
        try Data(SQLiteFile.header + [UInt8](repeating: 0x41, count: 4096)).write(to: URL(fileURLWithPath: damaged))
        let factory = SourceFactory()
        let cases: [(LaunchOptions.Source, DataError)] = [
            (.sqlite(path: missing, readOnly: false), .unreadableFile(path: missing, reason: "no such file")),
            (.sqlite(path: missing, readOnly: true), .unreadableFile(path: missing, reason: "no such file")),
            (.sqlite(path: directory.path, readOnly: false), .unreadableFile(path: directory.path, reason: "is a directory")),
            (.sqlite(path: text, readOnly: false), .unreadableFile(path: text, reason: "file is not a database")),
            (.file(damaged), .unreadableFile(path: damaged, reason: "file is not a database")),
            (.file(missing), .unreadableFile(path: missing, reason: "no such file")),
            (.file(directory.path), .unreadableFile(path: directory.path, reason: "is a directory")),
        ]
        for (choice, error) in cases {
            #expect(throws: error, "\(choice)") { try factory.checkFile(of: choice) }
        }
        #expect(!FileManager.default.fileExists(atPath: missing), "checking never creates the database")
        #expect(DataError.unreadableFile(path: missing, reason: "no such file").description == "Cannot read \(missing): no such file")
    }

    @Test("a database, one another connection holds a write lock on, and a db.json pass the check; so do the sources without a file")
    func goodFilesPass() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("app.db").path
        try SQLiteConnection(path: path, create: true).execute("CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT, username TEXT)")
        let json = directory.appendingPathComponent("db.json").path
        try Data(#"{"users": []}"#.utf8).write(to: URL(fileURLWithPath: json))
        let factory = SourceFactory()
        try factory.checkFile(of: .sqlite(path: path, readOnly: false))
        try factory.checkFile(of: .sqlite(path: path, readOnly: true))
        try factory.checkFile(of: .file(path))
        try factory.checkFile(of: .file(json))
        try factory.checkFile(of: .embedded)
        try factory.checkFile(of: .api("http://127.0.0.1:1"))
        let other = try SQLiteConnection(path: path)
        try other.execute("BEGIN EXCLUSIVE")
        defer { try? other.execute("ROLLBACK") }
        try factory.checkFile(of: .sqlite(path: path, readOnly: false))
    }

    @Test("a database that cannot be opened once the app runs (replaced since): the failed open is in the Admin panel's errors, not only on the list")
    func failedOpenIsLogged() async throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("app.db").path
        try Data("not a database any more".utf8).write(to: URL(fileURLWithPath: path))
        let log = RequestLog()
        let source = SQLiteDataSource(path: path, log: log)
        await #expect(throws: DataError.unreadableFile(path: path, reason: "file is not a database")) { try await source.users() }
        #expect(log.snapshot.errors.map(\.error) == [.unreadableFile(path: path, reason: "file is not a database")])
    }
}
