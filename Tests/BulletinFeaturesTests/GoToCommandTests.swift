import BulletinData
import BulletinTestSupport
import MVVMC
import Testing

@testable import BulletinFeatures

/// `:123`: an all-digits command selects that id on the current list (issue 7).
@MainActor
@Suite("Go to an id from the command line")
struct GoToCommandTests {
    @Test("a line of digits parses as a jump; with arguments or letters it does not")
    func parses() throws {
        #expect(try AppCommand.parse("12") == .goTo(id: "12"))
        #expect(try AppCommand.parse(" 007 ") == .goTo(id: "007"))
        #expect(throws: AppCommandError.unexpectedArguments("12")) { try AppCommand.parse("12 3") }
        #expect(throws: AppCommandError.unknown("1a")) { try AppCommand.parse("1a") }
        #expect(throws: AppCommandError.unknown("١٢")) { try AppCommand.parse("١٢") }
    }

    @Test(":3 on the Users list selects user 3; :12 says it is not there")
    func onUsers() async {
        let app = AppCoordinator(dependencies: AppDependencies(source: StubDataSource()), onQuit: {})
        app.start()
        app.navigate(to: .users)
        guard let model = app.stack.top?.destination as? UserListViewModel else {
            Issue.record("no user list")
            return
        }
        await model.load()
        app.commandLine.begin()
        for character in "3" { app.commandLine.insert(character) }
        app.commandLine.submit()
        #expect(model.cell(row: model.selection.selected, column: .name) == "山田 太郎")
        #expect(app.commandLine.message == nil)
        app.perform(.goTo(id: "12"))
        #expect(model.find.message == "no user 12 in this list")
        #expect(app.stack.routes == ["home", "users"], "a jump never navigates")
    }

    @Test(":2 on a user's posts selects post 2, as the Home message says it does")
    func onUserPosts() async {
        let app = AppCoordinator(dependencies: AppDependencies(source: StubDataSource()), onQuit: {})
        app.start()
        app.open(.user(1))
        await app.waitForLink()
        guard let model = app.stack.top?.destination as? UserDetailViewModel else {
            Issue.record("no user detail")
            return
        }
        await model.load()
        app.perform(.goTo(id: "2"))
        #expect(app.commandLine.message == nil)
        #expect(model.postCell(row: model.selection.selected, column: .id) == "2")
    }

    @Test(":2 on Home says it needs a list")
    func onHome() {
        let app = AppCoordinator(dependencies: AppDependencies(source: StubDataSource()), onQuit: {})
        app.start()
        app.perform(.goTo(id: "2"))
        #expect(app.commandLine.message == "Not on a list: :2 selects an id on Users, Posts or a user's posts")
        #expect(app.stack.routes == ["home"])
    }
}
