import BulletinData
import BulletinTestSupport
import Foundation
import MVVMC
import Testing

@testable import BulletinFeatures

/// The Admin panel's view model and the source switch, as plain Swift.
@MainActor
@Suite("Admin panel: status, switching, read-only, export")
struct AdminPanelTests {
    static let utc = TimeZone(identifier: "UTC")!
    static let db = SharedData.repositoryRoot.appendingPathComponent("Sources/BulletinData/Resources/embedded.json").path

    func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("bulletin-admin-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    // MARK: - Status

    @Test("status lines: requests newest first with method, status, duration and path; errors with their time")
    func statusLines() async {
        let log = RequestLog()
        log.record(RequestRecord(date: Date(timeIntervalSince1970: 3600), method: "GET", path: "/users", status: .http(200), milliseconds: 12))
        log.record(RequestRecord(date: Date(timeIntervalSince1970: 3601), method: "READ", path: "/tmp/db.json", status: .read, milliseconds: 1234))
        log.record(.timedOut(url: "http://x/posts"), at: Date(timeIntervalSince1970: 3602))
        log.record(RequestRecord(date: Date(timeIntervalSince1970: 3603), method: "DELETE", path: "/posts/3", status: .http(500),
                                 milliseconds: 7), isLoad: false)
        log.record(.badStatus(500, url: "http://x/posts/3", excerpt: "{}"), method: "DELETE", at: Date(timeIntervalSince1970: 3603))
        log.record(RequestRecord(date: Date(timeIntervalSince1970: 3604), method: "PATCH", path: "/posts/4", status: .failed,
                                 milliseconds: 9), isLoad: false)
        log.record(.transport(url: "http://x/posts/4", reason: "connection lost"), method: "PATCH", at: Date(timeIntervalSince1970: 3604))
        log.record(RateLimitStatus(remaining: 57, limit: 60, resetAt: Date(timeIntervalSince1970: 7200)))
        let model = AdminPanelViewModel(
            source: StubDataSource(descriptor: SourceDescriptor(kind: .github, location: "https://api.github.com",
                                                                authentication: "token in use (GITHUB_TOKEN)")),
            log: log, timeZone: Self.utc)
        #expect(model.requestLines == [
            "01:00:04  PATCH  failed      9 ms  /posts/4",
            "01:00:03  DELETE 500         7 ms  /posts/3",
            "01:00:01  READ   ok       1234 ms  /tmp/db.json",
            "01:00:00  GET    200        12 ms  /users",
        ])
        #expect(model.errorLines == [
            "01:00:04  PATCH  Cannot reach http://x/posts/4: connection lost",
            "01:00:03  DELETE HTTP 500 from http://x/posts/3: {}",
            "01:00:02  No answer from http://x/posts in time",
        ])
        #expect(model.rateLimitLine == "57 of 60 requests left, resets at 02:00:00")
        #expect(model.sourceFields.map(\.value).contains("token in use (GITHUB_TOKEN)"))
        await model.load()
        #expect(model.countFields.last == DetailField("Loaded", "01:00:01, took 1234 ms (READ /tmp/db.json)"))
    }

    @Test("a kind whose table could not be counted (the role may not read it) shows not read, not 0")
    func notCounted() async {
        var statistics = DataStatistics(users: 2, posts: 3, comments: 0)
        statistics.notCounted = ["comments"]
        let model = AdminPanelViewModel(source: StubDataSource(statistics: statistics), log: RequestLog())
        await model.load()
        #expect(model.countFields.contains(DetailField("Comments", "not read")))
        #expect(model.countFields.contains(DetailField("Users", "2")) && model.countFields.contains(DetailField("Posts", "3")))
    }

    @Test("the rate limit shows for GitHub only; the panel follows new requests while it is shown")
    func liveActivity() async throws {
        let log = RequestLog()
        let model = AdminPanelViewModel(source: StubDataSource(), log: log)
        #expect(model.rateLimitLine == nil)
        model.start()
        await model.load()
        log.record(RequestRecord(date: Date(), method: "GET", path: "/late", status: .http(200), milliseconds: 1))
        for _ in 0..<100 where model.requestLines.isEmpty { try await Task.sleep(for: .milliseconds(10)) }
        #expect(model.requestLines.count == 1 && model.requestLines[0].hasSuffix("/late"))
        model.stop()
        log.record(RequestRecord(date: Date(), method: "GET", path: "/after", status: .http(200), milliseconds: 1))
        try await Task.sleep(for: .milliseconds(100))
        #expect(model.requestLines.count == 1, "a closed panel no longer follows the log")
    }

    // MARK: - Read-only

    @Test("--read-only is parsed, gives a ReadOnlyWriter for every source, and the panel says writes are off and why")
    func readOnly() throws {
        #expect(try LaunchOptions.parse(["--read-only"]).readOnly)
        #expect(try !LaunchOptions.parse([]).readOnly)
        #expect(LaunchOptions.usage.contains("--read-only"))
        let factory = SourceFactory(readOnly: true)
        for choice in [LaunchOptions.Source.embedded, .file(Self.db), .api("http://127.0.0.1:1")] {
            #expect(try factory.dependencies(for: choice).writer.access == .denied(reason: "started with --read-only"))
        }
        #expect(try SourceFactory().dependencies(for: .github("https://api.github.com")).writer.access
            == .denied(reason: "the GitHub API is read-only here"))
        let model = AdminPanelViewModel(source: StubDataSource(), writeAccess: .denied(reason: SourceFactory.readOnlyReason))
        #expect(model.sourceFields.contains(DetailField("Writes", "off: started with --read-only")))
        #expect(AdminPanelViewModel(source: StubDataSource(), writeAccess: .allowed).sourceFields.contains(DetailField("Writes", "on")))
    }

    @Test("on the embedded data set the panel says where edits go (the copy under $XDG_DATA_HOME) and how to open it")
    func embeddedCopyPathShown() throws {
        let copy = "/tmp/bulletin-nowhere-\(UUID().uuidString)/bulletin/db.json"
        let model = AdminPanelViewModel(source: StubDataSource(), writeAccess: .allowed, editsCopyPath: copy)
        #expect(model.sourceFields.contains(DetailField("Writes", "on, to a copy: \(copy) (later runs open it; --reset-embedded goes back to the original)")))

        let dependencies = try SourceFactory().dependencies(for: .embedded)
        #expect(dependencies.writer.access == .allowed, "a copy from an earlier run is opened, with its edits")
        let stack = NavigationStack<Destination>()
        let coordinator = AdminPanelCoordinator(stack: stack, dependencies: dependencies)
        guard let panel = coordinator.request(for: .panel).destination as? AdminPanelViewModel else {
            Issue.record("expected the Admin panel"); return
        }
        let path = EmbeddedDataWriter.defaultCopyPath()
        #expect(panel.sourceFields.contains(DetailField("Writes", "on, to a copy: \(path) (later runs open it; --reset-embedded goes back to the original)")))
    }

    // MARK: - Switch validation

    @Test("~ in a typed path is $HOME (as the shell and the embedded copy's default use), not the passwd entry")
    func tildeFollowsHOME() {
        #expect(SourceChoice.homeDirectory(environment: ["HOME": "/h/me"]) == "/h/me")
        #expect(SourceChoice.homeDirectory(environment: [:]) == FileManager.default.homeDirectoryForCurrentUser.path)
        let home = ProcessInfo.processInfo.environment["HOME"] ?? ""
        if !home.isEmpty {
            #expect(SourceChoice.absolutePath("~/x.json", relativeTo: "/d") == URL(fileURLWithPath: home + "/x.json").standardizedFileURL.path)
        }
        #expect(SourceChoice.absolutePath("~/x.json", relativeTo: "/d", home: "/h/me") == "/h/me/x.json")
        #expect(SourceChoice.absolutePath("~", relativeTo: "/d", home: "/h/me") == "/h/me")
        #expect(SourceChoice.absolutePath("a/~/x.json", relativeTo: "/d", home: "/h/me") == "/d/a/~/x.json")
    }

    @Test("what may be typed to switch: embedded, http(s) URLs, readable files; anything else says why")
    func switchValidation() throws {
        let kinds: [String: SourceChoice.FileKind] = ["/d/db.json": .file, "/d": .directory, "/d/locked.json": .unreadable]
        func parse(_ text: String) throws(SourceChoice.Problem) -> LaunchOptions.Source {
            try SourceChoice.parse(text, relativeTo: "/d") { kinds[$0] ?? .missing }
        }
        #expect(try parse(" embedded ") == .embedded)
        #expect(try parse("http://127.0.0.1:3000") == .api("http://127.0.0.1:3000"))
        #expect(try parse("HTTPS://example.com/api") == .api("HTTPS://example.com/api"))
        #expect(try parse("db.json") == .file("/d/db.json"))
        #expect(try parse("./sub/../db.json") == .file("/d/db.json"))
        let problems: [(String, String)] = [
            ("", "Type embedded, mealdb, an http(s) URL or a file path"),
            ("ftp://host/x", "Only http and https URLs can be read, not ftp:"),
            ("http://", "Not a valid URL: http:// (needs a host, such as http://127.0.0.1:3000)"),
            ("missing.json", "No such file: /d/missing.json"),
            ("/d", "/d is a directory, not a file"),
            ("locked.json", "Cannot read /d/locked.json: permission denied"),
        ]
        for (text, message) in problems {
            #expect(throws: SourceChoice.Problem.self) { try parse(text) }
            do { _ = try parse(text) } catch { #expect(error.description == message, "for \(text)") }
        }
        #expect(SourceChoice.kind(of: Self.db) == .file)
        #expect(SourceChoice.kind(of: SharedData.repositoryRoot.path) == .directory)
    }

    // MARK: - Switching

    func makeApp(log: RequestLog = RequestLog()) -> AppCoordinator {
        let app = AppCoordinator(dependencies: AppDependencies(source: StubDataSource(), log: log), onQuit: {})
        app.start()
        return app
    }

    func openPanel(_ app: AppCoordinator) -> AdminPanelViewModel? {
        app.navigate(to: .admin)
        guard let model = app.stack.top?.destination as? AdminPanelViewModel else { return nil }
        return model
    }

    func type(_ text: String, into model: AdminPanelViewModel) {
        model.editField { $0.replace(with: text) }
    }

    @Test("a bad path is shown beside the field and nothing changes; a good one lands on Home › Users of the new source")
    func switchFromPanel() async throws {
        let app = makeApp()
        let model = try #require(openPanel(app))
        model.beginSwitch()
        type("/nonexistent/db.json", into: model)
        model.submitField()
        #expect(model.field?.error == "No such file: /nonexistent/db.json")
        #expect(app.stack.routes == ["home", "admin"])
        type(Self.db, into: model)
        model.submitField()
        await model.waitForSwitch()
        #expect(app.stack.routes == ["home", "users"])
        #expect(app.dependencies.source.descriptor == SourceDescriptor(kind: .file, location: Self.db))
        guard let home = app.stack.entries.first?.destination as? HomeViewModel,
              let users = app.stack.top?.destination as? UserListViewModel else { Issue.record("not Home › Users"); return }
        #expect(home.sourceLabel == "file \(Self.db)")
        await users.load()
        #expect(users.state.value?.count == 10, "the new source's users")
    }

    @Test("a file that is not JSON (a script, an empty file) is refused beside the field; the old source stays")
    func switchToNonJSONFile() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let script = directory.appendingPathComponent("run.sh")
        try Data("#!/bin/bash\necho hi\n".utf8).write(to: script)
        let empty = directory.appendingPathComponent("empty.json")
        try Data().write(to: empty)
        let spaced = directory.appendingPathComponent("db.json")
        try Data("\u{FEFF}  \n {\"users\": []}".utf8).write(to: spaced)
        #expect(SourceChoice.kind(of: script.path) == .notJSON)
        #expect(SourceChoice.kind(of: empty.path) == .notJSON)
        #expect(SourceChoice.kind(of: spaced.path) == .file, "a BOM and white space may come first")

        let app = makeApp()
        let model = try #require(openPanel(app))
        model.beginSwitch()
        type(script.path, into: model)
        model.submitField()
        #expect(model.field?.error == "Not a JSON file: \(script.path) (a db.json starts with { or [)")
        #expect(app.stack.routes == ["home", "admin"], "the old source's screens stay")
        #expect(app.dependencies.source.descriptor.kind != .file)
    }

    @Test("a switch replaces source and writer together and keeps the factory's settings (read-only)")
    func switchKeepsFactory() throws {
        let factory = SourceFactory(readOnly: true)
        let app = AppCoordinator(dependencies: try factory.dependencies(for: .embedded), onQuit: {})
        app.start()
        try app.switchSource(to: .file(Self.db))
        #expect(app.dependencies.source.descriptor.kind == .file)
        #expect(app.dependencies.writer.access == .denied(reason: "started with --read-only"))
        #expect(app.dependencies.log === factory.log)
        #expect(throws: DataError.invalidURL("http://")) { try app.switchSource(to: .api("http://")) }
        #expect(app.dependencies.source.descriptor.kind == .file, "a failed switch keeps the old source")
    }

    // MARK: - Export

    @Test("export: db.json written and summarised; an existing file is not replaced without asking")
    func export() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("db.json").path
        let model = AdminPanelViewModel(source: StubDataSource())
        model.beginExport(.dbJSON)
        type(path, into: model)
        model.submitField()
        await model.waitForExport()
        #expect(model.field == nil)
        #expect(model.notice == "Exported 3 users, 3 posts, 3 comments to \(path)")
        let written = try JSONDecoder().decode(DataSet.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(written.users == Fixtures.users)

        try Data("keep me".utf8).write(to: URL(fileURLWithPath: path))
        model.beginExport(.postsCSV)
        type(path, into: model)
        model.submitField()
        #expect(model.openQuestion?.message == "\(path) already exists. Replace it with the posts CSV export?")
        #expect(model.openQuestion?.labels == ["Overwrite", "Cancel"])
        #expect(model.openQuestion?.selected == .cancel, "Cancel is the default")
        model.answer(.cancel)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "keep me")
        #expect(model.field?.text == path, "the typed path is kept")
        model.submitField()
        model.select(.overwrite)
        model.answer(.overwrite)
        await model.waitForExport()
        #expect(try String(contentsOfFile: path, encoding: .utf8).hasPrefix("id,userId,title,body\r\n"))
        #expect(model.notice == "Exported 3 posts to \(path)")
    }

    @Test("export errors show beside the field with the path kept: missing directory, a directory, a failing source")
    func exportErrors() async throws {
        let model = AdminPanelViewModel(source: StubDataSource(failure: .timedOut(url: "http://x/users")))
        model.beginExport(.dbJSON)
        model.submitField()
        #expect(model.field?.error == "Type a file path, such as ./db.json")
        type("/nonexistent-dir/db.json", into: model)
        model.submitField()
        #expect(model.field?.error == "No such directory: /nonexistent-dir")
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        type(directory.path, into: model)
        model.submitField()
        #expect(model.field?.error == "\(directory.path) is a directory; type a file name")
        let path = directory.appendingPathComponent("out.json").path
        type(path, into: model)
        model.submitField()
        await model.waitForExport()
        #expect(model.field?.error == "Export failed: No answer from http://x/users in time")
        #expect(model.field?.text == path)
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}
