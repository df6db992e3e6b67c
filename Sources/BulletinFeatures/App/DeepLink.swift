import BulletinData

/// The address of one screen, written as a path: `users`, `users/3`, `users/3/posts/7`,
/// `posts`, `posts/12`, `admin`, `home`, `search?q=TEXT`.
///
/// The cases do not depend on the source; the words do: ``route(in:)`` and
/// ``parse(_:vocabulary:)`` use the source's ``SourceVocabulary`` (`users/dstufft/repos/xmlrpc2`
/// on GitHub, `categories/Dessert/meals/52772` on TheMealDB). An id is any non-empty text
/// without a `/`: written as the source spells it (`users/shipit[bot]`), a segment is
/// percent-decoded when read (`users/shipit%5Bbot%5D`).
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

    /// The accepted forms in JSONPlaceholder's words, for error messages and help
    /// (``acceptedForms(in:)`` gives them in a source's words).
    public static let acceptedForms = acceptedForms(in: .jsonPlaceholder)

    /// The path that opens this screen in JSONPlaceholder's words, such as `users/3/posts/7`
    /// (``route(in:)`` writes it in a source's words).
    public var path: String { route(in: .jsonPlaceholder) }

    public var description: String { path }

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
}

/// Why a path is not a deep link; ``description`` says what is wrong and lists the accepted forms.
public enum DeepLinkError: Error, Equatable, Sendable, CustomStringConvertible {
    case empty
    case unknownScreen(String)
    case missingID(String)
    case invalidID(String, of: String)
    case unexpected(String)
    /// The path names a list the source does not have (`posts` on GitHub); the text says why.
    case unavailable(String)

    /// What is wrong, in one line.
    public var reason: String {
        switch self {
        case .empty: "the path is empty"
        case let .unknownScreen(name): "unknown screen '\(name)'"
        case let .missingID(what): "\(what.first.map { "aeio".contains($0) } == true ? "an" : "a") \(what) id is missing"
        case let .invalidID(text, what): "'\(text)' is not a valid \(what) id"
        case let .unexpected(path): "'\(path)' has an unexpected shape"
        case let .unavailable(why): why
        }
    }

    /// The reason, then the accepted forms in JSONPlaceholder's words.
    public var description: String { description(in: .jsonPlaceholder) }

    /// The reason, then the accepted forms in `vocabulary`'s words.
    public func description(in vocabulary: SourceVocabulary) -> String {
        "\(reason); accepted forms: \(DeepLink.acceptedForms(in: vocabulary).joined(separator: ", "))"
    }
}
