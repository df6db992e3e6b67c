/// Where Bulletin's users, posts and comments come from.
///
/// One protocol, several implementations (embedded data set, JSONPlaceholder-compatible REST
/// API, json-server `db.json` file); the app never asks which one it has except to label it
/// through ``descriptor``. Every method may suspend (network or file I/O) and throws a
/// ``DataError`` that names the URL or file and the cause.
public protocol DataSource: Sendable {
    /// What kind of source this is and where it reads from, for the Admin panel and error text.
    var descriptor: SourceDescriptor { get }

    /// All users, in the source's order. (REST: `GET /users`)
    func users() async throws(DataError) -> [User]

    /// One user. (REST: `GET /users/{id}`)
    /// - Throws: ``DataError/notFound(_:location:)`` when there is no such user.
    func user(id: RecordID) async throws(DataError) -> User

    /// The posts written by one user, in the source's order. (REST: `GET /posts?userId={id}`)
    func posts(userID: RecordID) async throws(DataError) -> [Post]

    /// One post. (REST: `GET /posts/{id}`)
    /// - Throws: ``DataError/notFound(_:location:)`` when there is no such post.
    func post(id: RecordID) async throws(DataError) -> Post

    /// The comments on one post, in the source's order. (REST: `GET /comments?postId={id}`)
    func comments(postID: RecordID) async throws(DataError) -> [Comment]

    /// How many users, posts and comments the source holds. (REST: counts of `GET /users`, `/posts`, `/comments`)
    func statistics() async throws(DataError) -> DataStatistics

    /// All users with the records that could not be read; has a default (no issues).
    func userList() async throws(DataError) -> RecordList<User>

    /// The records or fields left out so far this run; has a default (none).
    func recordIssues() async -> [RecordIssue]

    /// One page of users: the first for `nil`, else the page `cursor` points at. Has a default
    /// (everything as one page).
    func userPage(after cursor: PageCursor?) async throws(DataError) -> UserPage

    /// How far a long load has got (files); has a default (`nil`: nothing to report).
    var loadProgress: LoadProgress? { get }

    /// The Posts list read in windows by key (a database: ``RecordWindows``), or `nil` when the
    /// list is read whole (``postListing(partial:)``); has a default (`nil`).
    var postWindows: (any RecordWindows<WindowedPost>)? { get }

    /// The Users list read in windows by key (a database), or `nil` when it is read by
    /// ``userPage(after:)``; has a default (`nil`).
    var userWindows: (any RecordWindows<User>)? { get }

    /// Every post, in the source's order. (REST: `GET /posts`) Has a default that gathers
    /// them through ``users()`` and ``posts(userID:)`` (see ``postList()``).
    func allPosts() async throws(DataError) -> [Post]

    /// Every post, with the parts that could not be read (records skipped, or a user whose
    /// posts failed to load). Has a default that gathers them user by user.
    func postList() async throws(DataError) -> RecordList<Post>

    /// Every comment, in the source's order. (REST: `GET /comments`) Has a default that
    /// gathers them through ``allPosts()`` and ``comments(postID:)``.
    func allComments() async throws(DataError) -> [Comment]

    /// What the Posts list shows: every post without its body, and the authors' names. A file
    /// source answers from its index and calls `partial` with each batch of posts indexed while
    /// a first load runs; the default asks ``users()`` and ``postList()`` and never calls it.
    func postListing(partial: (@Sendable (PostBatch) -> Void)?) async throws(DataError) -> PostListing

    /// The kinds this source holds and its words for them; has a default
    /// (``SourceVocabulary/jsonPlaceholder``).
    var vocabulary: SourceVocabulary { get }

    /// The albums of one user, in the source's order. (REST: `GET /albums?userId={id}`)
    /// Has a default (none), for sources whose vocabulary has no ``UserListKind/albums``.
    func albums(userID: RecordID) async throws(DataError) -> [Album]

    /// The photos of one album, in the source's order. (REST: `GET /photos?albumId={id}`)
    /// Has a default (none).
    func photos(albumID: RecordID) async throws(DataError) -> [Photo]

    /// The todos of one user, in the source's order. (REST: `GET /todos?userId={id}`)
    /// Has a default (none), for sources whose vocabulary has no ``UserListKind/todos``.
    func todos(userID: RecordID) async throws(DataError) -> [Todo]

