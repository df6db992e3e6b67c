/// The SQL of one ``WindowQuery`` on a SQL database's posts or users (``SQLWindowReading``), in
/// its engine's ``SQLDialect``: what is selected, from where, ordered by what, filtered how.
///
/// A sort column that may hold NULL splits the order in two segments, as SQLite orders them
/// (NULLs first, by id; then the values, by value and id), each read by a row-value range on
/// its key (`(p."title", p."id") > (?, ?)`), which an index on the column answers directly.
struct SQLWindowSQL {
    /// A row's columns, then its sort value (`NULL` when the order is the id's), its id last.
    let select: String
    /// The table, joined to the users for a post's author.
    let from: String
    /// The table alone (counts whose filter and sort need no join).
    let tableOnly: String
    /// Whether the sort column is the joined table's (counts then need ``from``).
    let sortNeedsJoin: Bool
    /// The id's column, qualified (`p."id"`).
    let id: String
    /// The sort column's expression, or `nil` for the id's order.
    let sort: String?
    /// Whether the sort column may be NULL (it has a NULL segment).
    let sortIsNullable: Bool
    /// The filter's predicate and its values, or `nil` for every row.
    let filter: (sql: String, values: [SQLValue])?
    /// What the screen can say of the query's cost.
    let plan: WindowPlan
    /// The table's columns, in the order ``select`` begins with (a user's whole row).
    let columns: [SQLSchema.Column]
    /// The posts' filter through their FTS5 index, as the sets of ids it is the union of, so a
    /// window in id order and the count read only what they need (``SQLiteDataSource+Windows.swift``);
    /// `nil` for any other filter.
    var fullText: FullTextIDs? = nil
    /// The filter's `OR`ed predicates one by one (each with its value), for a count that
    /// unions what each finds (`SELECT count(*) FROM (… UNION …)`): each then reads its own
    /// index (a trigram index on the title, the index on the author's id), where one `OR`
    /// would read every post. Set on PostgreSQL only; `nil` for one predicate or none.
    var countArms: [(sql: String, value: SQLValue)]? = nil

    /// The ids a filter through the FTS5 index lets through: the title's matches (`rowid`s of
    /// the FTS5 table, which it returns in order and from a bound), the matching authors' posts
    /// (by the `userId` index), and the id typed.
    struct FullTextIDs {
        /// The FTS5 table, quoted.
        var table: String
        /// The `MATCH` operand: `title : "ferr"*`.
        var match: SQLValue
        /// The posts of the authors whose name holds the text (`SELECT "id" FROM "posts" WHERE "userId" IN (…)`),
        /// the folded text its value; `nil` when the posts have no author.
        var authorPosts: (sql: String, id: String, value: SQLValue)?
        /// The id typed, when the text is a whole number.
        var number: Int64?
    }

    /// How a sort column reads, from the field a list's column sorts by.
    private struct Sort {
        var expression: String?
        var indexed = true
        var nullable = false
        var joined = false
        /// `CREATE INDEX …` that makes the sort quick, when it reads every row.
        var advice: String?
    }

    // MARK: - Posts

    /// The SQL of `query` on `layout`'s posts (and users, for the author's name): id, user id,
    /// title and author selected, sorted by `id`, `title` or `author`.
    /// - Returns: `nil` when the database has no posts table.
    static func posts(_ query: WindowQuery, layout: SQLLayout, schema: SQLSchema, dialect: SQLDialect) -> SQLWindowSQL? {
        guard let posts = layout.table(.posts) else { return nil }
        let quote = SQLText.quote
        let postsTable = schema.table(named: posts.table)
        let id = "p." + quote(posts.id)
        let userID = posts.column("userId").map { "p." + quote($0) }
        let title = posts.column("title").map { "p." + quote($0) }
        let users = layout.table(.users)
        let name = users?.column("name")
        let joins = users != nil && name != nil && userID != nil
        let postsOnly = "\(quote(posts.table)) AS p"
        let from = joins ? "\(postsOnly) LEFT JOIN \(quote(users!.table)) AS u ON u.\(quote(users!.id)) = \(userID!)" : postsOnly
        let author = joins ? "u." + quote(name!) : nil

        var sort = Sort()
        switch query.sortField {
        case "title" where title != nil:
            sort = column(posts.column("title")!, qualified: title!, table: posts.table, schema: postsTable)
        case "author" where author != nil:
            sort = Sort(expression: author, indexed: false, nullable: true, joined: true)
        default: break
        }
        let select = [id, userID ?? "NULL", title ?? "NULL", author ?? "NULL", sort.expression ?? "NULL", id].joined(separator: ", ")
        let (filter, filterIndexed, fullText, arms) = postFilter(query.filter, posts: posts, users: users, userID: userID, title: title,
                                                                 schema: schema, dialect: dialect)
        var advice = sort.indexed ? [] : [sort.advice].compactMap { $0 }
        if filter != nil, !filterIndexed {
            advice.append(dialect.containsAdvice(table: posts.table, column: posts.column("title") ?? "title"))
        }
        return SQLWindowSQL(
            select: select, from: from, tableOnly: postsOnly, sortNeedsJoin: sort.joined, id: id, sort: sort.expression,
            sortIsNullable: sort.nullable, filter: filter,
            plan: WindowPlan(sortIsIndexed: sort.indexed, filterIsIndexed: filter == nil || filterIndexed,
                             advice: advice.isEmpty ? nil : advice.joined(separator: "; ")),
            columns: [], fullText: fullText, countArms: arms)
    }

