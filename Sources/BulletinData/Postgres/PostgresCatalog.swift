/// Reading a PostgreSQL database's ``SQLSchema`` from `pg_catalog`: the tables, views and
/// materialized views of the connection's current schema (`public`, or the first of
/// `search_path`), their columns with their types as `format_type` spells them (`integer`,
/// `character varying(80)`, `jsonb`), primary keys, first columns of indexes (trigram ones
/// marked), whether a sequence numbers a column (`serial`, identity), foreign keys with their `ON DELETE`, and the planner's row estimate (`reltuples`).
enum PostgresCatalog {
    /// Reads the schema through `connection`.
    /// - Throws: ``PostgresError`` when the catalogue cannot be read.
    static func read(from connection: PostgresConnection) throws(PostgresError) -> SQLSchema {
        let namespace = "(SELECT oid FROM pg_namespace WHERE nspname = current_schema())"
        let relations = try connection.rows("""
            SELECT c.oid, c.relname, c.relkind, c.reltuples::bigint FROM pg_class c
            WHERE c.relnamespace = \(namespace) AND c.relkind IN ('r', 'p', 'v', 'm') ORDER BY c.oid
            """)
        let columns = try connection.rows("""
            SELECT a.attrelid, a.attname, format_type(a.atttypid, a.atttypmod), a.attnotnull, a.attidentity,
                   coalesce(pg_get_expr(d.adbin, d.adrelid) LIKE 'nextval(%', false) FROM pg_attribute a
            JOIN pg_class c ON c.oid = a.attrelid LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
            WHERE c.relnamespace = \(namespace) AND a.attnum > 0 AND NOT a.attisdropped
            ORDER BY a.attrelid, a.attnum
            """)
        let keys = try connection.rows("""
            SELECT i.indrelid, a.attname, array_position(i.indkey::int2[], a.attnum) FROM pg_index i
            JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey)
            JOIN pg_class c ON c.oid = i.indrelid WHERE i.indisprimary AND c.relnamespace = \(namespace)
            """)
        let indexes = try connection.rows("""
            SELECT i.indrelid, a.attname, o.opcname FROM pg_index i
            JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = i.indkey[0]
            JOIN pg_opclass o ON o.oid = i.indclass[0]
            JOIN pg_class c ON c.oid = i.indrelid WHERE c.relnamespace = \(namespace)
            """)
        let foreignKeys = try connection.rows("""
            SELECT k.conrelid, a.attname, r.relname, f.attname, k.confdeltype FROM pg_constraint k
            JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = k.conkey[1]
            JOIN pg_class r ON r.oid = k.confrelid
            JOIN pg_attribute f ON f.attrelid = k.confrelid AND f.attnum = k.confkey[1]
            WHERE k.contype = 'f' AND k.connamespace = \(namespace)
            """)
        var tables: [SQLSchema.Table] = []
        for relation in relations {
            let oid = relation[0]
            var table = SQLSchema.Table(name: relation[1].text ?? "", columns: [], foreignKeys: [], indexes: [],
                                        isView: ["v", "m"].contains(relation[2].text ?? ""))
            let estimate = relation[3].integer ?? -1
            table.estimatedRows = estimate >= 0 ? Int(estimate) : nil
            let key = keys.filter { $0[0] == oid }
            table.columns = columns.filter { $0[0] == oid }.map { row in
                let name = row[1].text ?? ""
                let position = key.first { $0[1].text == name }?[2].integer ?? 0
                let generation: SQLSchema.KeyGeneration = switch row[4].text {
                case "a": .always
                case "d": .byDefault
                default: row[5].integer == 1 ? .byDefault : .none
                }
                return SQLSchema.Column(name: name, declaredType: row[2].text ?? "", primaryKeyPosition: Int(position),
                                        notNull: row[3].integer == 1, generation: generation)
            }
            for index in indexes where index[0] == oid {
                guard let column = index[1].text else { continue }
                table.indexes.append([column])
                if ["gin_trgm_ops", "gist_trgm_ops"].contains(index[2].text ?? "") { table.trigramIndexed.append(column) }
            }
            table.foreignKeys = foreignKeys.filter { $0[0] == oid }.map { row in
                SQLSchema.ForeignKey(column: row[1].text ?? "", table: row[2].text ?? "", referencedColumn: row[3].text,
                                     onDelete: Self.onDelete(row[4].text ?? "a"))
            }
            tables.append(table)
        }
        return SQLSchema(tables: tables)
    }

    /// `pg_constraint.confdeltype` in SQL's words.
    static func onDelete(_ code: String) -> String {
        switch code {
        case "c": "CASCADE"
        case "n": "SET NULL"
        case "d": "SET DEFAULT"
        case "r": "RESTRICT"
        default: "NO ACTION"
        }
    }
}
