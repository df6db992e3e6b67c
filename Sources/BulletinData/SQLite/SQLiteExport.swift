import Foundation

/// `bulletin export DB.sqlite OUT.json`: the database's kinds written as a json-server `db.json`
/// (two-space indents, members in the table's column order under JSONPlaceholder's names, the
/// unmodelled columns too), which `--data` opens and ``SQLiteImport`` turns back into the same
/// rows. Rows are read and written one at a time, in id order, to a file beside the output
/// renamed over it at the end.
public enum SQLiteExport {
    /// Where an export to `json` is written before it is renamed over it:
    /// `OUT.json.exporting-PID` (the command removes it when interrupted).
    public static func writingPath(for json: String) -> String { json + ".exporting-\(getpid())" }

    /// Exports `database` to `json`.
    /// - Parameters:
    ///   - mapping: Where the kinds are when the tables are not json-server's (`--map`).
    ///   - force: Replace `json` when it exists (else refuse).
    /// - Returns: How many records of each kind were written.
    /// - Throws: ``DataError/unwritableFile(path:reason:)`` when the output exists without
    ///   `force` or cannot be written; the database's open errors (``SQLLayout/resolve(_:mapping:what:)``).
    public static func run(database: String, json: String, mapping: SQLMapping = SQLMapping(),
                           force: Bool = false) throws(DataError) -> [(kind: SQLLayout.Kind, count: Int)] {
        if FileManager.default.fileExists(atPath: json), !force {
            throw .unwritableFile(path: json, reason: "it exists (add --force to replace it)")
        }
        let connection: SQLiteConnection
        let schema: SQLSchema
        do throws(SQLiteError) {
            connection = try SQLiteConnection(path: database, readOnly: true)
            schema = try SQLSchema.read(from: connection)
        } catch {
            throw SQLiteDataSource.dataError(error)
        }
        let layout = try SQLLayout.resolve(schema, mapping: mapping, what: database)
        let writing = writingPath(for: json)
        guard FileManager.default.createFile(atPath: writing, contents: nil), let output = FileHandle(forWritingAtPath: writing) else {
            throw .unwritableFile(path: json, reason: "cannot create \(writing)")
        }
        var counts: [(kind: SQLLayout.Kind, count: Int)] = []
        do throws(DataError) {
            var buffer: [UInt8] = Array("{".utf8)
            let kinds = SQLLayout.Kind.allCases.filter { layout.table($0) != nil }
            for (position, kind) in kinds.enumerated() {
                guard let map = layout.table(kind), let table = schema.table(named: map.table) else { continue }
                buffer += Array("\n  \"\(kind.rawValue)\": [".utf8)
                var count = 0
                let sql = "SELECT \(SQLRecords.selectList(table)) FROM \(SQLText.quote(map.table)) ORDER BY \(SQLText.quote(map.id))"
                do {
                    try connection.query(sql) { row in
                        buffer += Array((count == 0 ? "\n    " : ",\n    ").utf8)
                        SQLRecords.json(table, values: row, kind: kind, map: map).write(to: &buffer, style: .jsonServer, indent: Array("    ".utf8))
                        count += 1
                        if buffer.count > 1 << 20 {
                            output.write(Data(buffer))
                            buffer.removeAll(keepingCapacity: true)
                        }
                    }
                } catch {
                    throw SQLiteDataSource.dataError(error)
                }
                buffer += Array((count == 0 ? "]" : "\n  ]").utf8) + Array((position == kinds.count - 1 ? "" : ",").utf8)
                counts.append((kind, count))
            }
            buffer += Array("\n}\n".utf8)
            output.write(Data(buffer))
            try? output.synchronize()
            try? output.close()
            do {
                if FileManager.default.fileExists(atPath: json) { try FileManager.default.removeItem(atPath: json) }
                try FileManager.default.moveItem(atPath: writing, toPath: json)
            } catch {
                throw .unwritableFile(path: json, reason: (error as NSError).localizedDescription)
            }
        } catch {
            try? output.close()
            try? FileManager.default.removeItem(atPath: writing)
            throw error
        }
        return counts
    }
}
