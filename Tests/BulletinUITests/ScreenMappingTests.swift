import BulletinData
import BulletinFeatures
import BulletinTestSupport
import MVVMC
import TermView
import Testing

@testable import BulletinUI

/// The one mapping from view model to screen (`ScreenHost.screen(for:)`): every kind of view
/// model the coordinators put on the stack has its screen, and a kind without one is said in words.
@MainActor
@Suite("Screen mapping: one screen per kind of view model")
struct ScreenMappingTests {
    @Test("every screen the app opens (links, a missing record, a form, a delete question) has its own screen")
    func everyKindHasAScreen() async {
        let source = StubDataSource(albums: Fixtures.albums, photos: Fixtures.photos, todos: Fixtures.todos)
        let app = AppCoordinator(
            dependencies: AppDependencies(source: source, writer: StubDataWriter(source: source)), onQuit: {})
        app.start()
        var kinds: Set<String> = []
        func check() {
            guard let model = app.stack.top?.destination else {
                Issue.record("nothing on the stack")
                return
            }
            kinds.insert(String(describing: type(of: model)))
            #expect(!(ScreenHost.screen(for: model) is MissingScreen), "\(type(of: model)) has no screen")
        }
        check()
        for link: DeepLink in [
            .users, .user(1), .userPost(user: 1, post: 1), .userAlbum(user: 1, album: 1), .posts, .post(1), .admin,
            .search("qui"), .user(999),
        ] {
            app.open(link)
            await app.waitForLink()
            check()
        }
        app.open(.users)
        await app.waitForLink()
        app.editing.handle(.deleteUser(RecordID("1")))
        await app.editing.waitForIdle()
        check()
        app.stack.dismiss()
        app.editing.handle(.newUser)
        await app.editing.waitForIdle()
        check()
        #expect(kinds.count == 11, "\(kinds.sorted())")
    }

    /// A view model no screen is written for.
    final class Unmapped: ScreenViewModel {
        var title: String { "Mystery" }
    }

    @Test("a kind of view model without a screen draws a notice in words, and Esc goes back")
    func unmapped() {
        let stack = NavigationStack<any ScreenViewModel>()
        stack.push(HomeViewModel(sourceLabel: "test", router: .none), title: "Home", route: "home")
        stack.show(Unmapped().request(title: "Mystery", link: nil, owner: nil))
        let host = ScreenHost(stack: stack, onQuit: {})
        var surface = Surface(width: 70, height: 8)
        host.render(on: &surface)
        #expect(surface.lines[2].contains("“Mystery” cannot be shown in this version of Bulletin."), "\(surface.lines)")
        #expect(!surface.lines.joined().contains("Unmapped"), "no type names")
        host.handle(.escape)
        #expect(stack.titles == ["Home"])
    }
}
