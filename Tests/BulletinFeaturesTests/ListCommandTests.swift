import BulletinData
import BulletinTestSupport
import Testing

@testable import BulletinFeatures

/// Issue 21, item 5: commands come from the kinds. Every list a source has is a `:` command in
/// its words, Tab completes it, and a list another source has says this one has none.
@MainActor
@Suite("List commands per source")
struct ListCommandTests {
    @Test("each source's lists are its commands, in its words", arguments: [
        (SourceDescriptor.Kind.embedded, ["users", "posts", "albums", "todos"]),
        (.rest, ["users", "posts", "albums", "todos"]), (.file, ["users", "posts", "albums", "todos"]),
        (.dummyJSON, ["users", "posts"]), (.github, ["users", "repos"]), (.mealDB, ["categories", "meals"]),
    ])
    func lists(kind: SourceDescriptor.Kind, names: [String]) {
        let words = kind.declaration.vocabulary
        #expect(words.listCommands.map(\.name) == names)
        #expect(AppCommand.names(in: words) == names + AppCommand.fixedNames)
        for name in names { #expect((try? AppCommand.parse(name, vocabulary: words)) != nil, "\(kind) :\(name)") }
    }

    @Test("a list another source has: 'TheMealDB has no users list', 'GitHub has no posts list', …", arguments: [
        (SourceDescriptor.Kind.mealDB, "users", "TheMealDB has no users list (its lists: :categories, :meals)"),
        (.mealDB, "posts", "TheMealDB has no posts list (its lists: :categories, :meals)"),
        (.mealDB, "repos", "TheMealDB has no repos list (its lists: :categories, :meals)"),
        (.github, "posts", "GitHub has no posts list (its lists: :users, :repos)"),
        (.github, "albums", "GitHub has no albums list (its lists: :users, :repos)"),
        (.embedded, "repos", "The embedded data set has no repos list (its lists: :users, :posts, :albums, :todos)"),
        (.dummyJSON, "categories", "DummyJSON has no categories list (its lists: :users, :posts)"),
    ])
    func notHere(kind: SourceDescriptor.Kind, name: String, message: String) {
        var run: [AppCommand] = []
        let line = CommandLineViewModel(vocabulary: { kind.declaration.vocabulary }, sourceName: { kind.declaration.name }) {
            run.append($0)
        }
        line.begin()
        for character in name { line.insert(character) }
        line.submit()
        #expect(run.isEmpty)
        #expect(line.message == message)
    }

    @Test("Tab completes the source's own list names", arguments: [
        (SourceDescriptor.Kind.mealDB, "ca", "categories"), (.mealDB, "m", "meals"), (.github, "re", "repos"),
        (.embedded, "al", "albums"), (.embedded, "to", "todos"), (.embedded, "re", "re"), (.github, "p", "p"),
    ])
    func completion(kind: SourceDescriptor.Kind, typed: String, expected: String) {
        let line = CommandLineViewModel(vocabulary: { kind.declaration.vocabulary }) { _ in }
        line.begin()
        for character in typed { line.insert(character) }
        line.complete()
        #expect(line.text == expected)
    }

    @Test(":albums on a user's screen shows its Albums tab; on Users it says where albums are")
    func userLists() async throws {
        let source = StubDataSource(albums: Fixtures.albums, photos: Fixtures.photos, todos: Fixtures.todos)
        let app = AppCoordinator(dependencies: AppDependencies(source: source), onQuit: {})
        app.start()
        app.open(.users)
        let albums = try AppCommand.parse("albums")
        app.perform(albums)
        #expect(app.commandLine.message == "The embedded data set lists albums on each user's screen (users/ID)")
        app.open(.user(1))
        await app.waitForLink()
        let user = try #require(app.stack.top?.destination as? UserDetailViewModel)
        await user.load()
        app.perform(albums)
        #expect(user.lists.active == .albums)
        app.perform(try AppCommand.parse("todos"))
        #expect(user.lists.active == .todos)
    }

    @Test("? says every list command in the source's words")
    func help() {
        #expect(AppCommand.help(in: .mealDB).hasPrefix("Type a command: :categories, :meals (lists)"))
        #expect(AppCommand.help(in: .github).hasPrefix("Type a command: :users, :repos (lists)"))
    }
}
