import Foundation

/// `bulletin import FILE.json OUT.sqlite`: a json-server `db.json` (or a `users…`/`posts…`/…
/// `.json` file holding one array) written as a SQLite database that `--data` and `--db` open.
///
/// The file is mapped, not read into memory, and walked record by record (``JSONSkipping``): only
/// one record is parsed at a time. Each collection Bulletin knows (users, posts, comments,
/// albums, photos, todos) becomes a table named as it: `id` the primary key (`INTEGER` when the
/// first id is a number, else `TEXT`), a column per member in first-seen order, declared by the
/// first value's JSON type (`INTEGER`, `REAL`, `TEXT`, `BOOLEAN` for true/false, `JSON` for an
/// object or array, kept as its compact text). Then an index on each parent reference
/// (`userId`, `postId`, `albumId`), and FTS5 indexes for Search on posts (title, body) and
/// comments (name, body), external content with `unicode61 remove_diacritics 2`, kept in step by
/// triggers. The database is built beside the output and renamed over it at the end, so an
/// interrupted import leaves no half-made file.
public enum SQLiteImport {
    /// What an import did.
    public struct Summary: Sendable, Equatable {
        /// How many records of each kind, in ``SQLLayout/Kind`` order (kinds the file has).
        public var counts: [(kind: SQLLayout.Kind, count: Int)]
        /// The input's size in bytes.
        public var bytes: Int
        /// How long it took, in seconds.
        public var seconds: Double

        public static func == (lhs: Summary, rhs: Summary) -> Bool {
            lhs.counts.map(\.kind) == rhs.counts.map(\.kind) && lhs.counts.map(\.count) == rhs.counts.map(\.count) && lhs.bytes == rhs.bytes
        }

        /// `10 users, 100 posts, 500 comments in 0.4 s (120 MB/s)`.
        public var sentence: String {
            let counts = counts.map { "\($0.count) \($0.count == 1 ? String($0.kind.rawValue.dropLast()) : $0.kind.rawValue)" }
            let rate = seconds > 0 ? Double(bytes) / 1_048_576 / seconds : 0
            return counts.joined(separator: ", ") + String(format: " in %.1f s (%.0f MB/s)", seconds, rate)
        }
    }

