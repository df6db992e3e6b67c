import BulletinData
import BulletinFeatures
import BulletinTestSupport
import TermView
import Testing

@testable import BulletinUI

/// Issue 16, item 3: nothing important is cut. Back (or what Esc does there), help and quit
/// stay on every screen from 80 down to 40 columns, a long message shortens its URL's middle
/// and then takes a row of its own, and the Users list's failed page is drawn across the row.
@MainActor
@Suite("Nothing important is cut")
struct FooterFitTests {
    static let message = "Saved post 3 to http://127.0.0.1:3101/users/1/posts/3"

    /// The footer's keys: Esc (back, cancel or clear), help and quit, by whichever key each has here.
    static func keepsEssentials(_ footer: String, place: KeyScreenHarness.Place) -> Bool {
        let help = footer.contains("? help") || footer.contains("F1 help")
        let quit = footer.contains("q quit") || footer.contains("Ctrl-C quit") || footer.contains("^C quit")
        let back = place == .home || footer.contains("Esc back") || footer.contains("Esc cancel")
        return help && quit && back
    }

    @Test("every screen keeps Esc, help and quit at every width from 80 to 40, with and without a long message",
          arguments: KeyScreenHarness.Place.allCases)
    func essentials(place: KeyScreenHarness.Place) async {
        let harness = await KeyScreenHarness.open(place)
        for width in 40...80 {
            let footer = harness.footer(width: width)
            #expect(Self.keepsEssentials(footer, place: place), "\(place) at \(width): \(footer)")
        }
        harness.app.statusNote.show(Self.message + " and a few more words to make it long")
        for width in 40...80 {
            let footer = harness.footer(width: width)
            #expect(Self.keepsEssentials(footer, place: place), "\(place) at \(width) with a message: \(footer)")
        }
    }

    @Test("at 80 columns a long message keeps its words and the URL's end, shortened in the middle, on one row")
    func shortensAt80() async {
        let harness = await KeyScreenHarness.open(.users)
        harness.app.statusNote.show("Saved post 3 to http://127.0.0.1:3101/api/v2/users/1/posts/3")
        let lines = harness.lines(width: 80, height: 12)
        let footer = lines[11]
        #expect(footer.hasPrefix(" Esc back  ? help  q quit "), "\(lines)")
        #expect(footer.hasSuffix(" Saved post 3 to http://127.0.0.1:3101/…/1/posts/3"), "\(lines)")
        #expect(!lines[10].contains("Saved"), "\(lines)")
    }

    @Test("at 40 columns a message that does not fit takes rows above the keys, wrapped whole; the next key clears it")
    func wrapsAt40() async {
        let harness = await KeyScreenHarness.open(.users)
        harness.app.statusNote.show(Self.message)
        let lines = harness.lines(width: 40, height: 12)
        #expect(lines[9] == " Saved post 3 to", "\(lines)")
        #expect(lines[10] == " http://127.0.0.1:3101/users/1/posts/3", "\(lines)")
        #expect(lines[11] == " ⏎ open  Esc back  ? help  q quit", "\(lines)")
        harness.press(.down, width: 40, height: 12)
        let after = harness.lines(width: 40, height: 12)
        #expect(!after.joined().contains("Saved post 3"), "\(after)")
        #expect(after[11] == " Esc back  ? help  q quit        3 users", "\(after)")
    }

    @Test("the Users list's failed page is drawn across the row, not clipped to the name column")
    func failedPageAcrossTheRow() async {
        let source = PagedUsers()
        let app = AppCoordinator(dependencies: AppDependencies(source: source), onQuit: {})
        app.start()
        app.open(.users)
        await app.waitForLink()
        await app.loadTop()
        let model = try! #require(app.stack.top?.destination as? UserListViewModel)
        await source.failNextPages()
        model.selectLast()
        await model.waitForPage()
        let host = ScreenHost(stack: app.stack, onQuit: {})
        var surface = Surface(width: 120, height: 10)
        host.render(on: &surface)
        let row = surface.lines.first { $0.contains("Could not load more") } ?? ""
        #expect(row.hasPrefix(" Could not load more: Cannot reach http://127.0.0.1:9/users?skip=3: connection refused (Enter or r retries)"),
                "\(surface.lines)")
    }
}

/// Three users on the first page, then a failing page.
actor PagedUsers: DataSource {
    nonisolated let descriptor = SourceDescriptor(kind: .dummyJSON, location: "paged")
    private var failing = false
    private let first = (1...3).map { User(id: RecordID($0), name: "User \($0)", username: "u\($0)") }

    func failNextPages() { failing = true }

    func userPage(after cursor: PageCursor?) async throws(DataError) -> UserPage {
        if cursor != nil, failing { throw .transport(url: "http://127.0.0.1:9/users?skip=3", reason: "connection refused") }
        return UserPage(list: RecordList(records: first), next: cursor == nil ? PageCursor("3") : nil)
    }

    func users() async throws(DataError) -> [User] { first }
    func user(id: RecordID) async throws(DataError) -> User { first[0] }
    func posts(userID: RecordID) async throws(DataError) -> [Post] { [] }
    func post(id: RecordID) async throws(DataError) -> Post { throw .notFound("post \(id)", location: "paged") }
    func comments(postID: RecordID) async throws(DataError) -> [BulletinData.Comment] { [] }
    func statistics() async throws(DataError) -> DataStatistics { DataStatistics(users: 3, posts: 0, comments: 0) }
}
