import BulletinTestSupport
import Foundation
import Testing

/// Issue 16, item 8, from the outside: what tmux holds after the app drew grapheme clusters and
/// bidi controls (`capture-pane`: the cells tmux stored from the bytes it received).
@Suite("End to end: text drawn whole and harmless")
struct TextDrawingEndToEndTests {
    static let family = "👩\u{200D}👩\u{200D}👧"
    static let flag = "🇺🇸"

    /// Names and their widths in columns, as the layout measures them.
    static let names: [(name: String, width: Int)] = [
        ("Fam \(family) end", 10), ("Flag \(flag) end", 11), ("Cafe\u{301} end", 8), ("Bidi \u{202E}abc\u{202C} end", 22),
    ]

    /// A json-server db.json with one user per name, built at test time.
    private func makeDatabase(in directory: URL) throws -> String {
        let users = Self.names.enumerated().map { index, entry -> [String: Any] in
            ["id": index + 1, "name": entry.name, "username": "user\(index + 1)", "email": "u\(index + 1)@example.com"]
        }
        let url = directory.appendingPathComponent("db.json")
        try JSONSerialization.data(withJSONObject: ["users": users, "posts": [Any](), "comments": [Any]()]).write(to: url)
        return url.path
    }

    @Test("a ZWJ family, a flag and combining marks reach tmux whole, a bidi override shows as <RLO>, and the columns stay in step")
    func clustersWholeColumnsInStep() async throws {
        let directory = try TmuxSession.scratchDirectory("bulletin-clusters")
        defer { try? FileManager.default.removeItem(at: directory) }
        let session = try await TmuxSession.bulletin(["--data", try makeDatabase(in: directory)], open: "users", showing: "user4")
        defer { session.close() }
        let screen = try await session.appears(all: ["Fam \(Self.family) end", "Flag \(Self.flag) end", "Cafe\u{301} end",
                                                     "Bidi <RLO>abc<PDF> end", "user4"])
        #expect(!screen.unicodeScalars.contains { $0.value == 0x202E || $0.value == 0x202C }, "no bidi control sent raw")
        #expect(!screen.unicodeScalars.contains { $0.value >= 0xF0000 || $0 == "\u{3000}" }, "no placeholder or marker left")
        // The username column starts at the same column on every row: the name's width plus the
        // spaces tmux shows after it is the same, so no row's cursor drifted.
        let lines = screen.components(separatedBy: "\n")
        var starts: [Int] = []
        for (index, entry) in Self.names.enumerated() {
            let line = try #require(lines.first { $0.contains(entry.name.replacingOccurrences(of: "\u{202E}", with: "<RLO>")
                .replacingOccurrences(of: "\u{202C}", with: "<PDF>")) }, "row \(index + 1)")
            let afterEnd = try #require(line.range(of: " end")?.upperBound)
            let rest = line[afterEnd...]
            let spaces = rest.prefix { $0 == " " }.count
            #expect(rest.dropFirst(spaces).hasPrefix("user\(index + 1)"), "\(line)")
            starts.append(entry.width + spaces)
        }
        #expect(Set(starts).count == 1, "username columns start at \(starts)")
        try await session.quit()
    }

    @Test("the bytes sent for a redrawn row hold the family and the flag whole, and no placeholder or marker")
    func rawBytes() async throws {
        let directory = try TmuxSession.scratchDirectory("bulletin-bytes")
        defer { try? FileManager.default.removeItem(at: directory) }
        let session = try await TmuxSession.bulletin(["--data", try makeDatabase(in: directory)], open: "users", showing: "Fam ", "user4")
        defer { session.close() }
        // Record what the app writes from now on (tmux `pipe-pane -O`), then move the selection:
        // the rows of users 1 and 2 are drawn again.
        let log = directory.appendingPathComponent("output").path
        _ = session.command(["pipe-pane", "-O", "-t", session.target, "cat > '\(log)'"])
        session.send("Down")
        let family = Array(Self.family.utf8), flag = Array(Self.flag.utf8)
        var bytes: [UInt8] = []
        let deadline = Date().addingTimeInterval(15)
        while Date() < deadline {
            bytes = Array((try? Data(contentsOf: URL(fileURLWithPath: log))) ?? Data())
            if Self.contains(bytes, family), Self.contains(bytes, flag) { break }
            try await TmuxSession.pause()
        }
        #expect(Self.contains(bytes, family), "the family's 18 bytes in one piece: \(bytes.count) bytes sent")
        #expect(Self.contains(bytes, flag), "both regional indicators together")
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(!text.unicodeScalars.contains { $0.value >= 0xF0000 || $0 == "\u{3000}" }, "no placeholder or marker sent")
        #expect(!text.unicodeScalars.contains { $0.value == 0x202E }, "no bidi override sent")
        try await session.quit()
    }

    /// Whether `needle` occurs in `haystack` as one run of bytes.
    private static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard needle.count <= haystack.count else { return false }
        return (0...(haystack.count - needle.count)).contains { start in haystack[start..<(start + needle.count)].elementsEqual(needle) }
    }
}
