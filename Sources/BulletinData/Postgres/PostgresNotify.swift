import Foundation

/// The change triggers that `--live` listens to (issue 26 item 4), and the two commands that
/// install and remove them (`bulletin db install-notify URL`, `bulletin db uninstall-notify URL`).
///
/// One function, `bulletin_notify()`, and per kind's table statement-level triggers after
/// `INSERT`, `UPDATE`, `DELETE` (each with its transition table) and `TRUNCATE`. Each statement
/// that changes rows sends one `NOTIFY` on ``channel`` whose payload is JSON:
/// `{"table": "posts", "op": "UPDATE", "ids": [1, 2]}`, the ids read from the id column the
/// trigger names (its argument), at most 100 of them; `"ids": null` for more, or a `TRUNCATE`.
/// A statement that changes no row sends nothing. Notifications are delivered at `COMMIT`,
/// never for a rolled-back transaction (https://www.postgresql.org/docs/15/sql-notify.html).
public enum PostgresNotify {
    /// The channel the triggers notify and `--live` listens on.
    public static let channel = "bulletin_changes"
    /// The trigger function's name.
    static let function = "bulletin_notify"
    /// The triggers' names and the events they follow, the transition table each reads.
    static let triggers: [(name: String, event: String, referencing: String)] = [
        ("bulletin_notify_insert", "INSERT", "REFERENCING NEW TABLE AS bulletin_new FOR EACH STATEMENT"),
        ("bulletin_notify_update", "UPDATE", "REFERENCING NEW TABLE AS bulletin_new FOR EACH STATEMENT"),
        ("bulletin_notify_delete", "DELETE", "REFERENCING OLD TABLE AS bulletin_old FOR EACH STATEMENT"),
        ("bulletin_notify_truncate", "TRUNCATE", "FOR EACH STATEMENT"),
    ]
    /// The most ids one notification names.
    static let idLimit = 100

    /// The function every trigger runs.
    static var functionSQL: String {
        """
        CREATE OR REPLACE FUNCTION \(function)() RETURNS trigger LANGUAGE plpgsql AS $bulletin$
        DECLARE
          ids jsonb;
          payload text;
        BEGIN
          IF TG_OP = 'TRUNCATE' THEN
            ids := 'null';
          ELSIF TG_OP = 'DELETE' THEN
            SELECT jsonb_agg(k) INTO ids FROM (SELECT to_jsonb(r) -> TG_ARGV[0] AS k FROM bulletin_old r LIMIT \(idLimit + 1)) s;
          ELSE
            SELECT jsonb_agg(k) INTO ids FROM (SELECT to_jsonb(r) -> TG_ARGV[0] AS k FROM bulletin_new r LIMIT \(idLimit + 1)) s;
          END IF;
          IF ids IS NULL THEN
            RETURN NULL;
          END IF;
          IF jsonb_typeof(ids) = 'array' AND jsonb_array_length(ids) > \(idLimit) THEN
            ids := 'null';
          END IF;
          payload := jsonb_build_object('table', TG_TABLE_NAME, 'op', TG_OP, 'ids', ids)::text;
          IF octet_length(payload) > 7900 THEN
            payload := jsonb_build_object('table', TG_TABLE_NAME, 'op', TG_OP, 'ids', null)::text;
          END IF;
          PERFORM pg_notify('\(channel)', payload);
          RETURN NULL;
        END
        $bulletin$
        """
    }

    /// The statements that install the triggers on `tables` (each table's name and its id
    /// column), in order: the function, then per table each trigger dropped if there and created.
    public static func installSQL(tables: [(table: String, id: String)]) -> [String] {
        var statements = [functionSQL]
        for (table, id) in tables {
            for trigger in triggers {
                statements.append("DROP TRIGGER IF EXISTS \(trigger.name) ON \(SQLText.quote(table))")
                statements.append("CREATE TRIGGER \(trigger.name) AFTER \(trigger.event) ON \(SQLText.quote(table)) \(trigger.referencing) "
                                  + "EXECUTE FUNCTION \(function)('\(id.replacingOccurrences(of: "'", with: "''"))')")
            }
        }
        return statements + [control("INSTALL")]
    }

    /// The statements that remove the triggers from `tables` and then the function.
    public static func uninstallSQL(tables: [String]) -> [String] {
        tables.flatMap { table in triggers.map { "DROP TRIGGER IF EXISTS \($0.name) ON \(SQLText.quote(table))" } }
            + ["DROP FUNCTION IF EXISTS \(function)()", control("UNINSTALL")]
    }

    /// The notification that tells running `--live` sessions the triggers were installed or
    /// removed (`{"op": "INSTALL"}`), sent at the commands' `COMMIT`: they look at the triggers again.
    static func control(_ op: String) -> String { "SELECT pg_notify('\(channel)', '{\"op\": \"\(op)\"}')" }

    /// Whether `payload` is ``control(_:)``'s.
    static func isControl(_ payload: String) -> Bool {
        struct Payload: Decodable { var op: String; var table: String? }
        guard let decoded = try? JSONDecoder().decode(Payload.self, from: Data(payload.utf8)) else { return false }
        return decoded.table == nil && ["INSTALL", "UNINSTALL"].contains(decoded.op)
    }

