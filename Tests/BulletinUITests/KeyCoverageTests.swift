import BulletinFeatures
import BulletinTestSupport
import TermView
import Testing

@testable import BulletinUI

/// Every key a screen handles is in its help: each screen, in each of its states, is driven
/// with every key of a wide set (fresh for each key), and a key the screen takes must match
/// one of the bindings its `?` overlay lists; a key of an available binding must be taken
/// (unless it is a global key the screen hands on on purpose, like Ctrl-C in a form without
/// changes).
@MainActor
@Suite("Every handled key is in the help")
struct KeyCoverageTests {
    /// A screen state to test: where it is and how to get there from a fresh app.
    struct State: CustomTestStringConvertible, Sendable {
        let name: String
        let place: KeyScreenHarness.Place
        let keys: [Key]
        /// Text on the frame that shows the state was reached.
        let marker: String
        var testDescription: String { name }
    }

    nonisolated static let states: [State] = [
        State(name: "Home", place: .home, keys: [], marker: "Welcome to Bulletin"),
        State(name: "Users", place: .users, keys: [], marker: "a/e/d/u edit"),
        State(name: "Users, filter prompt open", place: .users, keys: [.character("/"), .character("e")], marker: "/e▏"),
        State(name: "Users, filtered", place: .users, keys: [.character("/"), .character("e"), .enter], marker: "Esc clear"),
        State(name: "Users, typing an id", place: .users, keys: [.character("2")], marker: ":2▏"),
        State(name: "a user", place: .user, keys: [], marker: "Posts (2)"),
        State(name: "a user, the albums", place: .user, keys: [.character("2")], marker: "⏎ open"),
        State(name: "a user, the todos", place: .user, keys: [.character("3")], marker: "Done"),
        State(name: "a user, the todos, filter prompt open", place: .user, keys: [.character("3"), .character("/")], marker: "/▏"),
        State(name: "a post", place: .post, keys: [], marker: "Comments (2)"),
        State(name: "a post, a comment selected", place: .post, keys: [.tab], marker: "▸ "),
        State(name: "a post, the find prompt open", place: .post, keys: [.character("/"), .character("e")], marker: "/e▏"),
        State(name: "a post, a find kept", place: .post, keys: [.character("/"), .character("e"), .enter], marker: "Esc clear"),
        State(name: "Posts", place: .posts, keys: [], marker: "3 posts"),
        State(name: "Search, the field", place: .search, keys: [.character("p")], marker: "type to search"),
        State(name: "Search, the results", place: .search, keys: [.character("p"), .enter], marker: "/ edit query"),
        State(name: "Admin", place: .admin, keys: [], marker: "s switch source"),
        State(name: "Admin, the switch field", place: .admin, keys: [.character("s")], marker: "Switch to:"),
        State(name: "a form", place: .form, keys: [], marker: "^S save"),
        State(name: "a form, discard changes?", place: .form, keys: [.character("x"), .escape], marker: "Discard changes?"),
        State(name: "a form, quit without saving?", place: .form, keys: [.character("x"), .ctrl("c")], marker: "Quit without saving?"),
        State(name: "a link to a missing user", place: .missingUser, keys: [], marker: "Press Enter or Esc to go Home."),
        State(name: "delete confirmation", place: .users, keys: [.character("d")], marker: "Delete user"),
    ]

    /// Printable ASCII, two non-ASCII characters, every named key, Ctrl-A…Z, F1…F12, mouse events.
    nonisolated static let universe: [Key] = {
        var keys = (32...126).map { Key.character(Character(UnicodeScalar($0)!)) } + [.character("é"), .character("日")]
        keys += [.up, .down, .left, .right, .shiftLeft, .shiftRight, .pageUp, .pageDown, .home, .end, .enter, .escape, .backspace, .delete, .tab, .backTab]
        keys += "abcdefghijklmnopqrstuvwxyz".map { Key.ctrl($0) }
        keys += (1...12).map { Key.function($0) }
        keys += [.mouse(MouseEvent(.wheelUp, at: Point(x: 5, y: 5))), .mouse(MouseEvent(.wheelDown, at: Point(x: 5, y: 5))),
                 .mouse(MouseEvent(.press, at: Point(x: 5, y: 4))), .unknown(9999)]
        return keys
    }()

    @Test("a key is handled exactly when a binding in the screen's help matches it", arguments: states)
    func coverage(state: State) async {
        let (unlisted, ignored) = await Self.check(state)
        #expect(unlisted.isEmpty, "\(state.name) handles keys its help does not list: \(unlisted)")
        #expect(ignored.isEmpty, "\(state.name) lists keys it does not handle: \(ignored)")
    }

    @Test("the check fails for a screen whose help leaves out a key it handles")
    func detectsOmission() async {
        let (unlisted, _) = await Self.check(Self.states[0]) { help in help.filter { !$0.matches(.enter) } }
        #expect(unlisted == ["Enter"])
    }

    @Test("the : prompt handles exactly the keys its bindings list")
    func commandPrompt() async {
        var unlisted: [String] = []
        var ignored: [String] = []
        for key in Self.universe {
            let harness = await KeyScreenHarness.open(.users)
            harness.press(.character(":"))
            #expect(harness.app.commandLine.isActive)
            let handled = CommandPromptView.handle(key, model: harness.app.commandLine)
            let listed = CommandPromptView.keys.help.contains { $0.matches(key) }
            if handled, !listed { unlisted.append(key.name) }
            if !handled, listed { ignored.append(key.name) }
        }
        #expect(unlisted.isEmpty && ignored.isEmpty, "unlisted \(unlisted), ignored \(ignored)")
        #expect(CommandPromptView.help == "Tab complete  ↑↓ history  ⏎ run  Esc cancel ")
    }

    /// Drives `state`'s screen with each key of ``universe``, each on a fresh app.
    /// - Parameter listed: What the help is taken to list (the screen's own help; the
    ///   omission test takes a binding out).
    /// - Returns: The keys handled but not listed, and the keys listed as available but not handled.
    static func check(_ state: State, listed: ([KeyHelp]) -> [KeyHelp] = { $0 }) async -> (unlisted: [String], ignored: [String]) {
        let globals = await KeyScreenHarness.open(.home).host.globalKeys.help
        var unlisted: [String] = []
        var ignored: [String] = []
        for key in universe {
            let harness = await KeyScreenHarness.open(state.place)
            harness.press(state.keys)
            await harness.settle()
            let frame = harness.lines(width: 100, height: 20).joined(separator: "\n")
            guard frame.contains(state.marker) else {
                Issue.record("\(state.name) was not reached: \(frame)")
                break
            }
            let screen = harness.screen
            let help = listed(screen.keyHelp)
            let handled = screen.handle(key, in: harness.host.bodyArea)
            let binding = help.first { $0.matches(key) }
            if handled, binding == nil { unlisted.append(key.name) }
            if !handled, let binding, binding.isEnabled, !globals.contains(where: { $0.matches(key) }) {
                ignored.append(key.name)
            }
        }
        return (unlisted, ignored)
    }
}

extension KeyScreenHarness {
    /// Presses `keys` in order (an array, for the coverage states).
    func press(_ keys: [Key]) {
        for key in keys { press(key) }
    }
}
