import BulletinData

/// Sorting rows by ``RecordID`` with each id's number worked out once (``RecordID``'s `<`
/// parses both ids on every comparison: seconds for a million rows), and not at all when the
/// rows are in id order already (a generated or json-server file).
enum IDOrder {
    /// `rows` in ``RecordID`` order (numeric ids by value, then the others by text); stable.
    static func sorted<Row>(_ rows: [Row], by id: (Row) -> RecordID) -> [Row] {
        if isSorted(rows, by: id) { return rows }
        let keys = rows.map { row -> (Int?, String) in
            let value = id(row)
            return (value.number, value.text)
        }
        let order = keys.indices.sorted { less(keys[$0], keys[$1]) || (!less(keys[$1], keys[$0]) && $0 < $1) }
        return order.map { rows[$0] }
    }

    /// Whether `rows` are in id order already: one pass, each id's number worked out once and
    /// no array of keys (the usual case, so it costs a million parses and nothing more).
    static func isSorted<Row>(_ rows: [Row], by id: (Row) -> RecordID) -> Bool {
        guard let first = rows.first else { return true }
        let value = id(first)
        var previous = (value.number, value.text)
        for row in rows.dropFirst() {
            let value = id(row)
            let key = (value.number, value.text)
            if less(key, previous) { return false }
            previous = key
        }
        return true
    }

    private static func less(_ l: (Int?, String), _ r: (Int?, String)) -> Bool {
        switch (l.0, r.0) {
        case let (a?, b?): a < b
        case (_?, nil): true
        case (nil, _?): false
        case (nil, nil): l.1 < r.1
        }
    }
}

/// Authors' names by id, remembering the last one asked for: posts of one author come together
/// (a hundred in a row in generated and json-server files), so most rows skip the hashing.
struct AuthorLookup {
    private let names: [RecordID: String]
    private let missing: String
    private var last: (id: RecordID, name: String)?

    /// - Parameter missing: The name of an id with none (`—`, or `…` while the users are read).
    init(_ names: [RecordID: String], missing: String) {
        self.names = names
        self.missing = missing
    }

    /// The name of the user `id`, or the missing text.
    mutating func name(of id: RecordID) -> String {
        if let last, last.id == id { return last.name }
        let name = names[id] ?? missing
        last = (id, name)
        return name
    }
}