    /// Imports `json` into `database`.
    /// - Parameters:
    ///   - force: Replace `database` when it exists (else refuse).
    ///   - progress: Told how far the walk is (0…1) and which collection it is in, every few thousand records.
    /// - Throws: ``DataError/unwritableFile(path:reason:)`` when the output exists without
    ///   `force`, or cannot be written; ``DataError/unreadableFile(path:reason:)`` for an input
    ///   that cannot be read; ``DataError/malformedJSON(path:location:reason:)`` naming the
    ///   collection and element that is not JSON, or a record whose id does not fit its table.
    public static func run(json: String, database: String, force: Bool = false,
                           progress: ((Double, String) -> Void)? = nil) throws(DataError) -> Summary {
        let started = Date()
        if FileManager.default.fileExists(atPath: database), !force {
            throw .unwritableFile(path: database, reason: "it exists (add --force to replace it)")
        }
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: json), options: .alwaysMapped) } catch {
            throw .unreadableFile(path: json, reason: (error as NSError).localizedDescription)
        }
        let building = buildingPath(for: database)
        try? FileManager.default.removeItem(atPath: building)
        var counts: [SQLLayout.Kind: Int] = [:]
        do throws(DataError) {
            let connection: SQLiteConnection
            do { connection = try SQLiteConnection(path: building, create: true) } catch {
                throw DataError.unwritableFile(path: database, reason: error.message)
            }
            // A new file, renamed into place only when whole: no journal needed while it is built.
            try sql(database) { () throws(SQLiteError) in try connection.execute("PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; BEGIN") }
            var tables: [SQLLayout.Kind: TableBuilder] = [:]
            var failure: DataError?
            data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
                guard let base = raw.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
                var walker = Walker(base: base, length: raw.count, at: 0)
                do throws(DataError) {
                    try walker.walk(file: json) { kind, record, at throws(DataError) in
                        if tables[kind] == nil { tables[kind] = TableBuilder(kind: kind) }
                        try tables[kind]!.insert(record, connection: connection, database: database, file: json)
                        counts[kind, default: 0] += 1
                        if let progress, counts[kind, default: 0] % 4096 == 0 { progress(Double(at) / Double(max(1, raw.count)), kind.rawValue) }
                    }
                } catch {
                    failure = error
                }
            }
            if let failure { throw failure }
            for kind in SQLLayout.Kind.allCases { try tables[kind]?.finish(connection: connection, database: database) }
            try sql(database) { () throws(SQLiteError) in try connection.execute("COMMIT") }
        } catch {
            try? FileManager.default.removeItem(atPath: building)
            throw error
        }
        do {
            if FileManager.default.fileExists(atPath: database) { try FileManager.default.removeItem(atPath: database) }
            try FileManager.default.moveItem(atPath: building, toPath: database)
        } catch {
            try? FileManager.default.removeItem(atPath: building)
            throw .unwritableFile(path: database, reason: (error as NSError).localizedDescription)
        }
        progress?(1, "done")
        return Summary(counts: SQLLayout.Kind.allCases.compactMap { kind in counts[kind].map { (kind, $0) } },
                       bytes: data.count, seconds: Date().timeIntervalSince(started))
    }

    /// Where an import into `database` is built before it is renamed over it:
    /// `OUT.sqlite.importing-PID` (the command removes it when interrupted).
    public static func buildingPath(for database: String) -> String { database + ".importing-\(getpid())" }

    /// The memory each FTS5 index may gather before writing a segment while it is built
    /// (``SQLiteFullText/creation(_:of:columns:id:hashBytes:)``): 128 MiB.
    static let fullTextHashBytes = 134_217_728

    static func sql(_ database: String, _ body: () throws(SQLiteError) -> Void) throws(DataError) {
        do { try body() } catch { throw .unwritableFile(path: database, reason: error.message) }
    }

    /// Walks the file's collections, handing each record of a kind Bulletin knows to `record`.
    struct Walker: JSONSkipping {
        let base: UnsafePointer<UInt8>
        let length: Int
        var at: Int

        mutating func walk(file: String, record: (SQLLayout.Kind, [JSONValue.Member], Int) throws(DataError) -> Void) throws(DataError) {
            if length >= 3, base[0] == 0xEF, base[1] == 0xBB, base[2] == 0xBF { at = 3 }
            skipBlanks()
            guard at < length else { throw .malformedJSON(path: "$", location: file, reason: "empty file") }
            if base[at] == UInt8(ascii: "[") {
                let name = URL(fileURLWithPath: file).lastPathComponent.lowercased()
                guard let kind = SQLLayout.Kind.allCases.first(where: { name.hasPrefix($0.rawValue) }) else {
                    throw .noKnownKinds(what: file, expected: SQLLayout.Kind.allCases.map(\.rawValue), found: ["an array"])
                }
                return try elements(of: kind, path: "$", file: file, record: record)
            }
            guard base[at] == UInt8(ascii: "{") else { throw malformed("$", file, "expected an object or an array") }
            at += 1
            var found: [String] = []
            var known = 0
            while true {
                skipBlanks()
                guard at < length else { throw malformed("$", file, "the file ends inside the object") }
                if base[at] == UInt8(ascii: "}") { break }
                guard base[at] == UInt8(ascii: "\"") else { throw malformed("$", file, "expected a member name at byte \(at)") }
                let keyStart = at
                guard skipString() else { throw malformed("$", file, "a member name is not closed") }
                let key = String(decoding: UnsafeBufferPointer(start: base + keyStart + 1, count: at - keyStart - 2), as: UTF8.self)
                found.append(key)
                skipBlanks()
                guard at < length, base[at] == UInt8(ascii: ":") else { throw malformed("$.\(key)", file, "expected ':'") }
                at += 1
                skipBlanks()
                if let kind = SQLLayout.Kind(rawValue: key), at < length, base[at] == UInt8(ascii: "[") {
                    known += 1
                    try elements(of: kind, path: "$.\(key)", file: file, record: record)
                } else {
                    guard skipValue() else { throw malformed("$.\(key)", file, "the value is not closed") }
                }
                skipBlanks()
                if at < length, base[at] == UInt8(ascii: ",") { at += 1 }
            }
            if known == 0 { throw .noKnownKinds(what: file, expected: ["users", "posts", "comments"], found: found) }
        }

        /// The elements of the array at `at`, each parsed alone.
        private mutating func elements(of kind: SQLLayout.Kind, path: String, file: String,
                                       record: (SQLLayout.Kind, [JSONValue.Member], Int) throws(DataError) -> Void) throws(DataError) {
            at += 1
            var index = 0
            while true {
                skipBlanks()
                guard at < length else { throw malformed(path, file, "the array is not closed") }
                if base[at] == UInt8(ascii: "]") {
                    at += 1
                    return
                }
                let start = at
                guard skipValue() else { throw malformed("\(path)[\(index)]", file, "the element is not closed") }
                let bytes = Array(UnsafeBufferPointer(start: base + start, count: at - start))
                let value: JSONValue
                do { value = try JSONValue.parse(bytes) } catch {
                    throw malformed("\(path)[\(index)]", file, error.description)
                }
                guard case let .object(members) = value else { throw malformed("\(path)[\(index)]", file, "expected an object") }
                try record(kind, members, at)
                index += 1
                skipBlanks()
                if at < length, base[at] == UInt8(ascii: ",") { at += 1 }
            }
        }

        private func malformed(_ path: String, _ file: String, _ reason: String) -> DataError {
            .malformedJSON(path: path, location: file, reason: reason)
        }
    }

    /// One kind's table while it is filled: made on its first record, widened for members that
    /// come later, indexed when done.
    struct TableBuilder {
        let kind: SQLLayout.Kind
        var columns: [String] = []
        var statement: SQLiteStatement?

        var table: String { SQLText.quote(kind.rawValue) }

        mutating func insert(_ members: [JSONValue.Member], connection: SQLiteConnection, database: String, file: String) throws(DataError) {
            if columns.isEmpty {
                let id = members.first { $0.key == "id" }?.value
                let idType = if case .number? = id { "INTEGER" } else { "TEXT" }
                columns = ["id"]
                try SQLiteImport.sql(database) { () throws(SQLiteError) in try connection.execute("CREATE TABLE \(table) (\"id\" \(idType) PRIMARY KEY)") }
            }
            var added = false
            for member in members where !columns.contains(member.key) {
                columns.append(member.key)
                let type = Self.declaredType(of: member.value)
                try SQLiteImport.sql(database) { () throws(SQLiteError) in
                    try connection.execute("ALTER TABLE \(table) ADD COLUMN \(SQLText.quote(member.key))\(type.isEmpty ? "" : " " + type)")
                }
                added = true
            }
            if added || statement == nil {
                let list = columns.map(SQLText.quote).joined(separator: ", ")
                let marks = columns.map { _ in "?" }.joined(separator: ", ")
                let sql = "INSERT INTO \(table) (\(list)) VALUES (\(marks))"
                do { statement = try connection.prepare(sql) } catch { throw .unwritableFile(path: database, reason: error.message) }
            }
            var values = [SQLValue](repeating: .null, count: columns.count)
            for member in members {
                if let index = columns.firstIndex(of: member.key) { values[index] = SQLiteDataSource.sqlValue(member.value) }
            }
            do {
                try statement?.bind(values)
                _ = try statement?.step()
            } catch {
                let id = values.first?.text ?? "?"
                throw .malformedJSON(path: "$.\(kind.rawValue)", location: file, reason: "record \(id): \(error.message)")
            }
        }

        /// The indexes Search and the lists use.
        func finish(connection: SQLiteConnection, database: String) throws(DataError) {
            for parent in ["userId", "postId", "albumId"] where columns.contains(parent) {
                try SQLiteImport.sql(database) { () throws(SQLiteError) in
                    try connection.execute("CREATE INDEX \(SQLText.quote("\(kind.rawValue)_\(parent)")) ON \(table)(\(SQLText.quote(parent)))")
                }
            }
            let searched: [String] = switch kind {
            case .posts: ["title", "body"]
            case .comments: ["name", "body"]
            default: []
            }
            guard !searched.isEmpty, searched.allSatisfy(columns.contains) else { return }
            let fts = SQLText.quote("\(kind.rawValue)_fts")
            let list = searched.map(SQLText.quote).joined(separator: ", ")
            let new = searched.map { "new.\(SQLText.quote($0))" }.joined(separator: ", ")
            let old = searched.map { "old.\(SQLText.quote($0))" }.joined(separator: ", ")
            let name = kind.rawValue
            try SQLiteImport.sql(database) { () throws(SQLiteError) in
                try connection.execute("""
                    \(SQLiteFullText.creation("\(name)_fts", of: kind.rawValue, columns: searched, id: "id", hashBytes: SQLiteImport.fullTextHashBytes))
                    CREATE TRIGGER "\(name)_fts_insert" AFTER INSERT ON \(table) BEGIN
                      INSERT INTO \(fts)(rowid, \(list)) VALUES (new.id, \(new));
                    END;
                    CREATE TRIGGER "\(name)_fts_delete" AFTER DELETE ON \(table) BEGIN
                      INSERT INTO \(fts)(\(fts), rowid, \(list)) VALUES ('delete', old.id, \(old));
                    END;
                    CREATE TRIGGER "\(name)_fts_update" AFTER UPDATE ON \(table) BEGIN
                      INSERT INTO \(fts)(\(fts), rowid, \(list)) VALUES ('delete', old.id, \(old));
                      INSERT INTO \(fts)(rowid, \(list)) VALUES (new.id, \(new));
                    END;
                    """)
            }
        }

        /// A column's declared type from its first value's JSON type.
        static func declaredType(of value: JSONValue) -> String {
            switch value {
            case let .number(text): Int64(text) != nil ? "INTEGER" : "REAL"
            case .string: "TEXT"
            case .bool: "BOOLEAN"
            case .object, .array: "JSON"
            case .null: ""
            }
        }
    }
}
