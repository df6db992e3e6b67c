/// Where Bulletin's kinds live in a SQLite database: for each (users, posts, comments, albums,
/// photos, todos) the table and, for each field Bulletin models, its column.
///
/// Found by convention, as json-server names its collections: a table named as the kind, an
/// `id` key (else the table's one-column primary key), columns named as JSONPlaceholder's fields
/// (`userId`) or in snake case (`user_id`), and the reference to the parent as such a column or
/// as a declared `FOREIGN KEY` to the parent's table. A ``SQLMapping`` (`--map`) names what
/// the conventions do not find.
public struct SQLLayout: Hashable, Sendable {
    /// The kinds a SQLite database can hold, in the order Bulletin lists them.
    public enum Kind: String, CaseIterable, Hashable, Sendable {
        case users, posts, comments, albums, photos, todos

        /// The fields Bulletin models for the kind, JSONPlaceholder's names (the parent's first).
        public var fields: [String] {
            switch self {
            case .users: ["name", "username", "email", "address", "phone", "website", "company"]
            case .posts: ["userId", "title", "body"]
            case .comments: ["postId", "name", "email", "body"]
            case .albums: ["userId", "title"]
            case .photos: ["albumId", "title", "url", "thumbnailUrl"]
            case .todos: ["userId", "title", "completed"]
            }
        }

        /// The fields a record cannot be read without (besides the id and the parent): a user's
        /// name and username. A table with no column for one is said at once, not row by row.
        public var requiredFields: [String] {
            self == .users ? ["name", "username"] : []
        }

        /// The field that refers to the record this one belongs to (`userId` of a post) and the
        /// kind it refers to, or `nil` for users.
        public var parent: (field: String, kind: Kind)? {
            switch self {
            case .users: nil
            case .posts, .albums, .todos: ("userId", .users)
            case .comments: ("postId", .posts)
            case .photos: ("albumId", .albums)
            }
        }
    }

    /// One kind's table.
    public struct TableMap: Hashable, Sendable {
        /// The table's name in the database.
        public var table: String
        /// The id's column.
        public var id: String
        /// Each modelled field's column (fields the table has no column for are absent).
        public var columns: [String: String]
        /// The columns of the table Bulletin does not model, in declaration order: shown in the
        /// raw view and the detail's extra fields, kept by every edit.
        public var extraColumns: [String]
        /// What deleting a parent does to these rows, from the declared foreign key (`CASCADE`,
        /// `SET NULL`, …), or `nil` when none is declared (rows are kept, pointing at nothing).
        public var onParentDelete: String?

        /// The column of `field`, or `nil` when the table has none.
        public func column(_ field: String) -> String? { columns[field] }
    }

    /// The kinds found, with their tables.
    public var tables: [Kind: TableMap]
    /// Tables named as a kind that could not be read as one, with why (`albums: table albums has
    /// no column for its users …`): left out so the others open (the Admin panel lists them).
    /// A table the mapping names is never left out: its problem is an error.
    public var leftOut: [String] = []

    /// The table of `kind`, or `nil` when the database has none.
    public func table(_ kind: Kind) -> TableMap? { tables[kind] }

    /// The layout of `schema` by the conventions, with `mapping` first.
    /// - Parameter what: Names the database in errors (`/data/app.db`).
    /// - Throws: ``DataError/noKnownKinds(what:expected:found:)`` when the database has no users,
    ///   posts or comments table (naming the tables it has); ``SQLMappingError`` as
    ///   ``DataError/unreadableFile(path:reason:)`` when the mapping names a table or column the
    ///   database does not have, or a child table it names has no column for its parent (a
    ///   table found by convention that cannot be read is left out instead: ``leftOut``).
    public static func resolve(_ schema: SQLSchema, mapping: SQLMapping = SQLMapping(), what: String) throws(DataError) -> SQLLayout {
        var tables: [Kind: TableMap] = [:]
        var leftOut: [String] = []
        for kind in Kind.allCases {
            let name = mapping.tables[kind] ?? kind.rawValue
            guard let table = schema.table(named: name), table.fullText == nil else {
                if let mapped = mapping.tables[kind] {
                    throw .unreadableFile(path: what, reason: "--map \(kind.rawValue)=\(mapped): there is no table \(mapped) "
                                          + "(it has: \(schema.tableNames.joined(separator: ", ")))")
                }
                continue
            }
            do throws(DataError) {
                tables[kind] = try map(kind, table, in: schema, mapping: mapping, mappedTables: tables, what: what)
            } catch {
                let named = mapping.tables[kind] != nil || mapping.columns[kind] != nil
                guard !named, case let .unreadableFile(_, reason) = error else { throw error }
                leftOut.append("\(kind.rawValue): \(reason)")
            }
        }
        guard tables[.users] != nil || tables[.posts] != nil || tables[.comments] != nil else {
            if let first = leftOut.first { throw .unreadableFile(path: what, reason: first) }
            throw .noKnownKinds(what: what, expected: ["users", "posts", "comments"], found: schema.tableNames)
        }
        var layout = SQLLayout(tables: tables)
        layout.leftOut = leftOut
        return layout
    }

