import BulletinData
import Foundation

/// An in-memory ``DataSource`` for tests: fixed records, an optional failure and an optional
/// delay, and a count of the calls it received.
public actor StubDataSource: DataSource {
    public nonisolated let descriptor: SourceDescriptor
    /// The words the stub declares (`.github`, `.mealDB` for the screens' words in tests).
    public nonisolated let vocabulary: SourceVocabulary
    /// What ``rawRecord(_:id:)`` answers, by kind and id text; `nil` for a record not listed.
    private let rawRecords: [RecordKind: [String: String]]
    private let counts: DataStatistics?
    var users: [User]
    var posts: [Post]
    var comments: [Comment]
    var albums: [Album]
    var photos: [Photo]
    var todos: [Todo]
    private var failure: DataError?
    private let delay: Duration?
    /// How many calls each method received, by method name (`users`, `user`, `posts`, …).
    public private(set) var calls: [String: Int] = [:]
    /// The text index Search asks (``DataSource/textSearching``), `nil` by default.
    public nonisolated let textSearching: (any TextSearching)?
    /// Others' changes as a test sends them (``StubLiveChanges``), `nil` by default.
    public nonisolated let liveChanges: (any LiveChanges)?

    /// - Parameters:
    ///   - delay: How long every call waits before answering (cancellable), to test loads in flight.
    ///   - failure: When set, every call throws it.
    ///   - textSearching: The text index Search asks instead of every post and comment.
    public init(
        users: [User] = Fixtures.users, posts: [Post] = Fixtures.posts, comments: [Comment] = Fixtures.comments,
        descriptor: SourceDescriptor = SourceDescriptor(kind: .embedded, location: "stub"),
        delay: Duration? = nil, failure: DataError? = nil, vocabulary: SourceVocabulary = .jsonPlaceholder,
        rawRecords: [RecordKind: [String: String]] = [:], statistics: DataStatistics? = nil,
        albums: [Album] = [], photos: [Photo] = [], todos: [Todo] = [], textSearching: (any TextSearching)? = nil,
        liveChanges: (any LiveChanges)? = nil
    ) {
        self.textSearching = textSearching
        self.liveChanges = liveChanges
        self.vocabulary = vocabulary
        self.rawRecords = rawRecords
        self.counts = statistics
        self.users = users
        self.posts = posts
        self.comments = comments
        self.albums = albums
        self.photos = photos
        self.todos = todos
        self.descriptor = descriptor
        self.delay = delay
        self.failure = failure
    }

    /// Makes later calls fail with `error`, or succeed again with `nil`.
    public func setFailure(_ error: DataError?) { failure = error }

    public func users() async throws(DataError) -> [User] {
        try await answer("users") { users }
    }

    public func user(id: RecordID) async throws(DataError) -> User {
        let found = try await answer("user") { users.first { $0.id == id } }
        guard let found else { throw .notFound("user \(id)", location: "stub") }
        return found
    }

    public func posts(userID: RecordID) async throws(DataError) -> [Post] {
        try await answer("posts") { posts.filter { $0.userId == userID } }
    }

    public func post(id: RecordID) async throws(DataError) -> Post {
        let found = try await answer("post") { posts.first { $0.id == id } }
        guard let found else { throw .notFound("post \(id)", location: "stub") }
        return found
    }

    public func comments(postID: RecordID) async throws(DataError) -> [Comment] {
        try await answer("comments") { comments.filter { $0.postId == postID } }
    }

    public func albums(userID: RecordID) async throws(DataError) -> [Album] {
        try await answer("albums") { albums.filter { $0.userId == userID } }
    }

    public func photos(albumID: RecordID) async throws(DataError) -> [Photo] {
        try await answer("photos") { photos.filter { $0.albumId == albumID } }
    }

    public func todos(userID: RecordID) async throws(DataError) -> [Todo] {
        try await answer("todos") { todos.filter { $0.userId == userID } }
    }

    /// Replaces the users, posts and comments (someone else changed them), keeping those not given.
    public func replace(users: [User]? = nil, posts: [Post]? = nil, comments: [Comment]? = nil) {
        if let users { self.users = users }
        if let posts { self.posts = posts }
        if let comments { self.comments = comments }
    }

    /// Replaces the todo with `todo`'s id (``StubDataWriter``'s todo writes).
    public func store(_ todo: Todo) {
        if let index = todos.firstIndex(where: { $0.id == todo.id }) { todos[index] = todo }
    }

    public func statistics() async throws(DataError) -> DataStatistics {
        try await answer("statistics") {
            counts ?? DataStatistics(users: users.count, posts: posts.count, comments: comments.count)
        }
    }

    public nonisolated func rawRecord(_ kind: RecordKind, id: RecordID) async throws(DataError) -> String? {
        rawRecords[kind]?[id.text]
    }

    private func answer<T>(_ name: String, _ value: () -> T) async throws(DataError) -> T {
        calls[name, default: 0] += 1
        if let delay {
            do { try await Task.sleep(for: delay) } catch { throw .cancelled }
        }
        if let failure { throw failure }
        return value()
    }
}

