import BulletinData

/// `bulletin import FILE.json OUT.sqlite [--force]` and `bulletin export DB.sqlite OUT.json
/// [--force] [--map MAPPING]`: the two commands that turn a db.json into a SQLite database and
/// back (``SQLiteImport``, ``SQLiteExport``); `bulletin db install-notify URL [--map MAPPING]`
/// and `bulletin db uninstall-notify URL`: the change triggers `--live` listens to
/// (``PostgresNotify``). Each runs instead of the app.
public enum DatabaseCommand: Equatable, Sendable {
    /// Import `json` into the database at `database`.
    case importJSON(json: String, database: String, force: Bool)
    /// Export the database at `database` to `json`.
    case exportJSON(database: String, json: String, force: Bool, map: String?)
    /// Install the change triggers in the PostgreSQL database at `url`.
    case installNotify(url: String, map: String?)
    /// Remove them.
    case uninstallNotify(url: String)

    /// The commands' lines in `--help`.
    public static let usageLines = [
        "       bulletin import FILE.json OUT.sqlite [--force]           (a db.json as a SQLite database)",
        "       bulletin export DB.sqlite OUT.json [--force] [--map MAPPING]  (and back)",
        "       bulletin db install-notify URL [--map MAPPING]           (the triggers --live needs)",
        "       bulletin db uninstall-notify URL                         (and their removal)",
    ]

    /// The command `arguments` name (the words after `bulletin`), or `nil` when they do not
    /// start with `import` or `export` (then they are the app's options).
    /// - Throws: ``LaunchError/missingValue(_:)`` for a missing file, ``LaunchError/unknownArgument(_:)``
    ///   for anything else after them, ``LaunchError/badMapping(_:)``.
    public static func parse(_ arguments: [String]) throws(LaunchError) -> DatabaseCommand? {
        if arguments.first == "db" { return try parseDatabase(Array(arguments.dropFirst())) }
        guard let verb = arguments.first, verb == "import" || verb == "export" else { return nil }
        var files: [String] = []
        var force = false
        var map: String?
        var rest = arguments.dropFirst()
        while let argument = rest.popFirst() {
            switch argument {
            case "--force": force = true
            case "--map" where verb == "export":
                guard let value = rest.popFirst(), !value.isEmpty else { throw .missingValue("--map") }
                do throws(SQLMappingError) { _ = try SQLMapping(parsing: value) } catch { throw .badMapping(error) }
                map = value
            default:
                guard !argument.hasPrefix("-"), files.count < 2 else { throw .unknownArgument(argument) }
                files.append(argument)
            }
        }
        guard files.count == 2 else {
            throw .missingValue(verb == "import" ? "import FILE.json OUT.sqlite" : "export DB.sqlite OUT.json")
        }
        return verb == "import"
            ? .importJSON(json: files[0], database: files[1], force: force)
            : .exportJSON(database: files[0], json: files[1], force: force, map: map)
    }

    /// `db install-notify URL [--map MAPPING]`, `db uninstall-notify URL` (`arguments` after `db`).
    private static func parseDatabase(_ arguments: [String]) throws(LaunchError) -> DatabaseCommand {
        guard let verb = arguments.first, verb == "install-notify" || verb == "uninstall-notify" else {
            throw .missingValue("db install-notify URL, or db uninstall-notify URL,")
        }
        var url: String?
        var map: String?
        var rest = arguments.dropFirst()
        while let argument = rest.popFirst() {
            if argument == "--map", verb == "install-notify" {
                guard let value = rest.popFirst(), !value.isEmpty else { throw .missingValue("--map") }
                do throws(SQLMappingError) { _ = try SQLMapping(parsing: value) } catch { throw .badMapping(error) }
                map = value
            } else if url == nil, !argument.hasPrefix("-") {
                guard case .postgres? = LaunchOptions.database(argument) else { throw .notPostgres("db \(verb)", PostgresURL.redacted(argument)) }
                url = argument
            } else {
                throw .unknownArgument(argument)
            }
        }
        guard let url else { throw .missingValue("db \(verb) postgres://USER@HOST:PORT/DB") }
        return verb == "install-notify" ? .installNotify(url: url, map: map) : .uninstallNotify(url: url)
    }

    /// The file the command builds before renaming it over its output, which an interrupted
    /// run must not leave behind (``SQLiteImport/buildingPath(for:)``, ``SQLiteExport/writingPath(for:)``).
    public var partialOutput: String? {
        switch self {
        case let .importJSON(_, database, _): SQLiteImport.buildingPath(for: database)
        case let .exportJSON(_, json, _, _): SQLiteExport.writingPath(for: json)
        case .installNotify, .uninstallNotify: nil
        }
    }

    /// Runs the command.
    /// - Parameters:
    ///   - progress: Told how far an import is (0…1) and in which collection (a terminal's bar).
    ///   - echo: Told each SQL statement `db install-notify` and `uninstall-notify` run, before it runs.
    /// - Returns: The one line that says what was done (`Imported 10 users, … into out.sqlite in 0.2 s (40 MB/s)`).
    /// - Throws: The import's or export's ``DataError``.
    public func run(progress: ((Double, String) -> Void)? = nil, echo: (String) -> Void = { _ in }) throws(DataError) -> String {
        switch self {
        case let .installNotify(url, map):
            var mapping = SQLMapping()
            if let map {
                do throws(SQLMappingError) { mapping = try SQLMapping(parsing: map) } catch {
                    throw .unreadableFile(path: PostgresURL.redacted(url), reason: error.description)
                }
            }
            return try PostgresNotify.install(conninfo: url, mapping: mapping, echo: echo)
        case let .uninstallNotify(url):
            return try PostgresNotify.uninstall(conninfo: url, echo: echo)
        case let .importJSON(json, database, force):
            let summary = try SQLiteImport.run(json: json, database: database, force: force, progress: progress)
            return "Imported \(summary.sentence) from \(json) into \(database)"
        case let .exportJSON(database, json, force, map):
            var mapping = SQLMapping()
            if let map {
                do throws(SQLMappingError) { mapping = try SQLMapping(parsing: map) } catch {
                    throw .unreadableFile(path: database, reason: error.description)
                }
            }
            let counts = try SQLiteExport.run(database: database, json: json, mapping: mapping, force: force)
            let words = counts.map { "\($0.count) \($0.count == 1 ? String($0.kind.rawValue.dropLast()) : $0.kind.rawValue)" }
            return "Exported \(words.joined(separator: ", ")) from \(database) to \(json)"
        }
    }
}