    /// The record of `kind` with `id` as the source holds it (the JSON received, or the
    /// record's bytes in a file), pretty-printed with two-space indents and members in the
    /// source's order, for the raw view (`v`); `nil` when the source cannot give it. The text
    /// is the data's own: it may hold control characters, which screens show harmlessly.
    /// Has a default (`nil`).
    /// - Throws: As the fetch of that record (``DataError/notFound(_:location:)`` and the rest).
    func rawRecord(_ kind: RecordKind, id: RecordID) async throws(DataError) -> String?

    /// One user's posts with the parts that could not be read: a source that pages them
    /// (GitHub's repositories) keeps the pages read when a later one fails, or when it stops
    /// at its cap, and reports the rest as a ``RecordIssue`` with effect
    /// ``RecordIssue/Effect/partial``. Has a default (``posts(userID:)``, no issues).
    /// - Throws: As ``posts(userID:)``; a failure of the first page.
    func postList(userID: RecordID) async throws(DataError) -> RecordList<Post>

    /// One post's comments with the ones that could not be read (skipped: a REST answer's
    /// comment that is not UTF-8) or a list read only in part, for the post's status line.
    /// Has a default (``comments(postID:)``, no issues).
    /// - Throws: As ``comments(postID:)``.
    func commentList(postID: RecordID) async throws(DataError) -> RecordList<Comment>

    /// The users and posts matching `query`, found by the source's own search API (GitHub's
    /// `/search/users` and `/search/repositories`), or `nil` when the source has none and
    /// Search looks through every post and comment itself. The empty query answers at once,
    /// without a request (Search asks it to learn which way to search). Has a default (`nil`).
    /// - Throws: As the requests it makes (``DataError/rateLimited(url:resetAt:remaining:)``, …).
    func search(_ query: String) async throws(DataError) -> SourceSearchResults?

    /// Search over the records' bytes where the source holds an indexed file (issue 23): the
    /// posts and comments as they read now, saved edits included, searchable without decoding
    /// them all; `nil` when the source has no such index (Search then decodes every post and
    /// comment). Has a default (`nil`).
    /// - Throws: The load errors of the source's data.
    func textSearch() async throws(DataError) -> RecordTextSearch?

    /// Search through the source's own text index (a SQLite database's FTS5 tables): each query
    /// answered with its first matches and a count, nothing read whole; `nil` when the source has
    /// none (Search then looks through the records itself). Has a default (`nil`).
    var textSearching: (any TextSearching)? { get }
    /// What deleting a record of `kind` does to the records that point at it (a user's posts, a
    /// post's comments): the database's own rule where it declares one (`ON DELETE CASCADE`).
    /// Has a default (``ChildDeleteRule/kept``: they stay, as in json-server).
    func childDeleteRule(of kind: RecordKind) async -> ChildDeleteRule

    /// Others' changes as they happen (`--live` on a PostgreSQL database), or `nil` when the
    /// source does not watch for them. Has a default (`nil`).
    var liveChanges: (any LiveChanges)? { get }
}

extension DataSource {
    /// All users together with the records that could not be read (skipped, or with a field blanked).
    ///
    /// Sources that decode leniently (file, embedded, REST) override this; the default wraps
    /// ``users()`` with no issues, so simpler sources need nothing more.
    /// - Throws: As ``users()``.
    public func userList() async throws(DataError) -> RecordList<User> {
        RecordList(records: try await users())
    }

    /// Every record or field the source has had to leave out so far this run, for the Admin panel.
    /// The default is none.
    public func recordIssues() async -> [RecordIssue] { [] }

    /// No progress to report.
    public var loadProgress: LoadProgress? { nil }

    public var postWindows: (any RecordWindows<WindowedPost>)? { nil }
    public var userWindows: (any RecordWindows<User>)? { nil }

    /// JSONPlaceholder's words.
    public var vocabulary: SourceVocabulary { .jsonPlaceholder }

    /// `nil`: the source does not watch for others' changes.
    public var liveChanges: (any LiveChanges)? { nil }

    /// None.
    public func albums(userID: RecordID) async throws(DataError) -> [Album] { [] }

    /// None.
    public func photos(albumID: RecordID) async throws(DataError) -> [Photo] { [] }

    /// None.
    public func todos(userID: RecordID) async throws(DataError) -> [Todo] { [] }

    /// None: Search decodes every post and comment.
    public func textSearch() async throws(DataError) -> RecordTextSearch? { nil }
    /// None: Search looks through the records itself.
    public var textSearching: (any TextSearching)? { nil }
    /// They stay, pointing at nothing (json-server's way).
    public func childDeleteRule(of kind: RecordKind) async -> ChildDeleteRule { .kept }

