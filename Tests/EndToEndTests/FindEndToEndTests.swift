import BulletinTestSupport
import Foundation
import Testing

/// Filter, sort and jump on the Users and Posts lists of the real binary in tmux (100x30), on
/// the embedded data set (issue 7).
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
    func users() throws {
        let session = try TmuxSession(command: [BulletinBinary.path])
        defer { session.close() }
        try session.waitFor("Welcome to Bulletin")
        session.send("Enter")
        var screen = try session.waitFor("Margaret Okafor")
        #expect(screen.contains("/ filter  s sort  n next"), "key hints")
        session.type("/")
        try session.waitFor("⏎ keep  Esc clear")
        session.type("meridian")
        screen = try session.waitFor("3 of 10")
        #expect(screen.contains("/meridian▏"))
        #expect(screen.contains("Priya Raghunathan") && screen.contains("Amara Nwosu-Bell"))
        #expect(!screen.contains("Zoë Ångström"), "rows that do not match are hidden")
        let marked = session.captureWithAttributes().first { $0.contains("Priya") } ?? ""
        #expect(marked.contains("mMeridian"), "the match starts a new attribute run (highlighted): \(marked)")
        session.send("Enter")
        screen = try session.waitFor("/meridian  3 of 10")
        #expect(screen.contains("↑↓ move"), "back to the list's hints")
        session.send("Down")
        session.send("Enter")
        screen = try session.waitFor("Home › Users › Priya Raghunathan")
        #expect(screen.contains("Posts ("))
        session.send("Escape")
        screen = try session.waitFor("/meridian  3 of 10")
        #expect(!screen.contains("Zoë Ångström"), "the filter is still there after coming back")
        session.send("Escape")
        screen = try session.waitFor("Zoë Ångström")
        #expect(screen.contains("10 users") && !screen.contains("of 10"), "Esc clears the filter")
        session.type("s")
        try session.waitFor("ID ▲")
        session.type("s")
        screen = try session.waitFor("Name ▲")
        let lines = screen.components(separatedBy: "\n")
        let header = try #require(lines.firstIndex { $0.contains("Name ▲") })
        #expect(lines[header + 1].contains("Amara Nwosu-Bell"), "sorted by name: \(lines[header + 1])")
        session.type(":3")
        session.send("Enter")
        session.send("Enter")
        try session.waitFor("Home › Users › José Núñez")
        session.send("Escape")
        try session.waitFor("Name ▲")
        session.type("12")
        try session.waitFor("go to 12")
        session.send("Enter")
        try session.waitFor("no user 12 in this list")
        session.type("q")
        #expect(try session.waitForExit() == 0)
        #expect(session.sttyAfter == session.sttyBefore)
    }

    @Test("Posts: / narrows, Enter keeps it, a post opens and Back finds the filter, Esc clears; S ▲▼; :42 jumps")
    func posts() throws {
        let titles = try Self.postTitles()
        let gentle = titles.filter { $0.value.lowercased().contains("gentle") }.sorted { Int($0.key)! < Int($1.key)! }
        let first = try #require(gentle.first)
        let session = try TmuxSession(command: [BulletinBinary.path])
        defer { session.close() }
        try session.waitFor("Welcome to Bulletin")
        session.send("Down")
        session.send("Enter")
        try session.waitFor("100 posts")
        session.type("/gentle")
        var screen = try session.waitFor("\(gentle.count) of 100")
        #expect(!screen.contains("What the market taught me"), "non-matching posts are hidden")
        #expect(screen.contains(first.value))
        session.send("Enter")
        try session.waitFor("/gentle  \(gentle.count) of 100")
        session.send("Enter")
        screen = try session.waitFor("Comments (")
        #expect(screen.contains("posts/\(first.key)"))
        session.send("Escape")
        screen = try session.waitFor("/gentle  \(gentle.count) of 100")
        #expect(!screen.contains("What the market taught me"))
        session.send("Escape")
        try session.waitFor("100 posts")
        try session.waitFor("What the market taught me")
        session.type("S")
        try session.waitFor("ID ▲")
        session.type("S")
        try session.waitFor("ID ▼")
        #expect(row(try session.waitFor("ID ▼"), containing: first.value).contains(" \(first.key) "),
                "the selected post (the first match, kept since the filter) stays selected, scrolled into view")
        session.send("Home")
        screen = try session.waitFor(try #require(titles["100"]))
        let lines = screen.components(separatedBy: "\n")
        let header = try #require(lines.firstIndex { $0.contains("ID ▼") })
        #expect(lines[header + 1].hasPrefix(" 100 ") && lines[header + 2].hasPrefix("  99 "), "descending ids")
        session.type(":42")
        session.send("Enter")
        session.send("Enter")
        screen = try session.waitFor("Comments (")
        #expect(screen.contains("posts/42"))
        session.type("q")
        #expect(try session.waitForExit() == 0)
        #expect(session.sttyAfter == session.sttyBefore)
    }
}
