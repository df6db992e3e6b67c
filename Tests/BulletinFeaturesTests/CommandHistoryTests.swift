import BulletinData
import BulletinTestSupport
import Foundation
import Testing

@testable import BulletinFeatures

/// Issue 24, item 5: the `:` prompt keeps a history (↑ ↓, across runs, at most 500 lines), Tab
/// on an empty prompt lists every command, and `open users/` Tab completes the loaded ids.
@MainActor
@Suite("Command prompt history and completion")
struct CommandHistoryTests {
    /// A history file in a directory of its own, removed after `body`.
    private func withHistoryFile(_ body: (String) throws -> Void) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("history-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try body(directory.appendingPathComponent("bulletin/command-history").path)
    }

    private func prompt(history: CommandHistory = CommandHistory(path: nil), userIDs: [String] = [],
                        vocabulary: SourceVocabulary = .jsonPlaceholder) -> CommandLineViewModel {
        CommandLineViewModel(vocabulary: { vocabulary }, history: history, userIDs: { userIDs }) { _ in }
    }

    private func run(_ line: String, on model: CommandLineViewModel) {
        model.begin()
        model.edit { $0.insert(line) }
        model.submit()
    }

    @Test("↑ walks back from the newest line, ↓ forward and then to what was typed; an edit ends the walk")
    func walk() {
        let model = prompt()
        for line in ["users", "open users/3", "posts"] { run(line, on: model) }
        model.begin()
        model.recallOlder()
        #expect(model.text == "posts")
        model.recallOlder()
        model.recallOlder()
        #expect(model.text == "users")
        model.recallOlder()
        #expect(model.text == "users", "the oldest stays")
        model.recallNewer()
        #expect(model.text == "open users/3")
        model.recallNewer()
        model.recallNewer()
        #expect(model.text == "", "past the newest: what was typed (nothing)")
        model.recallNewer()
        #expect(model.text == "")
    }

    @Test("what was typed before ↑ narrows the walk to lines starting with it, and comes back after the newest")
    func prefix() {
        let model = prompt()
        for line in ["open users/1", "posts", "open posts/7", "admin"] { run(line, on: model) }
        model.begin()
        model.edit { $0.insert("open") }
        model.recallOlder()
        #expect(model.text == "open posts/7")
        #expect(model.prompt.cursor == model.text.count, "the cursor at the end of the recalled line")
        model.recallOlder()
        #expect(model.text == "open users/1")
        model.recallNewer()
        model.recallNewer()
        #expect(model.text == "open")
    }

    @Test("the history is kept across runs in its file, one line each, repeats of the newest not added")
    func acrossRuns() throws {
        try withHistoryFile { path in
            let first = prompt(history: CommandHistory(path: path))
            for line in ["users", "users", "  posts  ", ""] { run(line, on: first) }
            let written = try String(contentsOfFile: path, encoding: .utf8)
            #expect(written == "users\nposts\n")
            let second = prompt(history: CommandHistory(path: path))
            second.begin()
            second.recallOlder()
            #expect(second.text == "posts")
            // Another run adding at the same time: both runs' lines are kept.
            run("admin", on: first)
            run("home", on: second)
            let both = try String(contentsOfFile: path, encoding: .utf8)
            #expect(both == "users\nposts\nadmin\nhome\n")
        }
    }

    @Test("at most 500 lines are kept, the oldest dropped first")
    func limit() throws {
        try withHistoryFile { path in
            let history = CommandHistory(path: path)
            for number in 1...510 { history.add("open users/\(number)") }
            let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
            #expect(lines.count == CommandHistory.limit)
            #expect(lines.first == "open users/11" && lines.last == "open users/510")
            #expect(CommandHistory(path: path).entries.count == 500)
        }
    }

    @Test("a history file that cannot be written keeps the history for the run")
    func unwritable() {
        let history = CommandHistory(path: "/proc/version/bulletin/command-history")
        let model = prompt(history: history)
        run("users", on: model)
        model.begin()
        model.recallOlder()
        #expect(model.text == "users")
    }

