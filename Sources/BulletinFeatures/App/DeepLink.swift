import BulletinData

/// The address of one screen, written as a path: `users`, `users/3`, `users/3/posts/7`,
/// `posts`, `posts/12`, `admin`, `home`, `search?q=TEXT`.
///
/// The same strings work in `bulletin open PATH`, in the `:open PATH` command and in the
/// header, where every screen shows its own path. ``parse(_:)`` and ``stack(author:)`` are
/// pure: the whole back stack of a link is computed, then applied with one `setStack`.
public enum DeepLink: Hashable, Sendable, CustomStringConvertible {
    case home
    case users
    case user(RecordID)
    case userPost(user: RecordID, post: RecordID)
    /// One album of a user and its photos: `users/1/albums/3`.
    case userAlbum(user: RecordID, album: RecordID)
    case posts
    case post(RecordID)
    case admin
    /// The Search screen with a query (empty: no query yet).
    case search(String)

    /// The accepted forms, for error messages and help.
    public static let acceptedForms = [
        "home", "users", "users/ID", "users/ID/posts/ID", "posts", "posts/ID", "admin", "search?q=TEXT",
    ]

    /// The path that opens this screen, such as `users/3/posts/7`.
    public var path: String {
        switch self {
        case .home: "home"
        case .users: "users"
        case let .user(id): "users/\(id)"
        case let .userPost(user, post): "users/\(user)/posts/\(post)"
        case let .userAlbum(user, album): "users/\(user)/albums/\(album)"
        case .posts: "posts"
        case let .post(id): "posts/\(id)"
        case .admin: "admin"
        case let .search(query): query.isEmpty ? "search" : "search?q=" + SearchQueryEncoding.encode(query)
        }
    }

    public var description: String { path }

    /// Reads a path. Leading and trailing slashes are ignored; ids are one path segment of
    /// letters, digits, `-` or `_` (JSONPlaceholder ids are numbers, json-server's may be strings).
    /// - Throws: ``DeepLinkError`` saying what is wrong (empty path, unknown screen, missing or
    ///   invalid id, extra segments).
    public static func parse(_ path: String) throws(DeepLinkError) -> DeepLink {
        if let search = try parseSearch(path) { return search }
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        let trimmed = Array(segments.drop(while: \.isEmpty).reversed().drop(while: \.isEmpty).reversed())
        guard let head = trimmed.first else { throw .empty }
        let rest = Array(trimmed.dropFirst())
        switch head {
        case "home", "admin", "users", "posts": break
        default: throw .unknownScreen(head)
        }
        switch (head, rest.count) {
        case ("home", 0): return .home
        case ("admin", 0): return .admin
        case ("users", 0): return .users
        case ("posts", 0): return .posts
        case ("users", 1): return .user(try id(rest[0], of: "user"))
        case ("posts", 1): return .post(try id(rest[0], of: "post"))
        case ("users", 2) where rest[1] == "posts": throw .missingID("post")
        case ("users", 3) where rest[1] == "posts":
            return .userPost(user: try id(rest[0], of: "user"), post: try id(rest[2], of: "post"))
        case ("users", 2) where rest[1] == "albums": throw .missingID("album")
        case ("users", 3) where rest[1] == "albums":
            return .userAlbum(user: try id(rest[0], of: "user"), album: try id(rest[2], of: "album"))
        default: throw .unexpected(trimmed.joined(separator: "/"))
        }
    }

    /// Whether ``stack(author:)`` needs the post's author: only `posts/ID`, whose back stack
    /// goes through the author (loaded by ``DeepLinkResolver``).
    public var needsAuthor: Bool {
        if case .post = self { return true }
        return false
    }

    /// Every screen from Home up to this one, root first: what Back walks through.
    /// - Parameter author: The author of the post for `posts/ID`; without it the stack is
    ///   Home › Posts › post. Ignored by every other link.
    public func stack(author: RecordID? = nil) -> [DeepLink] {
        switch self {
        case .home: [.home]
        case .users: [.home, .users]
        case let .user(id): [.home, .users, .user(id)]
        case let .userPost(user, _): [.home, .users, .user(user), self]
        case let .userAlbum(user, _): [.home, .users, .user(user), self]
        case .posts: [.home, .posts]
        case .post:
            if let author { [.home, .users, .user(author), self] } else { [.home, .posts, self] }
        case .admin: [.home, .admin]
        case .search: [.home, self]
        }
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

    private static func id(_ text: String, of what: String) throws(DeepLinkError) -> RecordID {
        guard !text.isEmpty else { throw .missingID(what) }
        let allowed = text.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_"
        }
        guard allowed else { throw .invalidID(text, of: what) }
        return RecordID(text)
    }
}

/// Why a path is not a deep link; ``description`` says what is wrong and lists the accepted forms.
public enum DeepLinkError: Error, Equatable, Sendable, CustomStringConvertible {
    case empty
    case unknownScreen(String)
    case missingID(String)
    case invalidID(String, of: String)
    case unexpected(String)

    /// What is wrong, in one line.
    public var reason: String {
        switch self {
        case .empty: "the path is empty"
        case let .unknownScreen(name): "unknown screen '\(name)'"
        case let .missingID(what): "a \(what) id is missing"
        case let .invalidID(text, what): "'\(text)' is not a valid \(what) id"
        case let .unexpected(path): "'\(path)' has an unexpected shape"
        }
    }

    /// The reason, then the accepted forms.
    public var description: String {
        "\(reason); accepted forms: \(DeepLink.acceptedForms.joined(separator: ", "))"
    }
}
