import BulletinData
import Foundation

extension DeepLink {
    /// Reads a path in `vocabulary`'s words (``route(in:)`` writes them). Leading and trailing
    /// slashes are ignored; an id is one segment of any text but `/`, percent-decoded
    /// (`users/shipit%5Bbot%5D` is `users/shipit[bot]`). Where the source's post ids include
    /// their user's (GitHub), `users/OWNER/repos/NAME` and `repos/OWNER/NAME` name the post
    /// `OWNER/NAME`.
    /// - Throws: ``DeepLinkError`` saying what is wrong: an empty path, an unknown screen, a
    ///   missing id, an id that is not valid percent-encoding (`%zz`), extra segments, or a list the source does not have (`posts` on GitHub).
    public static func parse(_ path: String, vocabulary: SourceVocabulary = .jsonPlaceholder) throws(DeepLinkError) -> DeepLink {
        if let search = try parseSearch(path) { return search }
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        let trimmed = Array(segments.drop(while: \.isEmpty).reversed().drop(while: \.isEmpty).reversed())
        guard let head = trimmed.first else { throw .empty }
        let rest = Array(trimmed.dropFirst())
        let (usersRoute, postsRoute) = (vocabulary.usersRoute, vocabulary.postsRoute)
        let (user, post) = (vocabulary.users.singular, vocabulary.posts.singular)
        guard ["home", "admin", usersRoute, postsRoute].contains(head) else { throw .unknownScreen(head) }
        switch (head, rest.count) {
        case ("home", 0): return .home
        case ("admin", 0): return .admin
        case (usersRoute, 0): return .users
        case (postsRoute, 0):
            guard vocabulary.hasAllPostsList else { throw .unavailable(noAllPostsList(vocabulary)) }
            return .posts
        case (usersRoute, 1): return .user(try id(rest[0], of: user))
        case (postsRoute, 1): return .post(try id(rest[0], of: post))
        case (postsRoute, 2) where vocabulary.postIDsIncludeUserID:
            let owner = try id(rest[0], of: user)
            return .post(RecordID(owner.text + "/" + (try id(rest[1], of: post)).text))
        case (usersRoute, 2) where rest[1] == postsRoute: throw .missingID(post)
        case (usersRoute, 3) where rest[1] == postsRoute:
            let userID = try id(rest[0], of: user)
            let local = try id(rest[2], of: post)
            guard vocabulary.postIDsIncludeUserID, !local.text.contains("/") else {
                return .userPost(user: userID, post: local)
            }
            return .userPost(user: userID, post: RecordID(userID.text + "/" + local.text))
        case (usersRoute, 2) where rest[1] == "albums" && vocabulary.userLists.contains(.albums):
            throw .missingID(SourceVocabulary.albums.singular)
        case (usersRoute, 3) where rest[1] == "albums" && vocabulary.userLists.contains(.albums):
            return .userAlbum(user: try id(rest[0], of: user), album: try id(rest[2], of: SourceVocabulary.albums.singular))
        default: throw .unexpected(trimmed.joined(separator: "/"))
        }
    }

    /// Why `vocabulary`'s source has no `posts` link: `there is no list of every repository
    /// here; open one from its user's screen (users/ID/repos/ID)`.
    static func noAllPostsList(_ vocabulary: SourceVocabulary) -> String {
        let users = vocabulary.usersRoute
        return "there is no list of every \(vocabulary.posts.singular) here; open one from its "
            + "\(vocabulary.users.singular)'s screen (\(users)/ID/\(vocabulary.postsRoute)/ID)"
    }

    /// `search`, `search/` or `search?q=TEXT` (TEXT percent-encoded, `+` for a space); `nil`
    /// for paths that are not about search.
    private static func parseSearch(_ path: String) throws(DeepLinkError) -> DeepLink? {
        let trimmed = path.drop { $0 == "/" }
        guard trimmed.hasPrefix("search") else { return nil }
        let rest = trimmed.dropFirst("search".count)
        if rest.isEmpty || rest == "/" { return .search("") }
        guard rest.first == "?" || rest.hasPrefix("/?") else {
            if rest.first == "/" { throw .unexpected(String(trimmed)) }
            return nil
        }
        let query = rest.drop { $0 == "/" || $0 == "?" }
        guard query.hasPrefix("q="), let text = SearchQueryEncoding.decode(query.dropFirst(2)) else {
            throw .unexpected(String(trimmed))
        }
        return .search(text)
    }

    /// One id segment, percent-decoded: any non-empty text (what ``segment(_:)`` encodes
    /// comes back as it was, control characters included).
    private static func id(_ text: String, of what: String) throws(DeepLinkError) -> RecordID {
        guard !text.isEmpty else { throw .missingID(what) }
        guard let decoded = text.removingPercentEncoding, !decoded.isEmpty else { throw .invalidID(text, of: what) }
        return RecordID(decoded)
    }
}