    /// The tables of the connection's current schema that have the change triggers, each with
    /// how many of the three row triggers (insert, update, delete) it has, enabled.
    static func triggeredTables(_ connection: PostgresConnection) throws(PostgresError) -> [String: Int] {
        let names = triggers.prefix(3).map { "'\($0.name)'" }.joined(separator: ", ")
        let rows = try connection.rows("""
            SELECT c.relname, count(*) FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
            WHERE c.relnamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema())
              AND t.tgname IN (\(names)) AND t.tgenabled <> 'D' GROUP BY c.relname
            """)
        var tables: [String: Int] = [:]
        for row in rows { if let name = row[0].text { tables[name] = Int(row[1].integer ?? 0) } }
        return tables
    }

    /// One notification's payload as a change of a kind of `layout`; `nil` for a payload that is
    /// not the triggers' JSON or names a table that is no kind's.
    static func change(from payload: String, layout: SQLLayout) -> DataChange? {
        struct Payload: Decodable {
            var table: String
            var op: String
            var ids: [RecordID]?
        }
        guard let decoded = try? JSONDecoder().decode(Payload.self, from: Data(payload.utf8)),
              let operation = DataChange.Operation(rawValue: decoded.op),
              let kind = layout.tables.first(where: { $0.value.table == decoded.table })?.key
        else { return nil }
        return DataChange(kind: kind, operation: operation, ids: operation == .truncate ? nil : decoded.ids)
    }

    /// The command line that installs the triggers for `location` (a URL without its password).
    public static func installHint(_ location: String) -> String {
        "bulletin db install-notify '\(location.replacingOccurrences(of: "'", with: "'\\''"))'"
    }

    // MARK: - The commands

    /// `bulletin db install-notify URL`: connects, finds the kinds' tables (by the conventions,
    /// or `mapping`) and installs the triggers on them in one transaction, telling `echo` each
    /// statement before it runs.
    /// - Returns: The line that says what was done (`Installed change notifications on users, posts, comments of postgres://…`).
    /// - Throws: ``DataError/databaseConnection(location:reason:)`` when it cannot connect;
    ///   ``DataError/writeNotSent(url:reason:)`` with the server's reason (a role that does not
    ///   own the tables: `permission denied`), nothing installed.
    public static func install(conninfo: String, mapping: SQLMapping = SQLMapping(), echo: (String) -> Void) throws(DataError) -> String {
        let location = PostgresURL.redacted(conninfo)
        let connection = try connect(conninfo, location: location)
        let layout = try layout(of: connection, mapping: mapping, location: location)
        let tables = SQLLayout.Kind.allCases.compactMap { kind in layout.table(kind).map { (table: $0.table, id: $0.id) } }
        try run(installSQL(tables: tables), on: connection, location: location, echo: echo)
        return "Installed change notifications on \(tables.map(\.table).joined(separator: ", ")) of \(location): "
            + "bulletin --live --db '\(location)' shows others' changes as they happen"
    }

    /// `bulletin db uninstall-notify URL`: removes the triggers from every table of the current
    /// schema that has them, then the function, in one transaction, telling `echo` each statement.
    /// - Returns: The line that says what was done.
    /// - Throws: As ``install(conninfo:mapping:echo:)``.
    public static func uninstall(conninfo: String, echo: (String) -> Void) throws(DataError) -> String {
        let location = PostgresURL.redacted(conninfo)
        let connection = try connect(conninfo, location: location)
        let tables: [String]
        do throws(PostgresError) {
            tables = try triggeredTables(connection).keys.sorted()
        } catch {
            throw PostgresWords.readError(error, location: location, timeout: 0)
        }
        try run(uninstallSQL(tables: tables), on: connection, location: location, echo: echo)
        return tables.isEmpty ? "No change notifications were installed in \(location); the function is gone if it was there"
            : "Removed change notifications from \(tables.joined(separator: ", ")) of \(location)"
    }

    private static func connect(_ conninfo: String, location: String) throws(DataError) -> PostgresConnection {
        do throws(PostgresError) { return try PostgresConnection(conninfo: conninfo) } catch {
            throw PostgresWords.connectError(error, location: location)
        }
    }

    private static func layout(of connection: PostgresConnection, mapping: SQLMapping, location: String) throws(DataError) -> SQLLayout {
        let schema: SQLSchema
        do throws(PostgresError) { schema = try PostgresCatalog.read(from: connection) } catch {
            throw PostgresWords.readError(error, location: location, timeout: 0)
        }
        return try SQLLayout.resolve(schema, mapping: mapping, what: location)
    }

    /// Runs `statements` in one transaction, each told to `echo` first; any failure rolls back.
    private static func run(_ statements: [String], on connection: PostgresConnection, location: String,
                            echo: (String) -> Void) throws(DataError) {
        do throws(PostgresError) {
            echo("BEGIN;")
            try connection.execute("BEGIN")
            for statement in statements {
                echo(statement + ";")
                try connection.execute(statement)
            }
            echo("COMMIT;")
            try connection.execute("COMMIT")
        } catch {
            if connection.isConnected { try? connection.execute("ROLLBACK") }
            guard error.state == "42501" else { throw PostgresWords.writeError(error, location: location, timeout: 0) }
            throw .writeRefused(location: location, reason: "\(error.message): run it as a role that may create a "
                                + "function in the schema and triggers on the tables (their owner)")
        }
    }
}
