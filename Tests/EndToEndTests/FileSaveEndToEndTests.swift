import BulletinTestSupport
import Foundation
import Testing

/// Saves keep the file what it was (issue 13), through the real binary in tmux: a read-only,
/// symlinked, tab-indented CRLF file with a BOM is saved only after the question says it is
/// read-only, through the link, with every byte outside the edited post as it was.
/// Opening the file removes the temporary files of saves killed midway, and the Admin panel
/// says which (issue 22, item 9).
@Suite("End to end: a save keeps the file what it was", .serialized)
struct FileSaveEndToEndTests {
    /// One user, two posts; tabs, CRLF, a BOM and a `\u0048` escape in the post not edited.
    static let database = "\u{FEFF}{\r\n\t\"users\": [\r\n\t\t{\r\n\t\t\t\"id\": 1,\r\n\t\t\t\"name\": \"Leanne Graham\",\r\n"
        + "\t\t\t\"username\": \"Bret\",\r\n\t\t\t\"email\": \"Sincere@april.biz\"\r\n\t\t}\r\n\t],\r\n\t\"posts\": [\r\n"
        + "\t\t{\r\n\t\t\t\"userId\": 1,\r\n\t\t\t\"id\": 1,\r\n\t\t\t\"title\": \"first title\",\r\n\t\t\t\"body\": \"first body\"\r\n\t\t},\r\n"
        + "\t\t{\r\n\t\t\t\"userId\": 1,\r\n\t\t\t\"id\": 2,\r\n\t\t\t\"title\": \"\\u0048ello\",\r\n\t\t\t\"body\": \"kept\"\r\n\t\t}\r\n"
        + "\t],\r\n\t\"comments\": []\r\n}\r\n"

    @Test("a read-only symlinked CRLF file: the question says read-only; Overwrite saves through the link, only the post's bytes change")
    func readOnlySymlinkedFile() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bulletin-keep-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("real"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let target = directory.appendingPathComponent("real/db.json")
        let link = directory.appendingPathComponent("db.json")
        try Data(Self.database.utf8).write(to: target)
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: target.path)
        chmod(target.path, 0o444)

        // 140 columns: beside `Esc back  ? help  q quit` the outcome names the whole temporary path.
        let session = try await TmuxSession.bulletin(["--data", link.path], open: "users/1", width: 140,
                                                             showing: "Posts (2)", "first title")
        defer { session.close() }
        try await session.press("e", until: "Edit post 1", "first body")
        session.send("C-u")   // the form opens on the title (issue 24, item 10)
        session.type("edited in tmux")
        try await session.press("C-s", until: "File is read-only", link.path, "read-only; save anyway", "[ Overwrite ]")
        // Keep editing is the default (overwriting is chosen, never Enter's): ← to Overwrite.
        try await session.press("Left", until: "[ Overwrite ]")
        try await session.press("Enter", until: "Saved post 1", "saved to \(link.path)")

        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == target.path, "the link stays")
        // Bytes, not Strings: decoding a String drops the BOM this test is about.
        let saved = try Data(contentsOf: target)
        let expected = Data(Self.database.replacingOccurrences(of: "first title", with: "edited in tmux").utf8)
        #expect(saved == expected, "\(String(decoding: saved, as: UTF8.self).debugDescription)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: target.path + ".bak")) == Data(Self.database.utf8))
        let mode = try FileManager.default.attributesOfItem(atPath: target.path)[.posixPermissions] as? Int
        #expect(mode == 0o444, "it stays read-only")
        try await session.quit()
    }

    @Test("opening a file removes the temporary files a killed save left beside it, not a running one's; the Admin panel says so")
    func leftoversOfKilledSaves() async throws {
        let file = try TmuxSession.scratchFile("bulletin-leftovers", contents: Data(Self.database.utf8))
        let directory = file.deletingLastPathComponent()
        defer { try? FileManager.default.removeItem(at: directory) }
        let child = try Subprocess.spawn(["true"])
        _ = child.wait()   // a save killed midway: its pid runs nothing now
        let dead = [".db.json.tmp-\(child.pid)-7", ".db.json.bak.tmp-\(child.pid)-7"]
        let live = ".db.json.tmp-\(getpid())-8"   // a save running now (this test's own pid)
        for name in dead + [live] { try Data(count: 1000).write(to: directory.appendingPathComponent(name)) }

        let session = try await TmuxSession.bulletin(["--data", file.path], open: "admin", width: 200, showing: "Admin panel")
        defer { session.close() }
        try await session.waitForAll(["Housekeeping", "Removed 2 temporary files left beside db.json by saves whose process is gone: "
                                      + "\(dead[1]) (1000 bytes), \(dead[0]) (1000 bytes)."])
        let left = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(left == [live, "db.json"], "only the killed save's files went: \(left)")
        try await session.quit()
    }
}
