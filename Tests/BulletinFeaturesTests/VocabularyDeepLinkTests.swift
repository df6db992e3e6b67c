import BulletinData
import Testing

@testable import BulletinFeatures

/// Deep links and the header's route in each source's words, and ids that need escaping.
@Suite("Deep links in the source's words")
struct VocabularyDeepLinkTests {
    @Test("the : commands are the source's own list names, and an unknown one lists them")
    func commandsInTheSourcesWords() throws {
        #expect(try AppCommand.parse("categories", vocabulary: .mealDB) == .open(.users))
        #expect(throws: AppCommandError.noSuchList("users")) { try AppCommand.parse("users", vocabulary: .mealDB) }
        #expect(throws: AppCommandError.unexpectedArguments("categories")) {
            try AppCommand.parse("categories Dessert", vocabulary: .mealDB)
        }
        #expect(AppCommandError.unknown("meal").description(in: .mealDB)
            == "Unknown command 'meal' (commands: categories, meals, admin, home, open, q, quit, search)")
        #expect(AppCommand.names(in: .jsonPlaceholder)
            == ["users", "posts", "albums", "todos", "admin", "home", "open", "q", "quit", "search"])
        #expect(throws: AppCommandError.noSuchList("repos")) { try AppCommand.parse("repos", vocabulary: .jsonPlaceholder) }
        #expect(throws: AppCommandError.unknown("reps")) { try AppCommand.parse("reps", vocabulary: .jsonPlaceholder) }
    }

    @Test("a GitHub login with brackets opens as typed and percent-encoded, and prints as GitHub spells it")
    func bracketedLogin() throws {
        let typed = try DeepLink.parse("users/shipit[bot]", vocabulary: .github)
        let encoded = try DeepLink.parse("users/shipit%5Bbot%5D", vocabulary: .github)
        #expect(typed == .user("shipit[bot]"))
        #expect(encoded == typed)
        #expect(typed.route(in: .github) == "users/shipit[bot]")
        #expect(typed.stack().map { $0.route(in: .github) } == ["home", "users", "users/shipit[bot]"])
        #expect(try DeepLink.parse("users/shipit[bot]") == .user("shipit[bot]"), "JSONPlaceholder takes such ids too")
    }

    @Test("a GitHub repository is users/OWNER/repos/NAME, its id OWNER/NAME; repos/OWNER/NAME too")
    func repository() throws {
        let link = try DeepLink.parse("users/dstufft/repos/xmlrpc2", vocabulary: .github)
        #expect(link == .userPost(user: "dstufft", post: "dstufft/xmlrpc2"))
        #expect(link.route(in: .github) == "users/dstufft/repos/xmlrpc2")
        #expect(link.stack().map { $0.route(in: .github) }
            == ["home", "users", "users/dstufft", "users/dstufft/repos/xmlrpc2"])
        let bare = try DeepLink.parse("repos/dstufft/xmlrpc2", vocabulary: .github)
        #expect(bare == .post("dstufft/xmlrpc2"))
        #expect(bare.route(in: .github) == "repos/dstufft/xmlrpc2")
        #expect(throws: DeepLinkError.unexpected("users/dstufft/posts/dstufft/xmlrpc2")) {
            try DeepLink.parse("users/dstufft/posts/dstufft/xmlrpc2", vocabulary: .github)
        }
    }

    @Test("GitHub has no list of every repository: `repos` says why, and the forms leave it out")
    func noAllRepositories() {
        let expected = DeepLinkError.unavailable(
            "there is no list of every repository here; open one from its user's screen (users/ID/repos/ID)")
        #expect(throws: expected) { try DeepLink.parse("repos", vocabulary: .github) }
        #expect(DeepLink.acceptedForms(in: .github) == ["home", "users", "users/ID", "users/ID/repos/ID", "admin", "search?q=TEXT"])
        #expect(expected.description(in: .github).hasSuffix("accepted forms: home, users, users/ID, users/ID/repos/ID, admin, search?q=TEXT"))
    }

    @Test("TheMealDB: categories/Dessert/meals/52772, and `users` is not one of its screens")
    func mealDB() throws {
        let link = try DeepLink.parse("categories/Dessert/meals/52772", vocabulary: .mealDB)
        #expect(link == .userPost(user: "Dessert", post: "52772"))
        #expect(link.route(in: .mealDB) == "categories/Dessert/meals/52772")
        #expect(try DeepLink.parse("categories", vocabulary: .mealDB) == .users)
        #expect(try DeepLink.parse("meals/52772", vocabulary: .mealDB) == .post("52772"))
        #expect(throws: DeepLinkError.unknownScreen("users")) { try DeepLink.parse("users/3", vocabulary: .mealDB) }
        #expect(throws: DeepLinkError.missingID("meal")) { try DeepLink.parse("categories/Dessert/meals", vocabulary: .mealDB) }
    }

    static let awkwardIDs: [String] = ["shipit[bot]", "a b", "50%", "ü-é", "x?y#z", "tab\there", "\u{202E}evil"]

    @Test("every id round-trips through the route in every vocabulary", arguments: awkwardIDs)
    func roundTrip(id: String) throws {
        for words in [SourceVocabulary.jsonPlaceholder, .github, .mealDB] {
            // GitHub's repository ids start with their owner's login.
            let post = RecordID(words.postIDsIncludeUserID ? id + "/" + id : id)
            for link in [DeepLink.user(RecordID(id)), .userPost(user: RecordID(id), post: post), .post(post)] {
                let route = link.route(in: words)
                #expect(try DeepLink.parse(route, vocabulary: words) == link, "\(route)")
                #expect(!route.unicodeScalars.contains { $0.properties.generalCategory == .control },
                        "no control character reaches the header")
            }
        }
    }

    @Test("JSONPlaceholder's routes are unchanged")
    func jsonPlaceholderUnchanged() throws {
        #expect(DeepLink.userPost(user: 3, post: 7).route(in: .jsonPlaceholder) == "users/3/posts/7")
        #expect(DeepLink.post(12).route(in: .jsonPlaceholder) == "posts/12")
        #expect(DeepLink.acceptedForms == ["home", "users", "users/ID", "users/ID/posts/ID", "users/ID/albums/ID", "posts", "posts/ID", "admin", "search?q=TEXT"])
    }

    @Test(":open and :posts read paths in the source's words")
    func commands() throws {
        #expect(try AppCommand.parse("open users/shipit[bot]", vocabulary: .github) == .open(.user("shipit[bot]")))
        #expect(try AppCommand.parse("categories", vocabulary: .mealDB) == .open(.users))
        #expect(throws: AppCommandError.self) { try AppCommand.parse("posts", vocabulary: .github) }
        do {
            _ = try AppCommand.parse("posts", vocabulary: .github)
        } catch {
            #expect(error.description(in: .github, sourceName: "GitHub") == "GitHub has no posts list (its lists: :users, :repos)")
        }
        #expect(try AppCommand.parse("posts") == .open(.posts), "JSONPlaceholder's :posts is unchanged")
    }

    @Test("bulletin open PATH is read in the words of the source flag, wherever the flag is")
    func launch() throws {
        let before = try LaunchOptions.parse(["open", "users/shipit%5Bbot%5D", "--github"])
        let after = try LaunchOptions.parse(["--github", "open", "users/dstufft/repos/xmlrpc2"])
        #expect(before.link == .user("shipit[bot]"))
        #expect(after.link == .userPost(user: "dstufft", post: "dstufft/xmlrpc2"))
        #expect(throws: LaunchError.badLink("repos", .unavailable(
            "there is no list of every repository here; open one from its user's screen (users/ID/repos/ID)"))) {
            try LaunchOptions.parse(["--github", "open", "repos"])
        }
    }
}