    @Test("the default file is $XDG_STATE_HOME/bulletin/command-history, else under ~/.local/state")
    func defaultPath() {
        #expect(CommandHistory.defaultPath(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"]) == "/s/bulletin/command-history")
        #expect(CommandHistory.defaultPath(environment: ["XDG_STATE_HOME": "rel", "HOME": "/h"])
                == "/h/.local/state/bulletin/command-history")
    }

    @Test("Tab on an empty prompt lists every command of the source; typing clears the list", arguments: [
        SourceDescriptor.Kind.embedded, .github, .mealDB,
    ])
    func emptyTab(kind: SourceDescriptor.Kind) {
        let model = prompt(vocabulary: kind.declaration.vocabulary)
        model.begin()
        model.complete()
        #expect(model.completions == AppCommand.names(in: kind.declaration.vocabulary))
        #expect(model.text == "")
        model.edit { $0.insert("a") }
        #expect(model.completions.isEmpty)
    }

    @Test("Tab where several commands fit grows the word to what they share and lists them")
    func severalCommands() {
        let model = prompt()
        model.begin()
        model.edit { $0.insert("q") }
        model.complete()
        #expect(model.completions == ["q", "quit"])
        model.edit { $0.insert("u") }
        model.complete()
        #expect(model.text == "quit" && model.completions.isEmpty)
    }

    @Test("open Tab completes the screens, then after users/ the loaded ids, then the user's lists")
    func paths() {
        let model = prompt(userIDs: ["1", "2", "10", "shipit[bot]", "a b"])
        model.begin()
        model.edit { $0.insert("open ") }
        model.complete()
        #expect(model.completions == ["home", "admin", "users/", "posts/", "search"])
        model.edit { $0.insert("u") }
        model.complete()
        #expect(model.text == "open users/")
        model.complete()
        #expect(model.completions == ["1", "2", "10", "shipit[bot]", "a%20b"], "ids as routes write them")
        model.edit { $0.insert("1") }
        model.complete()
        #expect(model.text == "open users/1" && model.completions == ["1", "10"])
        model.edit { $0.insert("0/") }
        model.complete()
        #expect(model.completions == ["posts/", "albums/"])
        model.edit { $0.insert("a") }
        model.complete()
        #expect(model.text == "open users/10/albums/")
    }

    @Test("GitHub's logins are its ids: open users/ Tab offers them, in its words")
    func githubLogins() {
        let model = prompt(userIDs: ["mojombo", "defunkt"], vocabulary: SourceDescriptor.Kind.github.declaration.vocabulary)
        model.begin()
        model.edit { $0.insert("open users/m") }
        model.complete()
        #expect(model.text == "open users/mojombo")
        model.edit { $0.insert("/") }
        model.complete()
        #expect(model.text == "open users/mojombo/repos/", "GitHub has repositories and no albums")
    }
}

/// The app coordinator hands the prompt the users loaded in the run, kept after their list closes.
@MainActor
@Suite("Loaded users for Tab")
struct LoadedUserIDsTests {
    @Test("users of a list that was closed are still offered after open users/; a source switch forgets them")
    func keptAfterBack() async throws {
        let app = AppCoordinator(dependencies: AppDependencies(source: StubDataSource()), onQuit: {})
        app.start()
        app.navigate(to: .users)
        let list = try #require(app.stack.top?.destination as? UserListViewModel)
        await list.load()
        app.stack.pop()
        #expect(app.stack.titles == ["Home"])
        let line = app.commandLine
        line.begin()
        line.edit { $0.insert("open users/") }
        line.complete()
        #expect(line.completions == Fixtures.users.map(\.id.text))
        line.cancel()
        app.navigate(to: .users)
        try await #require(app.stack.top?.destination as? UserListViewModel).load()
        try app.switchSource(to: .embedded)
        #expect(app.loadedUserIDs().isEmpty, "the old source's users are forgotten; the new list has not loaded")
    }
}
