import BulletinData
import BulletinFeatures
import BulletinTestSupport
import Foundation
import TermView
import Testing

@testable import BulletinUI

/// The Admin panel rendered into the in-memory surface: status at 100x30 and at small sizes,
/// the switch field with its error, the overwrite dialog, and the keys.
@MainActor
@Suite("Admin panel screen")
struct AdminPanelScreenTests {
    static let utc = TimeZone(identifier: "UTC")!

    func trimmed(_ surface: Surface) -> [String] {
        surface.lines.map { line in String(line.reversed().drop(while: { $0 == " " }).reversed()) }
    }

    func render(_ model: AdminPanelViewModel, width: Int, height: Int) -> [String] {
        var surface = Surface(width: width, height: height)
        AdminPanelScreen(model: model).render(in: Rect(x: 0, y: 0, width: width, height: height), on: &surface)
        return trimmed(surface)
    }

    @Test("GitHub's counts: every label in one column wide enough for Repositories, none cut into its value")
    func longLabelsAligned() async {
        let source = StubDataSource(descriptor: SourceDescriptor(kind: .github, location: "http://127.0.0.1:9"),
                                    vocabulary: .github)
        let model = AdminPanelViewModel(source: source, writeAccess: .denied(reason: "the GitHub API is read-only here"),
                                        log: RequestLog(), switchSource: { _ in }, timeZone: Self.utc)
        await model.load()
        let lines = render(model, width: 80, height: 24)
        #expect(lines.contains(" Repositories: —"), "\(lines)")
        #expect(lines.contains(" Users:        3"), "\(lines)")
        #expect(lines.contains(" Source:       GitHub REST API"), "\(lines)")
    }

    func loggedModel() async -> AdminPanelViewModel {
        let log = RequestLog()
        for index in 0..<3 {
            log.record(RequestRecord(date: Date(timeIntervalSince1970: 3600 + Double(index)), method: "GET",
                                     path: "/posts?userId=\(index + 1)", status: .http(200), milliseconds: 10 + index))
        }
        log.record(.badStatus(500, url: "http://127.0.0.1:3000/comments?postId=1", excerpt: ""), at: Date(timeIntervalSince1970: 3700))
        let source = StubDataSource(descriptor: SourceDescriptor(kind: .rest, location: "http://127.0.0.1:3000"))
        let model = AdminPanelViewModel(source: source, writeAccess: .denied(reason: "started with --read-only"),
                                        log: log, switchSource: { _ in }, timeZone: Self.utc)
        await model.load()
        return model
    }

