import BulletinData
import BulletinFeatures
import BulletinTestSupport
import TermView
import Testing

@testable import BulletinUI

/// Issue 24, item 1: messages never vanish. Every kind of status message, whatever its length,
/// is on the frame at 40, 80 and 120 columns: on the footer's row, shortened in the middle where
/// it names an address, else wrapped by words into rows of its own above the keys.
@MainActor
@Suite("Messages never vanish")
struct MessageFitTests {
    /// How a message comes to be shown.
    enum Kind: String, CaseIterable, Sendable {
        /// A save's, a copy's or a delete's outcome (``StatusNote``), with `· u undoes` after a delete.
        case note
        /// What a `:` command said (an unknown command lists every command).
        case command
        /// What a jump to an id said (a list's ``FindBar`` message).
        case find
    }

    /// A long message of `kind` shown on Users, and the words it must show.
    private func show(_ kind: Kind, on harness: KeyScreenHarness) -> String {
        switch kind {
        case .note:
            let text = "Could not copy: no OSC 52 here, and no wl-copy, xclip or xsel on this machine · user 1 Leanne Graham"
            harness.app.statusNote.show(text)
            return text
        case .command:
            harness.press(.character(":"), .character("c"), .character("a"), .enter)
            return "Unknown command 'ca' (commands: users, posts, albums, todos, admin, home, open, q, quit, search)"
        case .find:
            harness.press(.character("9"), .character("9"), .character("9"), .enter)
            return harness.app.stack.top.flatMap { ($0.destination as? UserListViewModel)?.list.find.message } ?? "?"
        }
    }

    @Test("each kind of message is on the frame whole, above or beside the keys, which stay",
          arguments: Kind.allCases, [40, 80, 120])
    func shownWhole(kind: Kind, width: Int) async {
        let harness = await KeyScreenHarness.open(.users)
        let words = show(kind, on: harness)
        #expect(words.count > 10, "a message long enough to matter: \(words)")
        let lines = harness.lines(width: width, height: 24)
        let keys = lines[23]
        #expect(keys.contains("? help") && keys.contains("q quit"), "\(lines)")
        // The rows above the keys that hold the message, and the keys' row's right side.
        let shown = lines[1..<24].filter { !$0.isEmpty }.suffix(4).joined(separator: " ")
            .split(separator: " ").joined(separator: " ")
        #expect(shown.contains(words.split(separator: " ").joined(separator: " ")), "\(kind) at \(width): \(lines)")
        #expect(lines[1].contains("Name") || lines[2].contains("Name"), "the list's header is still there: \(lines)")
    }

    @Test("a message longer than the rows it may take ends with … on its last row; the body keeps two rows")
    func longerThanRows() async {
        let harness = await KeyScreenHarness.open(.users)
        harness.app.statusNote.show(String(repeating: "word ", count: 60) + "END")
        let lines = harness.lines(width: 40, height: 8)
        #expect(lines[7].contains("q quit"), "\(lines)")
        #expect(lines[3...6].allSatisfy { $0.hasPrefix(" word") }, "\(lines)")
        #expect(lines[6].hasSuffix("…"), "\(lines)")
        #expect(lines[1].contains("Name"), "header, then a row of the body: \(lines)")
        #expect(!lines.joined().contains("END"))
    }

    @Test("a message with an address is shortened in the middle on one row where that fits", arguments: [80, 120])
    func addressShortened(width: Int) async {
        let harness = await KeyScreenHarness.open(.users)
        let address = "http://127.0.0.1:3101/" + String(repeating: "segment/", count: 12) + "posts/3"
        harness.app.statusNote.show("Saved post 3 to " + address)
        let lines = harness.lines(width: width, height: 24)
        #expect(lines[23].contains("Saved post 3 to http://127.0.0.1:3101/") && lines[23].hasSuffix("/posts/3"), "\(lines)")
        #expect(lines[23].contains("…"), "\(lines)")
        #expect(!lines[22].contains("Saved"), "\(lines)")
    }
}
