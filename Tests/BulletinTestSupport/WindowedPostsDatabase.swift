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

    /// The comments' names, by id (comment `i` is on post `(i - 1) % posts + 1`, its body `Said about post N`).
    public let comments: [Int: String]

    /// Writes `directory/name.json` and imports it into `directory/name.sqlite`, with `comments`
    /// comments (their names from the titles' words, a few with the special titles); with
    /// `fullText: false`, the posts' FTS5 table and triggers the import makes are dropped again,
    /// with `commentsFullText: false` the comments'.
    /// - Throws: What writing the file or ``SQLiteImport/run(json:database:force:progress:)`` throws.
    public static func make(in directory: URL, name: String = "posts", posts count: Int = 600, users: Int = 20,
                            comments commentCount: Int = 1, fullText: Bool = true,
                            commentsFullText: Bool = true) throws -> WindowedPostsDatabase {
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
        var comments: [Int: String] = [:]
        for id in 1...max(1, commentCount) {
            comments[id] = id % 29 == 0 ? special[(id / 29) % special.count] : "On the \(words[(id * 5) % words.count]) \(id % 7)"
        }
        let document: [String: Any] = [
            "users": (1...users).map { ["id": $0, "name": names[$0]!, "username": "u\($0)", "email": "u\($0)@example.org"] },
            "posts": posts.map { post -> [String: Any] in
                ["id": post.id, "userId": post.userId, "title": post.title.map { $0 as Any } ?? NSNull(), "body": "Body \(post.id)"]
            },
            "comments": (1...max(1, commentCount)).map { id -> [String: Any] in
                ["id": id, "postId": (id - 1) % count + 1, "name": comments[id]!, "email": "c\(id)@example.org",
                 "body": "Said about post \((id - 1) % count + 1)"]
            },
        ]
        let json = directory.appendingPathComponent("\(name).json")
        try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys]).write(to: json)
        let database = directory.appendingPathComponent("\(name).sqlite")
        _ = try SQLiteImport.run(json: json.path, database: database.path, force: true)
        if !fullText { try dropFullText(of: "posts", in: database.path) }
        if !commentsFullText { try dropFullText(of: "comments", in: database.path) }
        return WindowedPostsDatabase(path: database.path, posts: posts, names: names, comments: comments)
    }

    /// Drops the FTS5 table `bulletin import` made for `table` (`posts_fts`) and its triggers.
    /// - Throws: ``SQLiteError`` when the database has none.
    public static func dropFullText(of table: String, in path: String) throws {
        try SQLiteConnection(path: path).execute("""
            DROP TRIGGER \(table)_fts_insert; DROP TRIGGER \(table)_fts_delete; DROP TRIGGER \(table)_fts_update; DROP TABLE \(table)_fts;
            """)
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
        let byWords = fullText && needle.contains { $0.isLetter || $0.isNumber }
        let titleMatches = byWords ? Self.wordsMatch(post.title ?? "", text) : TextFolding.fold(post.title ?? "").contains(needle)
        return titleMatches || TextFolding.fold(post.author ?? "").contains(needle)
            || Int(text.trimmingCharacters(in: .whitespaces)) == post.id
    }

    /// Whether `text` holds the words of `query` in a row, the last as a prefix (FTS5's
    /// `"w1" + "w2"*` with `unicode61 remove_diacritics 2`: punctuation separates words; case and
    /// accents folded); `false` for a query without words.
    public static func wordsMatch(_ text: String, _ query: String) -> Bool {
        func words(_ text: String) -> [Substring] { TextFolding.fold(text).split(whereSeparator: { !$0.isLetter && !$0.isNumber }) }
        let typed = words(query)
        guard let last = typed.last else { return false }
        let held = words(text)
        return held.indices.contains { start in
            start + typed.count <= held.count
                && zip(held[start...], typed.dropLast()).allSatisfy { $0 == $1 } && held[start + typed.count - 1].hasPrefix(last)
        }
    }
}
