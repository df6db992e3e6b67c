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
        let mapped = try LaunchOptions.parse(["--data", "x.db", "--map", "posts=articles"])
        #expect(mapped.map == "posts=articles" && mapped.source == .file("x.db"), "--map does not choose a source")
    }

    @Test("another scheme, an empty path, an unknown query and a mapping that cannot be read say what is wrong")
    func errors() {
        #expect(throws: LaunchError.invalidValue("--db", "postgres://u@h/db")) { try LaunchOptions.parse(["--db", "postgres://u@h/db"]) }
        #expect(throws: LaunchError.invalidValue("--db", "sqlite:")) { try LaunchOptions.parse(["--db", "sqlite:"]) }
        #expect(throws: LaunchError.invalidValue("--db", "sqlite:x?cache=1")) { try LaunchOptions.parse(["--db", "sqlite:x?cache=1"]) }
        #expect(LaunchError.invalidValue("--db", "x").description == "--db needs sqlite:PATH or sqlite:PATH?mode=ro, not 'x'")
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
}
