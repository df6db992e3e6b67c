import Foundation

/// The files the Admin panel exports.
public enum ExportFormat: String, Equatable, Sendable, CaseIterable {
    /// A json-server `db.json`: `{"comments": [...], "posts": [...], "users": [...]}`.
    case dbJSON
    /// Every post as CSV (RFC 4180): `id,userId,title,body`.
    case postsCSV

    /// A name to suggest for the file.
    public var suggestedFileName: String {
        switch self {
        case .dbJSON: "db.json"
        case .postsCSV: "posts.csv"
        }
    }

    /// `db.json` or `posts CSV`, for prompts and messages.
    public var label: String {
        switch self {
        case .dbJSON: "db.json"
        case .postsCSV: "posts CSV"
        }
    }

    /// Streams the file for `data` into `sink` (stopping early once the sink failed).
    /// - Returns: How many users, posts and comments it holds.
    @discardableResult
    func write(_ data: some ExportRecords, to sink: inout ExportSink) -> ExportCounts {
        switch self {
        case .dbJSON:
            let (posts, comments) = DBJSONFormat.write(data, to: &sink)
            return ExportCounts(users: data.exportUsers.count, posts: posts, comments: comments)
        case .postsCSV:
            return ExportCounts(users: 0, posts: PostsCSVFormat.write(data, to: &sink), comments: 0)
        }
    }

    /// The file's bytes for `data`.
    /// - Throws: ``DataError/malformedJSON(path:location:reason:)`` only if a record cannot be encoded.
    public func encode(_ data: ExportData) throws(DataError) -> Data {
        switch self {
        case .dbJSON: try DBJSONFormat.encode(data)
        case .postsCSV: PostsCSVFormat.encode(data.posts)
        }
    }
}

/// How many records an export wrote (a posts CSV: posts only), and its bytes.
public struct ExportCounts: Equatable, Sendable {
    public var users: Int
    public var posts: Int
    public var comments: Int
    /// Bytes of the file written.
    public var bytes = 0
}

/// Every record of a source, gathered for an export.
public struct ExportData: Equatable, Sendable {
    /// Every user, in the source's order.
    public var users: [User]
    /// Every post reached through the users, user by user.
    public var posts: [Post]
    /// Every comment on those posts, post by post (empty for a posts CSV).
    public var comments: [Comment]

    /// Creates export data from records.
    public init(users: [User], posts: [Post], comments: [Comment]) {
        self.users = users
        self.posts = posts
        self.comments = comments
    }

    /// Reads every record of `source`: a file or the embedded set hands over its whole data set
    /// at once; other sources through ``DataSource/users()``, ``DataSource/allPosts()`` and
    /// ``DataSource/allComments()`` (REST: `GET /users`, `/posts`, `/comments`; sources without
    /// those collections gather them user by user, then post by post).
    /// - Parameter includeComments: `false` skips the comments (a CSV of posts needs none).
    /// - Throws: The first ``DataError`` the source throws.
    public static func gather(from source: any DataSource, includeComments: Bool = true) async throws(DataError) -> ExportData {
        if let whole = source as? any WholeDataSetSource {
            let set = try await whole.dataSet()
            return ExportData(users: set.users, posts: set.posts, comments: includeComments ? set.comments : [])
        }
        let users = try await source.users()
        try Task.checkCancellation(or: .cancelled)
        let posts = try await source.allPosts()
        try Task.checkCancellation(or: .cancelled)
        let comments = includeComments ? try await source.allComments() : []
        return ExportData(users: users, posts: posts, comments: comments)
    }
}

/// A source that holds its whole data set in memory (file, embedded), so an export reads it in one call.
protocol WholeDataSetSource: DataSource {
    func dataSet() async throws(DataError) -> DataSet
}

extension FileDataSource: WholeDataSetSource {}
extension EmbeddedDataSource: WholeDataSetSource {}

extension Task where Success == Never, Failure == Never {
    /// Throws `error` when the current task is cancelled.
    static func checkCancellation(or error: DataError) throws(DataError) {
        if Task.isCancelled { throw error }
    }
}