    private static func map(_ kind: Kind, _ table: SQLSchema.Table, in schema: SQLSchema, mapping: SQLMapping,
                            mappedTables: [Kind: TableMap], what: String) throws(DataError) -> TableMap {
        let mapped = mapping.columns[kind] ?? [:]
        for (field, column) in mapped where table.column(named: column) == nil {
            throw .unreadableFile(path: what, reason: "--map \(kind.rawValue).\(field)=\(column): table \(table.name) has no column \(column) "
                                  + "(it has: \(table.columns.map(\.name).joined(separator: ", ")))")
        }
        func found(_ field: String) -> String? {
            if let column = mapped[field] { return table.column(named: column)?.name }
            return table.column(named: field)?.name ?? table.column(named: snakeCase(field))?.name
        }
        guard let id = found("id") ?? (table.primaryKey.count == 1 ? table.primaryKey[0] : nil) else {
            throw .unreadableFile(path: what, reason: "table \(table.name) has no id column and no one-column primary key; "
                                  + "name one with --map \(kind.rawValue).id=COLUMN")
        }
        var columns: [String: String] = [:]
        for field in kind.fields { columns[field] = found(field) }
        for field in kind.requiredFields where columns[field] == nil {
            throw .unreadableFile(path: what, reason: "table \(table.name) has no column for a \(kind.rawValue.dropLast())'s \(field) "
                                  + "(looked for \(field)); name one with --map \(kind.rawValue).\(field)=COLUMN "
                                  + "(it has: \(table.columns.map(\.name).joined(separator: ", ")))")
        }
        var onDelete: String?
        if let parent = kind.parent {
            let parentTable = mappedTables[parent.kind]?.table ?? mapping.tables[parent.kind] ?? parent.kind.rawValue
            let declared = table.foreignKeys.first { $0.table.lowercased() == parentTable.lowercased() }
            if columns[parent.field] == nil, mapped[parent.field] == nil { columns[parent.field] = declared?.column }
            guard let column = columns[parent.field] else {
                throw .unreadableFile(path: what, reason: "table \(table.name) has no column for its \(parent.kind.rawValue) "
                                      + "(looked for \(parent.field), \(snakeCase(parent.field)) and a foreign key to \(parentTable)); "
                                      + "name one with --map \(kind.rawValue).\(parent.field)=COLUMN")
            }
            onDelete = table.foreignKeys.first { $0.column.lowercased() == column.lowercased() }?.onDelete
        }
        let modelled = Set(([id] + columns.values).map { $0.lowercased() })
        return TableMap(table: table.name, id: id, columns: columns,
                        extraColumns: table.columns.map(\.name).filter { !modelled.contains($0.lowercased()) }, onParentDelete: onDelete)
    }

    /// `userId` → `user_id`, `thumbnailUrl` → `thumbnail_url`.
    static func snakeCase(_ field: String) -> String {
        var result = ""
        for character in field {
            if character.isUppercase { result += "_" + character.lowercased() } else { result.append(character) }
        }
        return result
    }
}

/// What `--map` (or a source's `map` in the settings file) says about a database whose tables
/// and columns are not named by the conventions: `posts=articles` (the posts are in table
/// `articles`), `posts.userId=author_id` (a post's author is column `author_id`),
/// `users.name=display_name`. Items are separated by commas; fields use JSONPlaceholder's names.
public struct SQLMapping: Hashable, Sendable {
    /// The table of each kind named.
    public var tables: [SQLLayout.Kind: String] = [:]
    /// The column of each field named, by kind.
    public var columns: [SQLLayout.Kind: [String: String]] = [:]

    /// No mapping: the conventions alone.
    public init() {}

    /// Reads `posts=articles,posts.userId=author_id,users.name=display_name`.
    /// - Throws: ``SQLMappingError`` naming the item that cannot be read and why.
    public init(parsing text: String) throws(SQLMappingError) {
        for item in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !item.isEmpty {
            let parts = item.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, !parts[1].isEmpty else { throw SQLMappingError(item: item, reason: "expected KIND=TABLE or KIND.FIELD=COLUMN") }
            let target = parts[0].split(separator: ".", maxSplits: 1).map(String.init)
            guard let kind = SQLLayout.Kind(rawValue: target[0].lowercased()) else {
                throw SQLMappingError(item: item, reason: "\(target[0]) is not one of "
                                         + SQLLayout.Kind.allCases.map(\.rawValue).joined(separator: ", "))
            }
            if target.count == 1 {
                tables[kind] = parts[1]
                continue
            }
            let field = target[1]
            guard field == "id" || kind.fields.contains(field) else {
                throw SQLMappingError(item: item, reason: "\(kind.rawValue) have no field \(field) (they have: id, "
                                         + kind.fields.joined(separator: ", ") + ")")
            }
            columns[kind, default: [:]][field] = parts[1]
        }
    }

    /// The mapping as `--map` takes it, kinds in ``SQLLayout/Kind`` order, each table before
    /// its fields (sorted): `posts=articles,posts.userId=author_id`; empty for none.
    public var text: String {
        SQLLayout.Kind.allCases.flatMap { kind in
            (tables[kind].map { ["\(kind.rawValue)=\($0)"] } ?? [])
                + (columns[kind] ?? [:]).sorted { $0.key < $1.key }.map { "\(kind.rawValue).\($0.key)=\($0.value)" }
        }.joined(separator: ",")
    }
}

/// A `--map` item that cannot be read: `--map postz=articles: postz is not one of users, posts, …`.
public struct SQLMappingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The item as written.
    public var item: String
    /// Why it cannot be read.
    public var reason: String

    public var description: String { "--map \(item): \(reason)" }
}
