import BulletinTestSupport
import Foundation
import Testing

/// Loopback-server habits of issue 22 (items 3, 5, 11, 12, 13) through the real binary in tmux:
/// a write redirected to another origin, a `Link: next` loop, huge headers, a trickle and a
/// server without `GET /todos/{id}`; where a write is involved, the server's stored records are
/// checked member by member.
@Suite("End to end: other servers' habits (issue 22)", .serialized)
struct ServerHabitsEndToEndTests {
    typealias Journey = RESTEditJourneyEndToEndTests
    static let data = SharedData.data("jsonplaceholder").path

    /// Collection `name` as the server stores it now (`GET /__control/db`).
    func stored(_ server: LoopbackServer, _ name: String) async throws -> [[String: Any]] {
        let object = try JSONSerialization.jsonObject(with: try await server.storedCollections()) as? [String: Any]
        return object?[name] as? [[String: Any]] ?? []
    }

    /// Whether two stored records hold the same members with the same JSON values (compared as
    /// JSON text with sorted keys, so a Bool is never taken for a number).
    func same(_ a: [String: Any], _ b: [String: Any]) throws -> Bool {
        try JSONSerialization.data(withJSONObject: a, options: .sortedKeys) == JSONSerialization.data(withJSONObject: b, options: .sortedKeys)
    }

