import BulletinTestSupport
import Foundation
import Testing

/// Issue 24 in the real binary inside tmux: the find prompt with `n` / `N` on a long post with
/// long comments (item 2), `g` / `G` on it (item 3), `Y` copying a record as JSON through OSC 52
/// into a tmux paste buffer (item 9), and at 40x12 a form's body and the raw view wrapping at
/// spaces, the raw view under its own indent (item 14).
@Suite("End to end: find in text, movement, copy as JSON, narrow wrapping", .serialized)
struct TextViewEndToEndTests {
    static let body = "reprehenderit molestiae ut ut quas totam nostrum rerum est autem sunt rem eveniet architecto"
    static var user: [String: Any] { ["id": 1, "name": "Ada Quay", "username": "ada", "email": "ada@example.org"] }

    /// A db.json with one user, a long post (the word "beacon" early and late) and long comments.
    static func writeDB(in directory: URL) throws -> URL {
        let filler = (1...30).map { "Paragraph \($0) says nothing much at all." }.joined(separator: "\n")
        let comments: [[String: Any]] = (1...6).map { number in
            ["postId": 1, "id": number, "name": "Comment \(number)", "email": "c\(number)@example.org",
             "body": (1...8).map { "Comment \(number) line \($0)" }.joined(separator: "\n")
                + (number == 6 ? "\nThe last beacon, in comment six." : "")]
        }
        let db: [String: Any] = [
            "users": [user],
            "posts": [["userId": 1, "id": 1, "title": "Harbour beacon", "body": filler + "\nA beacon in the middle.\n" + filler],
                      ["userId": 1, "id": 2, "title": "Short", "body": body]],
            "comments": comments,
        ]
        let url = directory.appendingPathComponent("db.json")
        try JSONSerialization.data(withJSONObject: db).write(to: url)
        return url
    }

    @Test("/ on a long post: typed text never reaches other keys, matches are counted, n and N scroll to each, Esc clears")
    func findOnPost() async throws {
        let directory = try TmuxSession.scratchDirectory("bulletin-find-text")
        defer { try? FileManager.default.removeItem(at: directory) }
        let db = try Self.writeDB(in: directory)
        let session = try await TmuxSession.bulletin(["--data", db.path], open: "users/1/posts/1", width: 80, height: 24,
                                                     showing: "Harbour beacon", "Comments (6)")
        defer { session.close() }
        try await session.press("/", "abc", until: "/abc▏", "no matches")
        #expect(!session.capture().contains("New comment"), "a opened no form")
        try await session.press("Escape", until: "Esc back")
        try await session.press("/", "beacon", until: "/beacon▏", "1 of 3")
        try await session.press("Enter", until: "1 of 3  /beacon")
        try await session.press("n", until: "2 of 3  /beacon", "A beacon in the middle.")
        #expect(!session.capture().contains("Harbour beacon"), "scrolled away from the title")
        try await session.press("n", until: "3 of 3  /beacon", "The last beacon, in comment six.")
        try await session.press("n", until: "1 of 3  /beacon", "Harbour beacon")
        try await session.press("N", until: "3 of 3  /beacon", "The last beacon, in comment six.")
        try await session.press("g", until: "Harbour beacon")
        try await session.press("G", until: "Comment 6 line 8")
        // Once the find is cleared, Esc goes back again, and the footer says so.
        let cleared = try await session.press("Escape", until: "Esc back", "Comments (6)")
        #expect(!cleared.contains("/beacon"), "Esc cleared the find")
        try await session.press("Escape", until: "Ada Quay", "Posts (2)")
        try await session.quit()
    }

    @Test("Y on Users with tmux's set-clipboard on puts the user's whole record as JSON in a tmux buffer")
    func copyJSON() async throws {
        let directory = try TmuxSession.scratchDirectory("bulletin-copy-json")
        defer { try? FileManager.default.removeItem(at: directory) }
        let db = try Self.writeDB(in: directory)
        let session = try TmuxSession(command: [BulletinBinary.path, "--data", db.path, "open", "users"], width: 120, height: 24)
        defer { session.close() }
        _ = session.command(["set-option", "-s", "set-clipboard", "on"])
        _ = try await session.waitForAll(["Ada Quay", "1 user"])
        try await session.press("Y", until: "Copied user 1 as JSON (", "to the terminal's clipboard")
        let buffer = session.command(["show-buffer"])
        #expect(buffer.contains("\n"), "the line breaks are kept: \(buffer)")
        let copied = try JSONSerialization.jsonObject(with: Data(buffer.utf8)) as? NSDictionary
        #expect(copied == Self.user as NSDictionary, "\(buffer)")
        try await session.quit()
    }

    @Test("at 40x12 a form's body is as wide as the terminal allows and wraps at spaces; the raw view wraps under its indent")
    func narrow() async throws {
        let directory = try TmuxSession.scratchDirectory("bulletin-narrow")
        defer { try? FileManager.default.removeItem(at: directory) }
        let db = try Self.writeDB(in: directory)
        let session = try await TmuxSession.bulletin(["--data", db.path], open: "users/1/posts/2", width: 40, height: 12,
                                                     showing: "Short")
        defer { session.close() }
        let post = try await session.press("g", until: "reprehenderit molestiae ut ut quas")
        #expect(!post.contains("reru\n") && !post.contains("archite\n"), "\(post)")
        let form = try await session.press("e", until: "Edit post 2", "reprehenderit molestiae")
        for line in form.components(separatedBy: "\n") {
            #expect(!line.hasSuffix("reru") && !line.hasSuffix("archite"), "a word cut in two: \(form)")
        }
        #expect(form.contains("ut ut quas totam"), "more than 12 columns: \(form)")
        try await session.press("Escape", until: "Short")
        let raw = try await session.press("v", until: "\"body\": \"reprehenderit")
        let lines = raw.components(separatedBy: "\n")
        let row = try #require(lines.firstIndex { $0.contains("\"body\": \"reprehenderit") })
        let indent = lines[row].prefix { $0 == " " }.count
        #expect(lines[row + 1].prefix { $0 == " " }.count == indent + 2, "the value goes on under its key's indent plus two: \(raw)")
        try await session.quit()
    }
}