    @Test("at 100x30: source, writes, counts, last load, requests newest first, errors")
    func status() async {
        let lines = await render(loggedModel(), width: 100, height: 28)
        #expect(Array(lines[0...22]) == [
            "",
            " Data source",
            " Source:    REST API (JSONPlaceholder-compatible)",
            " Location:  http://127.0.0.1:3000",
            " Auth:      none",
            " Writes:    off: started with --read-only",
            "",
            " Contents",
            " Users:     3",
            " Posts:     3",
            " Comments:  3",
            " Loaded:    01:00:02, took 12 ms (GET /posts?userId=3)",
            "",
            " Requests (3, newest first)",
            " 01:00:02  GET    200        12 ms  /posts?userId=3",
            " 01:00:01  GET    200        11 ms  /posts?userId=2",
            " 01:00:00  GET    200        10 ms  /posts?userId=1",
            "",
            " Errors (1)",
            " 01:01:40  HTTP 500 from http://127.0.0.1:3000/comments?postId=1",
            "", "", "",
        ])
    }

    /// A panel whose log holds writes (one failed with 500, one with no answer) and a server note.
    func writesModel() async -> AdminPanelViewModel {
        let log = RequestLog()
        let writes: [(String, String, RequestRecord.Status)] = [
            ("POST", "/posts", .http(201)), ("PATCH", "/posts/3", .http(200)),
            ("DELETE", "/posts/7", .http(500)), ("PUT", "/users/2", .failed),
        ]
        for (index, (method, path, status)) in writes.enumerated() {
            log.record(RequestRecord(date: Date(timeIntervalSince1970: 3600 + Double(index)), method: method, path: path,
                                     status: status, milliseconds: 5), isLoad: false)
        }
        log.record(.badStatus(500, url: "http://127.0.0.1:3000/posts/7", excerpt: #"{"error": "boom"}"#), method: "DELETE",
                   at: Date(timeIntervalSince1970: 3602))
        log.record(.transport(url: "http://127.0.0.1:3000/users/2", reason: "connection lost"), method: "PUT",
                   at: Date(timeIntervalSince1970: 3603))
        log.record(note: "The server ignores GET /posts?userId= (it answered posts of other users): posts are read from GET /posts and filtered by userId here.")
        let source = StubDataSource(descriptor: SourceDescriptor(kind: .rest, location: "http://127.0.0.1:3000"))
        let model = AdminPanelViewModel(source: source, writeAccess: .allowed, log: log, timeZone: Self.utc)
        await model.load()
        return model
    }

    @Test("at 80 columns: methods whole (DELETE, PATCH), failed writes under Errors with time, method, status, URL and cause",
          arguments: [80, 120])
    func writesAndErrors(width: Int) async throws {
        let lines = await render(writesModel(), width: width, height: 40)
        let requests = try #require(lines.firstIndex(of: " Requests (4, newest first)"), "\(lines)")
        #expect(Array(lines[(requests + 1)...(requests + 4)]) == [
            " 01:00:03  PUT    failed      5 ms  /users/2",
            " 01:00:02  DELETE 500         5 ms  /posts/7",
            " 01:00:01  PATCH  200         5 ms  /posts/3",
            " 01:00:00  POST   201         5 ms  /posts",
        ])
        let errors = try #require(lines.firstIndex(of: " Errors (2)"), "\(lines)")
        #expect(lines[errors + 1] == " 01:00:03  PUT    Cannot reach http://127.0.0.1:3000/users/2: connection lost")
        #expect(lines[errors + 2].hasPrefix(" 01:00:02  DELETE HTTP 500 from http://127.0.0.1:3000/posts/7:"))
        #expect(words(lines[(errors + 2)...]).hasPrefix(#"01:00:02 DELETE HTTP 500 from http://127.0.0.1:3000/posts/7: {"error": "boom"}"#),
                "the cause is there, wrapped at 80 columns")
        let notes = try #require(lines.firstIndex(of: " Server behaviour"), "\(lines)")
        #expect(lines[notes + 1].hasPrefix(" The server ignores GET /posts?userId= (it answered posts of other users)"))
        #expect(words(lines[(notes + 1)...]).hasPrefix("The server ignores GET /posts?userId= (it answered posts of other users): "
                                                 + "posts are read from GET /posts and filtered by userId here."), "the note wraps, nothing cut")
    }

    @Test("the newest error answer's whole body is under the errors, markup shown as text, at 40, 80 and 120 columns",
          arguments: [40, 80, 120])
    func lastErrorBody(width: Int) async throws {
        let log = RequestLog()
        let page = "<!DOCTYPE HTML>\n<html lang=\"en\">\n<head><title>Error response</title></head>\n<body><p>Error code: 501</p></body>\n</html>"
        log.record(RequestRecord(date: Date(timeIntervalSince1970: 3600), method: "PATCH", path: "/posts/1", status: .http(501),
                                 milliseconds: 5, body: page), isLoad: false)
        log.record(.badStatus(501, url: "http://127.0.0.1:3000/posts/1", excerpt: "Error response"), method: "PATCH",
                   at: Date(timeIntervalSince1970: 3600))
        for path in ["/albums", "/todos"] {   // two newer 404s with the same `{}`: shown once
            log.record(RequestRecord(date: Date(timeIntervalSince1970: 3601), method: "GET", path: path, status: .http(404),
                                     milliseconds: 1, body: "{}"))
        }
        let source = StubDataSource(descriptor: SourceDescriptor(kind: .rest, location: "http://127.0.0.1:3000"))
        let model = AdminPanelViewModel(source: source, writeAccess: .allowed, log: log, timeZone: Self.utc)
        await model.load()
        let lines = render(model, width: width, height: 60)
        #expect(lines.filter { $0.hasPrefix(" Error answer") }.count == 2, "\(lines)")
        #expect(lines.contains(" Error answer (GET 404 /todos), as the server sent it") || width < 60, "\(lines)")
        let heading = try #require(lines.lastIndex { $0.hasPrefix(" Error answer") }, "\(lines)")
        #expect(words(lines[heading...]).hasPrefix("Error answer (PATCH 501 /posts/1), as the server sent it "
                                                   + page.split(whereSeparator: \.isWhitespace).joined(separator: " ")),
                "\(lines)")
        let errors = try #require(lines.firstIndex(of: " Errors (1)"))
        #expect(lines[errors + 1].hasPrefix(" 01:00:00  PATCH  HTTP 501 from") && !lines[errors + 1].contains("<"),
                "the error itself is words: \(lines[errors + 1])")
    }

    @Test("a file's panel says under Housekeeping which temporary files of killed saves opening it removed")
    func leftoversRemovedOnOpen() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bulletin-admin-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("db.json")
        try Data(#"{"users": [{"id": 1, "name": "Ann", "username": "ann"}], "posts": [], "comments": []}"#.utf8).write(to: file)
        let child = try Subprocess.spawn(["true"])
        _ = child.wait()   // reaped: its pid runs nothing now
        try Data(count: 3_000_000).write(to: directory.appendingPathComponent(".db.json.tmp-\(child.pid)-9"))
        let log = RequestLog()
        let model = AdminPanelViewModel(source: FileDataSource(path: file.path, log: log), writeAccess: .allowed,
                                        log: log, timeZone: Self.utc)
        await model.load()
        let lines = render(model, width: 100, height: 40)
        let notes = try #require(lines.firstIndex(of: " Housekeeping"), "\(lines)")
        #expect(words(lines[(notes + 1)...]).hasPrefix(
            "Removed 1 temporary file left beside db.json by saves whose process is gone: .db.json.tmp-\(child.pid)-9 (3.0 MB)."),
            "\(lines)")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent(".db.json.tmp-\(child.pid)-9").path))
    }

    /// The lines' words joined by single spaces (wrapped text read back as one paragraph).
    private func words(_ lines: ArraySlice<String>) -> String {
        lines.joined(separator: " ").split(separator: " ").joined(separator: " ")
    }

    @Test("a long panel scrolls: End shows the errors at the bottom, with the scroll indicator")
    func scrolls() async {
        let model = await loggedModel()
        let screen = AdminPanelScreen(model: model)
        _ = render(model, width: 60, height: 10)
        #expect(screen.handle(.end, in: Rect(x: 0, y: 0, width: 60, height: 10)))
        let lines = render(model, width: 60, height: 10)
        #expect(model.scrollOffset > 0)
        #expect(lines[8].hasPrefix(" 01:01:40  HTTP 500 from"), "\(lines)")
        #expect(lines[9].hasPrefix(" http://127.0.0.1:3000/comments?postId=1"), "the last line, wrapped")
        #expect(lines.contains { $0.hasSuffix("┃") })
        let offset = model.scrollOffset
        #expect(screen.handle(.mouse(MouseEvent(.wheelUp, at: Point(x: 5, y: 5))), in: Rect(x: 0, y: 0, width: 60, height: 10)))
        #expect(model.scrollOffset == offset - MouseEvent.wheelStep, "the wheel scrolls the panel")
    }

    @Test("the switch field shows the typed text and its error below; keys go to the field, not to q or :")
    func switchField() throws {
        let harness = ScreenHostTests().makeHarness()
        harness.press(.down, .down, .down, .enter)
        harness.press(.character("s"), width: 50, height: 12)
        // An absolute path, so the error's length does not depend on where the checkout lives.
        for character in "/q:/nope" { harness.press(.character(character), width: 50, height: 12) }
        harness.press(.enter, width: 50, height: 12)
        let lines = trimmed(harness.frame(width: 50, height: 12))
        #expect(harness.quits.count == 0)
        let row = try #require(lines.firstIndex(of: " Switch to: /q:/nope"), "\(lines)")
        #expect(lines[row + 1].hasPrefix(" ✗ No such file: "), "\(lines)")
        #expect(lines[row...].joined().contains("/q:/nope"), "the error names the path, wrapped if need be")
        #expect(lines[11].hasPrefix(" ⏎ switch  Esc cancel"))
        harness.press(.escape, width: 50, height: 12)
        #expect(harness.app.stack.routes == ["home", "admin"], "Esc closed the field, not the panel")
        #expect(trimmed(harness.frame(width: 80, height: 12))[11].hasPrefix(" ↑↓ scroll  r reload  s switch source"))
    }

    @Test("a long path in the switch field scrolls with the cursor; ← then typing inserts where the cursor is, the view stays put")
    func longFieldEditing() throws {
        let harness = ScreenHostTests().makeHarness()
        harness.press(.down, .down, .down, .enter)
        harness.press(.character("s"), width: 40, height: 12)
        let path = "/srv/data/bulletin/exports/db.json"
        for character in path { harness.press(.character(character), width: 40, height: 12) }
        var surface = harness.frame(width: 40, height: 12)
        var lines = trimmed(surface)
        let row = try #require(lines.firstIndex { $0.hasPrefix(" Switch to: ") }, "\(lines)")
        #expect(lines[row] == " Switch to: " + path.suffix(26), "26 columns of text and the cursor in the 27-column field")
        #expect(surface.cursor == Point(x: 38, y: row))
        for _ in 0..<8 { harness.press(.left, width: 40, height: 12) }
        harness.press(.character("2"), width: 40, height: 12)
        surface = harness.frame(width: 40, height: 12)
        lines = trimmed(surface)
        guard let model = harness.app.stack.top?.destination as? AdminPanelViewModel else { Issue.record("no panel"); return }
        #expect(model.field?.text == "/srv/data/bulletin/exports2/db.json")
        #expect(lines[row] == " Switch to: " + "/srv/data/bulletin/exports2/db.json".dropFirst(8).prefix(27),
                "the window did not move: the text after the cursor shifts right and is cut at the field's end")
        #expect(surface.cursor == Point(x: 31, y: row), "one column right of where ← left it")
    }

    @Test("small terminals: 20x5 shows the top of the panel; the field keeps its row at 30x6")
    func smallSizes() async throws {
        let harness = ScreenHostTests().makeHarness()
        harness.press(.down, .down, .down, .enter)
        await harness.settle()
        let tiny = trimmed(harness.frame(width: 20, height: 5))
        #expect(tiny[1].hasPrefix(" Data source"), "\(tiny)")
        #expect(tiny[2].hasPrefix(" Source:"))
        harness.press(.character("s"), width: 30, height: 6)
        harness.press(.character("x"), .enter, width: 30, height: 6)
        let small = trimmed(harness.frame(width: 30, height: 6))
        let row = try #require(small.firstIndex(of: " Switch to: x"), "\(small)")
        #expect(row >= 1 && row <= 3, "the field keeps a row in the 4-row body")
        #expect(small[row + 1].hasPrefix(" ✗ No such file"))
        let tinyField = trimmed(harness.frame(width: 20, height: 5))
        #expect(tinyField.contains { $0.hasPrefix(" Switch to: x") }, "\(tinyField)")
    }

    @Test("an existing export target asks in a dialog; Enter on the default keeps the file")
    func overwriteDialog() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("bulletin-\(UUID().uuidString).json")
        try Data("old".utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let harness = ScreenHostTests().makeHarness()
        harness.press(.down, .down, .down, .enter, .character("e"), width: 70, height: 16)
        for character in url.path { harness.press(.character(character), width: 70, height: 16) }
        harness.press(.enter, width: 70, height: 16)
        let lines = trimmed(harness.frame(width: 70, height: 16))
        #expect(lines.contains { $0.contains("┌─ Overwrite? ─") }, "\(lines)")
        #expect(lines.contains { $0.contains("[ Overwrite ]  [ Cancel ]") })
        #expect(lines[15].hasPrefix(" ←→ choose  ⏎ confirm  Esc cancel"))
        harness.press(.enter, width: 70, height: 16)
        #expect(try String(contentsOf: url, encoding: .utf8) == "old")
        #expect(!trimmed(harness.frame(width: 70, height: 16)).contains { $0.contains("Overwrite?") })
    }
}