    /// The posts' filter: the title by the posts' FTS5 index when it has one (words that
    /// start with the text typed, in order: `title : "ferr"*`), else by ``SQLiteConnection/registerFoldedContains()``
    /// anywhere in it; the author's name anywhere in it (the users, not the posts, are read);
    /// the id when the text is a whole number.
    ///
    /// With the FTS5 index, the title's matches and the matching authors' posts are one set of
    /// ids (`p.id IN (… UNION …)`, the authors' posts found by the index on `userId`), so no
    /// post is read to test it: an `OR` of the two would read every post.
    private static func postFilter(
        _ text: String, posts: SQLLayout.TableMap, users: SQLLayout.TableMap?, userID: String?, title: String?,
        schema: SQLSchema, dialect: SQLDialect
    ) -> (filter: (sql: String, values: [SQLValue])?, indexed: Bool, fullText: FullTextIDs?, arms: [(sql: String, value: SQLValue)]?) {
        guard !TextFolding.fold(text).isEmpty else { return (nil, true, nil, nil) }
        let quote = SQLText.quote
        let needle = dialect.containsValue(text)
        let postsTable = schema.table(named: posts.table)
        var ids: FullTextIDs?
        var authors: (sql: String, value: SQLValue)?
        if let users, let name = users.column("name"), userID != nil {
            authors = ("SELECT \(quote(users.id)) FROM \(quote(users.table)) WHERE \(dialect.contains(quote(name)))", needle)
        }
        var parts: [String] = []
        var values: [SQLValue] = []
        var indexed = false
        if dialect == .sqlite, let column = posts.column("title"), let fts = fullText(of: posts, column: column, schema: schema),
           let phrase = TextSearchQuery.phrase(text) {
            var set = "SELECT rowid FROM \(quote(fts)) WHERE \(quote(fts)) MATCH ?"
            // The same phrase Search asks for (its words in a row, the last a prefix), on the title alone.
            let match = SQLValue.text("\(column) : " + phrase)
            values.append(match)
            indexed = true
            ids = FullTextIDs(table: quote(fts), match: match)
            if let authors, let userColumn = posts.column("userId") {
                let authorPosts = "SELECT \(quote(posts.id)) FROM \(quote(posts.table)) WHERE \(quote(userColumn)) IN (\(authors.sql))"
                set += " UNION " + authorPosts
                values.append(authors.value)
                indexed = postsTable?.isIndexed(userColumn) ?? false
                ids?.authorPosts = (authorPosts, quote(posts.id), authors.value)
            }
            parts.append("p.\(quote(posts.id)) IN (\(set))")
        } else {
            if let title {
                parts.append(dialect.contains(title))
                values.append(needle)
                indexed = posts.column("title").map { dialect.containsIsIndexed($0, in: postsTable) } ?? false
            }
            if let authors, let userID {
                parts.append("\(userID) IN (\(authors.sql))")
                values.append(authors.value)
            }
        }
        let matched = idMatch(text, id: "p.\(quote(posts.id))", parts: parts, values: values, indexed: indexed)
        ids?.number = Int64(text.trimmingCharacters(in: .whitespaces))
        let arms = dialect == .postgres && matched.arms.count > 1 ? matched.arms : nil
        return (matched.filter, matched.indexed, ids, arms)
    }