/// A small, fixed data set for view-model, coordinator and screen tests.
public enum Fixtures {
    /// Three users; the second has a non-ASCII name and no company.
    public static let users: [User] = [
        User(
            id: 1, name: "Leanne Graham", username: "Bret", email: "Sincere@april.biz",
            address: .init(
                street: "Kulas Light", suite: "Apt. 556", city: "Gwenborough", zipcode: "92998-3874",
                geo: .init(lat: "-37.3159", lng: "81.1496")),
            phone: "1-770-736-8031 x56442", website: "hildegard.org",
            company: .init(name: "Romaguera-Crona", catchPhrase: "Multi-layered client-server neural-net", bs: "harness")),
        User(id: 2, name: "Zoë Ångström", username: "zoe", email: "zoe@example.org"),
        User(id: 3, name: "山田 太郎", username: "taro", email: nil, website: "yamada.jp"),
    ]

    /// Two posts by user 1, one by user 2.
    public static let posts: [Post] = [
        Post(userId: 1, id: 1, title: "First post", body: "Hello there.\nSecond line of the first post."),
        Post(userId: 1, id: 2, title: "Second post", body: "Another body."),
        Post(userId: 2, id: 3, title: "Zoë writes", body: "Body of post three."),
    ]

    /// Two comments on post 1, one on post 3.
    public static let comments: [Comment] = [
        Comment(postId: 1, id: 1, name: "Nice", email: "a@example.com", body: "Great post."),
        Comment(postId: 1, id: 2, name: "Agreed", email: "b@example.com", body: "Me too."),
        Comment(postId: 3, id: 3, name: "Hmm", email: "c@example.com", body: "Interesting."),
    ]
}

extension Fixtures {
    /// Two albums of user 1 and one of user 2.
    public static let albums: [Album] = [
        Album(userId: 1, id: 1, title: "quidem molestiae enim"),
        Album(userId: 1, id: 2, title: "sunt qui excepturi"),
        Album(userId: 2, id: 3, title: "omnis laborum odio"),
    ]
    /// Two photos of album 1.
    public static let photos: [Photo] = [
        Photo(albumId: 1, id: 1, title: "accusamus beatae", url: "https://via.placeholder.com/600/92c952",
              thumbnailUrl: "https://via.placeholder.com/150/92c952"),
        Photo(albumId: 1, id: 2, title: "reprehenderit est", url: "https://via.placeholder.com/600/771796",
              thumbnailUrl: "https://via.placeholder.com/150/771796"),
    ]
    /// Three todos of user 1 (the second done) and one of user 2.
    public static let todos: [Todo] = [
        Todo(userId: 1, id: 1, title: "delectus aut autem", completed: false),
        Todo(userId: 1, id: 2, title: "quis ut nam facilis", completed: true),
        Todo(userId: 1, id: 3, title: "fugiat veniam minus", completed: false),
        Todo(userId: 2, id: 4, title: "et porro tempora", completed: true),
    ]
}