    /// None: the source cannot give a record as received.
    public func rawRecord(_ kind: RecordKind, id: RecordID) async throws(DataError) -> String? { nil }
}

/// One labelled line about a source's data for the Admin panel: `Journal mode` `wal`.
public struct SourceDetail: Hashable, Sendable {
    /// The label (`SQLite`, `Tables`).
    public var label: String
    /// The value, one line.
    public var value: String

    /// - Parameters: See the properties.
    public init(_ label: String, _ value: String) {
        self.label = label
        self.value = value
    }
}

/// What deleting a record does to the records that point at it.
public enum ChildDeleteRule: Hashable, Sendable {
    /// They stay, still pointing at the deleted record's id (json-server, REST APIs, files).
    case kept
    /// They stay, pointing at nothing: the database sets the reference to NULL (`ON DELETE SET NULL`).
    case setNull
    /// The database deletes them with it (`ON DELETE CASCADE`); undo puts them back.
    case cascade
    /// The database refuses the delete while they point at it (a `FOREIGN KEY` with no
    /// `ON DELETE` action, or `RESTRICT`).
    case restrict
}

/// Counts of the records a source holds.
public struct DataStatistics: Hashable, Sendable {
    /// The number of users.
    public var users: Int
    /// The number of posts.
    public var posts: Int
    /// The number of comments.
    public var comments: Int
    /// The number of JSONPlaceholder albums; `nil` when the source did not count them (it has
    /// none, or counting them is not offered).
    public var albums: Int?
    /// The number of JSONPlaceholder photos; `nil` when not counted.
    public var photos: Int?
    /// The number of JSONPlaceholder todos; `nil` when not counted.
    public var todos: Int?
    /// What else the source tells about its data, as labelled lines for the Admin panel (a
    /// database's file size, engine version, journal mode and tables); empty for most sources.
    public var details: [SourceDetail] = []
    /// The kinds whose rows could not be counted (`users`, `posts`, `comments`, … as
    /// ``SQLLayout/Kind`` names them: a table the role may not read); their counts are 0.
    public var notCounted: Set<String> = []

    /// Creates counts; all are non-negative. Albums, photos and todos default to not counted.
    public init(users: Int, posts: Int, comments: Int, albums: Int? = nil, photos: Int? = nil, todos: Int? = nil) {
        self.users = users
        self.posts = posts
        self.comments = comments
        self.albums = albums
        self.photos = photos
        self.todos = todos
    }
}

/// A label for a data source: its kind and where it reads from.
public struct SourceDescriptor: Hashable, Sendable, CustomStringConvertible {
    /// The kinds of source Bulletin can read.
    public enum Kind: String, Sendable, CaseIterable {
        /// The data set shipped inside the binary as a SwiftPM resource.
        case embedded
        /// A JSONPlaceholder-compatible REST API.
        case rest
        /// A json-server style `db.json` file.
        case file
        /// A DummyJSON-compatible REST API.
        case dummyJSON
        /// The GitHub REST API (or GitHub Enterprise).
        case github
        /// TheMealDB's v1 API (https://www.themealdb.com/api.php).
        case mealDB
        /// A SQLite database file (json-server's collections as tables).
        case sqlite
        /// A PostgreSQL database on a server (the same tables, shared by a team).
        case postgres
    }

    /// What kind of source it is.
    public var kind: Kind
    /// The base URL (REST), the file path (file), or the resource name (embedded).
    public var location: String
    /// How requests are authenticated, never the secret itself (`token in use (GITHUB_TOKEN)`); `nil` for none.
    public var authentication: String?

    /// What else the label says about the data, after a comma (`with your edits`); `nil` for nothing.
    public var detail: String?

    /// Creates a label for a source of `kind` reading from `location`.
    public init(kind: Kind, location: String, authentication: String? = nil, detail: String? = nil) {
        self.kind = kind
        self.location = location
        self.authentication = authentication
        self.detail = detail
    }

    /// `embedded data set`, `REST API http://…`, `file ./db.json` (from the kind's ``SourceDeclaration``),
    /// then the ``detail`` (`embedded data set, with your edits`).
    public var description: String {
        let declared = kind.declaration
        let label = declared.showsLocation ? "\(declared.locationPrefix) \(location)" : declared.locationPrefix
        return detail.map { label + ", " + $0 } ?? label
    }
}
