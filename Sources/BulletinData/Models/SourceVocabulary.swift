/// What one kind of record is called by a source, in both numbers: `repository` / `repositories`.
///
/// Lower case as it reads inside a sentence (`3 repositories`); ``title`` and ``singularTitle``
/// give the capitalised forms for headings and breadcrumbs (`Repositories (3)`).
public struct KindName: Hashable, Sendable {
    /// The name of one record, lower case: `repository`.
    public var singular: String
    /// The name of several, lower case: `repositories`.
    public var plural: String

    /// Creates a name from its two forms, both lower case.
    public init(_ singular: String, _ plural: String) {
        self.singular = singular
        self.plural = plural
    }

    /// The plural, first letter capitalised, for headings: `Repositories`.
    public var title: String { Self.capitalizingFirst(plural) }
    /// The singular, first letter capitalised: `Repository`.
    public var singularTitle: String { Self.capitalizingFirst(singular) }

    /// `1 repository`, `2 repositories`, `0 repositories`.
    public func count(_ value: Int) -> String {
        "\(value) \(value == 1 ? singular : plural)"
    }

    private static func capitalizingFirst(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.uppercased() + text.dropFirst()
    }
}

/// The lists a user's screen can show beside (or instead of) its posts.
public enum UserListKind: String, Hashable, Sendable, CaseIterable {
    /// The user's posts (GitHub: repositories; TheMealDB: a category's meals).
    case posts
    /// JSONPlaceholder's albums (`/albums?userId=`), each with its photos (`/photos?albumId=`).
    case albums
    /// JSONPlaceholder's todos (`/todos?userId=`).
    case todos
}

/// The kinds a source holds and its own words for them, so every screen, breadcrumb, count,
/// route, help text and message can say `repositories` on GitHub and `meals` on TheMealDB.
///
/// Bulletin's navigation has three levels (``users`` → ``posts`` → ``comments``) and, on
/// JSONPlaceholder-shaped sources, two more lists beside a user's posts (``userLists``).
/// A source declares its vocabulary through ``DataSource/vocabulary``; the default is
/// ``jsonPlaceholder``.
public struct SourceVocabulary: Hashable, Sendable {
    /// The top level's name: `users`, `users` (GitHub accounts), `categories`.
    public var users: KindName
    /// The second level's name: `posts`, `repositories`, `meals`.
    public var posts: KindName
    /// The third level's name, or `nil` when the source has nothing under a post (GitHub, TheMealDB).
    public var comments: KindName?
    /// The lists a user's screen shows, in order: `[.posts, .albums, .todos]` on
    /// JSONPlaceholder sources, `[.posts]` elsewhere.
    public var userLists: [UserListKind]
    /// The path segment of the top level in deep links and the header's route: `users`
    /// (`users/3`, `users/shipit[bot]`), `categories` on TheMealDB.
    public var usersRoute: String
    /// The path segment of the second level: `posts` on JSONPlaceholder (`users/3/posts/12`),
    /// `repos` on GitHub (`users/dstufft/repos/xmlrpc2`), `meals` on TheMealDB.
    public var postsRoute: String
    /// The word before a post's owner on its screen: `by` (`by Leanne Graham`), `in` on
    /// TheMealDB (`in Chicken`: a meal is in its category).
    public var ownerWord: String
    /// Whether the source has a list of every post across users (JSONPlaceholder's `/posts`);
    /// GitHub has none (it would cost one request per user), so Home does not offer it.
    public var hasAllPostsList: Bool
    /// Whether a post's id starts with its user's id and a `/` (GitHub's repository
    /// `dstufft/xmlrpc2` of user `dstufft`): routes then name only the rest
    /// (`users/dstufft/repos/xmlrpc2`), and `DeepLink` puts the two back together.
    public var postIDsIncludeUserID: Bool
    /// Whether Search finds users as well as posts (GitHub's own search: accounts and
    /// repositories), so the words that announce Search name both.
    public var searchFindsUsers: Bool

    /// Creates a vocabulary.
    public init(
        users: KindName, posts: KindName, comments: KindName?, userLists: [UserListKind] = [.posts],
        usersRoute: String = "users", postsRoute: String = "posts", hasAllPostsList: Bool = true,
        ownerWord: String = "by", postIDsIncludeUserID: Bool = false, searchFindsUsers: Bool = false
    ) {
        self.users = users
        self.posts = posts
        self.comments = comments
        self.userLists = userLists
        self.usersRoute = usersRoute
        self.postsRoute = postsRoute
        self.hasAllPostsList = hasAllPostsList
        self.ownerWord = ownerWord
        self.postIDsIncludeUserID = postIDsIncludeUserID
        self.searchFindsUsers = searchFindsUsers
    }

    /// The name of the user list `kind` in this source's words (albums and todos keep
    /// JSONPlaceholder's names).
    public func name(of kind: UserListKind) -> KindName {
        switch kind {
        case .posts: posts
        case .albums: Self.albums
        case .todos: Self.todos
        }
    }

    /// JSONPlaceholder's albums.
    public static let albums = KindName("album", "albums")
    /// JSONPlaceholder's photos.
    public static let photos = KindName("photo", "photos")
    /// JSONPlaceholder's todos.
    public static let todos = KindName("todo", "todos")

    /// JSONPlaceholder (REST, db.json, the embedded set): users, posts, comments, and a
    /// user's albums (with their photos) and todos.
    public static let jsonPlaceholder = SourceVocabulary(
        users: KindName("user", "users"), posts: KindName("post", "posts"),
        comments: KindName("comment", "comments"), userLists: [.posts, .albums, .todos])

    /// DummyJSON: users, posts, comments (no albums or todos in Bulletin's view).
    public static let dummyJSON = SourceVocabulary(
        users: KindName("user", "users"), posts: KindName("post", "posts"),
        comments: KindName("comment", "comments"))

    /// GitHub: users (accounts, bots and organisations) and their repositories; nothing
    /// under a repository, and no list of every repository.
    public static let github = SourceVocabulary(
        users: KindName("user", "users"), posts: KindName("repository", "repositories"), comments: nil,
        postsRoute: "repos", hasAllPostsList: false, postIDsIncludeUserID: true, searchFindsUsers: true)

    /// TheMealDB: categories and their meals; nothing under a meal, and no list of every meal.
    public static let mealDB = SourceVocabulary(
        users: KindName("category", "categories"), posts: KindName("meal", "meals"), comments: nil,
        usersRoute: "categories", postsRoute: "meals", hasAllPostsList: false, ownerWord: "in")
}
