/// A source that searches its own posts' and comments' text through an index (a SQLite
/// database's FTS5 tables, issue 25): each query answers with the first matches in id order
/// and, asked apart, how many match, so Search never holds a whole table.
///
/// Every call may be cancelled (the task's cancellation stops the statement running: a newer
/// keystroke, Esc); a cancelled call throws ``DataError/cancelled``.
public protocol TextSearching: Sendable {
    /// How `kind` is searched: through an index, by reading every row of a small table, or not
    /// at all (with the SQL that makes the index).
    /// - Throws: As opening the source.
    func method(for kind: TextSearchKind) async throws(DataError) -> TextSearchMethod

    /// At most `limit` posts matching `query`, in id order (none when posts are not searched or
    /// the query has nothing to match: ``TextSearchQuery/words(_:)`` for an index). With
    /// `wholeWords`, an index matches the last word whole rather than as a prefix: a subset of
    /// the matches that an index finds at once however common the word (a prefix shared by
    /// millions of words costs FTS5 a read of all their rows first).
    /// - Throws: ``DataError/cancelled``, or the database's error.
    func posts(matching query: String, limit: Int, wholeWords: Bool) async throws(DataError) -> [Post]

    /// At most `limit` comments matching `query`, in id order, as ``posts(matching:limit:wholeWords:)``.
    /// - Throws: ``DataError/cancelled``, or the database's error.
    func comments(matching query: String, limit: Int, wholeWords: Bool) async throws(DataError) -> [Comment]

    /// How many of `kind` match `query`, counted by the source (0 when `kind` is not searched).
    /// - Throws: ``DataError/cancelled``, or the database's error.
    func count(matching query: String, in kind: TextSearchKind) async throws(DataError) -> Int
}

/// The kinds ``TextSearching`` searches.
public enum TextSearchKind: String, Sendable, CaseIterable, Hashable {
    /// Posts, by title and body.
    case posts
    /// Comments, by name and body.
    case comments
}

/// How one kind is searched (``TextSearching/method(for:)``).
public enum TextSearchMethod: Sendable, Equatable {
    /// Through the full-text index `table`: the query's words in a row, the last a prefix
    /// (``TextSearchQuery/phrase(_:wholeWords:)``), case and accents folded.
    case fullText(table: String)
    /// No index, and few enough rows (`rows`, at most ``TextSearchQuery/scanLimit``) to read them
    /// all for each query: the text anywhere, literal, case and accents folded (as elsewhere).
    case scan(rows: Int)
    /// Not searched: no index and more than ``TextSearchQuery/scanLimit`` rows; `advice` is the
    /// SQL that makes the index.
    case unavailable(advice: String)
    /// Through the trigram indexes (PostgreSQL's `pg_trgm`) named in `index`: the text anywhere,
    /// literal, case ignored (`ILIKE`).
    case substring(index: String)
    /// No index, and read whole for each query however many rows (about `rows`) it has: the
    /// text anywhere, literal, case ignored; Esc stops it on the server. `advice` is the SQL
    /// that makes an index (a PostgreSQL server's table, which `--timeout` bounds); empty for a
    /// small table (under ``TextSearchMethod/smallTable`` rows, counted), which needs none.
    case scanEveryRow(rows: Int, advice: String)

    /// Rows under which a table read whole for each query needs no index (and no advice).
    public static let smallTable = 500
    /// The source has no table of this kind.
    case absent

    /// Whether the kind is searched at all.
    public var isSearched: Bool {
        switch self {
        case .fullText, .scan, .substring, .scanEveryRow: true
        case .unavailable, .absent: false
        }
    }
}

/// How a query becomes a full-text search (FTS5 with `unicode61 remove_diacritics 2`).
public enum TextSearchQuery {
    /// The most rows a kind without an index may have and still be searched by reading them all.
    public static let scanLimit = 100_000

    /// The query's words as the index's tokenizer cuts them: runs of letters and digits, as
    /// typed (the tokenizer folds case and accents itself); punctuation, symbols and spaces
    /// separate them.
    public static func words(_ query: String) -> [String] {
        query.split { !($0.isLetter || $0.isNumber) }.map(String.init)
    }

    /// The FTS5 `MATCH` operand for `query`: its words as one phrase, each word quoted (a quote in
    /// it doubled, so no character typed can change the operand's syntax), the last a prefix
    /// unless `wholeWords`: `"the" + "ferr"*`. `nil` when it has no words.
    public static func phrase(_ query: String, wholeWords: Bool = false) -> String? {
        let quoted = words(query).map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
        guard !quoted.isEmpty else { return nil }
        return quoted.joined(separator: " + ") + (wholeWords ? "" : "*")
    }
}
