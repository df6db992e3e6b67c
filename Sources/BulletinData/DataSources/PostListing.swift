import Foundation
import Synchronization

/// What the Posts list shows: every post's list members, the authors' names, and the posts
/// that could not be read (``DataSource/postListing(partial:)``).
public struct PostListing: Sendable, Equatable {
    /// Every post, in the source's order.
    public var posts: [PostSummary]
    /// Each user's name by id (first user with an id wins).
    public var authors: [RecordID: String]
    /// The posts (or users' posts) that could not be read.
    public var issues: [RecordIssue]

    /// Creates a listing.
    public init(posts: [PostSummary], authors: [RecordID: String], issues: [RecordIssue] = []) {
        self.posts = posts
        self.authors = authors
        self.issues = issues
    }
}

/// A batch of posts a long load has got to, in the source's order, for a list that fills in
/// while the rest loads (a million-post file: the first batch shows within milliseconds).
public struct PostBatch: Sendable, Equatable {
    /// The batch's posts (those that could not be read left out); later batches follow them.
    public var posts: [PostSummary]
    /// The authors' names known so far (empty while the users are not read yet).
    public var authors: [RecordID: String]
    /// How far the load has got: bytes of the file read so far and the file's size in bytes
    /// (rows read so far and the table's rows, for a database).
    public var done: Int
    public var total: Int

    /// Creates a batch.
    public init(posts: [PostSummary], authors: [RecordID: String] = [:], done: Int, total: Int) {
        self.posts = posts
        self.authors = authors
        self.done = done
        self.total = total
    }
}

extension DataSource {
    /// Every post's list members with the authors' names: ``users()`` then ``postList()``
    /// (REST: `GET /users`, `GET /posts`). `partial` is never called: the answer comes whole.
    /// - Throws: As ``users()`` and ``postList()``.
    public func postListing(partial: (@Sendable (PostBatch) -> Void)?) async throws(DataError) -> PostListing {
        let users = try await users()
        var names: [RecordID: String] = [:]
        for user in users where names[user.id] == nil { names[user.id] = user.name }
        let posts = try await postList()
        return PostListing(posts: posts.records.map(PostSummary.init), authors: names, issues: posts.issues)
    }
}

/// Hands the batches of a load in progress to whoever asked for them meanwhile (thread-safe).
final class PostFeed: Sendable {
    private let subscribers = Mutex<[UUID: @Sendable (PostBatch) -> Void]>([:])

    /// Whether anyone is waiting for batches (a load started without subscribers needs none).
    var hasSubscribers: Bool { subscribers.withLock { !$0.isEmpty } }

    /// Sends `batch` to every subscriber, on the caller's thread.
    func publish(_ batch: PostBatch) {
        let receivers = subscribers.withLock { Array($0.values) }
        for receiver in receivers { receiver(batch) }
    }

    /// Runs `operation` with `receiver` subscribed (when given).
    func subscribed<T>(
        _ receiver: (@Sendable (PostBatch) -> Void)?, _ operation: () async throws(DataError) -> T
    ) async throws(DataError) -> T {
        guard let receiver else { return try await operation() }
        let token = UUID()
        subscribers.withLock { $0[token] = receiver }
        defer { _ = subscribers.withLock { $0.removeValue(forKey: token) } }
        return try await operation()
    }
}
