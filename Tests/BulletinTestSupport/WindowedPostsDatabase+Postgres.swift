import BulletinData
import Foundation

extension WindowedPostsDatabase {
    /// The same users, posts and comments in a new database of `server` (issue 26): tables
    /// `users`, `posts` (`user_id`, no foreign key: every 23rd post's author does not exist)
    /// and `comments` (`post_id`), as a team's own schema spells them, with a `pg_trgm` GIN
    /// index on the posts' titles when `trigram`, analysed so the planner's estimates are set.
    /// - Returns: The database's URL.
    /// - Throws: ``PostgresTestServerError`` or ``PostgresError`` when it cannot be made.
    public func loadPostgres(into server: PostgresTestServer, trigram: Bool = false) throws -> String {
        let name = try server.createDatabase("""
            CREATE TABLE users (id integer PRIMARY KEY, name text NOT NULL, username text, email text);
            CREATE TABLE posts (id integer PRIMARY KEY, user_id integer, title text, body text);
            CREATE TABLE comments (id integer PRIMARY KEY, post_id integer, name text, email text, body text);
            """ + (trigram ? "CREATE EXTENSION pg_trgm; CREATE INDEX posts_title_trgm ON posts USING gin (title gin_trgm_ops);" : ""))
        let url = server.url(database: name)
        let connection = try PostgresConnection(conninfo: url)
        try connection.execute("BEGIN")
        for (id, name) in names.sorted(by: { $0.key < $1.key }) {
            try connection.run("INSERT INTO users VALUES (?, ?, ?, ?)",
                               [.integer(Int64(id)), .text(name), .text("u\(id)"), .text("u\(id)@example.org")])
        }
        for batch in stride(from: 0, to: posts.count, by: 200) {
            let rows = posts[batch..<min(batch + 200, posts.count)]
            let values = rows.flatMap { post -> [SQLValue] in
                [.integer(Int64(post.id)), .integer(Int64(post.userId)), post.title.map(SQLValue.text) ?? .null, .text("Body \(post.id)")]
            }
            try connection.run("INSERT INTO posts VALUES " + rows.map { _ in "(?, ?, ?, ?)" }.joined(separator: ", "), values)
        }
        for (id, name) in comments.sorted(by: { $0.key < $1.key }) {
            let post = (id - 1) % posts.count + 1
            try connection.run("INSERT INTO comments VALUES (?, ?, ?, ?, ?)",
                               [.integer(Int64(id)), .integer(Int64(post)), .text(name), .text("c\(id)@example.org"),
                                .text("Said about post \(post)")])
        }
        try connection.execute("COMMIT; ANALYZE")
        return url
    }

    /// Whether `post` passes the filter `text` on PostgreSQL: its title or its author's name
    /// holds the text, case ignored as `ILIKE` ignores it (accents kept), or its id is the text.
    public func passesILike(_ post: Post, filter text: String) -> Bool {
        let needle = text.trimmingCharacters(in: .whitespaces).lowercased()
        return (post.title ?? "").lowercased().contains(needle) || (post.author ?? "").lowercased().contains(needle)
            || Int(text.trimmingCharacters(in: .whitespaces)) == post.id
    }
}
