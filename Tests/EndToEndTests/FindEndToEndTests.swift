import BulletinTestSupport
import Foundation
import Testing

/// Filter, sort and jump on the Users and Posts lists of the real binary in tmux (100x30), on
/// the embedded data set and on a paged DummyJSON loopback server (issue 7).
@Suite("End to end: finding in lists in tmux", .serialized)
struct FindEndToEndTests {
    /// The embedded data set's post titles by id.
    static func postTitles() throws -> [String: String] {
        let data = try Data(contentsOf: BrowseEndToEndTests.embeddedFile)
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        let posts = try #require(object?["posts"] as? [[String: Any]])
        return Dictionary(uniqueKeysWithValues: posts.compactMap { post in
            (post["title"] as? String).map { ("\(post["id"] ?? "")", $0) }
        })
    }

    /// The screen row (as captured) that contains `text`, or `""`.
    func row(_ screen: String, containing text: String) -> String {
        screen.components(separatedBy: "\n").first { $0.contains(text) } ?? ""
    }

    @Test("Users: / narrows with a count, Enter keeps it, a user opens and Back finds the filter, Esc clears; s ▲; :3 and digits jump")
    func users() async throws {
        let session = try await TmuxSession.bulletin()
        defer { session.close() }
        session.send("Enter")
        // With its key hints (`n next` waits for a filter to have been typed).
        var screen = try await session.appears(all: ["Margaret Okafor", "/ filter  s sort  a/e/d/u edit"])
        #expect(!screen.contains("n next"), "\(screen)")
        session.type("/")
        try await session.appears("⏎ keep  Esc clear")
        session.type("meridian")
        screen = try await session.appears(all: ["3 of 10", "/meridian▏", "Priya Raghunathan", "Amara Nwosu-Bell"])
        #expect(!screen.contains("Zoë Ångström"), "rows that do not match are hidden")
        let marked = session.captureWithAttributes().first { $0.contains("Priya") } ?? ""
        #expect(marked.contains("mMeridian"), "the match starts a new attribute run (highlighted): \(marked)")
        session.send("Enter")
        screen = try await session.appears(all: ["/meridian  3 of 10", "↑↓ move"])  // back to the list's hints
        session.send("Down")
        screen = try await session.press("Enter", until: "Home › Users › Priya Raghunathan", "Posts (")
        screen = try await session.press("Escape", until: "/meridian  3 of 10")
        #expect(!screen.contains("Zoë Ångström"), "the filter is still there after coming back")
        screen = try await session.press("Escape", until: "Zoë Ångström", "10 users", "s sort  n next")
        #expect(!screen.contains("of 10"), "Esc clears the filter (and n finds its text again)")
        session.type("s")
        try await session.appears("▲ ID")
        session.type("s")
        screen = try await session.appears(all: ["Name ▲", "Amara Nwosu-Bell"])
        let lines = screen.components(separatedBy: "\n")
        let header = try #require(lines.firstIndex { $0.contains("Name ▲") })
        #expect(lines[header + 1].contains("Amara Nwosu-Bell"), "sorted by name: \(lines[header + 1])")
        session.type(":3")
        session.send("Enter")
        try await session.press("Enter", until: "Home › Users › José Núñez")
        try await session.press("Escape", until: "Name ▲")
        session.type("12")
        try await session.appears(":12▏")
        try await session.press("Enter", until: "no user 12 in this list")
        try await session.quit()
    }

    @Test("a digit starts the jump as :2 in the prompt line, and a : after it opens the command prompt: nothing is swallowed")
    func digitsThenCommand() async throws {
        let session = try await TmuxSession.bulletin(environment: ["BROWSER": "false"])
        defer { session.close() }
        try await session.press("Enter", until: "Margaret Okafor", "10 users")
        session.type("2")
        try await session.appears(all: [":2▏", "⏎ go  Esc cancel"])
        session.type(":open users/5")
        try await session.appears(":open users/5▏")
        let screen = try await session.press("Enter", until: "users/5", "Posts (")
        #expect(!screen.contains("Opened"), "no key went to o: \(screen)")
        let list = try await session.press("Escape", until: "10 users")
        #expect(!list.contains("/5") && !list.contains("▲"), "the list was neither filtered nor sorted: \(list)")
        try await session.quit()
    }

    @Test("--dummyjson (paged REST): the filter covers the users loaded so far and loads no pages; cleared, paging goes on; :104 jumps",
          SharedData.needed)
    func pagedUsers() async throws {
        let server = try LoopbackServer.startDummyJSON()
        defer { server.stop() }
        let session = try await TmuxSession.bulletin(["--dummyjson", server.baseURL.absoluteString])
        defer { session.close() }
        try await session.press("Enter", until: "100 users so far")
        session.type("/johnson")
        var screen = try await session.appears(all: ["2 of 100", "Emily Johnson"])
        #expect(!screen.contains("Loading more"))
        session.send("Enter")
        session.send("End")
        try await Task.sleep(for: .seconds(1))
        screen = try await session.appears("/johnson  2 of 100")
        #expect(!screen.contains("Loading more"), "no page is asked for while filtering what is loaded")
        try await session.press("Escape", until: "100 users so far")
        try await session.press("End", until: "208 users")  // one End loads every page (issue 24)
        session.type("/johnson")
        try await session.appears("3 of 208")
        try await session.press("Escape", until: "208 users")
        session.type(":104")
        session.send("Enter")
        try await session.press("Enter", until: "Home › Users › \(try Self.dummyJSONName(104))")
        try await session.quit()
    }

