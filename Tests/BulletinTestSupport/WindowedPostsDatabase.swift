import BulletinData
import Foundation

/// A SQLite database made by `bulletin import` (``SQLiteImport``) from a db.json the test
/// writes, for the Posts list read in windows (issue 25 item 3): `posts` posts by `users` users,
/// titles from a small set of words with every 17th title NULL, every 23rd post by a user that
/// does not exist, and a few titles that tell FTS5's word prefixes from a substring match
/// (`The Ferry home`, `FÉRRY crossing`, `Wafferry cake`). Its rows are kept beside it, so a
/// test computes the order, filter and positions it expects without the database.
public struct WindowedPostsDatabase: Sendable {
    /// One post as stored: its title `nil` for NULL, its author `nil` when no user has its id.
    public struct Post: Sendable, Equatable {
        public var id: Int
        public var userId: Int
        public var title: String?
        public var author: String?
    }

    /// The database file.
    public let path: String
    /// Every post, by id.
    public let posts: [Post]
    /// The users' names by id.
    public let names: [Int: String]

    /// Writes `directory/name.json` and imports it into `directory/name.sqlite`; with
    /// `fullText: false`, the FTS5 tables and triggers the import makes are dropped again.
    /// - Throws: What writing the file or ``SQLiteImport/run(json:database:force:progress:)`` throws.
    public static func make(in directory: URL, name: String = "posts", posts count: Int = 600, users: Int = 20,
                            fullText: Bool = true) throws -> WindowedPostsDatabase {
        let first = ["Ferrante Quill", "Zoë Ångström", "Margaret Okafor", "Ilse Brandt", "Tomás Ortega"]
        var names: [Int: String] = [:]
        for id in 1...users { names[id] = first[(id - 1) % first.count] + (id > first.count ? " \(id)" : "") }
        let words = ["garden", "river", "bridge", "lantern", "orchard", "harbour", "meadow", "kettle"]
        let special = ["The Ferry home", "FÉRRY crossing", "Wafferry cake", "ferryman’s log"]
        var posts: [Post] = []
        for id in 1...count {
            let userId = id % 23 == 0 ? users + 77 : (id - 1) % users + 1
            var title: String? = "\(words[(id * 7) % words.count].capitalized) of the \(words[(id * 3) % words.count]) \(id % 10)"
            if id % 17 == 0 { title = nil } else if id % 41 == 0 { title = special[(id / 41) % special.count] }
            posts.append(Post(id: id, userId: userId, title: title, author: names[userId]))
        }
        let document: [String: Any] = [
            "users": (1...users).map { ["id": $0, "name": names[$0]!, "username": "u\($0)", "email": "u\($0)@example.org"] },
            "posts": posts.map { post -> [String: Any] in
                ["id": post.id, "userId": post.userId, "title": post.title.map { $0 as Any } ?? NSNull(), "body": "Body \(post.id)"]
            },
            "comments": [["id": 1, "postId": 1, "name": "n", "email": "e@example.org", "body": "b"]],
        ]
        let json = directory.appendingPathComponent("\(name).json")
        try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys]).write(to: json)
        let database = directory.appendingPathComponent("\(name).sqlite")
        _ = try SQLiteImport.run(json: json.path, database: database.path, force: true)
        if !fullText {
            let connection = try SQLiteConnection(path: database.path)
            try connection.execute("""
                DROP TRIGGER posts_fts_insert; DROP TRIGGER posts_fts_delete; DROP TRIGGER posts_fts_update; DROP TABLE posts_fts;
                """)
        }
        return WindowedPostsDatabase(path: database.path, posts: posts, names: names)
    }

    /// The posts in the list's order for a sort field (`id`, `title`, `author`): NULLs first
    /// (SQLite's order), then by value (byte order) and id; reversed when descending.
    public func ordered(by field: String = "id", ascending: Bool = true) -> [Post] {
        func value(_ post: Post) -> String? { field == "title" ? post.title : field == "author" ? post.author : nil }
        let sorted = posts.sorted { left, right in
            switch (value(left), value(right)) {
            case (nil, nil): left.id < right.id
            case (nil, _): true
            case (_, nil): false
            case let (a?, b?): a == b ? left.id < right.id : Array(a.utf8).lexicographicallyPrecedes(Array(b.utf8))
            }
        }
        return ascending ? sorted : sorted.reversed()
    }

    /// Whether `post` passes the filter `text`: with `fullText`, its title's words hold the
    /// text's words in a row, the last as a prefix (FTS5's `title : "text"*` with
    /// `unicode61 remove_diacritics 2`: punctuation separates words); without, its title holds
    /// the text anywhere; either way, when its author's name holds the text or its id is it.
    /// Case and accents are folded.
    public func passes(_ post: Post, filter text: String, fullText: Bool) -> Bool {
        let needle = TextFolding.fold(text)
        let title = TextFolding.fold(post.title ?? "")
        func words(_ text: String) -> [Substring] { text.split(whereSeparator: { !$0.isLetter && !$0.isNumber }) }
        let typed = words(needle)
        let titleMatches: Bool
        if fullText, let last = typed.last {
            let held = words(title)
            titleMatches = held.indices.contains { start in
                start + typed.count <= held.count
                    && zip(held[start...], typed.dropLast()).allSatisfy { $0 == $1 } && held[start + typed.count - 1].hasPrefix(last)
            }
        } else {
            titleMatches = title.contains(needle)
        }
        return titleMatches || TextFolding.fold(post.author ?? "").contains(needle)
            || Int(text.trimmingCharacters(in: .whitespaces)) == post.id
    }
}
