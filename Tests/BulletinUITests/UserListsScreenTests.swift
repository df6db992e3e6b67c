import BulletinData
import BulletinFeatures
import BulletinTestSupport
import Foundation
import TermView
import Testing

@testable import BulletinUI

/// The user screen's tabs (posts, albums, todos), the todos with ✓ / ☐ and Space, and the
/// album screen, rendered at 80x24 by the ScreenHost over the stub source and writer.
@MainActor
@Suite("User screen lists and the album screen")
struct UserListsScreenTests {
    static func source() -> StubDataSource {
        StubDataSource(albums: Fixtures.albums, photos: Fixtures.photos, todos: Fixtures.todos)
    }

    static func open(_ link: DeepLink, source: StubDataSource = source(), writer: (any DataWriter)? = nil) async
        -> (AppCoordinator, ScreenHost)
    {
        let app = AppCoordinator(dependencies: AppDependencies(source: source, writer: writer ?? StubDataWriter(source: source)),
                                 onQuit: {})
        app.start()
        let host = ScreenHost(stack: app.stack, commandLine: app.commandLine, statusNote: app.statusNote, onQuit: {})
        app.open(link)
        await app.waitForLink()
        await app.loadTop()
        return (app, host)
    }

    static func lines(_ host: ScreenHost, width: Int = 80, height: Int = 24) -> [String] {
        var surface = Surface(width: width, height: height)
        host.render(on: &surface)
        return surface.lines.map { String($0.reversed().drop(while: { $0 == " " }).reversed()) }
    }

    static func press(_ host: ScreenHost, _ keys: Key...) {
        for key in keys {
            _ = lines(host)
            host.handle(key)
        }
    }

    static let profile = [
        " Bulletin  Home › Users › Leanne Graham                                 users/1",
        " Name:     Leanne Graham",
        " Username: Bret",
        " Email:    Sincere@april.biz",
        " Phone:    1-770-736-8031 x56442",
        " Website:  hildegard.org",
        " Address:  Kulas Light, Apt. 556, Gwenborough, 92998-3874",
        " Company:  Romaguera-Crona — Multi-layered client-server neural-net",
        "",
    ]

    @Test("at 40x12 the profile gives way so the list keeps its header and a row")
    func shortTerminalKeepsTheList() async {
        let user = await KeyScreenHarness.open(.user, source: StubDataSource())
        let lines = user.lines(width: 40, height: 12)
        #expect(lines.contains { $0.contains("First post") }, "\(lines)")
        #expect(lines.contains { $0.contains("Name:") }, "the profile starts as before: \(lines)")
        #expect(UserDetailScreen.profileRows(7, height: 30) == 7)
        #expect(UserDetailScreen.profileRows(7, height: 8) == 4)
    }

    @Test("the user screen opens on its posts, the tabs counting posts, albums and todos")
    func postsTab() async {
        let (_, host) = await Self.open(.user(1))
        let lines = Self.lines(host)
        #expect(Array(lines.prefix(12)) == Self.profile + [" Posts (2)  Albums (2)  Todos (3)", "   ID Title", "    1 First post"])
        #expect(lines.last?.hasPrefix(" Tab/1-3 list") == true, "\(lines.last ?? "")")
        #expect(lines.last?.hasSuffix("Posts (2)") == true)
    }

    @Test("a tab with nothing in it says so under its header: No albums, No todos")
    func emptyTabs() async {
        let (_, host) = await Self.open(.user(1), source: StubDataSource())
        Self.press(host, .character("2"))
        var lines = Self.lines(host)
        #expect(lines[9] == " Posts (2)  Albums (0)  Todos (0)" && lines[10] == "   ID Title" && lines[11] == "   No albums", "\(lines)")
        Self.press(host, .character("3"))
        lines = Self.lines(host)
        #expect(lines[11] == "   No todos", "\(lines)")
    }