    /// The FTS5 table indexing `posts`' `column` (``SQLiteFullText/table(indexing:columns:schema:)``),
    /// whose column name a query can name bare; `nil` otherwise.
    private static func fullText(of posts: SQLLayout.TableMap, column: String, schema: SQLSchema) -> String? {
        guard column.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }) else { return nil }
        return SQLiteFullText.table(indexing: posts, columns: [column], schema: schema)
    }

    // MARK: - Users

    /// The SQL of `query` on `layout`'s users: every column of the table selected (the row a
    /// user is decoded from), sorted by `id`, `name`, `username`, `email` or `company` (the
    /// company's name, from the JSON text `bulletin import` stores), filtered by those holding
    /// the text anywhere (every user is read: no index serves a substring) or the id.
    /// - Returns: `nil` when the database has no users table.
    static func users(_ query: WindowQuery, layout: SQLLayout, schema: SQLSchema, dialect: SQLDialect) -> SQLWindowSQL? {
        guard let users = layout.table(.users), let table = schema.table(named: users.table) else { return nil }
        let quote = SQLText.quote
        let id = "u." + quote(users.id)
        func qualified(_ field: String) -> String? {
            guard let column = users.column(field) else { return nil }
            let name = "u." + quote(column)
            return field == "company" ? dialect.companyName(name, declaredType: table.column(named: column)?.declaredType ?? "") : name
        }
        var sort = Sort()
        if ["name", "username", "email", "company"].contains(query.sortField), let column = users.column(query.sortField),
           let expression = qualified(query.sortField) {
            sort = query.sortField == "company" ? Sort(expression: expression, indexed: false, nullable: true)
                : Self.column(column, qualified: expression, table: users.table, schema: table)
        }
        let select = (table.columns.map { "u." + quote($0.name) } + [sort.expression ?? "NULL", id]).joined(separator: ", ")
        let from = "\(quote(users.table)) AS u"
        var filter: (sql: String, values: [SQLValue])?
        if !TextFolding.fold(query.filter).isEmpty {
            let searched = ["name", "username", "email", "company"].compactMap(qualified)
            let (found, _, _) = idMatch(query.filter, id: id, parts: searched.map(dialect.contains),
                                     values: searched.map { _ in dialect.containsValue(query.filter) }, indexed: false)
            filter = found
        }
        return SQLWindowSQL(
            select: select, from: from, tableOnly: from, sortNeedsJoin: false, id: id, sort: sort.expression,
            sortIsNullable: sort.nullable, filter: filter,
            plan: WindowPlan(sortIsIndexed: sort.indexed, filterIsIndexed: filter == nil, advice: sort.indexed ? nil : sort.advice),
            columns: table.columns)
    }

    // MARK: - Shared

    /// A sort by a table's own `column` (`qualified` in the query): indexed when an index leads
    /// with it, nullable unless declared `NOT NULL`.
    private static func column(_ column: String, qualified: String, table name: String, schema table: SQLSchema.Table?) -> Sort {
        let quote = SQLText.quote
        return Sort(expression: qualified, indexed: table?.isIndexed(column) ?? false,
                    nullable: !(table?.column(named: column)?.notNull ?? false),
                    advice: "CREATE INDEX ON \(quote(name))(\(quote(column))) makes this sort quick")
    }

    /// `parts` ORed, with `id = ?` when the text is a whole number; `0` (no row) when there is
    /// nothing to match.
    /// `arms` are the predicates one by one with their values, when each has one value (a
    /// ``countArms`` count); empty otherwise.
    private static func idMatch(_ text: String, id: String, parts: [String], values: [SQLValue], indexed: Bool)
        -> (filter: (sql: String, values: [SQLValue])?, indexed: Bool, arms: [(sql: String, value: SQLValue)]) {
        var parts = parts
        var values = values
        if let number = Int64(text.trimmingCharacters(in: .whitespaces)) {
            parts.append("\(id) = ?")
            values.append(.integer(number))
        }
        guard !parts.isEmpty else { return ((sql: SQLDialect.noRow, values: []), false, []) }
        let arms = parts.count == values.count ? zip(parts, values).map { (sql: $0, value: $1) } : []
        return ((sql: "(" + parts.joined(separator: " OR ") + ")", values: values), indexed, arms)
    }
}
