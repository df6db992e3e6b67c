import Foundation

extension PostgresTestServer {
    /// A new database of one user (Ann), her post 1 (`first`) and its comment, and the URL of
    /// a new role granted `SELECT` on the users and posts only: the comments are a table the
    /// role may not read.
    /// - Throws: As ``createDatabase(_:)`` and ``psql(_:database:)``.
    public func databaseWithCommentsHidden() throws -> String {
        let database = try createDatabase("""
            CREATE TABLE users (id serial PRIMARY KEY, name text NOT NULL, username text);
            CREATE TABLE posts (id serial PRIMARY KEY, user_id integer REFERENCES users(id), title text, body text);
            CREATE TABLE comments (id serial PRIMARY KEY, post_id integer REFERENCES posts(id), name text, email text, body text);
            INSERT INTO users (name, username) VALUES ('Ann', 'a');
            INSERT INTO posts (user_id, title, body) VALUES (1, 'first', 'a');
            INSERT INTO comments (post_id, name, email, body) VALUES (1, 'c', 'c@x.org', 'hidden');
            """)
        let role = "reader_\(database)"
        try psql("CREATE ROLE \(role) LOGIN; GRANT SELECT ON users, posts TO \(role)", database: database)
        return url(database: database, user: role)
    }
}