    /// The name Bulletin shows for DummyJSON user `id` (first and last name).
    static func dummyJSONName(_ id: Int) throws -> String {
        let data = try Data(contentsOf: SharedData.data("dummyjson/users.json"))
        let object = try JSONSerialization.jsonObject(with: data)
        let users = try #require(object as? [[String: Any]] ?? (object as? [String: Any])?["users"] as? [[String: Any]])
        let user = try #require(users.first { ($0["id"] as? Int) == id })
        return "\(user["firstName"] ?? "") \(user["lastName"] ?? "")"
    }

    /// The parameters of the SGR sequences written right before the first `text` in `row`
    /// (`["1", "4", "38", "5", "213"]`), or `nil` when none is.
    func attributes(before text: String, in row: String) -> [String]? {
        guard let range = row.range(of: text) else { return nil }
        var head = row[..<range.lowerBound]
        var parameters: [String] = []
        while head.hasSuffix("m"), let start = head.range(of: "\u{1B}[", options: .backwards) {
            parameters = head[start.upperBound..<head.index(before: head.endIndex)].split(separator: ";").map(String.init)
                + parameters
            head = head[..<start.lowerBound]
        }
        return parameters.isEmpty ? nil : parameters
    }

    @Test("matches are underlined in monochrome (NO_COLOR) and coloured with 256 colours, in the selected row too",
          arguments: [("1", ["4"], ["1", "4"], "\u{1B}[0;7m"), ("", ["38", "5", "213"], ["48", "5", "220"], "48;5;39")])
    func highlightAttributes(noColor: String, plain: [String], selected: [String], selection: String) async throws {
        let session = try await TmuxSession.bulletin(environment: ["NO_COLOR": noColor])
        defer { session.close() }
        try await session.press("Enter", until: "Margaret Okafor")
        session.type("/meridian")
        try await session.appears("3 of 10")
        let rows = session.captureWithAttributes()
        let priya = rows.first { $0.contains("Priya") } ?? ""
        let other = try #require(attributes(before: "Meridian", in: priya), "\(priya.debugDescription)")
        let margaret = rows.first { $0.contains("Margaret") } ?? ""
        let chosen = try #require(attributes(before: "Meridian", in: margaret), "\(margaret.debugDescription)")
        #expect(plain.allSatisfy(other.contains), "\(other)")
        #expect(selected.allSatisfy(chosen.contains), "\(margaret.debugDescription)")
        #expect(margaret.prefix(30).contains(selection), "the row is still drawn as selected: \(margaret.debugDescription)")
        #expect(!(attributes(before: "   7 Priya", in: priya) ?? []).contains("4"), "the rest of the row is not underlined")
        try await session.press("Enter", until: "/meridian  3 of 10")
        session.type("q")
        _ = try await session.exits()
    }

    @Test("Posts: / narrows, Enter keeps it, a post opens and Back finds the filter, Esc clears; S ▲▼; :42 jumps")
    func posts() async throws {
        let titles = try Self.postTitles()
        let gentle = titles.filter { $0.value.lowercased().contains("gentle") }.sorted { Int($0.key)! < Int($1.key)! }
        let first = try #require(gentle.first)
        let session = try await TmuxSession.bulletin()
        defer { session.close() }
        session.send("Down")
        try await session.press("Enter", until: "100 posts")
        session.type("/gentle")
        var screen = try await session.appears(all: ["\(gentle.count) of 100", first.value])
        #expect(!screen.contains("What the market taught me"), "non-matching posts are hidden")
        try await session.press("Enter", until: "/gentle  \(gentle.count) of 100")
        screen = try await session.press("Enter", until: "Comments (", "posts/\(first.key)")
        screen = try await session.press("Escape", until: "/gentle  \(gentle.count) of 100")
        #expect(!screen.contains("What the market taught me"))
        try await session.press("Escape", until: "100 posts")
        try await session.appears("What the market taught me")
        session.type("S")
        try await session.appears("▲ ID")
        session.type("S")
        screen = try await session.appears(all: ["▼ ID", first.value])
        #expect(row(screen, containing: first.value).contains(" \(first.key) "),
                "the selected post (the first match, kept since the filter) stays selected, scrolled into view")
        screen = try await session.press("Home", until: "▼ ID", try #require(titles["100"]), try #require(titles["99"]))
        let lines = screen.components(separatedBy: "\n")
        let header = try #require(lines.firstIndex { $0.contains("▼ ID") })
        #expect(lines[header + 1].hasPrefix("  100 ") && lines[header + 2].hasPrefix("   99 "), "descending ids")
        session.type(":42")
        session.send("Enter")
        screen = try await session.press("Enter", until: "Comments (", "posts/42")
        try await session.quit()
    }
}
