/// A SQLite database's FTS5 indexes over its kinds' text (issue 25): finding the one that
/// indexes a table's columns, and the SQL that makes one (what `bulletin import` runs, and what
/// Search advises when a table has none).
enum SQLiteFullText {
    /// The tokenizer Bulletin's indexes use: words of letters and digits, case and accents folded.
    static let tokenizer = "unicode61 remove_diacritics 2"

    /// The FTS5 table indexing every one of `map`'s table's `columns` with the table's rows' ids
    /// as its rowids (external content, `content=posts`; the table keyed by one `INTEGER`
    /// column), or `nil` when the database has none.
    static func table(indexing map: SQLLayout.TableMap, columns: [String], schema: SQLSchema) -> String? {
        guard !columns.isEmpty, let table = schema.table(named: map.table),
              table.column(named: map.id)?.declaredType.uppercased() == "INTEGER", table.primaryKey.count == 1 else { return nil }
        return schema.tables.first { candidate in
            guard let fullText = candidate.fullText, fullText.contentTable?.lowercased() == map.table.lowercased() else { return false }
            let indexed = Set(fullText.columns.map { $0.lowercased() })
            return columns.allSatisfy { indexed.contains($0.lowercased()) }
        }?.name
    }

    /// `CREATE VIRTUAL TABLE "posts_fts" USING fts5("title", "body", content="posts", content_rowid=id, prefix='1 2 3', tokenize='unicode61 remove_diacritics 2');`
    /// then the `'rebuild'` that fills it from the table's rows: an index named `index` over
    /// `table`'s `columns`, its rowids the `id` column's values. The prefix indexes of one to
    /// three characters answer a short prefix (`e*`, `th*`) from one list of rows, where FTS5
    /// otherwise merges every word's (seconds and hundreds of MB on ten million posts).
    ///
    /// With `hashBytes`, the rebuild gathers up to that many bytes of the index in memory before
    /// writing each segment (FTS5's `hashsize`, 1 MiB by default), and the default is set back
    /// after it: fewer, larger segments and far fewer merges (`bulletin import` of the bench's
    /// 1M-post db.json: the posts' index 27 s to 11 s at 128 MiB, the whole import 54 s to 27 s),
    /// at the cost of that much memory while it runs.
    static func creation(_ index: String, of table: String, columns: [String], id: String, hashBytes: Int? = nil) -> String {
        let quote = SQLText.quote
        let rowid = id.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") } ? id : quote(id)
        let list = columns.map(quote).joined(separator: ", ")
        let command = "INSERT INTO \(quote(index))(\(quote(index))"
        let rebuild = "\(command)) VALUES('rebuild');"
        let hashed = hashBytes.map { "\(command), rank) VALUES('hashsize', \($0));\n\(rebuild)\n\(command), rank) VALUES('hashsize', \(defaultHashBytes));" }
        return "CREATE VIRTUAL TABLE \(quote(index)) USING fts5(\(list), content=\(quote(table)), content_rowid=\(rowid), "
            + "prefix='1 2 3', tokenize='\(tokenizer)');\n" + (hashed ?? rebuild)
    }

    /// FTS5's own `hashsize`: the bytes of index it holds in memory before writing a segment.
    static let defaultHashBytes = 1_048_576
}
