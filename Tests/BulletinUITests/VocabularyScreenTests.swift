import BulletinData
import BulletinFeatures
import BulletinTestSupport
import Foundation
import TermView
import Testing

@testable import BulletinUI

/// Screens drawn at 80x24 in another source's words: Home without Posts, a repository without
/// a comments section, the header's route as the source spells it.
@MainActor
@Suite("Screens in the source's words, drawn")
struct VocabularyScreenTests {
    func harness(_ source: StubDataSource) -> (AppCoordinator, ScreenHost) {
        let app = AppCoordinator(dependencies: AppDependencies(source: source), onQuit: {})
        app.start()
        return (app, ScreenHost(stack: app.stack, onQuit: {}))
    }

    func lines(_ host: ScreenHost) -> [String] {
        var surface = Surface(width: 80, height: 24)
        host.render(on: &surface)
        return surface.lines.map { String($0.reversed().drop(while: { $0 == " " }).reversed()) }
    }

    @Test("? describes : with the source's own commands")
    func commandHelpInTheSourcesWords() {
        #expect(ScreenHost.commandExamples(.jsonPlaceholder)
            == "Type a command: :users, :posts, :albums, :todos (lists), :search TEXT, :open PATH, :admin, :home or :q")
        #expect(ScreenHost.commandExamples(.mealDB)
            == "Type a command: :categories, :meals (lists), :search TEXT, :open PATH, :admin, :home or :q")
        #expect(ScreenHost.commandExamples(.github)
            == "Type a command: :users, :repos (lists), :search TEXT, :open PATH, :admin, :home or :q")
    }

    @Test("TheMealDB's Home: Categories, no Posts entry, s searches every meal")
    func home() {
        let (_, host) = harness(StubDataSource(vocabulary: .mealDB))
        let drawn = lines(host)
        #expect(Array(drawn[4...7]) == [
            " Categories     Browse categories and their meals",
            " Search         Find text in every meal",
            " Admin panel    Where the data comes from and what it holds",
            " Quit           Leave Bulletin",
        ])
        #expect(!drawn.joined().contains("Posts"))
    }

    @Test("a GitHub repository: no comments section, the route users/LOGIN/repos/NAME in the header")
    func repository() async {
        let stub = StubDataSource(
            users: [User(id: "shipit[bot]", name: "shipit[bot]", username: "shipit[bot]")],
            posts: [Post(userId: "shipit[bot]", id: "shipit[bot]/deploy", title: "deploy", body: "Ships it.")],
            comments: [], vocabulary: .github)
        let (app, host) = harness(stub)
        app.open(.userPost(user: "shipit[bot]", post: "shipit[bot]/deploy"))
        await app.waitForLink()
        await app.loadTop()
        let drawn = lines(host)
        #expect(drawn[0].hasSuffix("users/shipit[bot]/repos/deploy"), "\(drawn[0])")
        #expect(drawn[0].contains("Repository shipit[bot]/deploy"))
        #expect(Array(drawn[1...4]) == [" deploy", " by shipit[bot]", "", " Ships it."])
        #expect(!drawn.joined().contains("Comments"))
        _ = app.stack.pop()
        await app.loadTop()
        let user = lines(host)
        #expect(user.contains { $0.hasPrefix(" Repositories (1)") }, "\(user)")
    }
}
