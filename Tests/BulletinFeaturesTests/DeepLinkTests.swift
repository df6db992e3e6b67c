import BulletinData
import BulletinTestSupport
import Testing

@testable import BulletinFeatures

@Suite("Deep links: path → route stack")
struct DeepLinkTests {
    /// Path, author given to the resolver (for `posts/ID`), expected route stack as paths.
    static let table: [(String, RecordID?, [String])] = [
        ("home", nil, ["home"]),
        ("users", nil, ["home", "users"]),
        ("users/3", nil, ["home", "users", "users/3"]),
        ("users/3/posts/7", nil, ["home", "users", "users/3", "users/3/posts/7"]),
        ("posts", nil, ["home", "posts"]),
        ("posts/12", 2, ["home", "users", "users/2", "posts/12"]),
        ("posts/12", nil, ["home", "posts", "posts/12"]),
        ("admin", nil, ["home", "admin"]),
        ("/users/3/", nil, ["home", "users", "users/3"]),
        ("users/b3e1", nil, ["home", "users", "users/b3e1"]),
        ("users/1/albums/3", nil, ["home", "users", "users/1", "users/1/albums/3"]),
    ]

    @Test("each accepted form maps to its whole back stack", arguments: table)
    func stacks(path: String, author: RecordID?, expected: [String]) throws {
        let link = try DeepLink.parse(path)
        #expect(link.stack(author: author).map(\.path) == expected)
        #expect(try DeepLink.parse(link.path) == link, "the path round-trips")
    }

    @Test("only posts/ID needs its author")
    func needsAuthor() throws {
        #expect(try DeepLink.parse("posts/12").needsAuthor)
        #expect(try !DeepLink.parse("users/3/posts/7").needsAuthor)
        #expect(try !DeepLink.parse("users").needsAuthor)
    }

    static let malformed: [(String, DeepLinkError)] = [
        ("", .empty),
        ("///", .empty),
        ("people", .unknownScreen("people")),
        ("users//posts/7", .missingID("user")),
        ("users/3/posts", .missingID("post")),
        ("users/3/albums", .missingID("album")),
        ("users/3/comments/7", .unexpected("users/3/comments/7")),
        ("posts/1%zz", .invalidID("1%zz", of: "post")),
        ("posts/12/comments", .unexpected("posts/12/comments")),
        ("admin/1", .unexpected("admin/1")),
        ("users/%", .invalidID("%", of: "user")),
    ]

    @Test("malformed paths say what is wrong and list the accepted forms", arguments: malformed)
    func malformedPaths(path: String, expected: DeepLinkError) {
        #expect(throws: expected) { try DeepLink.parse(path) }
        #expect(expected.description.hasSuffix(
            "accepted forms: home, users, users/ID, users/ID/posts/ID, users/ID/albums/ID, posts, posts/ID, admin, search?q=TEXT"))
    }

    @Test("a trailing slash is ignored")
    func trailingSlash() throws {
        #expect(try DeepLink.parse("users/") == .users)
    }
}

@Suite("DeepLinkResolver")
struct DeepLinkResolverTests {
    let source = StubDataSource()

    @Test("posts/ID goes through its author; users/ID/posts/ID is checked against the author")
    func resolves() async throws {
        #expect(try await DeepLinkResolver.resolve(.post(3), source: source).map(\.path)
            == ["home", "users", "users/2", "posts/3"])
        #expect(try await DeepLinkResolver.resolve(.userPost(user: 1, post: 2), source: source).map(\.path)
            == ["home", "users", "users/1", "users/1/posts/2"])
        #expect(try await DeepLinkResolver.resolve(.users, source: source).map(\.path) == ["home", "users"])
        #expect(await source.calls["users"] == nil, "a list link asks the source nothing")
    }

    @Test("missing records and mismatched authors fail with a reason")
    func failures() async {
        await #expect(throws: DeepLinkResolver.Failure(link: .post(99), reason: "No post 99 in stub")) {
            try await DeepLinkResolver.resolve(.post(99), source: source)
        }
        await #expect(throws: DeepLinkResolver.Failure(link: .user(42), reason: "No user 42 in stub")) {
            try await DeepLinkResolver.resolve(.user(42), source: source)
        }
        await #expect(
            throws: DeepLinkResolver.Failure(
                link: .userPost(user: 1, post: 3), reason: "Post 3 is by user 2, not user 1")
        ) {
            try await DeepLinkResolver.resolve(.userPost(user: 1, post: 3), source: source)
        }
    }
}

@Suite("Deep links to an album")
struct AlbumDeepLinkTests {
    @Test("users/1/albums/2 resolves when user 1 has album 2; another user's album is not found, in words")
    func resolve() async throws {
        let source = StubDataSource(albums: Fixtures.albums)
        let stack = try await DeepLinkResolver.resolve(.userAlbum(user: 1, album: 2), source: source)
        #expect(stack.map(\.path) == ["home", "users", "users/1", "users/1/albums/2"])
        await #expect(throws: DeepLinkResolver.Failure(link: .userAlbum(user: 1, album: 3), reason: "No album 3 of user 1 in stub")) {
            try await DeepLinkResolver.resolve(.userAlbum(user: 1, album: 3), source: source)
        }
    }
}
