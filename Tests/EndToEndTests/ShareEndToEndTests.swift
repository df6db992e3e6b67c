import BulletinTestSupport
import Foundation
import Testing

/// Issue 16, item 2 in the real binary inside tmux: `o` runs `$BROWSER` (a script recording its
/// arguments) with the address as one argument, and `y` copies through OSC 52 into a tmux paste
/// buffer when tmux's `set-clipboard` is `on`.
@Suite("End to end: open and copy", .serialized)
struct ShareEndToEndTests {
    /// A user whose website holds shell syntax, which must reach the browser as text.
    static let website = "example.org/a;b$(touch${IFS}pwned)`id`"

    static func writeDB(in directory: URL) throws -> URL {
        let db: [String: Any] = [
            "users": [["id": 1, "name": "Ada Quay", "username": "ada", "website": website],
                      ["id": 2, "name": "Bo Pier", "username": "bo"]],
            "posts": [["userId": 1, "id": 1, "title": "Harbour days", "body": "Boats."]],
            "comments": [],
        ]
        let url = directory.appendingPathComponent("db.json")
        try JSONSerialization.data(withJSONObject: db).write(to: url)
        return url
    }

    @Test("o on Users runs $BROWSER with the website as one argument, unexpanded, then the screen comes back")
    func openWithBrowser() async throws {
        let directory = try TmuxSession.scratchDirectory("bulletin-open")
        defer { try? FileManager.default.removeItem(at: directory) }
        let db = try Self.writeDB(in: directory)
        let browser = directory.appendingPathComponent("record-browser")
        let record = directory.appendingPathComponent("argv")
        try "#!/bin/sh\nfor a in \"$@\"; do printf '%s\\n' \"$a\"; done > '\(record.path)'\n"
            .write(to: browser, atomically: true, encoding: .utf8)
        chmod(browser.path, 0o755)
        let session = try await TmuxSession.bulletin(["--data", db.path], open: "users",
                                                     environment: ["BROWSER": browser.path, "DISPLAY": "", "WAYLAND_DISPLAY": ""],
                                                     showing: "Ada Quay", "Bo Pier", "2 users")
        defer { session.close() }
        try await session.press("o", until: "Ada Quay", "Bo Pier", "Opened http://\(Self.website) with record-browser")
        #expect((try? String(contentsOf: record, encoding: .utf8)) == "http://\(Self.website)\n")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("pwned").path))
        try await session.quit()
    }

    @Test("Ctrl-C in a browser that runs in the terminal stops the browser, not Bulletin")
    func interruptBrowser() async throws {
        let directory = try TmuxSession.scratchDirectory("bulletin-int")
        defer { try? FileManager.default.removeItem(at: directory) }
        let db = try Self.writeDB(in: directory)
        let browser = directory.appendingPathComponent("slow-browser")
        try "#!/bin/sh\necho 'SLOW BROWSER SHOWING'\nexec sleep 30\n".write(to: browser, atomically: true, encoding: .utf8)
        chmod(browser.path, 0o755)
        let session = try await TmuxSession.bulletin(["--data", db.path], open: "users",
                                                     environment: ["BROWSER": browser.path, "DISPLAY": "", "WAYLAND_DISPLAY": ""],
                                                     showing: "Ada Quay", "2 users")
        defer { session.close() }
        try await session.press("o", until: "SLOW BROWSER SHOWING")
        try await session.press("C-c", until: "Ada Quay", "slow-browser could not open http://", "(exit status 130)")
        try await session.press("Down", until: "Bo Pier", "2 users")
        #expect(session.commandPID() != nil, "Bulletin is still running")
        try await session.quit()
    }

    @Test("y with tmux's set-clipboard on puts the website in a tmux buffer (show-buffer)")
    func copyThroughTmux() async throws {
        let directory = try TmuxSession.scratchDirectory("bulletin-copy")
        defer { try? FileManager.default.removeItem(at: directory) }
        let db = try Self.writeDB(in: directory)
        let session = try TmuxSession(command: [BulletinBinary.path, "--data", db.path, "open", "users"])
        defer { session.close() }
        _ = session.command(["set-option", "-s", "set-clipboard", "on"])
        _ = try await session.waitForAll(["Ada Quay", "Bo Pier", "2 users"])
        try await session.press("y", until: "Ada Quay", "Copied “http://\(Self.website)” to the terminal's clipboard")
        #expect(session.command(["show-buffer"]) == "http://\(Self.website)")
        try await session.press("Down", "y", until: "Copied “2 Bo Pier” to the terminal's clipboard")
        #expect(session.command(["show-buffer"]) == "2 Bo Pier")
        try await session.quit()
    }
}
