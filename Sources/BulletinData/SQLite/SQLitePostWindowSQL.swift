/// The SQL of one ``WindowQuery`` on a SQLite database's posts (``SQLiteDataSource+Windows.swift``):
/// what is selected, from where, ordered by what, filtered how.
///
/// A sort column that may hold NULL splits the order in two segments, as SQLite orders them
/// (NULLs first, by id; then the values, by value and id), each read by a row-value range on
/// its key (`(p."title", p."id") > (?, ?)`), which an index on the column answers directly.
struct SQLitePostWindowSQL {
    /// `p."id", p."userId", p."title", u."name"`: a row's columns, its sort value last but one
    /// when sorted by a column (`NULL` otherwise), its id last.
    let select: String
    /// The posts table joined to the users (for the author's name), or the posts alone.
    let from: String
    /// The posts table alone (counts of a filter that needs no join).
    let postsOnly: String
    /// `p."id"`.
    let id: String
    /// The sort column's expression, or `nil` for the id's order.
    let sort: String?
    /// Whether the sort column may be NULL (it has a NULL segment).
    let sortIsNullable: Bool
    /// The filter's predicate and its values, or `nil` for every row.
    let filter: (sql: String, values: [SQLiteValue])?
    /// What the screen can say of the query's cost.
    let plan: WindowPlan

    /// The SQL of `query` on `layout`'s posts (and users, for the author's name).
    /// - Returns: `nil` when the database has no posts table.
    init?(_ query: WindowQuery, layout: SQLiteLayout, schema: SQLiteSchema) {
        guard let posts = layout.table(.posts) else { return nil }
        let quote = SQLiteSQL.quote
        let postsTable = schema.table(named: posts.table)
        id = "p." + quote(posts.id)
        let userID = posts.column("userId").map { "p." + quote($0) }
        let title = posts.column("title").map { "p." + quote($0) }
        let users = layout.table(.users)
        let name = users?.column("name")
        let joins = users != nil && name != nil && userID != nil
        postsOnly = "\(quote(posts.table)) AS p"
        from = joins ? "\(postsOnly) LEFT JOIN \(quote(users!.table)) AS u ON u.\(quote(users!.id)) = \(userID!)" : postsOnly
        let author = joins ? "u." + quote(name!) : nil

        var sortIndexed = true
        switch query.sortField {
        case "title" where title != nil:
            sort = title
            sortIndexed = posts.column("title").map { postsTable?.isIndexed($0) ?? false } ?? false
            sortIsNullable = !(postsTable?.column(named: posts.column("title")!)?.notNull ?? false)
        case "author" where author != nil:
            sort = author
            sortIndexed = false
            sortIsNullable = true
        default:
            sort = nil
            sortIsNullable = false
        }
        select = [id, userID ?? "NULL", title ?? "NULL", author ?? "NULL", sort ?? "NULL", id].joined(separator: ", ")

        let (filter, filterIndexed) = Self.filter(query.filter, posts: posts, users: users, userID: userID, title: title,
                                                  schema: schema)
        self.filter = filter
        var advice: [String] = []
        if !sortIndexed, let column = posts.column("title"), query.sortField == "title" {
            advice.append("CREATE INDEX ON \(quote(posts.table))(\(quote(column))) makes this sort quick")
        }
        if filter != nil, !filterIndexed {
            advice.append("no FTS5 index on the titles: every post is read (bulletin import makes one)")
        }
        plan = WindowPlan(sortIsIndexed: sortIndexed, filterIsIndexed: filter == nil || filterIndexed,
                          advice: advice.isEmpty ? nil : advice.joined(separator: "; "))
    }

    /// The filter's predicate: the title by the posts' FTS5 index when it has one (words that
    /// start with the text typed, in order: `title : "ferr"*`), else by ``SQLiteConnection/registerFoldedContains()``
    /// anywhere in it; the author's name anywhere in it (the users, not the posts, are read);
    /// the id when the text is a whole number.
    ///
    /// With the FTS5 index, the title's matches and the matching authors' posts are one set of
    /// ids (`p.id IN (… UNION …)`, the authors' posts found by the index on `userId`), so no
    /// post is read to test it: an `OR` of the two would read every post.
    private static func filter(
        _ text: String, posts: SQLiteLayout.TableMap, users: SQLiteLayout.TableMap?, userID: String?, title: String?,
        schema: SQLiteSchema
    ) -> (filter: (sql: String, values: [SQLiteValue])?, indexed: Bool) {
        let folded = TextFolding.fold(text)
        guard !folded.isEmpty else { return (nil, true) }
        let quote = SQLiteSQL.quote
        let postsTable = schema.table(named: posts.table)
        var authors: (sql: String, value: SQLiteValue)?
        if let users, let name = users.column("name"), userID != nil {
            authors = ("SELECT \(quote(users.id)) FROM \(quote(users.table)) WHERE bulletin_contains(\(quote(name)), ?)", .text(folded))
        }
        var parts: [String] = []
        var values: [SQLiteValue] = []
        var indexed = false
        if let column = posts.column("title"), let fts = fullText(of: posts, column: column, schema: schema),
           folded.contains(where: { $0.isLetter || $0.isNumber }) {
            var set = "SELECT rowid FROM \(quote(fts)) WHERE \(quote(fts)) MATCH ?"
            values.append(.text("\(column) : \"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"*"))
            indexed = true
            if let authors, let userColumn = posts.column("userId") {
                set += " UNION SELECT \(quote(posts.id)) FROM \(quote(posts.table)) WHERE \(quote(userColumn)) IN (\(authors.sql))"
                values.append(authors.value)
                indexed = postsTable?.isIndexed(userColumn) ?? false
            }
            parts.append("p.\(quote(posts.id)) IN (\(set))")
        } else {
            if let title {
                parts.append("bulletin_contains(\(title), ?)")
                values.append(.text(folded))
            }
            if let authors, let userID {
                parts.append("\(userID) IN (\(authors.sql))")
                values.append(authors.value)
            }
        }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let number = Int64(trimmed) {
            parts.append("p.\(quote(posts.id)) = ?")
            values.append(.integer(number))
        }
        guard !parts.isEmpty else { return ((sql: "0", values: []), false) }
        return ((sql: "(" + parts.joined(separator: " OR ") + ")", values: values), indexed)
    }

    /// The FTS5 table indexing `posts`' `column` with its rows' ids as rowids (external content,
    /// `content=posts`, an integer id), whose column name a query can name bare; `nil` otherwise.
    private static func fullText(of posts: SQLiteLayout.TableMap, column: String, schema: SQLiteSchema) -> String? {
        guard column.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }),
              let table = schema.table(named: posts.table),
              table.column(named: posts.id)?.declaredType.uppercased() == "INTEGER", table.primaryKey.count == 1 else { return nil }
        return schema.tables.first { candidate in
            guard let fullText = candidate.fullText, fullText.contentTable?.lowercased() == posts.table.lowercased() else { return false }
            return fullText.columns.contains { $0.lowercased() == column.lowercased() }
        }?.name
    }
}

import Foundation