    /// The words inside a dialog's frame (`│ … │` on each line), joined with single spaces.
    func dialogText(_ screen: String) -> String {
        screen.components(separatedBy: "\n").compactMap { line -> String? in
            guard let first = line.firstIndex(of: "│"), let last = line.lastIndex(of: "│"), first < last else { return nil }
            return String(line[line.index(after: first)..<last]).trimmingCharacters(in: .whitespaces)
        }.filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// A scratch copy of `text` as a db.json; the caller removes it.
    func scratch(_ text: String) throws -> URL {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("bulletin-e2e-habits-\(UUID().uuidString.prefix(8)).json")
        try Data(text.utf8).write(to: file)
        return file
    }

    // MARK: - Issue 24, item 11: an HTML error page in the dialog

    @Test("a save refused with 501 and Python's HTML error page: the dialog says it in words, no markup; post 1 unchanged")
    func htmlErrorPage() async throws {
        let file = try scratch(Journey.database)
        defer { try? FileManager.default.removeItem(at: file) }
        let server = try LoopbackServer.start(arguments: ["--db", file.path])
        defer { server.stop() }
        let page = ErrorPages.python501
        try await server.inject(Fault(path: "/posts/1", status: 501, headers: ["Content-Type": "text/html"], body: page))
        let before = try await stored(server, "posts")
        let session = try await TmuxSession.bulletin(["--api", server.baseURL.absoluteString], open: "users/1", width: 120,
                                                     showing: "Leanne Graham", "Posts (", "sunt aut facere")
        defer { session.close() }
        session.send("Home")
        try await session.press("e", until: "Edit post 1", "sunt aut facere")
        session.send("C-u")
        session.type("refused title")
        let refused = try await session.press("C-s", until: "Could not save", "Everything you typed is kept")
        let words = dialogText(refused)
        #expect(words.contains("HTTP 501 from \(server.baseURL.absoluteString)/posts/1: Error response"), "\(words)")
        for markup in ["<", "DOCTYPE", "meta", "charset"] { #expect(!refused.contains(markup), "\(markup): \(refused)") }
        try await session.press("Escape", until: "refused title")
        try await session.press("Escape", until: "Discard changes?")
        try await session.press("Right", "Enter", until: "sunt aut facere")
        // The whole page stays in the Admin panel's request log, markup and all, as text.
        session.send(":")
        session.send("-l", "admin")
        try await session.press("Enter", until: "Data source", "Requests (")
        try await session.press("End", until: "Error answer (P", "<title>Error response</title>", "Error code: 501")
        try await session.quit()
        let after = try await stored(server, "posts")
        #expect(try zip(before, after).allSatisfy { try same($0, $1) } && before.count == after.count, "nothing written")
    }

    // MARK: - 3. A write redirected to another origin

    @Test("e, new title, Ctrl-S on a server that redirects writes to 127.0.0.2 with 307/308: refused on screen, nothing reaches 127.0.0.2, post 1 unchanged",
          arguments: [307, 308])
    func redirectElsewhere(status: Int) async throws {
        let file = try scratch(Journey.database)
        defer { try? FileManager.default.removeItem(at: file) }
        let otherFile = try scratch(Journey.database)
        defer { try? FileManager.default.removeItem(at: otherFile) }
        let other = try LoopbackServer.start(arguments: ["--db", otherFile.path, "--host", "127.0.0.2"])
        defer { other.stop() }
        let server = try LoopbackServer.start(arguments: ["--db", file.path, "--behave", "redirect-writes-elsewhere-\(status)",
                                                          "--redirect-base", other.baseURL.absoluteString])
        defer { server.stop() }
        let before = try await stored(server, "posts")
        let otherBefore = try await stored(other, "posts")
        let storeText = try await server.storedCollections()  // the whole store's text, numbers as written (`1.0`)

        let session = try await TmuxSession.bulletin(["--api", server.baseURL.absoluteString], open: "users/1", width: 160,
                                                     showing: "Leanne Graham", "Posts (2)", "sunt aut facere")
        defer { session.close() }
        session.send("Home")
        try await session.press("e", until: "Edit post 1", "sunt aut facere", "quia et suscipit")
        session.send("C-u")   // the form opens on the title (issue 24, item 10)
        session.type("sent elsewhere?")
        let refused = try await session.press("C-s", until: "Could not save", "Everything you typed is kept")
        let words = server.baseURL.absoluteString + "/posts/1 answered PATCH with a \(status) redirect to another server; "
            + "not followed, so the change was not sent there."
        #expect(dialogText(refused).hasPrefix(words), "\(dialogText(refused))")
        #expect(!refused.contains("Saved post 1"), "\(refused)")
        try await session.press("Escape", until: "sent elsewhere?")  // keep editing: what was typed is kept
        try await session.press("Escape", until: "Discard changes?")
        try await session.press("Right", "Enter", until: "Posts (2)", "sunt aut facere")
        try await session.quit()

        #expect(try await other.requests().isEmpty, "nothing reached 127.0.0.2")
        let otherAfter = try await stored(other, "posts")
        #expect(otherAfter.count == otherBefore.count)
        #expect(try zip(otherBefore, otherAfter).allSatisfy { try same($0, $1) }, "127.0.0.2's store unchanged")
        let after = try await stored(server, "posts")
        #expect(after.count == before.count)
        for (was, now) in zip(before, after) {
            #expect(try same(now, was), "every member as before: \(now) vs \(was)")
        }
        #expect(try await server.storedCollections() == storeText, "the store's text unchanged, byte for byte")
        let writes = try await server.requests().filter { $0.method != "GET" }.map(\.method)
        #expect(writes == ["PATCH"], "the one write tried, answered with the redirect: \(writes)")
    }

    // MARK: - 5. A Link: next loop

    @Test("Link: next leading back to a page already read (itself, or a loop of two): each user once, and the status line says it stopped",
          SharedData.needed, arguments: ["self-link", "link-loop"])
    func linkLoop(behave: String) async throws {
        let server = try LoopbackServer.start(arguments: ["--dir", Self.data, "--behave", behave])
        defer { server.stop() }
        let names = try (JSONSerialization.jsonObject(with: Data(contentsOf: SharedData.data("jsonplaceholder/users.json"))) as? [[String: Any]] ?? [])
            .compactMap { $0["name"] as? String }
        #expect(Set(names).count == 10)
        let session = try await TmuxSession.bulletin(["--api", server.baseURL.absoluteString], width: 250)
        defer { session.close() }
        let screen = try await session.press("Enter", until: "\(Set(names).count) users", "already read; stopped there")
        for name in Set(names) {
            #expect(screen.components(separatedBy: name).count == 2, "\(name) shown once: \(screen)")
        }
        #expect(screen.contains("only part read: users"), "\(screen)")
        try await session.quit()
    }

    // MARK: - 12. Huge headers

    @Test("headers over the limit (one 200 KB line, or 2,000 lines): the error names the limit",
          SharedData.needed, arguments: ["huge-header", "huge-headers"])
    func hugeHeaders(behave: String) async throws {
        let server = try LoopbackServer.start(arguments: ["--dir", Self.data, "--behave", behave])
        defer { server.stop() }
        let session = try await TmuxSession.bulletin(["--api", server.baseURL.absoluteString], width: 200)
        defer { session.close() }
        let url = server.baseURL.absoluteString + "/users"
        let screen = try await session.press("Enter", until: "The server's headers from \(url) were larger than the limit of 100 KB")
        #expect(!screen.contains("out of memory") && !screen.contains("connection lost"), "\(screen)")
        try await session.quit()
    }

    // MARK: - 11. A trickle

    @Test("a server trickling a byte a second, --timeout 2: too slow on screen, within the timeout and a margin", SharedData.needed)
    func trickle() async throws {
        let server = try LoopbackServer.start(arguments: ["--dir", Self.data, "--behave", "trickle"])
        defer { server.stop() }
        let session = try await TmuxSession.bulletin(["--api", server.baseURL.absoluteString, "--timeout", "2"], width: 200)
        defer { session.close() }
        let url = server.baseURL.absoluteString + "/users"
        let started = ContinuousClock.now
        session.send("Enter")
        let screen = try await session.waitForAll(["The answer from \(url) was too slow:", "in 2 s (--timeout); stopped there"], timeout: 10)
        let elapsed = ContinuousClock.now - started
        // --timeout plus 1 s, and 1.5 s for tmux's captures and a loaded machine.
        #expect(elapsed < .milliseconds(4500), "\(elapsed)")
        #expect(!screen.contains("No answer"), "\(screen)")
        try await session.quit()
    }

    // MARK: - 13. Todos without GET by id

    @Test("no GET /todos/{id}: Space on todo 1 saves, the status line says done without an unchecked note, and the stored todo has only completed flipped")
    func todoWithoutGetByID() async throws {
        let file = try scratch("""
            {"users": [{"id": 1, "name": "Leanne Graham", "username": "Bret"}],
             "posts": [{"userId": 1, "id": 1, "title": "sunt aut facere", "body": "quia et suscipit"}],
             "albums": [{"userId": 1, "id": 1, "title": "quidem molestiae enim"}],
             "comments": [],
             "todos": [{"userId": 1, "id": 1, "title": "delectus aut autem", "completed": false, "due": "2026-12-01", "weight": 1.0},
                       {"userId": 1, "id": 2, "title": "quis ut nam", "completed": false}]}
            """)
        defer { try? FileManager.default.removeItem(at: file) }
        let server = try LoopbackServer.start(db: file, behaviours: ["no-get-by-id"])
        defer { server.stop() }
        let before = try await stored(server, "todos")

        let session = try await TmuxSession.bulletin(["--api", server.baseURL.absoluteString], open: "users/1", width: 160,
                                                     showing: "Leanne Graham", "Todos (2)")
        defer { session.close() }
        try await session.press("3", until: "1 ☐      delectus aut autem", "Space toggle")
        let done = try await session.press("Space", until: "1 ✓      delectus aut autem", "Todo 1 done")
        #expect(!done.contains("could not be checked") && !done.contains("Not saved"), "\(done)")
        // The toggle's message, then the list's summary: no note between them.
        #expect(Journey().statusLine(done, "Todo 1 done").hasSuffix("Todo 1 done · Todos (2)"), "no note after it: \(done)")
        try await session.quit()

        let after = try await stored(server, "todos")
        #expect(after.count == 2)
        var expected = try #require(before.first)
        #expect(expected["completed"] as? Bool == false)
        expected["completed"] = true
        #expect(try same(after.first ?? [:], expected), "only completed flipped: \(after)")
        #expect(Set((after.first ?? [:]).keys) == ["userId", "id", "title", "completed", "due", "weight"])
        #expect(try same(after.last ?? [:], before.last ?? [:]), "todo 2 untouched")
        let log = try await server.requests().map { "\($0.method) \($0.path)" }
        #expect(log.filter { !$0.hasPrefix("GET") } == ["PATCH /todos/1"], "\(log)")
        // The read-back: GET by id is refused, so the list is read (as the post writer does).
        let afterPatch = Array(log.drop { $0 != "PATCH /todos/1" }.dropFirst())
        #expect(afterPatch.prefix(2) == ["GET /todos/1", "GET /todos"], "\(log)")
    }
}