    @Test("3 shows the todos with ✓ / ☐; Space saves and then shows ✓, the status line saying so")
    func todosTab() async {
        let source = Self.source()
        let writer = StubDataWriter(source: source, note: "saved to ./db.json")
        let (app, host) = await Self.open(.user(1), source: source, writer: writer)
        Self.press(host, .character("3"))
        var lines = Self.lines(host)
        #expect(Array(lines[9...13]) == [
            " Posts (2)  Albums (2)  Todos (3)",
            "   ID Done   Title",
            "    1 ☐      delectus aut autem",
            "    2 ✓      quis ut nam facilis",
            "    3 ☐      fugiat veniam minus",
        ])
        #expect(lines.last?.hasPrefix(" Space toggle  Tab/1-3 list  ↑↓ move") == true, "\(lines.last ?? "")")
        Self.press(host, .character(" "))
        let model = try! #require(app.stack.top?.destination as? UserDetailViewModel)
        await model.lists.waitForSave()
        lines = Self.lines(host)
        #expect(lines[11] == "    1 ✓      delectus aut autem")
        #expect(lines.last?.hasSuffix("Todo 1 done · saved to ./db.json · Todos (3)") == true)
        #expect(await writer.log == ["toggle todo 1"])
    }

    @Test("Space, then Esc before the save answers: the failure is said on the Users screen, naming the todo and why")
    func toggleFailsAfterLeaving() async throws {
        let source = Self.source()
        let writer = StubDataWriter(source: source)
        await writer.failNext(with: .unwritableFile(path: "./db.json", reason: "the disk is full"))
        let (app, host) = await Self.open(.user(1), source: source, writer: writer)
        Self.press(host, .character("3"), .character(" "), .escape)
        #expect(app.stack.top?.destination is UserListViewModel)
        await app.editing.waitForIdle()
        let lines = Self.lines(host)
        #expect(lines.first?.contains("Home › Users ") == true && lines.first?.contains("Leanne") == false, "\(lines.first ?? "")")
        #expect(Array(lines.suffix(3).prefix(2)) == [" Todo 1 “delectus aut autem” not saved: Cannot save ./db.json: the disk is full;",
                                                     " the file is unchanged"], "\(lines.joined(separator: "\n"))")
    }

    @Test("on a read-only source Space says why and the row stays")
    func readOnlyToggle() async {
        let (_, host) = await Self.open(.user(1), writer: ReadOnlyWriter(reason: "started with --read-only"))
        Self.press(host, .tab, .tab, .character(" "))
        let lines = Self.lines(host)
        #expect(lines[11] == "    1 ☐      delectus aut autem")
        #expect(lines.last?.contains("Read-only: started with --read-only") == true)
    }

    @Test("2 then Enter opens the album: its photos with title, URL and thumbnail, the selected one's URLs whole")
    func albumScreen() async {
        let (app, host) = await Self.open(.user(1))
        Self.press(host, .character("2"), .enter)
        await app.loadTop()
        let lines = Self.lines(host)
        #expect(lines[0] == " Bulletin  … › Users › Leanne Graham › quidem molestiae enim   users/1/albums/1")
        #expect(lines[1].hasPrefix("   ID Title") && lines[1].contains("URL") && lines[1].contains("Thumbnail"))
        #expect(lines[2].hasPrefix("    1 accusamus beatae"))
        #expect(lines[3].hasPrefix("    2 reprehenderit est"))
        #expect(lines[21] == " URL:       https://via.placeholder.com/600/92c952")
        #expect(lines[22] == " Thumbnail: https://via.placeholder.com/150/92c952")
        #expect(lines.last?.hasSuffix("Photos (2)") == true)
        #expect(lines.last?.contains("⏎ open") == false, "photos do not open a screen (Enter shows one raw)")
    }

    @Test("at 120x40 the album's table shows each photo's URLs whole in their cells")
    func albumWide() async {
        let (_, host) = await Self.open(.userAlbum(user: 1, album: 1))
        let lines = Self.lines(host, width: 120, height: 40)
        #expect(lines[0].hasSuffix("users/1/albums/1"))
        #expect(lines[2].hasPrefix("    1 accusamus beatae"))
        #expect(lines[2].contains("https://via.placeholder.com/600/92c952") && lines[2].hasSuffix("https://via.placeholder.com/150/92c952"))
        #expect(lines[37] == " URL:       https://via.placeholder.com/600/92c952")
    }

    @Test("the filter works on the albums tab; its prompt takes digits as text, not as tab keys")
    func filterOnAlbums() async {
        let (app, host) = await Self.open(.user(1))
        Self.press(host, .character("2"), .character("/"), .character("s"), .character("u"), .character("2"))
        let model = try! #require(app.stack.top?.destination as? UserDetailViewModel)
        #expect(model.lists.active == .albums)
        #expect(model.lists.albums?.find.prompt.text == "su2")
        Self.press(host, .backspace, .enter)
        await model.lists.albums?.find.finder.waitUntilIdle()
        let lines = Self.lines(host)
        #expect(lines[11].hasPrefix("    2 sunt qui excepturi") && lines[12].isEmpty)
    }
}
